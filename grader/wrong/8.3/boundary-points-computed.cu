// expect: finding:uninitialized_shared
// expect: tests
// message: boundary points are not computed in this section
// why: I test that the point is in the grid, as for the load, and let the tile test keep the outer layer out: the boundary points get computed too.

// The coefficients c0 … c6 are macros: the grader defines them (-Dc0=0.5f …) for each case.
// The defaults below only let the file compile on its own.
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

#define IN_TILE_DIM 8
#define OUT_TILE_DIM ((IN_TILE_DIM) - 2)

extern "C" __global__ void stencil_kernel(float *in, float *out, unsigned int N) {
    // Tiles overlap by one point on each side: the tile starts one before the output tile.
    int i = blockIdx.z * OUT_TILE_DIM + threadIdx.z - 1;
    int j = blockIdx.y * OUT_TILE_DIM + threadIdx.y - 1;
    int k = blockIdx.x * OUT_TILE_DIM + threadIdx.x - 1;

    __shared__ float in_s[IN_TILE_DIM][IN_TILE_DIM][IN_TILE_DIM];
    if (i >= 0 && i < N && j >= 0 && j < N && k >= 0 && k < N) {
        in_s[threadIdx.z][threadIdx.y][threadIdx.x] = in[i * N * N + j * N + k];
    }
    __syncthreads();  // the tile is complete before anyone reads a neighbour

    // Planted mistake: the grid test of the load, not the interior test: boundary points (an
    // index 0 or N - 1) are computed, and read slots of points outside the grid, never loaded.
    if (i >= 0 && i < N && j >= 0 && j < N && k >= 0 && k < N) {
        // The tile's outer layer only loads: its neighbours are in other blocks' tiles.
        if (threadIdx.z >= 1 && threadIdx.z < IN_TILE_DIM - 1 && threadIdx.y >= 1 &&
            threadIdx.y < IN_TILE_DIM - 1 && threadIdx.x >= 1 && threadIdx.x < IN_TILE_DIM - 1) {
            out[i * N * N + j * N + k] = c0 * in_s[threadIdx.z][threadIdx.y][threadIdx.x]
                                       + c1 * in_s[threadIdx.z][threadIdx.y][threadIdx.x - 1]
                                       + c2 * in_s[threadIdx.z][threadIdx.y][threadIdx.x + 1]
                                       + c3 * in_s[threadIdx.z][threadIdx.y - 1][threadIdx.x]
                                       + c4 * in_s[threadIdx.z][threadIdx.y + 1][threadIdx.x]
                                       + c5 * in_s[threadIdx.z - 1][threadIdx.y][threadIdx.x]
                                       + c6 * in_s[threadIdx.z + 1][threadIdx.y][threadIdx.x];
        }
    }
}
