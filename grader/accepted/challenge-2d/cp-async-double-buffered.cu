// expect: pass
// gpu-expect: target:percent_of_copy
// why: Ampere-style pipelining: each block walks its tile in four slabs of 16 output rows, and while it computes one slab the next one is already on its way into the other shared buffer with cp.async (__pipeline_memcpy_async, ghost cells zero-filled), waited for with __pipeline_wait_prior.

#include <cuda_pipeline.h>

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif

#define BLOCK_X 64
#define BLOCK_Y 4
#define COARSEN 4                    // output rows per thread in one slab
#define SLABS 4                      // slabs per block, one after another
#define SLAB_Y (BLOCK_Y * COARSEN)   // output rows of a slab
#define TILE_X BLOCK_X               // output columns per block
#define TILE_Y (SLAB_Y * SLABS)      // output rows per block
#define IN_X (TILE_X + 2 * FILTER_RADIUS)
#define IN_Y (SLAB_Y + 2 * FILTER_RADIUS)

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

// Start copying slab `slab`'s input rows (with their halo) into `buf`; pixels outside the image
// are zero-filled, nothing read for them.
__device__ void stage_slab(float (*buf)[IN_X], const float *N, int width, int height, int slab) {
    int colStart = blockIdx.x * TILE_X - FILTER_RADIUS;
    int rowStart = blockIdx.y * TILE_Y + slab * SLAB_Y - FILTER_RADIUS;
    for (int i = threadIdx.y * BLOCK_X + threadIdx.x; i < IN_Y * IN_X; i += BLOCK_X * BLOCK_Y) {
        int row = rowStart + i / IN_X;
        int col = colStart + i % IN_X;
        bool inside = row >= 0 && row < height && col >= 0 && col < width;
        const float *src = inside ? &N[row * width + col] : N;
        __pipeline_memcpy_async(&buf[i / IN_X][i % IN_X], src, sizeof(float), inside ? 0 : sizeof(float));
    }
    __pipeline_commit();
}

extern "C" __global__ void convolution_2D_challenge_kernel(float *N, float *P, int width, int height) {
    __shared__ float tiles[2][IN_Y][IN_X];

    stage_slab(tiles[0], N, width, height, 0);
    for (int slab = 0; slab < SLABS; slab++) {
        if (slab + 1 < SLABS) {
            stage_slab(tiles[(slab + 1) % 2], N, width, height, slab + 1);
            __pipeline_wait_prior(1);  // this slab's copies are done; the next one's may not be
        } else {
            __pipeline_wait_prior(0);
        }
        __syncthreads();  // every thread's copies of this slab have landed

        float (*in)[IN_X] = tiles[slab % 2];
        int tx = threadIdx.x;
        int ty0 = threadIdx.y * COARSEN;
        float out[COARSEN];
#pragma unroll
        for (int o = 0; o < COARSEN; o++) out[o] = 0.0f;
#pragma unroll
        for (int inRow = 0; inRow < COARSEN + 2 * FILTER_RADIUS; inRow++) {
            float taps[2 * FILTER_RADIUS + 1];
#pragma unroll
            for (int c = 0; c < 2 * FILTER_RADIUS + 1; c++) taps[c] = in[ty0 + inRow][tx + c];
#pragma unroll
            for (int o = 0; o < COARSEN; o++) {
                int fRow = inRow - o;
                if (fRow >= 0 && fRow <= 2 * FILTER_RADIUS) {
#pragma unroll
                    for (int c = 0; c < 2 * FILTER_RADIUS + 1; c++) out[o] += F[fRow][c] * taps[c];
                }
            }
        }
        int col = blockIdx.x * TILE_X + tx;
#pragma unroll
        for (int o = 0; o < COARSEN; o++) {
            int row = blockIdx.y * TILE_Y + slab * SLAB_Y + ty0 + o;
            if (row < height && col < width) P[row * width + col] = out[o];
        }
        __syncthreads();  // everyone is done with this buffer before slab + 2 is copied into it
    }
}
