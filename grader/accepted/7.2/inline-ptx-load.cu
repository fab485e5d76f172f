// expect: pass
// why: loads written in inline PTX, copied from a forum answer: each asm block declares its own scratch register `ga` (the same name in both) and loads through [ga]

// A global load in PTX: the generic pointer converted to a global address in a register local
// to the asm block.
__device__ float load_global(const float *p) {
    float v;
    asm("{ .reg .u64 ga; cvta.to.global.u64 ga, %1; ld.global.f32 %0, [ga]; }" : "=f"(v) : "l"(p));
    return v;
}

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
                Pvalue += load_global(&F[fRow * (2 * r + 1) + fCol]) * load_global(&N[inRow * width + inCol]);
            }
        }
    }
    P[outRow * width + outCol] = Pvalue;
}
