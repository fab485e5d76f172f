// expect: pass
// why: A habit from vectorised code: I check that the input buffer is 16-byte aligned ((uintptr_t)in % 16 == 0, true of every cudaMalloc) and read through the read-only cache then, plain loads otherwise. Both paths compute the same.

#include <stdint.h>

#ifndef c0
#define c0 0.5f
#endif
#ifndef c1
#define c1 0.125f
#endif
#ifndef c2
#define c2 0.125f
#endif
#ifndef c3
#define c3 0.0625f
#endif
#ifndef c4
#define c4 0.0625f
#endif
#ifndef c5
#define c5 0.0625f
#endif
#ifndef c6
#define c6 0.0625f
#endif

__device__ float at(const float *p, bool cached) { return cached ? __ldg(p) : *p; }

extern "C" __global__ void stencil_kernel(float *in, float *out, unsigned int N) {
    bool aligned = (uintptr_t)in % 16 == 0;
    unsigned int i = blockIdx.z * blockDim.z + threadIdx.z;
    unsigned int j = blockIdx.y * blockDim.y + threadIdx.y;
    unsigned int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1) {
        const float *p = in + i * N * N + j * N + k;
        out[i * N * N + j * N + k] = c0 * at(p, aligned) + c1 * at(p - 1, aligned) + c2 * at(p + 1, aligned)
                                   + c3 * at(p - N, aligned) + c4 * at(p + N, aligned)
                                   + c5 * at(p - N * N, aligned) + c6 * at(p + N * N, aligned);
    }
}
