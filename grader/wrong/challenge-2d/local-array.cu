// expect: target:local_memory_bytes
// why: My thread only computes the rows inside the image, so its loops over the outputs stop at a run-time bound.

// Planted slow kernel, challenge 2D: the reference, but each thread computes only its rows that
// lie inside the image, so its loops have run-time bounds: the accumulators Pvalue[o] are indexed
// dynamically and the compiler must put the array in (slow, off-chip backed) local memory.

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif

#define BLOCK_X 32
#define BLOCK_Y 8
#define COARSEN 8                   // output rows per thread
#define TILE_X BLOCK_X              // output columns per block: one per thread
#define TILE_Y (BLOCK_Y * COARSEN)  // output rows per block
#define IN_TILE_X (TILE_X + 2 * FILTER_RADIUS)
#define IN_TILE_Y (TILE_Y + 2 * FILTER_RADIUS)

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_2D_challenge_kernel(float *N, float *P, int width,
                                                           int height) {
    __shared__ float N_s[IN_TILE_Y][IN_TILE_X];

    // 1. The whole block loads the input tile, row by row: consecutive threads read consecutive
    //    columns, so the loads coalesce. Pixels outside the image are ghost cells: 0.
    int colStart = blockIdx.x * TILE_X - FILTER_RADIUS;
    int rowStart = blockIdx.y * TILE_Y - FILTER_RADIUS;
    for (int i = threadIdx.y * BLOCK_X + threadIdx.x; i < IN_TILE_Y * IN_TILE_X;
         i += BLOCK_X * BLOCK_Y) {
        int row = rowStart + i / IN_TILE_X;
        int col = colStart + i % IN_TILE_X;
        bool inside = row >= 0 && row < height && col >= 0 && col < width;
        N_s[i / IN_TILE_X][i % IN_TILE_X] = inside ? N[row * width + col] : 0.0f;
    }
    __syncthreads();  // the whole tile is in N_s before anyone reads a neighbour's pixel

    // 2. This thread's outputs: tile column tx, tile rows ty0 ... ty0 + COARSEN - 1.
    int tx = threadIdx.x;
    int ty0 = threadIdx.y * COARSEN;
    // Only the rows inside the image are computed: nRows is known only at run time, so the
    // loops below cannot be unrolled into constant indices and Pvalue[] goes to local memory.
    int rowBase = blockIdx.y * TILE_Y + ty0;
    int nRows = min(COARSEN, height - rowBase);
    float Pvalue[COARSEN];
    for (int o = 0; o < nRows; o++) Pvalue[o] = 0.0f;

    // Input row inRow meets output rows max(0, inRow - 2r) ... min(nRows - 1, inRow).
    for (int inRow = 0; inRow < nRows + 2 * FILTER_RADIUS; inRow++) {
        float taps[2 * FILTER_RADIUS + 1];
#pragma unroll
        for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) {
            taps[fCol] = N_s[ty0 + inRow][tx + fCol];
        }
        int oFirst = max(0, inRow - 2 * FILTER_RADIUS);
        int oLast = min(nRows - 1, inRow);
        for (int o = oFirst; o <= oLast; o++) {
            int fRow = inRow - o;
#pragma unroll
            for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) {
                Pvalue[o] += F[fRow][fCol] * taps[fCol];
            }
        }
    }

    // 3. Store this thread's rows (those inside the image).
    int col = blockIdx.x * TILE_X + tx;
    for (int o = 0; o < nRows; o++) {
        if (col < width) P[(rowBase + o) * width + col] = Pvalue[o];
    }
}
