// entry: __frcp_rn
// guide: float __frcp_rn(float x): 1 / x, IEEE round-to-nearest
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(__frcp_rn(x));                   // +-inf at 0
    out[4 * t + 1] = __float_as_uint(__frcp_rn((float)(t + 1) * 3.0f));
    out[4 * t + 2] = __float_as_uint(__frcp_rn(x * 1.0e37f));         // subnormal results
    out[4 * t + 3] = __float_as_uint(__frcp_rn(x * 1.0e-39f));        // subnormal arguments: overflow
}
