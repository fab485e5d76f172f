// entry: __hfma
// guide: __half __hfma(__half a, __half b, __half c): a * b + c rounded once to half
// compilers: nvrtc
#include <cuda_fp16.h>
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    __half a = __float2half(x * 0.1f);
    __half b = __float2half((float)t * 0.01f + 0.33f);
    __half c = __float2half(x * 7.0f);
    out[4 * t + 0] = __half_as_ushort(__hfma(a, b, c));
    out[4 * t + 1] = __half_as_ushort(__hfma(a, b, __float2half(1000.0f)));   // single rounding matters
    out[4 * t + 2] = __half_as_ushort(__hfma(c, c, c));                       // overflow to +inf
    out[4 * t + 3] = __half_as_ushort(__hfma(a, __float2half(1.0e-3f), __float2half(0.0f)));  // subnormals
}
