// entry: __ll2float_rn
// guide: float __ll2float_rn(long long x): x converted to float, round-to-nearest-even
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    long long v = (long long)(((unsigned long long)__float_as_uint(in[t]) << 32) ^ (t * 0x9e3779b97f4a7c15ull));
    out[4 * t + 0] = __float_as_uint(__ll2float_rn(v));
    out[4 * t + 1] = __float_as_uint(__ll2float_rn(v >> (t & 63)));            // all magnitudes
    out[4 * t + 2] = __float_as_uint(__ll2float_rn((long long)t - 64));
    out[4 * t + 3] = __float_as_uint(__ll2float_rn((1ll << 40) + (1ll << 16) + ((long long)t << 17)));  // halfway cases
}
