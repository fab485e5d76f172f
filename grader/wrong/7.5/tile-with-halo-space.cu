// expect: target:shared_bytes_per_block
// why: Out of 7.4 habit I sized the shared tile with room for the halo, (TILE_DIM + 2r) squared.

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
#define TILE_DIM 32

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_cached_tiled_2D_const_mem_kernel(float *N, float *P,
                                                                        int width, int height) {
    int col = blockIdx.x * TILE_DIM + threadIdx.x;
    int row = blockIdx.y * TILE_DIM + threadIdx.y;

    // Planted mistake: 36x36 floats = 5184 bytes reserved, of which only the 32x32 core is ever
    // used; the halo comes from the caches in this section, so the extra 1088 bytes only cost
    // occupancy.
    __shared__ float N_s[TILE_DIM + 2 * FILTER_RADIUS][TILE_DIM + 2 * FILTER_RADIUS];
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
                    Pvalue += F[fRow][fCol] * N_s[tileRow][tileCol];
                } else {
                    int inRow = row - FILTER_RADIUS + fRow;
                    int inCol = col - FILTER_RADIUS + fCol;
                    if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width) {
                        Pvalue += F[fRow][fCol] * N[inRow * width + inCol];
                    }
                }
            }
        }
        P[row * width + col] = Pvalue;
    }
}
