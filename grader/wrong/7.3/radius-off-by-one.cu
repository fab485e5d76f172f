// expect: tests
// why: The filter has 2r taps per side, so I looped fRow and fCol up to 2*r.

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_2D_const_mem_kernel(float *N, float *P, int r, int width,
                                                           int height) {
    int outCol = blockIdx.x * blockDim.x + threadIdx.x;
    int outRow = blockIdx.y * blockDim.y + threadIdx.y;
    if (outCol >= width || outRow >= height) return;

    float Pvalue = 0.0f;
    // Planted mistake: a (2r+1)-wide filter needs fRow, fCol in [0, 2r]; "< 2 * r" drops the
    // last row and column of taps.
    for (int fRow = 0; fRow < 2 * r; fRow++) {
        for (int fCol = 0; fCol < 2 * r; fCol++) {
            int inRow = outRow - r + fRow;
            int inCol = outCol - r + fCol;
            if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width) {
                Pvalue += F[fRow][fCol] * N[inRow * width + inCol];
            }
        }
    }
    P[outRow * width + outCol] = Pvalue;
}
