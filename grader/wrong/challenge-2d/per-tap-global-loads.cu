// expect: target:global_load_bytes_per_output
// why: The L1 caches my loads anyway, so I read every tap straight from global memory, one thread per output.

// Planted slow kernel, challenge 2D: no shared memory and no coarsening. One thread per output,
// each reading its (2r+1)^2 taps from global memory (like the textbook 7.3 kernel): correct,
// but every input pixel is requested (2r+1)^2 times.

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif

#define BLOCK_X 32
#define BLOCK_Y 8
#define TILE_X 32
#define TILE_Y 8

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_2D_challenge_kernel(float *N, float *P, int width,
                                                           int height) {
    int col = blockIdx.x * TILE_X + threadIdx.x;
    int row = blockIdx.y * TILE_Y + threadIdx.y;
    if (col >= width || row >= height) return;
    float Pvalue = 0.0f;
    for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++) {
        for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) {
            int inRow = row - FILTER_RADIUS + fRow;
            int inCol = col - FILTER_RADIUS + fCol;
            if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width) {
                Pvalue += F[fRow][fCol] * N[inRow * width + inCol];
            }
        }
    }
    P[row * width + col] = Pvalue;
}
