// expect: pass
// why: printf debugging left in (one thread of block 0 prints the first planes it computes with %d %f %e %s %x), a step counter for the z loop

#include <stdio.h>

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

#ifndef IN_TILE_DIM
#define IN_TILE_DIM 32
#endif
#define OUT_TILE_DIM ((IN_TILE_DIM) - 2)

extern "C" __global__ void stencil_kernel(float *in, float *out, unsigned int N) {
    int iStart = blockIdx.z * OUT_TILE_DIM;
    int j = blockIdx.y * OUT_TILE_DIM + threadIdx.y - 1;
    int k = blockIdx.x * OUT_TILE_DIM + threadIdx.x - 1;
    int n = N;
    bool inPlane = j >= 0 && j < n && k >= 0 && k < n;
    bool debug = blockIdx.z == 0 && j == 1 && k == 1;  // one thread of the whole grid

    __shared__ float inPrev_s[IN_TILE_DIM][IN_TILE_DIM];
    __shared__ float inCurr_s[IN_TILE_DIM][IN_TILE_DIM];
    __shared__ float inNext_s[IN_TILE_DIM][IN_TILE_DIM];

    float v = 0.0f;
    if (inPlane && iStart >= 1 && iStart - 1 < n) v = in[(iStart - 1) * n * n + j * n + k];
    inPrev_s[threadIdx.y][threadIdx.x] = v;
    v = 0.0f;
    if (inPlane && iStart < n) v = in[iStart * n * n + j * n + k];
    inCurr_s[threadIdx.y][threadIdx.x] = v;

    if (debug) printf("N = %d (0x%x), block starts at plane %d\n", n, N, iStart);

    for (int step = 0; step < OUT_TILE_DIM; step++) {
        int i = iStart + step;
        v = 0.0f;
        if (inPlane && i + 1 < n) v = in[(i + 1) * n * n + j * n + k];
        inNext_s[threadIdx.y][threadIdx.x] = v;
        __syncthreads();

        if (i >= 1 && i < n - 1 && j >= 1 && j < n - 1 && k >= 1 && k < n - 1 &&
            threadIdx.x >= 1 && threadIdx.x < IN_TILE_DIM - 1 && threadIdx.y >= 1 &&
            threadIdx.y < IN_TILE_DIM - 1) {
            float result = c0 * inCurr_s[threadIdx.y][threadIdx.x]
                         + c1 * inCurr_s[threadIdx.y][threadIdx.x - 1]
                         + c2 * inCurr_s[threadIdx.y][threadIdx.x + 1]
                         + c3 * inCurr_s[threadIdx.y - 1][threadIdx.x]
                         + c4 * inCurr_s[threadIdx.y + 1][threadIdx.x]
                         + c5 * inPrev_s[threadIdx.y][threadIdx.x]
                         + c6 * inNext_s[threadIdx.y][threadIdx.x];
            out[i * n * n + j * n + k] = result;
            if (debug && step < 3) {
                printf("plane %d: prev %f curr %f next %f -> %e (%s)\n", i,
                       inPrev_s[threadIdx.y][threadIdx.x], inCurr_s[threadIdx.y][threadIdx.x],
                       inNext_s[threadIdx.y][threadIdx.x], result, "computed");
            }
        }
        __syncthreads();
        inPrev_s[threadIdx.y][threadIdx.x] = inCurr_s[threadIdx.y][threadIdx.x];
        inCurr_s[threadIdx.y][threadIdx.x] = inNext_s[threadIdx.y][threadIdx.x];
    }
}
