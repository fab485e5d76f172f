// entry: __half2int_rn/__int2half_rn
// guide: int __half2int_rn(__half h): half to int, round-to-nearest-even; __half __int2half_rn(int i): int to half, round-to-nearest-even (inf beyond 65519)
// compilers: nvrtc
#include <cuda_fp16.h>
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    int i = (int)(x * 100.0f) + (int)t;               // above 2048: inexact in half
    out[4 * t + 0] = (unsigned int)__half2int_rn(__float2half(x));            // 1.5 -> 2, 4.5 -> 4
    out[4 * t + 1] = (unsigned int)__half2int_rn(__float2half(x * 1000.0f)); // +-inf: saturates
    out[4 * t + 2] = __half_as_ushort(__int2half_rn(i));
    out[4 * t + 3] = __half_as_ushort(__int2half_rn(i * 37));                 // overflow to +-inf
}
