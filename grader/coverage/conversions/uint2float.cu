// entry: __uint2float_rn
// guide: float __uint2float_rn(unsigned int x): x converted to float, round-to-nearest-even
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int u = t * 0x01234567u ^ __float_as_uint(in[t]);     // above 2^31 too
    out[4 * t + 0] = __float_as_uint(__uint2float_rn(u));
    out[4 * t + 1] = __float_as_uint(__uint2float_rn(t));
    out[4 * t + 2] = __float_as_uint(__uint2float_rn(0xffffffffu - t * 3u));  // rounds up to 2^32
    out[4 * t + 3] = __float_as_uint(__uint2float_rn(0x01000001u + 2u * t));  // halfway: to even
}
