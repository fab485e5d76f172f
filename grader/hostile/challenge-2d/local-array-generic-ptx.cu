// expect: target:local_memory_bytes
// why: My loops over the outputs have bounds known only at run time, so the accumulators live in a local array; I read and write it with my own generic-address PTX (ld.f32 / st.f32, no .local), hoping only .local instructions count as local memory.

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif

#define BLOCK_X 64
#define BLOCK_Y 4
#define COARSEN 16                  // output rows per thread
#define TILE_X BLOCK_X              // output columns per block: one per thread
#define TILE_Y (BLOCK_Y * COARSEN)  // output rows per block
#define IN_TILE_X (TILE_X + 2 * FILTER_RADIUS)
#define IN_TILE_Y (TILE_Y + 2 * FILTER_RADIUS)

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

// A float at a generic address (here: this thread's local array), without naming the space.
__device__ __forceinline__ float load_generic(const float *p) {
    float v;
    asm volatile("ld.f32 %0, [%1];" : "=f"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void store_generic(float *p, float v) {
    asm volatile("st.f32 [%0], %1;" : : "l"(p), "f"(v) : "memory");
}

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

    // 2. This thread's outputs, in a per-thread array indexed at run time (so: local memory).
    int tx = threadIdx.x;
    int ty0 = threadIdx.y * COARSEN;
    float Pvalue[COARSEN];
#pragma unroll 1
    for (int o = 0; o < COARSEN; o++) store_generic(&Pvalue[o], 0.0f);

#pragma unroll 1
    for (int inRow = 0; inRow < COARSEN + 2 * FILTER_RADIUS; inRow++) {
        float taps[2 * FILTER_RADIUS + 1];
#pragma unroll
        for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) taps[fCol] = N_s[ty0 + inRow][tx + fCol];
        // The outputs this input row reaches: o = inRow - 2r ... inRow, within [0, COARSEN).
        int oFirst = max(inRow - 2 * FILTER_RADIUS, 0), oLast = min(inRow, COARSEN - 1);
#pragma unroll 1
        for (int o = oFirst; o <= oLast; o++) {
            int fRow = inRow - o;
            float acc = load_generic(&Pvalue[o]);
#pragma unroll
            for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) acc += F[fRow][fCol] * taps[fCol];
            store_generic(&Pvalue[o], acc);
        }
    }

    // 3. Store the outputs that lie inside the image (the last blocks overhang its edges).
    int col = blockIdx.x * TILE_X + tx;
#pragma unroll 1
    for (int o = 0; o < COARSEN; o++) {
        int row = blockIdx.y * TILE_Y + ty0 + o;
        if (row < height && col < width) P[row * width + col] = load_generic(&Pvalue[o]);
    }
}
