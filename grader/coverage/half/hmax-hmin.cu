// entry: __hmax/__hmin
// guide: __half __hmax(__half a, __half b), __hmin(__half a, __half b): maximum and minimum; a NaN argument yields the other one
// compilers: nvrtc
#include <cuda_fp16.h>
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    __half a = __float2half(x);
    __half b = __float2half(in[t ^ 1]);
    __half q = x < 0.0f ? __ushort_as_half((unsigned short)(0x7e00u | t)) : a;   // NaN where x < 0
    __half z = __float2half(x * 0.0f);                                           // +0 or -0
    out[4 * t + 0] = __half_as_ushort(__hmax(a, b));
    out[4 * t + 1] = __half_as_ushort(__hmin(a, b));
    out[4 * t + 2] = __half_as_ushort(__hmax(q, __float2half(2.0f))) | (unsigned int)__half_as_ushort(__hmin(q, b)) << 16;
    out[4 * t + 3] = __half_as_ushort(__hmax(z, __hneg(z))) | (unsigned int)__half_as_ushort(__hmin(z, __hneg(z))) << 16;
}
