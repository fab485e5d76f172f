// Reference solution, section 7.5: tiled 2D convolution using the caches for halo cells
// (PMPP 4th ed., fig. 7.15). Input and output tiles are the same size: each thread loads its
// own pixel into shared memory; taps that fall outside the tile (halo cells) are read straight
// from global memory, where the L1/L2 caches will usually have them from the neighbour block.

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
                if (tileRow >= 0 && tileRow < TILE_DIM && tileCol >= 0 && tileCol < TILE_DIM) {
                    // Inside this block's tile. (Past the image's right/bottom edge N_s holds
                    // the 0 written above, which is the ghost value.)
                    Pvalue += F[fRow][fCol] * N_s[tileRow][tileCol];
                } else {
                    int inRow = row - FILTER_RADIUS + fRow;
                    int inCol = col - FILTER_RADIUS + fCol;
                    if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width) {
                        Pvalue += F[fRow][fCol] * N[inRow * width + inCol];  // halo: caches
                    }
                }
            }
        }
        P[row * width + col] = Pvalue;
    }
}
