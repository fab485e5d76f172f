// expect: pass
// why: printf debugging left in: thread 0 of block 0 prints the launch, and the corner pixel prints its result with %d %f %e %s %x

#include <cstdio>

extern "C" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r,
                                                       int width, int height) {
    int outCol = blockIdx.x * blockDim.x + threadIdx.x;
    int outRow = blockIdx.y * blockDim.y + threadIdx.y;

    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) {
        printf("grid %d x %d, block %d x %d, r = %d, image %d x %d\n", gridDim.x, gridDim.y,
               blockDim.x, blockDim.y, r, width, height);
    }
    if (outCol >= width || outRow >= height) return;

    float Pvalue = 0.0f;
    int taps = 0;  // DEBUG
    for (int fRow = 0; fRow < 2 * r + 1; fRow++) {
        for (int fCol = 0; fCol < 2 * r + 1; fCol++) {
            int inRow = outRow - r + fRow;
            int inCol = outCol - r + fCol;
            if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width) {
                Pvalue += F[fRow * (2 * r + 1) + fCol] * N[inRow * width + inCol];
                taps++;
            }
        }
    }
    P[outRow * width + outCol] = Pvalue;

    // DEBUG: the corner pixel only sees part of the filter
    if (outRow == 0 && outCol == 0) {
        printf("P[0][0] = %f (%e) from %d taps, %s, bits 0x%x\n", Pvalue, Pvalue, taps,
               taps == (2 * r + 1) * (2 * r + 1) ? "whole filter" : "clipped", __float_as_uint(Pvalue));
    }
}
