// expect: finding:timeout
// message: ran past its instruction budget
// message: endless-volatile-flag.cu:23
// why: The block waits on a volatile flag that the tile's last thread should raise, but the test for the last thread is off by one: the wait never ends, in every test; one report, on its line.
#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
#define TILE_DIM 32

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_cached_tiled_2D_const_mem_kernel(float *N, float *P, int width, int height) {
    int col = blockIdx.x * TILE_DIM + threadIdx.x;
    int row = blockIdx.y * TILE_DIM + threadIdx.y;
    __shared__ float N_s[TILE_DIM][TILE_DIM];
    __shared__ volatile int tile_loaded;  // raised by the tile's last thread
    if (threadIdx.x == 0 && threadIdx.y == 0) tile_loaded = 0;
    __syncthreads();
    N_s[threadIdx.y][threadIdx.x] = (row < height && col < width) ? N[row * width + col] : 0.0f;
    __syncthreads();
    if (threadIdx.x == TILE_DIM && threadIdx.y == TILE_DIM - 1) tile_loaded = 1;
    // The tile is loaded: wait for the flag, then read it.
    while (!tile_loaded) {
    }
    if (col < width && row < height) {
        float Pvalue = 0.0f;
        for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++) {
            for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) {
                int tileRow = (int)threadIdx.y - FILTER_RADIUS + fRow;
                int tileCol = (int)threadIdx.x - FILTER_RADIUS + fCol;
                int inRow = row - FILTER_RADIUS + fRow, inCol = col - FILTER_RADIUS + fCol;
                if (tileRow >= 0 && tileRow < TILE_DIM && tileCol >= 0 && tileCol < TILE_DIM)
                    Pvalue += F[fRow][fCol] * N_s[tileRow][tileCol];
                else if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width)
                    Pvalue += F[fRow][fCol] * N[inRow * width + inCol];
            }
        }
        P[row * width + col] = Pvalue;
    }
}
