// entry: atomicAdd_system
// guide: T atomicAdd_system(T *address, T val): atomic also with respect to the host and peer devices (sm_60 and later)
// compilers: nvrtc
__device__ unsigned int acc[4];
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int w = t / 32;
    if ((threadIdx.x & 31) == 0) acc[w] = 1u;
    __syncthreads();
    atomicAdd_system(&acc[w], (unsigned int)((int)(in[t] * 8.0f) + 151));
    __syncthreads();
    out[4 * t + 0] = acc[w];
}
