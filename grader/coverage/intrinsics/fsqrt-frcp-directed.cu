// entry: __fsqrt_rz/_ru/_rd, __frcp_rz/_ru/_rd
// guide: float __fsqrt_rz/_ru/_rd(float x), __frcp_rz/_ru/_rd(float x): sqrt(x) and 1 / x in the named IEEE rounding mode
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float y = (float)(t + 1) * 0.7f;
    out[4 * t + 0] = __float_as_uint(__fsqrt_rz(y));
    out[4 * t + 1] = __float_as_uint(t & 1 ? __fsqrt_ru(x) : __fsqrt_rd(x));  // NaN below 0
    out[4 * t + 2] = __float_as_uint(t & 1 ? __frcp_ru(x) : __frcp_rd(y));    // +-inf at 0
    out[4 * t + 3] = __float_as_uint(__frcp_rz(x * 1.0e37f));                 // subnormal results
}
