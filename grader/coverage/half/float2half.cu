// entry: __float2half/__half2float
// guide: __half __float2half(float a): float to half, round-to-nearest-even (inf above 65520, subnormals below 2^-14); float __half2float(__half a): exact
// compilers: nvrtc
#include <cuda_fp16.h>
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __half_as_ushort(__float2half(x * 0.1f));
    out[4 * t + 1] = __half_as_ushort(__float2half(x * 4000.0f));   // overflow to +-inf
    out[4 * t + 2] = __half_as_ushort(__float2half(x * 1.0e-6f));   // subnormal halves, 0
    out[4 * t + 3] = __float_as_uint(__half2float(__float2half(x / 3.0f)));
}
