// expect: compile
// message: recursion | recursive template instantiation | did not finish within | compiler stopped before it finished
// why: A template that instantiates itself a hundred thousand times deep, to hold the compiler.
template <int N> struct Deep { static constexpr int value = Deep<N - 1>::value + 1; };
template <> struct Deep<0> { static constexpr int value = 0; };

extern "C" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r,
                                                       int width, int height) {
    int outCol = blockIdx.x * blockDim.x + threadIdx.x;
    int outRow = blockIdx.y * blockDim.y + threadIdx.y;
    // The grid is rounded up to whole blocks: threads past the image have no pixel.
    if (outCol >= width || outRow >= height) return;

    float Pvalue = Deep<100000>::value * 0.0f;
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
