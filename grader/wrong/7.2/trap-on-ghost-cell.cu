// expect: finding:assertion
// why: I wanted to be told when a tap reaches past the image, so I put a __trap() there: every border pixel aborts the launch

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
            // Planted mistake: ghost cells are legal (they count as 0), but this traps on them,
            // and a GPU aborts the whole launch ("unspecified launch failure").
            if (inRow < 0 || inRow >= height || inCol < 0 || inCol >= width) __trap();
            Pvalue += F[fRow * (2 * r + 1) + fCol] * N[inRow * width + inCol];
        }
    }
    P[outRow * width + outCol] = Pvalue;
}
