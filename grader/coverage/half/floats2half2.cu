// entry: __floats2half2_rn
// guide: __half2 __floats2half2_rn(float a, float b): both floats to half, round-to-nearest-even, a in the low half
// compilers: nvrtc
#include <cuda_fp16.h>
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    __half2 p = __floats2half2_rn(x * 0.1f, (float)t * 0.3f);
    __half2 q = __floats2half2_rn(x * 4000.0f, x * 1.0e-6f);   // overflow, subnormals
    out[4 * t + 0] = __half_as_ushort(__low2half(p));
    out[4 * t + 1] = __half_as_ushort(__high2half(p));
    out[4 * t + 2] = __half_as_ushort(__low2half(q));
    out[4 * t + 3] = __half_as_ushort(__high2half(q));
}
