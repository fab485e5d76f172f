// expect: pass
// message: does not build for sm_75
// why: A warp whose 32 points are all on the boundary leaves at once: __reduce_or_sync (sm_80 and later) tells every lane whether any of them is interior. No fallback for older cards: the grader grades the ones it builds for and says so.

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

extern "C" __global__ void stencil_kernel(float *in, float *out, unsigned int N) {
    unsigned int i = blockIdx.z * blockDim.z + threadIdx.z;
    unsigned int j = blockIdx.y * blockDim.y + threadIdx.y;
    unsigned int k = blockIdx.x * blockDim.x + threadIdx.x;
    bool interior = i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1;
    if (__reduce_or_sync(0xffffffffu, interior ? 1u : 0u) == 0) return;  // nothing for this warp
    if (interior) {
        out[i * N * N + j * N + k] = c0 * in[i * N * N + j * N + k] + c1 * in[i * N * N + j * N + (k - 1)]
                                   + c2 * in[i * N * N + j * N + (k + 1)] + c3 * in[i * N * N + (j - 1) * N + k]
                                   + c4 * in[i * N * N + (j + 1) * N + k] + c5 * in[(i - 1) * N * N + j * N + k]
                                   + c6 * in[(i + 1) * N * N + j * N + k];
    }
}
