// expect: target:percent_of_copy
// why: I pasted my 7.4 tiled kernel into the challenge: every count is fine, but its blocks spend their time on the halo and on 25 shared reads per output.

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
#define IN_TILE_DIM 32
#define OUT_TILE_DIM (IN_TILE_DIM - 2 * FILTER_RADIUS)
#define BLOCK_X IN_TILE_DIM
#define BLOCK_Y IN_TILE_DIM
#define TILE_X OUT_TILE_DIM
#define TILE_Y OUT_TILE_DIM

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_2D_challenge_kernel(float *N, float *P, int width, int height) {
    int col = blockIdx.x * OUT_TILE_DIM + threadIdx.x - FILTER_RADIUS;
    int row = blockIdx.y * OUT_TILE_DIM + threadIdx.y - FILTER_RADIUS;
    __shared__ float N_s[IN_TILE_DIM][IN_TILE_DIM];
    if (row >= 0 && row < height && col >= 0 && col < width) {
        N_s[threadIdx.y][threadIdx.x] = N[row * width + col];
    } else {
        N_s[threadIdx.y][threadIdx.x] = 0.0f;
    }
    __syncthreads();
    int tileCol = threadIdx.x - FILTER_RADIUS;
    int tileRow = threadIdx.y - FILTER_RADIUS;
    if (col >= 0 && col < width && row >= 0 && row < height) {
        if (tileCol >= 0 && tileCol < OUT_TILE_DIM && tileRow >= 0 && tileRow < OUT_TILE_DIM) {
            float Pvalue = 0.0f;
            for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++)
                for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++)
                    Pvalue += F[fRow][fCol] * N_s[tileRow + fRow][tileCol + fCol];
            P[row * width + col] = Pvalue;
        }
    }
}
