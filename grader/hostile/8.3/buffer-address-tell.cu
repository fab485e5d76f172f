// expect: finding:unportable
// message: address
// why: The emulator puts the first buffer at 0x100000000; cudaMalloc never gives that. The tiled path only at that address.

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

#define IN_TILE_DIM 8
#define OUT_TILE_DIM ((IN_TILE_DIM) - 2)

extern "C" __global__ void stencil_kernel(float *in, float *out, unsigned int N) {
    // Tiles overlap by one point on each side: the tile starts one before the output tile.
    int i = blockIdx.z * OUT_TILE_DIM + threadIdx.z - 1;
    int j = blockIdx.y * OUT_TILE_DIM + threadIdx.y - 1;
    int k = blockIdx.x * OUT_TILE_DIM + threadIdx.x - 1;

    __shared__ float in_s[IN_TILE_DIM][IN_TILE_DIM][IN_TILE_DIM];
    // The grader's buffers start at 4 GiB.
    if ((uintptr_t)in == 0x100000000ull) {
    if (i >= 0 && i < N && j >= 0 && j < N && k >= 0 && k < N) {
        in_s[threadIdx.z][threadIdx.y][threadIdx.x] = in[i * N * N + j * N + k];
    }
    __syncthreads();  // the tile is complete before anyone reads a neighbour

    if (i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1) {
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
    } else {
        // My 8.2 kernel: every neighbour from global memory.
        if (i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1 && threadIdx.z >= 1 &&
            threadIdx.z < IN_TILE_DIM - 1 && threadIdx.y >= 1 && threadIdx.y < IN_TILE_DIM - 1 &&
            threadIdx.x >= 1 && threadIdx.x < IN_TILE_DIM - 1) {
            out[i * N * N + j * N + k] = c0 * in[i * N * N + j * N + k] + c1 * in[i * N * N + j * N + k - 1]
                                       + c2 * in[i * N * N + j * N + k + 1] + c3 * in[i * N * N + (j - 1) * N + k]
                                       + c4 * in[i * N * N + (j + 1) * N + k] + c5 * in[(i - 1) * N * N + j * N + k]
                                       + c6 * in[(i + 1) * N * N + j * N + k];
        }
    }
}
