// expect: pass
// why: The block loads its input tile with a flat, strided loop (the way I would for any block shape), and thread (tx, ty) computes the output at (tx, ty) of the output tile, so the halo threads just idle after loading.

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
#define IN_TILE_DIM 32
#define OUT_TILE_DIM ((IN_TILE_DIM) - 2 * (FILTER_RADIUS))

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_tiled_2D_const_mem_kernel(float *N, float *P, int width,
                                                                 int height) {
    __shared__ float tile[IN_TILE_DIM][IN_TILE_DIM];

    // Top-left corner of this block's input tile (it starts FILTER_RADIUS before the outputs).
    int tileX0 = blockIdx.x * OUT_TILE_DIM - FILTER_RADIUS;
    int tileY0 = blockIdx.y * OUT_TILE_DIM - FILTER_RADIUS;

    int threads = blockDim.x * blockDim.y;
    for (int idx = threadIdx.y * blockDim.x + threadIdx.x; idx < IN_TILE_DIM * IN_TILE_DIM; idx += threads) {
        int ty = idx / IN_TILE_DIM, tx = idx % IN_TILE_DIM;
        int y = tileY0 + ty, x = tileX0 + tx;
        tile[ty][tx] = (y >= 0 && y < height && x >= 0 && x < width) ? N[y * width + x] : 0.0f;
    }
    __syncthreads();

    // Output-centred indexing: thread (tx, ty) owns output (tx, ty) of the OUT_TILE_DIM^2 tile.
    int outX = blockIdx.x * OUT_TILE_DIM + threadIdx.x;
    int outY = blockIdx.y * OUT_TILE_DIM + threadIdx.y;
    if (threadIdx.x < OUT_TILE_DIM && threadIdx.y < OUT_TILE_DIM && outX < width && outY < height) {
        float sum = 0.0f;
        for (int dy = 0; dy < 2 * FILTER_RADIUS + 1; dy++) {
            for (int dx = 0; dx < 2 * FILTER_RADIUS + 1; dx++) {
                sum += F[dy][dx] * tile[threadIdx.y + dy][threadIdx.x + dx];
            }
        }
        P[outY * width + outX] = sum;
    }
}
