// entry: __fmul_rn/__fmul_rz/__fmul_ru/__fmul_rd
// guide: float __fmul_rn/_rz/_ru/_rd(float x, float y): x * y in the named IEEE rounding mode, never fused into an fma
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float a = (t & 1) ? x * 1.0e30f : x;                           // odd threads: overflow
    float b = (t & 1) ? 1.0e10f : 0.1f + (float)t * 1.0e-3f;       // even threads: inexact products
    if ((t & 7) == 6) b = 1.0e-40f;                                // subnormal products
    out[4 * t + 0] = __float_as_uint(__fmul_rn(a, b));
    out[4 * t + 1] = __float_as_uint(__fmul_rz(a, b));
    out[4 * t + 2] = __float_as_uint(__fmul_ru(a, b));
    out[4 * t + 3] = __float_as_uint(__fmul_rd(a, b));
}
