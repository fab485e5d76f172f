// expect: pass
// why: saved by Visual Studio as UTF-8 with a byte-order mark (non-ASCII signs in the comments); a plain __device__ helper returns the pixel or 0 for a ghost cell

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
#ifndef IN_TILE_DIM
#define IN_TILE_DIM 32
#endif
#define OUT_TILE_DIM ((IN_TILE_DIM) - 2 * (FILTER_RADIUS))

// 5×5 filter, 32×32 input tile → 28×28 outputs per block
__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

__device__ float pixelOrZero(const float *img, int row, int col, int width, int height) {
    if (row < 0 || row >= height || col < 0 || col >= width) return 0.0f;  // ghost cell
    return img[row * width + col];
}

extern "C" __global__ void convolution_tiled_2D_const_mem_kernel(float *N, float *P, int width,
                                                                 int height) {
    __shared__ float N_s[IN_TILE_DIM][IN_TILE_DIM];

    int outRow0 = blockIdx.y * OUT_TILE_DIM;  // first output row/column of this block
    int outCol0 = blockIdx.x * OUT_TILE_DIM;
    int row = outRow0 + threadIdx.y - FILTER_RADIUS;
    int col = outCol0 + threadIdx.x - FILTER_RADIUS;

    N_s[threadIdx.y][threadIdx.x] = pixelOrZero(N, row, col, width, height);
    __syncthreads();

    // inner threads only → row, col >= 0 already
    if (threadIdx.y >= FILTER_RADIUS && threadIdx.y < FILTER_RADIUS + OUT_TILE_DIM &&
        threadIdx.x >= FILTER_RADIUS && threadIdx.x < FILTER_RADIUS + OUT_TILE_DIM &&
        row < height && col < width) {
        float sum = 0.0f;
        for (int fy = 0; fy <= 2 * FILTER_RADIUS; fy++) {
            for (int fx = 0; fx <= 2 * FILTER_RADIUS; fx++) {
                sum += F[fy][fx] * N_s[threadIdx.y - FILTER_RADIUS + fy][threadIdx.x - FILTER_RADIUS + fx];
            }
        }
        P[row * width + col] = sum;
    }
}
