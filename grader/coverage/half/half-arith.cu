// entry: __hadd/__hsub/__hmul/__hdiv
// guide: __half __hadd, __hsub, __hmul, __hdiv(__half a, __half b): half arithmetic, round-to-nearest-even
// compilers: nvrtc
#include <cuda_fp16.h>
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    __half a = __float2half(x * 100.0f);              // up to 2887.5: ulp 2
    __half b = __float2half(((float)t - 64.0f) * 0.37f);   // 0 at t = 64
    out[4 * t + 0] = __half_as_ushort(__hadd(a, b));
    out[4 * t + 1] = __half_as_ushort(__hsub(b, a));
    out[4 * t + 2] = __half_as_ushort(__hmul(a, b));  // overflow to +-inf
    out[4 * t + 3] = __half_as_ushort(__hdiv(a, b));  // division by 0
}
