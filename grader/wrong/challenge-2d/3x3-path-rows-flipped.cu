// expect: tests
// why: r = 1 is the common case, so I wrote a hand-unrolled 3x3 path; I listed its rows bottom up.

// The reference solution, challenge 2D, with a special path for FILTER_RADIUS == 1 whose filter
// rows are flipped (see the planted mistake below); every other radius takes the reference's path.

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif

#define BLOCK_X 64
#define BLOCK_Y 4
#define COARSEN 16                  // output rows per thread
#define TILE_X BLOCK_X              // output columns per block: one per thread
#define TILE_Y (BLOCK_Y * COARSEN)  // output rows per block
#define IN_TILE_X (TILE_X + 2 * FILTER_RADIUS)
#define IN_TILE_Y (TILE_Y + 2 * FILTER_RADIUS)

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_2D_challenge_kernel(float *N, float *P, int width,
                                                           int height) {
    __shared__ float N_s[IN_TILE_Y][IN_TILE_X];

    // 1. The whole block loads the input tile, row by row: consecutive threads read consecutive
    //    columns, so the loads coalesce. Pixels outside the image are ghost cells: 0.
    int colStart = blockIdx.x * TILE_X - FILTER_RADIUS;
    int rowStart = blockIdx.y * TILE_Y - FILTER_RADIUS;
    for (int i = threadIdx.y * BLOCK_X + threadIdx.x; i < IN_TILE_Y * IN_TILE_X;
         i += BLOCK_X * BLOCK_Y) {
        int row = rowStart + i / IN_TILE_X;
        int col = colStart + i % IN_TILE_X;
        bool inside = row >= 0 && row < height && col >= 0 && col < width;
        N_s[i / IN_TILE_X][i % IN_TILE_X] = inside ? N[row * width + col] : 0.0f;
    }
    __syncthreads();  // the whole tile is in N_s before anyone reads a neighbour's pixel

    // 2. This thread's outputs: tile column tx, tile rows ty0 ... ty0 + COARSEN - 1.
    int tx = threadIdx.x;
    int ty0 = threadIdx.y * COARSEN;
    float Pvalue[COARSEN];
#pragma unroll
    for (int o = 0; o < COARSEN; o++) Pvalue[o] = 0.0f;

#if FILTER_RADIUS == 1
    // A 3x3 filter: its nine weights in registers, and each output a straight sum of its window.
    // Planted mistake: the weights' rows are flipped, w0* holds F[2][*] for the window's top row
    // (tile row ty0 + o, i.e. output row - 1), which F[0][*] weights. The visible cases are
    // r = 2, so they pass; the hidden full images with r = 1 fail, and the report names it.
    float w00 = F[2][0], w01 = F[2][1], w02 = F[2][2];
    float w10 = F[1][0], w11 = F[1][1], w12 = F[1][2];
    float w20 = F[0][0], w21 = F[0][1], w22 = F[0][2];
#pragma unroll
    for (int o = 0; o < COARSEN; o++) {
        int y = ty0 + o;
        Pvalue[o] = w00 * N_s[y][tx] + w01 * N_s[y][tx + 1] + w02 * N_s[y][tx + 2]
                  + w10 * N_s[y + 1][tx] + w11 * N_s[y + 1][tx + 1] + w12 * N_s[y + 1][tx + 2]
                  + w20 * N_s[y + 2][tx] + w21 * N_s[y + 2][tx + 1] + w22 * N_s[y + 2][tx + 2];
    }
#else
    // Input row inRow (counted from ty0) meets output row o through filter row inRow - o.
    // Every loop is unrolled completely, so all array indices are constants and the arrays
    // live in registers (an index known only at run time would put them in local memory).
#pragma unroll
    for (int inRow = 0; inRow < COARSEN + 2 * FILTER_RADIUS; inRow++) {
        float taps[2 * FILTER_RADIUS + 1];
#pragma unroll
        for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) {
            taps[fCol] = N_s[ty0 + inRow][tx + fCol];
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
#endif

    // 3. Store the outputs that lie inside the image (the last blocks overhang its edges).
    int col = blockIdx.x * TILE_X + tx;
#pragma unroll
    for (int o = 0; o < COARSEN; o++) {
        int row = blockIdx.y * TILE_Y + ty0 + o;
        if (row < height && col < width) P[row * width + col] = Pvalue[o];
    }
}
