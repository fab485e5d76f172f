// entry: __fdiv_rz/__fdiv_ru/__fdiv_rd
// guide: float __fdiv_rz/_ru/_rd(float x, float y): x / y, IEEE round toward zero, +infinity, -infinity
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float y = (float)(t % 7) - 3.0f;                                    // 0 once in 7: +-inf, NaN
    out[4 * t + 0] = __float_as_uint(__fdiv_rz(x, 3.0f));
    out[4 * t + 1] = __float_as_uint(__fdiv_ru(x, y));
    out[4 * t + 2] = __float_as_uint(__fdiv_rd(x * 1.0e-30f, 1.0e10f));  // subnormal results
    out[4 * t + 3] = __float_as_uint(__fdiv_rz(1.0e38f, x * 1.0e-3f));   // overflow: the largest float
}
