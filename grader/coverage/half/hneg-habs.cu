// entry: __hneg/__habs
// guide: __half __hneg(__half a): -a; __half __habs(__half a): |a| (sign bit only, also for 0 and NaN)
// compilers: nvrtc
#include <cuda_fp16.h>
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    __half a = __float2half(x);
    __half n = __ushort_as_half((unsigned short)(0xfe00u | t));   // negative NaN with a payload
    out[4 * t + 0] = __half_as_ushort(__hneg(a));                 // -0 at 0
    out[4 * t + 1] = __half_as_ushort(__habs(a));
    out[4 * t + 2] = __half_as_ushort(__habs(__float2half(x * -0.0f)));
    out[4 * t + 3] = __half_as_ushort(__habs(n)) | (unsigned int)__half_as_ushort(__hneg(n)) << 16;
}
