// expect: finding:timeout
// message: ran past its instruction budget
// message: endless-nested-loop.cu:27
// compilers: nvrtc
// why: The outer loop over the filter's rows steps the inner loop's counter (a typo): the inner loop starts over forever, in every test; one report, on the outer loop's line, not the inner one's.
// NVRTC only: clang compiles this loop into other blocks, and its timeout lands on another line of it.
#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
#define TILE_DIM 32

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_cached_tiled_2D_const_mem_kernel(float *N, float *P, int width, int height) {
    int col = blockIdx.x * TILE_DIM + threadIdx.x;
    int row = blockIdx.y * TILE_DIM + threadIdx.y;
    __shared__ float N_s[TILE_DIM][TILE_DIM];
    N_s[threadIdx.y][threadIdx.x] = (row < height && col < width) ? N[row * width + col] : 0.0f;
    __syncthreads();
    if (col < width && row < height) {
        int i = row * width + col;
        // Only the taps inside the image: the ghost cells are 0.
        int fRowFirst = max(0, FILTER_RADIUS - row), fRowLast = min(2 * FILTER_RADIUS, height - 1 - row + FILTER_RADIUS);
        int fColFirst = max(0, FILTER_RADIUS - col), fColLast = min(2 * FILTER_RADIUS, width - 1 - col + FILTER_RADIUS);
        int fRow, fCol;
        P[i] = 0.0f;
        for (fRow = fRowFirst; fRow <= fRowLast; fCol++) {
            for (fCol = fColFirst; fCol <= fColLast; fCol++) {
                int tileRow = (int)threadIdx.y - FILTER_RADIUS + fRow;
                int tileCol = (int)threadIdx.x - FILTER_RADIUS + fCol;
                if (tileRow >= 0 && tileRow < TILE_DIM && tileCol >= 0 && tileCol < TILE_DIM)
                    P[i] += F[fRow][fCol] * N_s[tileRow][tileCol];
                else
                    P[i] += F[fRow][fCol] * N[(row - FILTER_RADIUS + fRow) * width + col - FILTER_RADIUS + fCol];  // halo: the caches
            }
        }
    }
}
