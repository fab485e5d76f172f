// entry: __hmul2
// guide: __half2 __hmul2(__half2 a, __half2 b): both halves multiplied, each rounded to nearest even
// compilers: nvrtc
#include <cuda_fp16.h>
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    __half2 a = __floats2half2_rn(x * 10.0f, x * 0.1f);
    __half2 b = __floats2half2_rn((float)t * 1.37f, (float)t * 1.0e-4f);   // overflow, subnormal products
    __half2 r = __hmul2(a, b);
    __half2 s = __hmul2(a, a);
    out[4 * t + 0] = __half_as_ushort(__low2half(r));
    out[4 * t + 1] = __half_as_ushort(__high2half(r));
    out[4 * t + 2] = __half_as_ushort(__low2half(s));
    out[4 * t + 3] = __half_as_ushort(__high2half(s));
}
