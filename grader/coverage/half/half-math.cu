// entry: hsqrt/hexp/hlog/hrcp
// guide: __half hsqrt, hexp, hlog, hrcp(__half a): square root, e^a, natural logarithm, reciprocal, in half precision
// compilers: nvrtc
#include <cuda_fp16.h>
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    __half a = __float2half(x);
    __half b = __float2half(x * 0.5f);
    out[4 * t + 0] = __half_as_ushort(hsqrt(a));                  // NaN where x < 0
    out[4 * t + 1] = __half_as_ushort(hexp(b));                   // overflow above ~11.1
    out[4 * t + 2] = __half_as_ushort(hlog(a));                   // -inf at 0, NaN where x < 0
    out[4 * t + 3] = __half_as_ushort(hrcp(__float2half(x * 1.0e-5f)));   // subnormal arguments: overflow
}
