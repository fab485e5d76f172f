// expect: pass
// why: tx/ty/bx/by names, a one-dimensional shared tile indexed by hand, #pragma unroll on both filter loops and const __restrict__ pointers

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
#ifndef IN_TILE_DIM
#define IN_TILE_DIM 32
#endif
#define OUT_TILE_DIM ((IN_TILE_DIM) - 2 * (FILTER_RADIUS))
#define FW (2 * FILTER_RADIUS + 1)

__constant__ float F[FW][FW];

extern "C" __global__ void convolution_tiled_2D_const_mem_kernel(const float *__restrict__ N,
                                                                 float *__restrict__ P,
                                                                 int width, int height) {
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int bx = blockIdx.x, by = blockIdx.y;
    const int x = bx * OUT_TILE_DIM + tx - FILTER_RADIUS;
    const int y = by * OUT_TILE_DIM + ty - FILTER_RADIUS;
    const bool inImage = x >= 0 && x < width && y >= 0 && y < height;

    __shared__ float tile[IN_TILE_DIM * IN_TILE_DIM];
    tile[ty * IN_TILE_DIM + tx] = inImage ? N[y * width + x] : 0.0f;
    __syncthreads();

    const bool inner = tx >= FILTER_RADIUS && tx < IN_TILE_DIM - FILTER_RADIUS &&
                       ty >= FILTER_RADIUS && ty < IN_TILE_DIM - FILTER_RADIUS;
    if (inImage && inner) {
        // top-left corner of this pixel's window in the tile
        const int base = (ty - FILTER_RADIUS) * IN_TILE_DIM + (tx - FILTER_RADIUS);
        float acc = 0.0f;
#pragma unroll
        for (int fy = 0; fy < FW; ++fy) {
#pragma unroll
            for (int fx = 0; fx < FW; ++fx) {
                acc += F[fy][fx] * tile[base + fy * IN_TILE_DIM + fx];
            }
        }
        P[y * width + x] = acc;
    }
}
