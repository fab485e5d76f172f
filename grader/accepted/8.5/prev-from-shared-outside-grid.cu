// expect: pass
// why: Only threads inside the grid load their point; before the plane moves, every thread keeps the old current value as its previous one (inPrev = inCurr_s[...]), so threads outside the grid copy a slot nobody wrote into a register they never use. The GPU's output is right.

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
    bool inGrid = j >= 0 && j < N && k >= 0 && k < N;

    float inPrev = 0.0f, inNext = 0.0f;
    __shared__ float inCurr_s[IN_TILE_DIM][IN_TILE_DIM];

    if (inGrid && iStart >= 1 && iStart - 1 < N) {
        inPrev = in[(iStart - 1) * N * N + j * N + k];
    }
    // No else: the slots of threads outside the grid stay unwritten until the first move.
    if (inGrid && iStart < N) {
        inCurr_s[threadIdx.y][threadIdx.x] = in[iStart * N * N + j * N + k];
    }

    for (int i = iStart; i < iStart + OUT_TILE_DIM; i++) {
        if (inGrid && i + 1 < N) {
            inNext = in[(i + 1) * N * N + j * N + k];
        }
        __syncthreads();
        if (i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1 && threadIdx.y >= 1 &&
            threadIdx.y < IN_TILE_DIM - 1 && threadIdx.x >= 1 && threadIdx.x < IN_TILE_DIM - 1) {
            out[i * N * N + j * N + k] = c0 * inCurr_s[threadIdx.y][threadIdx.x]
                                       + c1 * inCurr_s[threadIdx.y][threadIdx.x - 1]
                                       + c2 * inCurr_s[threadIdx.y][threadIdx.x + 1]
                                       + c3 * inCurr_s[threadIdx.y - 1][threadIdx.x]
                                       + c4 * inCurr_s[threadIdx.y + 1][threadIdx.x]
                                       + c5 * inPrev
                                       + c6 * inNext;
        }
        __syncthreads();
        // Outside the grid this reads a slot nobody wrote (in the first step) into inPrev,
        // which those threads never use: harmless.
        inPrev = inCurr_s[threadIdx.y][threadIdx.x];
        inCurr_s[threadIdx.y][threadIdx.x] = inNext;
    }
}
