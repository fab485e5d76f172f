// expect: finding:timeout
// message: ran past its instruction budget
// message: endless-while-on-shared.cu:26
// compilers: nvrtc
// why: The block walks the taps with a counter in shared memory, but each thread steps its own copy: the `while` on the shared counter never ends, in every test; one report, on the `while`'s line, not the `__syncthreads()` left in its body.
// NVRTC only: clang hoists the filter read F[fRow][fCol] out of the taps' branches, so once t passes the last tap it reads past F, and the report says out_of_bounds: right, but another reason.
#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
#define TILE_DIM 32
#define FILTER_DIM (2 * FILTER_RADIUS + 1)

__constant__ float F[FILTER_DIM][FILTER_DIM];

extern "C" __global__ void convolution_cached_tiled_2D_const_mem_kernel(float *N, float *P, int width, int height) {
    int col = blockIdx.x * TILE_DIM + threadIdx.x;
    int row = blockIdx.y * TILE_DIM + threadIdx.y;
    __shared__ float N_s[TILE_DIM][TILE_DIM];
    __shared__ int next_tap;  // the tap the whole block adds next
    N_s[threadIdx.y][threadIdx.x] = (row < height && col < width) ? N[row * width + col] : 0.0f;
    if (threadIdx.x == 0 && threadIdx.y == 0) next_tap = 0;
    __syncthreads();
    float Pvalue = 0.0f;
    int t = next_tap;
    // Every thread adds tap t, then the block moves on to the next one together.
    while (next_tap < FILTER_DIM * FILTER_DIM) {
        int fRow = t / FILTER_DIM, fCol = t % FILTER_DIM;
        int tileRow = (int)threadIdx.y - FILTER_RADIUS + fRow, tileCol = (int)threadIdx.x - FILTER_RADIUS + fCol;
        int inRow = row - FILTER_RADIUS + fRow, inCol = col - FILTER_RADIUS + fCol;
        if (tileRow >= 0 && tileRow < TILE_DIM && tileCol >= 0 && tileCol < TILE_DIM)
            Pvalue += F[fRow][fCol] * N_s[tileRow][tileCol];
        else if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width)
            Pvalue += F[fRow][fCol] * N[inRow * width + inCol];
        t++;
        __syncthreads();
    }
    if (col < width && row < height) P[row * width + col] = Pvalue;
}
