// entry: __low2float/__high2float
// guide: float __low2float(__half2 a), float __high2float(__half2 a): the low or high half converted to float (exact)
// compilers: nvrtc
#include <cuda_fp16.h>
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    __half2 p = __floats2half2_rn(x * 0.1f, x * 4000.0f);                  // high: +-inf for |x| > 16.4
    __half2 q = __halves2half2(__ushort_as_half((unsigned short)(t * 0x1f3u)), __ushort_as_half((unsigned short)(0x7c01u + t)));  // any bits; NaN
    out[4 * t + 0] = __float_as_uint(__low2float(p));
    out[4 * t + 1] = __float_as_uint(__high2float(p));
    out[4 * t + 2] = __float_as_uint(__low2float(q));
    out[4 * t + 3] = __float_as_uint(__high2float(q));
}
