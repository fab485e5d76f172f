// entry: atomicAdd (int)
// guide: int atomicAdd(int *address, int val): adds val to *address and returns the old value, as one atomic operation
__device__ int acc[4];
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int w = t / 32;                        // one counter per warp, set up by the block itself
    if ((threadIdx.x & 31) == 0) acc[w] = -1000;
    __syncthreads();
    int v = (int)(in[t] * 8.0f);                    // -150 .. 231, both signs
    int old = atomicAdd(&acc[w], v);
    __syncthreads();
    atomicAdd(&acc[w ^ 1], 1);                      // then the other warp of the block adds 32
    __syncthreads();
    out[4 * t + 0] = (unsigned int)acc[w];
    out[4 * t + 1] = (unsigned int)v;
    out[4 * t + 2] = __any_sync(0xffffffffu, old == -1000);   // exactly one lane saw the first value
}
