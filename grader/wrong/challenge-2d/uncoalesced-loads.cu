// expect: target:global_load_uncoalesced_sectors_per_output
// why: I gave threadIdx.x the rows and threadIdx.y the columns, as in matrix notation.

// Planted slow kernel, challenge 2D: the reference with x and y swapped in the thread mapping.
// threadIdx.x walks ROWS, so the 32 lanes of a warp touch addresses `width` floats apart: every
// global load and store of a warp needs 32 separate sectors. (The shared tile is stored by column
// so that shared memory stays free of bank conflicts: only the global accesses are slowed.)

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif

#define BLOCK_X 32                  // lanes: one output ROW each
#define BLOCK_Y 8
#define COARSEN 8                   // output columns per thread
#define TILE_X (BLOCK_Y * COARSEN)  // output columns per block
#define TILE_Y BLOCK_X              // output rows per block
#define IN_TILE_X (TILE_X + 2 * FILTER_RADIUS)
#define IN_TILE_Y (TILE_Y + 2 * FILTER_RADIUS)

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_2D_challenge_kernel(float *N, float *P, int width,
                                                           int height) {
    __shared__ float N_s[IN_TILE_X][IN_TILE_Y];  // [column][row]

    // Load the input tile column by column: consecutive threads read consecutive ROWS.
    int colStart = blockIdx.x * TILE_X - FILTER_RADIUS;
    int rowStart = blockIdx.y * TILE_Y - FILTER_RADIUS;
    for (int i = threadIdx.y * BLOCK_X + threadIdx.x; i < IN_TILE_Y * IN_TILE_X;
         i += BLOCK_X * BLOCK_Y) {
        int row = rowStart + i % IN_TILE_Y;
        int col = colStart + i / IN_TILE_Y;
        bool inside = row >= 0 && row < height && col >= 0 && col < width;
        N_s[i / IN_TILE_Y][i % IN_TILE_Y] = inside ? N[row * width + col] : 0.0f;
    }
    __syncthreads();

    // This thread's outputs: tile row ty, tile columns tx0 ... tx0 + COARSEN - 1.
    int ty = threadIdx.x;
    int tx0 = threadIdx.y * COARSEN;
    float Pvalue[COARSEN];
#pragma unroll
    for (int o = 0; o < COARSEN; o++) Pvalue[o] = 0.0f;

    // Input column inCol meets output column o through filter column inCol - o.
#pragma unroll
    for (int inCol = 0; inCol < COARSEN + 2 * FILTER_RADIUS; inCol++) {
        float taps[2 * FILTER_RADIUS + 1];
#pragma unroll
        for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++) {
            taps[fRow] = N_s[tx0 + inCol][ty + fRow];
        }
#pragma unroll
        for (int o = 0; o < COARSEN; o++) {
            int fCol = inCol - o;
            if (fCol >= 0 && fCol <= 2 * FILTER_RADIUS) {
#pragma unroll
                for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++) {
                    Pvalue[o] += F[fRow][fCol] * taps[fRow];
                }
            }
        }
    }

    int row = blockIdx.y * TILE_Y + ty;
#pragma unroll
    for (int o = 0; o < COARSEN; o++) {
        int col = blockIdx.x * TILE_X + tx0 + o;
        if (row < height && col < width) P[row * width + col] = Pvalue[o];
    }
}
