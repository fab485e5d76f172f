// entry: __half_as_ushort/__ushort_as_half
// guide: unsigned short __half_as_ushort(__half h), __half __ushort_as_half(unsigned short i): reinterpret the 16 bits
// compilers: nvrtc
#include <cuda_fp16.h>
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    unsigned short u = (unsigned short)(t * 0x1f3u ^ (__float_as_uint(x) >> 13));
    out[4 * t + 0] = __half_as_ushort(__ushort_as_half(u));                             // unchanged
    out[4 * t + 1] = __float_as_uint(__half2float(__ushort_as_half(u)));                // subnormals, inf, NaN
    out[4 * t + 2] = __half_as_ushort(__float2half(x));
    out[4 * t + 3] = __half_as_ushort(__ushort_as_half((unsigned short)(0x7c00u | t))); // NaN payloads
}
