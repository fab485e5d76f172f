// entry: atomicSub
// guide: int atomicSub(int *address, int val) (and unsigned int): subtracts val from *address and returns the old value
__device__ int acc[4];
__device__ unsigned int uacc[4];
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int w = t / 32;
    if ((threadIdx.x & 31) == 0) {
        acc[w] = 500;
        uacc[w] = 100u;                              // goes below zero: wraps
    }
    __syncthreads();
    int v = (int)(in[t] * 8.0f);
    atomicSub(&acc[w], v);
    atomicSub(&uacc[w], (unsigned int)(t & 7));
    __syncthreads();
    out[4 * t + 0] = (unsigned int)acc[w];
    out[4 * t + 1] = uacc[w];
}
