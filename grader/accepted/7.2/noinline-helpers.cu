// expect: pass
// why: helpers as I would write them on the CPU: a __device__ __noinline__ bounds test inside(r, c, w, h) and a __noinline__ tap() that returns weight * pixel

// true when (row, col) is a pixel of the image
__device__ __noinline__ bool inside(int row, int col, int width, int height) {
    return row >= 0 && row < height && col >= 0 && col < width;
}

// one term of the sum: filter weight times input pixel
__device__ __noinline__ float tap(const float *N, const float *F, int fIdx, int row, int col,
                                  int width) {
    return F[fIdx] * N[row * width + col];
}

extern "C" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r,
                                                       int width, int height) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (!inside(row, col, width, height)) return;

    int filterWidth = 2 * r + 1;
    float sum = 0.0f;
    for (int i = 0; i < filterWidth; i++) {
        for (int j = 0; j < filterWidth; j++) {
            int inRow = row - r + i;
            int inCol = col - r + j;
            if (inside(inRow, inCol, width, height)) {
                sum += tap(N, F, i * filterWidth + j, inRow, inCol, width);
            }
        }
    }
    P[row * width + col] = sum;
}
