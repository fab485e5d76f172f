// expect: compile
// message: did not finish within | bytes of PTX | compiler stopped before it finished
// why: Four loops of four million steps each, unrolled completely, to make the compiler run for ever.
// compilers: nvrtc
extern "C" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r,
                                                       int width, int height) {
    int outCol = blockIdx.x * blockDim.x + threadIdx.x;
    int outRow = blockIdx.y * blockDim.y + threadIdx.y;
    // The grid is rounded up to whole blocks: threads past the image have no pixel.
    if (outCol >= width || outRow >= height) return;

    float Pvalue = 0.0f;
    // One such loop alone, NVRTC 12.9 unrolls by 2048 after 25 s and 1.6 GB: where memory is not
    // bounded (Windows) a fast machine finished it within the time limit. Four take minutes.
#pragma unroll
    for (int i = 0; i < (1 << 22); i++) Pvalue += N[(i + 1 * outCol) % (width * height)] * 0.0f;
#pragma unroll
    for (int i = 0; i < (1 << 22); i++) Pvalue += N[(i + 2 * outCol) % (width * height)] * 0.0f;
#pragma unroll
    for (int i = 0; i < (1 << 22); i++) Pvalue += N[(i + 3 * outCol) % (width * height)] * 0.0f;
#pragma unroll
    for (int i = 0; i < (1 << 22); i++) Pvalue += N[(i + 4 * outCol) % (width * height)] * 0.0f;
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
    P[outRow * width + outCol] = Pvalue;
}
