// expect: finding:out_of_bounds
// why: I dropped the "outCol < width && outRow < height" test; every thread of the grid has a pixel, right?

extern "C" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r,
                                                       int width, int height) {
    int outCol = blockIdx.x * blockDim.x + threadIdx.x;
    int outRow = blockIdx.y * blockDim.y + threadIdx.y;
    // Planted mistake: no early exit for the threads the grid rounds up past the image, so they
    // store past the end of P.

    float Pvalue = 0.0f;
    for (int fRow = 0; fRow < 2 * r + 1; fRow++) {
        for (int fCol = 0; fCol < 2 * r + 1; fCol++) {
            int inRow = outRow - r + fRow;
            int inCol = outCol - r + fCol;
            if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width) {
                Pvalue += F[fRow * (2 * r + 1) + fCol] * N[inRow * width + inCol];
            }
        }
    }
    P[outRow * width + outCol] = Pvalue;
}
