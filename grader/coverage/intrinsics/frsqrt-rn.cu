// entry: __frsqrt_rn
// guide: float __frsqrt_rn(float x): 1 / sqrt(x), IEEE round-to-nearest
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(__frsqrt_rn(fabsf(x)));             // +inf at 0
    out[4 * t + 1] = __float_as_uint(__frsqrt_rn(x));                    // NaN where x < 0
    out[4 * t + 2] = __float_as_uint(__frsqrt_rn(fabsf(x) * 1.0e-40f));  // subnormal arguments
    out[4 * t + 3] = __float_as_uint(__frsqrt_rn((float)(t + 1)));
}
