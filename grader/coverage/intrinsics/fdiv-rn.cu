// entry: __fdiv_rn
// guide: float __fdiv_rn(float x, float y): x / y, IEEE round-to-nearest
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(__fdiv_rn(x, 3.0f));
    out[4 * t + 1] = __float_as_uint(__fdiv_rn(x, (float)t - 64.0f));     // +-inf, NaN at 0 / 0
    out[4 * t + 2] = __float_as_uint(__fdiv_rn(x * 1.0e-30f, 1.0e10f));   // subnormal results
    out[4 * t + 3] = __float_as_uint(__fdiv_rn(1.0e38f, x * 1.0e-3f));    // overflow
}
