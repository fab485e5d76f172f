// entry: atomicAdd_block
// guide: T atomicAdd_block(T *address, T val): atomic only with respect to the threads of the block (sm_60 and later)
// compilers: nvrtc
__device__ int acc[2];
__device__ float facc[2];
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int b = blockIdx.x;                     // only this block touches acc[b]
    if (threadIdx.x == 0) {
        acc[b] = 10;
        facc[b] = 0.25f;
    }
    __syncthreads();
    atomicAdd_block(&acc[b], (int)(in[t] * 8.0f));
    atomicAdd_block(&facc[b], in[t]);
    __syncthreads();
    out[4 * t + 0] = (unsigned int)acc[b];
    out[4 * t + 1] = __float_as_uint(facc[b]);
}
