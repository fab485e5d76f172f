// Reference solution, section 7.4: tiled 2D convolution, halo cells in shared memory
// (PMPP 4th ed., fig. 7.12). Each block is one input tile (IN_TILE_DIM² threads): every thread
// loads one input element (0 for ghost cells), then the inner OUT_TILE_DIM² threads compute.

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
// The grader's 7.4 variants measure other tile sizes (e.g. 8x8); 32 is the course's.
#ifndef IN_TILE_DIM
#define IN_TILE_DIM 32
#endif
#define OUT_TILE_DIM ((IN_TILE_DIM) - 2 * (FILTER_RADIUS))

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_tiled_2D_const_mem_kernel(float *N, float *P, int width,
                                                                 int height) {
    // Input tiles overlap: this block's tile starts FILTER_RADIUS before its output tile.
    int col = blockIdx.x * OUT_TILE_DIM + threadIdx.x - FILTER_RADIUS;
    int row = blockIdx.y * OUT_TILE_DIM + threadIdx.y - FILTER_RADIUS;

    __shared__ float N_s[IN_TILE_DIM][IN_TILE_DIM];
    if (row >= 0 && row < height && col >= 0 && col < width) {
        N_s[threadIdx.y][threadIdx.x] = N[row * width + col];
    } else {
        N_s[threadIdx.y][threadIdx.x] = 0.0f;  // ghost cell
    }
    __syncthreads();  // the whole tile must be in N_s before anyone reads a neighbour

    int tileCol = threadIdx.x - FILTER_RADIUS;
    int tileRow = threadIdx.y - FILTER_RADIUS;
    if (col >= 0 && col < width && row >= 0 && row < height) {
        // Only the inner threads own an output pixel; the halo threads only loaded.
        if (tileCol >= 0 && tileCol < OUT_TILE_DIM && tileRow >= 0 && tileRow < OUT_TILE_DIM) {
            float Pvalue = 0.0f;
            for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++) {
                for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) {
                    Pvalue += F[fRow][fCol] * N_s[tileRow + fRow][tileCol + fCol];
                }
            }
            P[row * width + col] = Pvalue;
        }
    }
}
