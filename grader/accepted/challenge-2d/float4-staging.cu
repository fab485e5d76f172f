// expect: pass
// gpu-expect: target:percent_of_copy
// why: I stage the tile with float4 loads, each warp reading 512 consecutive bytes (its rows start on a 16-byte boundary, so I pad the halo to four columns); narrower images, whose rows are not 16-byte aligned, take a plain float loop. Correct in another style, and slower than the reference on an H200 (76% of copy, 0.168 ms against its 0.153 ms in the same run: each thread has one float4 load in flight at a time), so a GPU fails its speed target.

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif

#define BLOCK_X 64
#define BLOCK_Y 4
#define COARSEN 16                  // output rows per thread
#define TILE_X BLOCK_X              // output columns per block: one per thread
#define TILE_Y (BLOCK_Y * COARSEN)  // output rows per block
// The halo columns, rounded up to whole float4s so that every staged row starts 16-byte aligned.
#define PAD (((FILTER_RADIUS) + 3) / 4 * 4)
#define IN_TILE_X (TILE_X + 2 * PAD)
#define IN_TILE_X4 (IN_TILE_X / 4)
#define IN_TILE_Y (TILE_Y + 2 * FILTER_RADIUS)

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_2D_challenge_kernel(float *N, float *P, int width,
                                                           int height) {
    // The tile as float4s (16-byte aligned by its type); N_s views the same bytes as floats.
    __shared__ float4 N_s4[IN_TILE_Y][IN_TILE_X4];
    float (*N_s)[IN_TILE_X] = reinterpret_cast<float (*)[IN_TILE_X]>(N_s4);

    int t = threadIdx.y * BLOCK_X + threadIdx.x;
    int colStart = blockIdx.x * TILE_X - PAD;  // a multiple of 4
    int rowStart = blockIdx.y * TILE_Y - FILTER_RADIUS;

    if (width % 4 == 0) {
        // Every row of N starts 16-byte aligned, and so does every group of four columns from
        // colStart: one float4 per thread per step, consecutive threads on consecutive groups.
        // A group is wholly inside the image or wholly outside (width is a multiple of 4).
        for (int i = t; i < IN_TILE_Y * IN_TILE_X4; i += BLOCK_X * BLOCK_Y) {
            int ty = i / IN_TILE_X4, q = i % IN_TILE_X4;
            int row = rowStart + ty, col = colStart + 4 * q;
            float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
            if (row >= 0 && row < height && col >= 0 && col < width) {
                v = *reinterpret_cast<const float4 *>(&N[row * width + col]);
            }
            N_s4[ty][q] = v;
        }
    } else {
        for (int i = t; i < IN_TILE_Y * IN_TILE_X; i += BLOCK_X * BLOCK_Y) {
            int row = rowStart + i / IN_TILE_X, col = colStart + i % IN_TILE_X;
            bool inside = row >= 0 && row < height && col >= 0 && col < width;
            N_s[i / IN_TILE_X][i % IN_TILE_X] = inside ? N[row * width + col] : 0.0f;
        }
    }
    __syncthreads();

    // COARSEN output rows of one column per thread, each input row's taps read once.
    int tx = threadIdx.x;
    int ty0 = threadIdx.y * COARSEN;
    float Pvalue[COARSEN];
#pragma unroll
    for (int o = 0; o < COARSEN; o++) Pvalue[o] = 0.0f;
#pragma unroll
    for (int inRow = 0; inRow < COARSEN + 2 * FILTER_RADIUS; inRow++) {
        float taps[2 * FILTER_RADIUS + 1];
#pragma unroll
        for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) {
            taps[fCol] = N_s[ty0 + inRow][tx + fCol + PAD - FILTER_RADIUS];
        }
#pragma unroll
        for (int o = 0; o < COARSEN; o++) {
            int fRow = inRow - o;
            if (fRow >= 0 && fRow <= 2 * FILTER_RADIUS) {
#pragma unroll
                for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) {
                    Pvalue[o] += F[fRow][fCol] * taps[fCol];
                }
            }
        }
    }

    int col = blockIdx.x * TILE_X + tx;
#pragma unroll
    for (int o = 0; o < COARSEN; o++) {
        int row = blockIdx.y * TILE_Y + ty0 + o;
        if (row < height && col < width) P[row * width + col] = Pvalue[o];
    }
}
