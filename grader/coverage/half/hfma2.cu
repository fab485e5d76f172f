// entry: __hfma2
// guide: __half2 __hfma2(__half2 a, __half2 b, __half2 c): a * b + c on both halves, each rounded once
// compilers: nvrtc
#include <cuda_fp16.h>
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    __half2 a = __floats2half2_rn(x * 0.1f, x * 30.0f);
    __half2 b = __floats2half2_rn((float)t * 0.01f + 0.33f, (float)t * 0.7f);   // high: overflow
    __half2 c = __floats2half2_rn(1000.0f, -x);
    __half2 r = __hfma2(a, b, c);
    __half2 s = __hfma2(a, a, __hneg2(c));
    out[4 * t + 0] = __half_as_ushort(__low2half(r));
    out[4 * t + 1] = __half_as_ushort(__high2half(r));
    out[4 * t + 2] = __half_as_ushort(__low2half(s));
    out[4 * t + 3] = __half_as_ushort(__high2half(s));
}
