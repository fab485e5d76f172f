// entry: __hadd2
// guide: __half2 __hadd2(__half2 a, __half2 b): both halves added, each rounded to nearest even
// compilers: nvrtc
#include <cuda_fp16.h>
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    __half2 a = __floats2half2_rn(x * 100.0f, x * 0.1f);
    __half2 b = __floats2half2_rn((float)t * 1.37f, 0.001f * (float)t);
    __half2 c = __floats2half2_rn(x * 3000.0f, 65504.0f);       // sums beyond 65504
    __half2 r = __hadd2(a, b);
    __half2 s = __hadd2(c, c);
    out[4 * t + 0] = __half_as_ushort(__low2half(r));
    out[4 * t + 1] = __half_as_ushort(__high2half(r));
    out[4 * t + 2] = __half_as_ushort(__low2half(s));
    out[4 * t + 3] = __half_as_ushort(__high2half(s));
}
