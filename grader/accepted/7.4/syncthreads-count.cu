// expect: pass
// why: __syncthreads_count as the tile's barrier, its count used to skip a tile with no pixel of the image (blocks past the edge when the grid is rounded up)

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
#ifndef IN_TILE_DIM
#define IN_TILE_DIM 32
#endif
#define OUT_TILE_DIM ((IN_TILE_DIM) - 2 * (FILTER_RADIUS))

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_tiled_2D_const_mem_kernel(float *N, float *P, int width,
                                                                 int height) {
    int col = blockIdx.x * OUT_TILE_DIM + threadIdx.x - FILTER_RADIUS;
    int row = blockIdx.y * OUT_TILE_DIM + threadIdx.y - FILTER_RADIUS;
    bool inside = row >= 0 && row < height && col >= 0 && col < width;

    __shared__ float tile[IN_TILE_DIM][IN_TILE_DIM];
    tile[threadIdx.y][threadIdx.x] = inside ? N[row * width + col] : 0.0f;
    // The barrier also counts the threads whose pixel is in the image.
    int in_image = __syncthreads_count(inside);
    if (in_image == 0) return;

    int tx = threadIdx.x - FILTER_RADIUS, ty = threadIdx.y - FILTER_RADIUS;
    if (inside && tx >= 0 && tx < OUT_TILE_DIM && ty >= 0 && ty < OUT_TILE_DIM) {
        float sum = 0.0f;
        for (int fy = 0; fy <= 2 * FILTER_RADIUS; fy++)
            for (int fx = 0; fx <= 2 * FILTER_RADIUS; fx++)
                sum += F[fy][fx] * tile[ty + fy][tx + fx];
        P[row * width + col] = sum;
    }
}
