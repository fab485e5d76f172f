// expect: target:shared_bank_conflicts_per_output
// why: I made my blocks 16x16 and padded each tile row to 32 floats so that rows start 128 bytes apart.

// Planted slow kernel, challenge 2D: a 16-wide block over a tile whose rows are 32 words long.
// A warp is two half-warps on two rows of the block, 32 words apart in the tile: lanes l and
// l + 16 read the same bank, and every shared read takes two passes.

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
#define BLOCK_X 16
#define BLOCK_Y 16
#define TILE_X BLOCK_X
#define TILE_Y BLOCK_Y
#define IN_TILE_X (TILE_X + 2 * FILTER_RADIUS)
#define IN_TILE_Y (TILE_Y + 2 * FILTER_RADIUS)
#define ROW_WORDS 32  // each tile row padded to 128 bytes

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_2D_challenge_kernel(float *N, float *P, int width, int height) {
    __shared__ float N_s[IN_TILE_Y][ROW_WORDS];
    int x0 = blockIdx.x * TILE_X - FILTER_RADIUS;
    int y0 = blockIdx.y * TILE_Y - FILTER_RADIUS;
    // The input tile with its halo, the block's threads in turn; ghost cells are 0.
    for (int i = threadIdx.y * BLOCK_X + threadIdx.x; i < IN_TILE_X * IN_TILE_Y; i += BLOCK_X * BLOCK_Y) {
        int r = i / IN_TILE_X, c = i % IN_TILE_X;
        int y = y0 + r, x = x0 + c;
        N_s[r][c] = (y >= 0 && y < height && x >= 0 && x < width) ? N[y * width + x] : 0.0f;
    }
    __syncthreads();
    int col = blockIdx.x * TILE_X + threadIdx.x;
    int row = blockIdx.y * TILE_Y + threadIdx.y;
    if (col < width && row < height) {
        float sum = 0.0f;
        for (int fr = 0; fr < 2 * FILTER_RADIUS + 1; fr++)
            for (int fc = 0; fc < 2 * FILTER_RADIUS + 1; fc++)
                sum += F[fr][fc] * N_s[threadIdx.y + fr][threadIdx.x + fc];
        P[row * width + col] = sum;
    }
}
