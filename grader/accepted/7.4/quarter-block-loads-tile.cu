// expect: pass
// why: Only the first 256 threads load the tile, four pixels each in a strided loop (I tried a smaller loading crew), then the inner threads compute from shared memory as in the book.

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
#define IN_TILE_DIM 32
#define OUT_TILE_DIM ((IN_TILE_DIM) - 2 * (FILTER_RADIUS))
#define LOADERS 256

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_tiled_2D_const_mem_kernel(float *N, float *P, int width,
                                                                 int height) {
    __shared__ float N_s[IN_TILE_DIM][IN_TILE_DIM];
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    int rowStart = blockIdx.y * OUT_TILE_DIM - FILTER_RADIUS;
    int colStart = blockIdx.x * OUT_TILE_DIM - FILTER_RADIUS;

    if (t < LOADERS) {
        for (int i = t; i < IN_TILE_DIM * IN_TILE_DIM; i += LOADERS) {
            int r = rowStart + i / IN_TILE_DIM;
            int c = colStart + i % IN_TILE_DIM;
            bool in = r >= 0 && r < height && c >= 0 && c < width;
            N_s[i / IN_TILE_DIM][i % IN_TILE_DIM] = in ? N[r * width + c] : 0.0f;
        }
    }
    __syncthreads();

    int col = colStart + threadIdx.x;
    int row = rowStart + threadIdx.y;
    int tileCol = threadIdx.x - FILTER_RADIUS;
    int tileRow = threadIdx.y - FILTER_RADIUS;
    if (col >= 0 && col < width && row >= 0 && row < height && tileCol >= 0 &&
        tileCol < OUT_TILE_DIM && tileRow >= 0 && tileRow < OUT_TILE_DIM) {
        float Pvalue = 0.0f;
        for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++)
            for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++)
                Pvalue += F[fRow][fCol] * N_s[tileRow + fRow][tileCol + fCol];
        P[row * width + col] = Pvalue;
    }
}
