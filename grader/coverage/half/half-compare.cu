// entry: __heq/__hne/__hlt/__hle/__hgt/__hge (and the unordered __hequ ... __hgeu)
// guide: bool __heq, __hne, __hlt, __hle, __hgt, __hge(__half a, __half b): ordered comparisons (false with NaN); the ...u forms are true with NaN
// compilers: nvrtc
// Word 0: the ordered results, one bit each; word 1: the unordered ones; words 2, 3: the same against 0.
#include <cuda_fp16.h>
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    __half a = (t & 15) == 15 ? __ushort_as_half((unsigned short)0x7e00u) : __float2half(x);   // some NaN
    __half b = __float2half(in[t ^ 3]);
    __half z = __float2half((t & 1) ? 0.0f : -0.0f);
    out[4 * t + 0] = __heq(a, b) | __hne(a, b) << 1 | __hlt(a, b) << 2 | __hle(a, b) << 3 | __hgt(a, b) << 4 | __hge(a, b) << 5;
    out[4 * t + 1] = __hequ(a, b) | __hneu(a, b) << 1 | __hltu(a, b) << 2 | __hleu(a, b) << 3 | __hgtu(a, b) << 4 | __hgeu(a, b) << 5;
    out[4 * t + 2] = __heq(a, z) | __hne(a, z) << 1 | __hlt(a, z) << 2 | __hle(a, z) << 3 | __hgt(a, z) << 4 | __hge(a, z) << 5;
    out[4 * t + 3] = __hequ(a, z) | __hneu(a, z) << 1 | __hltu(a, z) << 2 | __hleu(a, z) << 3 | __hgtu(a, z) << 4 | __hgeu(a, z) << 5;
}
