// expect: finding:timeout
// message: ran past its instruction budget
// message: endless-loop-around-helper.cu:39
// compilers: nvrtc
// why: The loop over the taps steps with a helper that wraps around to the first tap instead of ending: the loop around the helpers' calls never ends, in every test; one report, on the loop's line.
// NVRTC only: clang compiles this loop into other blocks, and its timeout lands on another line of it.
#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
#define TILE_DIM 32
#define FILTER_DIM (2 * FILTER_RADIUS + 1)

__constant__ float F[FILTER_DIM][FILTER_DIM];

// The tap after `t`, row by row.
static __device__ int next_tap(int t) { return (t + 1) % (FILTER_DIM * FILTER_DIM); }

// Adds tap `t` to P[row][col]: from the tile when it is in it, else from global memory (the
// caches have the halo).
static __device__ void add_tap(const float *N, const float (*N_s)[TILE_DIM], float *P, int width, int height,
                               int row, int col, int t) {
    int fRow = t / FILTER_DIM, fCol = t % FILTER_DIM;
    int tileRow = (int)threadIdx.y - FILTER_RADIUS + fRow, tileCol = (int)threadIdx.x - FILTER_RADIUS + fCol;
    int inRow = row - FILTER_RADIUS + fRow, inCol = col - FILTER_RADIUS + fCol;
    if (tileRow >= 0 && tileRow < TILE_DIM && tileCol >= 0 && tileCol < TILE_DIM)
        P[row * width + col] += F[fRow][fCol] * N_s[tileRow][tileCol];
    else if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width)
        P[row * width + col] += F[fRow][fCol] * N[inRow * width + inCol];
}

extern "C" __global__ void convolution_cached_tiled_2D_const_mem_kernel(float *N, float *P, int width, int height) {
    int col = blockIdx.x * TILE_DIM + threadIdx.x;
    int row = blockIdx.y * TILE_DIM + threadIdx.y;
    __shared__ float N_s[TILE_DIM][TILE_DIM];
    N_s[threadIdx.y][threadIdx.x] = (row < height && col < width) ? N[row * width + col] : 0.0f;
    __syncthreads();
    if (col < width && row < height) {
        P[row * width + col] = 0.0f;
        for (int t = 0; t < FILTER_DIM * FILTER_DIM; t = next_tap(t)) add_tap(N, N_s, P, width, height, row, col, t);
    }
}
