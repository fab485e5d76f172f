// expect: finding:timeout
// message: ran past its instruction budget
// message: endless-loop-in-helper.cu:21
// why: A helper's loop skips a ghost cell with `continue` before its step: the threads at the image's edges loop there forever, in every test; one report, on the helper's loop, called from the kernel's line.
#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
#define TILE_DIM 32
#define FILTER_DIM (2 * FILTER_RADIUS + 1)

__constant__ float F[FILTER_DIM][FILTER_DIM];

// One row of the filter's taps at P[row][col]: from the tile when the tap is in it, else from
// global memory (the caches have the halo).
static __device__ float row_taps(const float *N, const float (*N_s)[TILE_DIM], int width, int height, int row,
                                 int col, int fRow) {
    float sum = 0.0f;
    int tileRow = (int)threadIdx.y - FILTER_RADIUS + fRow, inRow = row - FILTER_RADIUS + fRow;
    if (inRow < 0 || inRow >= height) return 0.0f;
    int fCol = 0;
    while (fCol < FILTER_DIM) {
        int tileCol = (int)threadIdx.x - FILTER_RADIUS + fCol, inCol = col - FILTER_RADIUS + fCol;
        if (inCol < 0 || inCol >= width) continue;  // a ghost cell: adds nothing
        if (tileRow >= 0 && tileRow < TILE_DIM && tileCol >= 0 && tileCol < TILE_DIM)
            sum += F[fRow][fCol] * N_s[tileRow][tileCol];
        else
            sum += F[fRow][fCol] * N[inRow * width + inCol];
        fCol++;
    }
    return sum;
}

extern "C" __global__ void convolution_cached_tiled_2D_const_mem_kernel(float *N, float *P, int width, int height) {
    int col = blockIdx.x * TILE_DIM + threadIdx.x;
    int row = blockIdx.y * TILE_DIM + threadIdx.y;
    __shared__ float N_s[TILE_DIM][TILE_DIM];
    N_s[threadIdx.y][threadIdx.x] = (row < height && col < width) ? N[row * width + col] : 0.0f;
    __syncthreads();
    if (col < width && row < height) {
        float Pvalue = 0.0f;
        for (int fRow = 0; fRow < FILTER_DIM; fRow++) Pvalue += row_taps(N, N_s, width, height, row, col, fRow);
        P[row * width + col] = Pvalue;
    }
}
