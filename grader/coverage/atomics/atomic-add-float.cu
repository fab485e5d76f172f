// entry: atomicAdd (float)
// guide: float atomicAdd(float *address, float val): adds val to *address and returns the old value (here the values are multiples of 0.375, so the sum is exact in any order)
__device__ float acc[4];
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int w = t / 32;
    if ((threadIdx.x & 31) == 0) acc[w] = 0.5f;
    __syncthreads();
    atomicAdd(&acc[w], in[t]);
    atomicAdd(&acc[w ^ 1], in[t] * -0.25f);
    __syncthreads();
    out[4 * t + 0] = __float_as_uint(acc[w]);
    out[4 * t + 1] = __float_as_uint(in[t]);
}
