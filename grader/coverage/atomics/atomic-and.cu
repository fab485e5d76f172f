// entry: atomicAnd
// guide: T atomicAnd(T *address, T val) for int, unsigned (and 64-bit): stores *address & val and returns the old value
__device__ unsigned int acc[4];
__device__ int iacc[4];
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int lane = threadIdx.x & 31;
    unsigned int w = t / 32;
    if (lane == 0) {
        acc[w] = 0xffffffffu;
        iacc[w] = -1;
    }
    __syncthreads();
    atomicAnd(&acc[w], ~((unsigned int)(in[t] < 0.0f) << lane));     // clears the negative lanes' bits
    atomicAnd(&iacc[w], ~(int)(__float_as_uint(in[t]) & 0x00f00000u));
    __syncthreads();
    out[4 * t + 0] = acc[w];
    out[4 * t + 1] = (unsigned int)iacc[w];
}
