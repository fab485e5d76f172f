// entry: __mul64hi/__umul64hi
// guide: long long __mul64hi(long long x, long long y), unsigned long long __umul64hi(unsigned long long x, unsigned long long y): the high 64 bits of the 128-bit product
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    long long a = ((long long)__float_as_int(in[t]) << 32) | (t * 0x01234567u);
    long long b = (long long)((unsigned long long)t * 0x9e3779b97f4a7c15ull);
    long long s = __mul64hi(a, b);
    unsigned long long u = __umul64hi((unsigned long long)a, (unsigned long long)b);
    out[4 * t + 0] = (unsigned int)s;
    out[4 * t + 1] = (unsigned int)((unsigned long long)s >> 32);
    out[4 * t + 2] = (unsigned int)u;
    out[4 * t + 3] = (unsigned int)(u >> 32);
}
