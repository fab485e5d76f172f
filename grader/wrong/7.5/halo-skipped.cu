// expect: tests
// why: Taps outside my block's tile are like ghost cells, so I skip them.

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
#define TILE_DIM 32

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_cached_tiled_2D_const_mem_kernel(float *N, float *P,
                                                                        int width, int height) {
    int col = blockIdx.x * TILE_DIM + threadIdx.x;
    int row = blockIdx.y * TILE_DIM + threadIdx.y;

    __shared__ float N_s[TILE_DIM][TILE_DIM];
    if (row < height && col < width) {
        N_s[threadIdx.y][threadIdx.x] = N[row * width + col];
    } else {
        N_s[threadIdx.y][threadIdx.x] = 0.0f;
    }
    __syncthreads();

    if (col < width && row < height) {
        float Pvalue = 0.0f;
        for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++) {
            for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) {
                int tileRow = (int)threadIdx.y - FILTER_RADIUS + fRow;
                int tileCol = (int)threadIdx.x - FILTER_RADIUS + fCol;
                // Planted mistake: no else branch. Halo taps belong to the neighbouring tiles
                // and must come from global memory (the caches); they are only 0 outside the
                // image. Wrong wherever a block has a neighbour.
                if (tileRow >= 0 && tileRow < TILE_DIM && tileCol >= 0 && tileCol < TILE_DIM) {
                    Pvalue += F[fRow][fCol] * N_s[tileRow][tileCol];
                }
            }
        }
        P[row * width + col] = Pvalue;
    }
}
