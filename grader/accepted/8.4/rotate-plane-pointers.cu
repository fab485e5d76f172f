// expect: pass
// why: Instead of copying the planes down at the end of each step, I keep three shared planes in one array and rotate pointers to them, so each step loads only the new plane.

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
    __shared__ float planes[3][IN_TILE_DIM][IN_TILE_DIM];
    float (*prev)[IN_TILE_DIM] = planes[0];
    float (*curr)[IN_TILE_DIM] = planes[1];
    float (*next)[IN_TILE_DIM] = planes[2];

    int tx = threadIdx.x, ty = threadIdx.y;
    int iStart = blockIdx.z * OUT_TILE_DIM;
    int j = blockIdx.y * OUT_TILE_DIM + ty - 1;
    int k = blockIdx.x * OUT_TILE_DIM + tx - 1;
    bool inPlane = j >= 0 && j < (int)N && k >= 0 && k < (int)N;
    size_t plane = (size_t)N * N;
    size_t column = (size_t)j * N + k;

    prev[ty][tx] = (inPlane && iStart >= 1 && iStart - 1 < (int)N) ? in[(iStart - 1) * plane + column] : 0.0f;
    curr[ty][tx] = (inPlane && iStart < (int)N) ? in[iStart * plane + column] : 0.0f;

    for (int i = iStart; i < iStart + OUT_TILE_DIM; i++) {
        next[ty][tx] = (inPlane && i + 1 < (int)N) ? in[(i + 1) * plane + column] : 0.0f;
        __syncthreads();  // the three planes are complete
        bool interior = i >= 1 && i < (int)N - 1 && j >= 1 && j < (int)N - 1 && k >= 1 && k < (int)N - 1;
        if (interior && tx >= 1 && tx < IN_TILE_DIM - 1 && ty >= 1 && ty < IN_TILE_DIM - 1) {
            out[i * plane + column] = c0 * curr[ty][tx] + c1 * curr[ty][tx - 1] + c2 * curr[ty][tx + 1] +
                                      c3 * curr[ty - 1][tx] + c4 * curr[ty + 1][tx] + c5 * prev[ty][tx] +
                                      c6 * next[ty][tx];
        }
        __syncthreads();  // nobody reads `prev` any more before it becomes `next`
        float (*t)[IN_TILE_DIM] = prev;
        prev = curr;
        curr = next;
        next = t;
    }
}
