// entry: __fmaf_rn/__fmaf_rz/__fmaf_ru/__fmaf_rd
// guide: float __fmaf_rn/_rz/_ru/_rd(float x, float y, float z): x * y + z rounded once in the named IEEE rounding mode
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float b = (t & 1) ? 3.0e37f : 0.1f;                  // odd threads: beyond FLT_MAX
    float c = (t & 1) ? 3.0e38f : (float)t * -1.0e-7f;
    out[4 * t + 0] = __float_as_uint(__fmaf_rn(x, b, c));
    out[4 * t + 1] = __float_as_uint(__fmaf_rz(x, b, c));
    out[4 * t + 2] = __float_as_uint(__fmaf_ru(x, b, c));
    out[4 * t + 3] = __float_as_uint(__fmaf_rd(x, b, c));
}
