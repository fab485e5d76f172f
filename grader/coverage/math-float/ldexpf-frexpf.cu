// entry: ldexpf/frexpf
// guide: float ldexpf(float x, int e): x * 2^e (exact unless it overflows or underflows); float frexpf(float x, int *e): mantissa in [0.5, 1) and exponent
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(ldexpf(x, (int)t * 2 - 128));   // -128 .. 126: subnormal, +-inf
    out[4 * t + 1] = __float_as_uint(ldexpf(x * 1.0e-40f, 200 - (int)t * 3));
    int e = 0;
    float y = (t & 1) ? x * 1.0e-40f : x;                            // odd threads: subnormals
    out[4 * t + 2] = __float_as_uint(frexpf(y, &e));
    out[4 * t + 3] = (unsigned int)e;
}
