// entry: __float2half_rn/__float2half_rz
// guide: __half __float2half_rn(float a): round-to-nearest-even; __half __float2half_rz(float a): round towards zero (65504 instead of inf)
// compilers: nvrtc
#include <cuda_fp16.h>
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float y = x * 0.1f + (float)t * 1.0e-5f;          // inexact in half
    float z = x * 4000.0f;                            // beyond 65504 for |x| > 16.4
    out[4 * t + 0] = __half_as_ushort(__float2half_rn(y));
    out[4 * t + 1] = __half_as_ushort(__float2half_rz(y));
    out[4 * t + 2] = __half_as_ushort(__float2half_rn(z));
    out[4 * t + 3] = __half_as_ushort(__float2half_rz(z * 1.0e-10f)) | (unsigned int)__half_as_ushort(__float2half_rz(z)) << 16;
}
