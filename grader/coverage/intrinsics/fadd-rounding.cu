// entry: __fadd_rn/__fadd_rz/__fadd_ru/__fadd_rd
// guide: float __fadd_rn/_rz/_ru/_rd(float x, float y): x + y in the named IEEE rounding mode, never fused into an fma
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float a = (t & 1) ? x * 1.0e37f : x;                 // odd threads: sums beyond FLT_MAX
    float b = (t & 1) ? 3.0e38f : (float)t * 1.0e-7f;    // even threads: inexact sums
    out[4 * t + 0] = __float_as_uint(__fadd_rn(a, b));
    out[4 * t + 1] = __float_as_uint(__fadd_rz(a, b));   // FLT_MAX instead of +inf
    out[4 * t + 2] = __float_as_uint(__fadd_ru(a, b));
    out[4 * t + 3] = __float_as_uint(__fadd_rd(a, b));
}
