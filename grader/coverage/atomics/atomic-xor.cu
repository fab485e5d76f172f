// entry: atomicXor
// guide: T atomicXor(T *address, T val) for int, unsigned (and 64-bit): stores *address ^ val and returns the old value
__device__ unsigned int acc[4];
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int w = t / 32;
    if ((threadIdx.x & 31) == 0) acc[w] = 0x12345678u;
    __syncthreads();
    atomicXor(&acc[w], __float_as_uint(in[t]) ^ (t * 0x9e3779b9u));
    __syncthreads();
    out[4 * t + 0] = acc[w];
}
