// expect: target:op_per_byte
// why: Before convolving I add up |F| to skip an all-zero filter: 25 more loads of F per output, but the additions count as FLOPs, so OP/B still shows 0.25.

extern "C" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r,
                                                       int width, int height) {
    int outCol = blockIdx.x * blockDim.x + threadIdx.x;
    int outRow = blockIdx.y * blockDim.y + threadIdx.y;
    if (outCol >= width || outRow >= height) return;
    int fw = 2 * r + 1;

    // An all-zero filter gives an all-zero image: add up |F| first.
    float weight = 0.0f;
    for (int i = 0; i < fw * fw; i++) weight += fabsf(F[i]);
    if (weight == 0.0f) {
        P[outRow * width + outCol] = 0.0f;
        return;
    }

    float Pvalue = 0.0f;
    for (int fRow = 0; fRow < fw; fRow++) {
        for (int fCol = 0; fCol < fw; fCol++) {
            int inRow = outRow - r + fRow;
            int inCol = outCol - r + fCol;
            if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width) {
                float x = N[inRow * width + inCol];
                Pvalue += F[fRow * fw + fCol] * x;
            }
        }
    }
    P[outRow * width + outCol] = Pvalue;
}
