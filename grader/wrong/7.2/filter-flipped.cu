// expect: tests
// why: A convolution flips the filter, so I read it from the far end: F[2r-fRow][2r-fCol].

extern "C" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r,
                                                       int width, int height) {
    int outCol = blockIdx.x * blockDim.x + threadIdx.x;
    int outRow = blockIdx.y * blockDim.y + threadIdx.y;
    if (outCol >= width || outRow >= height) return;

    float Pvalue = 0.0f;
    for (int fRow = 0; fRow < 2 * r + 1; fRow++) {
        for (int fCol = 0; fCol < 2 * r + 1; fCol++) {
            int inRow = outRow - r + fRow;
            int inCol = outCol - r + fCol;
            if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width) {
                // Planted mistake: the filter flipped end to end (the mathematician's
                // convolution); the course's F[fRow][fCol] weights N[outRow-r+fRow][outCol-r+fCol].
                // The visible 7x7 case's filter (1 to 25) is asymmetric, so it fails there.
                Pvalue += F[(2 * r - fRow) * (2 * r + 1) + (2 * r - fCol)] * N[inRow * width + inCol];
            }
        }
    }
    P[outRow * width + outCol] = Pvalue;
}
