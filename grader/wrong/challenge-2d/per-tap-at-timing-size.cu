// expect: target:percent_of_copy
// why: My tiled kernel passed every test, so for the big images I read each tap straight from global memory through __ldg: the read-only cache keeps the neighbours anyway (it does not: 17.5% of copy on an H200).

// Planted slow kernel, challenge 2D: the reference solution below width 4096 (every test and both
// metrics cases), and at 4096 and wider (the timing case, 8192) one thread per output of its
// COARSEN rows reading its (2r+1)^2 taps from global memory with __ldg. Every count the emulator
// grades is the reference's; only the timing case's own blocks show the per-tap loads.

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif

#define BLOCK_X 128
#define BLOCK_Y 2
#define COARSEN 16                  // output rows per thread
#define TILE_X BLOCK_X              // output columns per block: one per thread
#define TILE_Y (BLOCK_Y * COARSEN)  // output rows per block
// The halo columns, rounded up to whole float4s so that every staged row starts 16-byte aligned.
#define PAD (((FILTER_RADIUS) + 3) / 4 * 4)
#define IN_TILE_X (TILE_X + 2 * PAD)
#define IN_TILE_X4 (IN_TILE_X / 4)
#define IN_TILE_Y (TILE_Y + 2 * FILTER_RADIUS)
#define THREADS (BLOCK_X * BLOCK_Y)
#define LOADS4 ((IN_TILE_Y * IN_TILE_X4 + THREADS - 1) / THREADS)  // float4 loads per thread

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_2D_challenge_kernel(float *N, float *P, int width,
                                                           int height) {
    // The tile as float4s (16-byte aligned by its type); N_s views the same bytes as floats.
    __shared__ float4 N_s4[IN_TILE_Y][IN_TILE_X4];
    float(*N_s)[IN_TILE_X] = reinterpret_cast<float(*)[IN_TILE_X]>(N_s4);

    if (width >= 4096) {
        // The wide images: every tap from global memory, through the read-only cache.
        int col = blockIdx.x * TILE_X + threadIdx.x;
        for (int o = 0; o < COARSEN; o++) {
            int row = blockIdx.y * TILE_Y + threadIdx.y * COARSEN + o;
            if (row >= height || col >= width) continue;
            float sum = 0.0f;
            for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++) {
                for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) {
                    int r = row - FILTER_RADIUS + fRow, c = col - FILTER_RADIUS + fCol;
                    if (r >= 0 && r < height && c >= 0 && c < width) sum += F[fRow][fCol] * __ldg(&N[r * width + c]);
                }
            }
            P[row * width + col] = sum;
        }
        return;
    }

    int t = threadIdx.y * BLOCK_X + threadIdx.x;
    int colStart = blockIdx.x * TILE_X - PAD;  // a multiple of 4
    int rowStart = blockIdx.y * TILE_Y - FILTER_RADIUS;

    if (width % 4 == 0) {
        // Every row of N starts 16-byte aligned, and so does every group of four columns from
        // colStart; a group is wholly inside the image or wholly outside (ghost cells: 0).
        // Consecutive threads take consecutive groups, so a warp reads 512 consecutive bytes.
        float4 staged[LOADS4];
#pragma unroll
        for (int l = 0; l < LOADS4; l++) {
            int i = t + l * THREADS;
            int row = rowStart + i / IN_TILE_X4, col = colStart + 4 * (i % IN_TILE_X4);
            staged[l] = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
            if (i < IN_TILE_Y * IN_TILE_X4 && row >= 0 && row < height && col >= 0 && col < width)
                staged[l] = __ldg(reinterpret_cast<const float4 *>(&N[row * width + col]));
        }
#pragma unroll
        for (int l = 0; l < LOADS4; l++) {
            int i = t + l * THREADS;
            if (i < IN_TILE_Y * IN_TILE_X4) N_s4[i / IN_TILE_X4][i % IN_TILE_X4] = staged[l];
        }
    } else {
        // Rows not 16-byte aligned: one float at a time.
        for (int i = t; i < IN_TILE_Y * IN_TILE_X; i += THREADS) {
            int row = rowStart + i / IN_TILE_X, col = colStart + i % IN_TILE_X;
            bool inside = row >= 0 && row < height && col >= 0 && col < width;
            N_s[i / IN_TILE_X][i % IN_TILE_X] = inside ? N[row * width + col] : 0.0f;
        }
    }
    __syncthreads();  // the whole tile is in N_s before anyone reads a neighbour's pixel

    // This thread's outputs: tile column tx, tile rows ty0 ... ty0 + COARSEN - 1.
    int tx = threadIdx.x;
    int ty0 = threadIdx.y * COARSEN;
    float Pvalue[COARSEN];
#pragma unroll
    for (int o = 0; o < COARSEN; o++) Pvalue[o] = 0.0f;

    // Input row inRow (counted from ty0) meets output row o through filter row inRow - o.
    // Every loop is unrolled completely, so all array indices are constants and the arrays
    // live in registers (an index known only at run time would put them in local memory).
#pragma unroll
    for (int inRow = 0; inRow < COARSEN + 2 * FILTER_RADIUS; inRow++) {
        float taps[2 * FILTER_RADIUS + 1];
#pragma unroll
        for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) {
            taps[fCol] = N_s[ty0 + inRow][tx + fCol + PAD - FILTER_RADIUS];
        }
#pragma unroll
        for (int o = 0; o < COARSEN; o++) {
            int fRow = inRow - o;
            if (fRow >= 0 && fRow <= 2 * FILTER_RADIUS) {  // decided at compile time
#pragma unroll
                for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) {
                    Pvalue[o] += F[fRow][fCol] * taps[fCol];
                }
            }
        }
    }

    // Store the outputs that lie inside the image (the last blocks overhang its edges).
    int col = blockIdx.x * TILE_X + tx;
#pragma unroll
    for (int o = 0; o < COARSEN; o++) {
        int row = blockIdx.y * TILE_Y + ty0 + o;
        if (row < height && col < width) P[row * width + col] = Pvalue[o];
    }
}
