// expect: finding:uninitialized_shared
// expect: tests
// message: halo-ring-not-stored.cu:63
// message: its value reaches a store to global memory at line 67
// why: Only the threads that compute a point store their value into the shared plane; the ring of halo threads around them has nothing to compute.

// The coefficients c0 … c6 are macros the grader defines; these defaults only let it compile alone.
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

#define IN_TILE_DIM 32
#define OUT_TILE_DIM ((IN_TILE_DIM) - 2)

extern "C" __global__ void stencil_kernel(float *in, float *out, unsigned int N) {
    int iStart = blockIdx.z * OUT_TILE_DIM;
    int j = blockIdx.y * OUT_TILE_DIM + threadIdx.y - 1;
    int k = blockIdx.x * OUT_TILE_DIM + threadIdx.x - 1;
    bool inPlane = j >= 0 && j < N && k >= 0 && k < N;
    bool inOutputTile = threadIdx.y >= 1 && threadIdx.y < IN_TILE_DIM - 1 && threadIdx.x >= 1 &&
                        threadIdx.x < IN_TILE_DIM - 1;

    float inPrev = 0.0f, inCurr = 0.0f, inNext = 0.0f;
    __shared__ float inCurr_s[IN_TILE_DIM][IN_TILE_DIM];

    if (inPlane && iStart - 1 >= 0 && iStart - 1 < N) {
        inPrev = in[(iStart - 1) * N * N + j * N + k];
    }
    if (inPlane && iStart < N) {
        inCurr = in[iStart * N * N + j * N + k];
    }
    // Planted mistake: only the output tile's threads store their value, so the ring of halo
    // slots around it is never written, yet the edge points of the tile read it.
    if (inOutputTile) {
        inCurr_s[threadIdx.y][threadIdx.x] = inCurr;
    }

    for (int i = iStart; i < iStart + OUT_TILE_DIM; i++) {
        if (inPlane && i + 1 < N) {
            inNext = in[(i + 1) * N * N + j * N + k];
        }
        __syncthreads();  // the current plane is complete in shared memory (but for its ring)
        if (i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1 && inOutputTile) {
            float west = inCurr_s[threadIdx.y][threadIdx.x - 1];
            float east = inCurr_s[threadIdx.y][threadIdx.x + 1];
            float south = inCurr_s[threadIdx.y - 1][threadIdx.x];
            float north = inCurr_s[threadIdx.y + 1][threadIdx.x];
            float sum = c0 * inCurr + c1 * west + c2 * east + c3 * south + c4 * north + c5 * inPrev + c6 * inNext;
            out[i * N * N + j * N + k] = sum;
        }
        __syncthreads();  // neighbours are done reading before the plane is replaced
        inPrev = inCurr;
        inCurr = inNext;
        if (inOutputTile) {
            inCurr_s[threadIdx.y][threadIdx.x] = inNext;
        }
    }
}
