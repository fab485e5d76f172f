// expect: pass
// message: printf calls
// why: Every thread of every test prints a hundred long lines, to flood the report and the grader's memory.
#include <cstdio>

extern "C" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r,
                                                       int width, int height) {
    int outCol = blockIdx.x * blockDim.x + threadIdx.x;
    int outRow = blockIdx.y * blockDim.y + threadIdx.y;
    // The grid is rounded up to whole blocks: threads past the image have no pixel.
    if (outCol >= width || outRow >= height) return;

    float Pvalue = 0.0f;
    for (int fRow = 0; fRow < 2 * r + 1; fRow++) {
        for (int fCol = 0; fCol < 2 * r + 1; fCol++) {
            int inRow = outRow - r + fRow;
            int inCol = outCol - r + fCol;
            // Ghost cells are 0: skip them instead of loading.
            if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width) {
                Pvalue += F[fRow * (2 * r + 1) + fCol] * N[inRow * width + inCol];
            }
        }
    }
    for (int i = 0; i < 100; i++)
        printf("thread %d,%d line %d: %s\\n", outCol, outRow, i,
               "a long line of text that repeats and repeats and repeats and repeats and repeats and repeats");
    P[outRow * width + outCol] = Pvalue;
}
