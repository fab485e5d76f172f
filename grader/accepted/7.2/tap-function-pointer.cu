// expect: pass
// why: the tap product behind a __device__ function pointer, so that I can swap in another one later: every tap is an indirect call

// One term of the sum: filter weight times input pixel.
typedef float (*tap_fn)(float weight, float pixel);

__device__ float tap_product(float weight, float pixel) { return weight * pixel; }

// A pointer in device memory (the host could point it elsewhere with cudaMemcpyToSymbol): the
// compiler cannot know which function it holds, so each tap calls through it.
__device__ tap_fn tap_of_choice = tap_product;

extern "C" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r,
                                                       int width, int height) {
    int outCol = blockIdx.x * blockDim.x + threadIdx.x;
    int outRow = blockIdx.y * blockDim.y + threadIdx.y;
    if (outCol >= width || outRow >= height) return;

    tap_fn tap = tap_of_choice;  // read once, not once per tap
    float Pvalue = 0.0f;
    for (int fRow = 0; fRow < 2 * r + 1; fRow++) {
        for (int fCol = 0; fCol < 2 * r + 1; fCol++) {
            int inRow = outRow - r + fRow;
            int inCol = outCol - r + fCol;
            if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width) {
                Pvalue += tap(F[fRow * (2 * r + 1) + fCol], N[inRow * width + inCol]);
            }
        }
    }
    P[outRow * width + outCol] = Pvalue;
}
