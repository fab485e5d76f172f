// expect: pass
// why: the include block of my Visual Studio nvcc project kept (cuda_runtime.h, device_launch_parameters.h, cstdio, cmath, cstdint, climits, cfloat, cuda_fp16.h) with int32_t/uint32_t, INT_MAX, FLT_MAX and std::fabs used

#include <cuda_runtime.h>
#include "device_launch_parameters.h"
#include <cstdio>
#include <cmath>
#include <cstdint>
#include <climits>
#include <cfloat>
#include <cuda_fp16.h>

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_2D_const_mem_kernel(float *N, float *P, int r, int width,
                                                           int height) {
    int32_t outCol = blockIdx.x * blockDim.x + threadIdx.x;
    int32_t outRow = blockIdx.y * blockDim.y + threadIdx.y;
    if (outCol >= width || outRow >= height) return;
    // indices below are 32-bit
    if ((int64_t)width * height > INT_MAX) return;

    float Pvalue = 0.0f;
    for (int32_t fRow = 0; fRow < 2 * r + 1; fRow++) {
        for (int32_t fCol = 0; fCol < 2 * r + 1; fCol++) {
            int32_t inRow = outRow - r + fRow;
            int32_t inCol = outCol - r + fCol;
            if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width) {
                Pvalue += F[fRow][fCol] * N[inRow * width + inCol];
            }
        }
    }
    // caught my uninitialised filter with this one
    if (std::fabs(Pvalue) > FLT_MAX) {
        printf("P(%d, %d) is not finite\n", outRow, outCol);
    }
    uint32_t idx = (uint32_t)outRow * (uint32_t)width + (uint32_t)outCol;
    P[idx] = Pvalue;
}
