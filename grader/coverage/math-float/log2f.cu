// entry: log2f
// guide: float log2f(float x): base-2 logarithm (1 ulp); -inf at 0, NaN for x < 0
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(log2f(fabsf(x)));
    out[4 * t + 1] = __float_as_uint(log2f(x));                            // NaN where x < 0
    out[4 * t + 2] = __float_as_uint(log2f(fabsf(x) * 1.0e-40f));          // subnormal arguments
    out[4 * t + 3] = __float_as_uint(log2f((float)(1u << (t & 31))));      // exact powers of two
}
