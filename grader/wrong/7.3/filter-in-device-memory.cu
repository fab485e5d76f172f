// expect: target:op_per_byte
// why: I declared the filter __device__ instead of __constant__; the host still copies it to the symbol F.

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif

// Planted mistake: a __device__ array lives in global memory, so every tap loads its weight
// from global memory beside the pixel: 8 bytes per 2 FLOPs, the 7.2 kernel's 0.25 OP/B.
// (cudaMemcpyToSymbol / cuModuleGetGlobal fill a __device__ symbol just as well, so on a GPU
// the results are still right.)
__device__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_2D_const_mem_kernel(float *N, float *P, int r, int width,
                                                           int height) {
    int outCol = blockIdx.x * blockDim.x + threadIdx.x;
    int outRow = blockIdx.y * blockDim.y + threadIdx.y;
    if (outCol >= width || outRow >= height) return;

    float Pvalue = 0.0f;
    for (int fRow = 0; fRow < 2 * r + 1; fRow++) {
        for (int fCol = 0; fCol < 2 * r + 1; fCol++) {
            int inRow = outRow - r + fRow;
            int inCol = outCol - r + fCol;
            if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width) {
                Pvalue += F[fRow][fCol] * N[inRow * width + inCol];
            }
        }
    }
    P[outRow * width + outCol] = Pvalue;
}
