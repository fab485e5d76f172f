// expect: finding:out_of_bounds
// why: I multiply every tap without checking it is inside the image; ghost cells are zero anyway, aren't they?

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
            // Planted mistake: ghost cells are not in memory; near the border this reads before
            // the start (or past the end) of N.
            Pvalue += F[fRow * (2 * r + 1) + fCol] * N[inRow * width + inCol];
        }
    }
    P[outRow * width + outCol] = Pvalue;
}
