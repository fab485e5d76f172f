// expect: target:op_per_byte
// expect: target:global_loads_per_element
// why: Every tap read through a `volatile float *`: maybe the grader only counts plain loads as global traffic.

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
#define IN_TILE_DIM 32
#define OUT_TILE_DIM ((IN_TILE_DIM) - 2 * (FILTER_RADIUS))

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_tiled_2D_const_mem_kernel(float *N, float *P, int width,
                                                                 int height) {
    int col = blockIdx.x * OUT_TILE_DIM + threadIdx.x - FILTER_RADIUS;
    int row = blockIdx.y * OUT_TILE_DIM + threadIdx.y - FILTER_RADIUS;
    int tileCol = threadIdx.x - FILTER_RADIUS;
    int tileRow = threadIdx.y - FILTER_RADIUS;

    // Declared for the shared-memory target: each thread writes a 0 and reads it back.
    __shared__ float scratch[IN_TILE_DIM][IN_TILE_DIM];
    scratch[threadIdx.y][threadIdx.x] = 0.0f;
    __syncthreads();
    float zero = scratch[threadIdx.y][threadIdx.x];

    if (row < 0 || row >= height || col < 0 || col >= width) return;
    if (tileCol < 0 || tileCol >= OUT_TILE_DIM || tileRow < 0 || tileRow >= OUT_TILE_DIM) return;
    volatile float *Nv = N;

    // No tiling: each of the 25 taps is read from global memory, through a volatile pointer.
    float Pvalue = zero;
    for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++) {
        for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) {
            int inRow = row - FILTER_RADIUS + fRow;
            int inCol = col - FILTER_RADIUS + fCol;
            if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width) {
                int i = inRow * width + inCol;
                Pvalue += F[fRow][fCol] * Nv[i];
            }
        }
    }
    P[row * width + col] = Pvalue;
}
