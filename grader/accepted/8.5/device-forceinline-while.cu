// expect: pass
// why: a plain __device__ loader and a __device__ __forceinline__ interior test, and a while loop walking the planes

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

// in[i][j][k], or 0 when plane i is outside the grid or (j, k) is (ok says)
__device__ float loadPoint(const float *in, int i, int j, int k, int n, bool ok) {
    if (!ok || i < 0 || i >= n) return 0.0f;
    return in[(i * n + j) * n + k];
}

__device__ __forceinline__ bool interior(int i, int j, int k, int n) {
    return i >= 1 && i < n - 1 && j >= 1 && j < n - 1 && k >= 1 && k < n - 1;
}

extern "C" __global__ void stencil_kernel(float *in, float *out, unsigned int N) {
    const int n = N;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int j = blockIdx.y * OUT_TILE_DIM + ty - 1;
    const int k = blockIdx.x * OUT_TILE_DIM + tx - 1;
    const bool inPlane = j >= 0 && j < n && k >= 0 && k < n;
    const bool innerThread = tx >= 1 && tx < IN_TILE_DIM - 1 && ty >= 1 && ty < IN_TILE_DIM - 1;

    __shared__ float curr_s[IN_TILE_DIM][IN_TILE_DIM];

    int i = blockIdx.z * OUT_TILE_DIM;
    const int iEnd = i + OUT_TILE_DIM;
    float prev = loadPoint(in, i - 1, j, k, n, inPlane);
    float curr = loadPoint(in, i, j, k, n, inPlane);
    curr_s[ty][tx] = curr;

    while (i < iEnd) {
        float next = loadPoint(in, i + 1, j, k, n, inPlane);
        __syncthreads();
        if (innerThread && interior(i, j, k, n)) {
            out[(i * n + j) * n + k] = c0 * curr
                                     + c1 * curr_s[ty][tx - 1]
                                     + c2 * curr_s[ty][tx + 1]
                                     + c3 * curr_s[ty - 1][tx]
                                     + c4 * curr_s[ty + 1][tx]
                                     + c5 * prev
                                     + c6 * next;
        }
        __syncthreads();
        prev = curr;
        curr = next;
        curr_s[ty][tx] = curr;
        i++;
    }
}
