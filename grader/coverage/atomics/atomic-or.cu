// entry: atomicOr
// guide: T atomicOr(T *address, T val) for int, unsigned (and 64-bit): stores *address | val and returns the old value
__device__ unsigned int acc[4];
__device__ int iacc[4];
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int lane = threadIdx.x & 31;
    unsigned int w = t / 32;
    if (lane == 0) {
        acc[w] = 0u;
        iacc[w] = 0x40000000;
    }
    __syncthreads();
    atomicOr(&acc[w], (unsigned int)(in[t] > 0.0f) << lane);          // a ballot built with atomics
    atomicOr(&iacc[w], (int)((int)(in[t] * 8.0f) & 0x1ff));
    __syncthreads();
    out[4 * t + 0] = acc[w];
    out[4 * t + 1] = (unsigned int)iacc[w];
}
