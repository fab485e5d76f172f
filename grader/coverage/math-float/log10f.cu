// entry: log10f
// guide: float log10f(float x): base-10 logarithm (2 ulp); -inf at 0, NaN for x < 0
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(log10f(fabsf(x)));
    out[4 * t + 1] = __float_as_uint(log10f(x));                     // NaN where x < 0
    out[4 * t + 2] = __float_as_uint(log10f(fabsf(x) * 1.0e-40f));   // subnormal arguments
    float p = 1.0f;
    for (unsigned int i = 0; i < (t & 7); ++i) p *= 10.0f;           // exact powers of ten
    out[4 * t + 3] = __float_as_uint(log10f(p));
}
