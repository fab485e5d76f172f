// entry: atomicAdd (unsigned long long)
// guide: unsigned long long atomicAdd(unsigned long long *address, unsigned long long val): a 64-bit atomic add (modulo 2^64) returning the old value
__device__ unsigned long long acc[4];
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int w = t / 32;
    if ((threadIdx.x & 31) == 0) acc[w] = 0xfffffffff0000000ull;
    __syncthreads();
    // a carry crosses the middle of the word: the halves cannot be added on their own
    unsigned long long v = ((unsigned long long)((int)(in[t] * 8.0f) + 200) << 28) + 0x0fffffffull + t;
    atomicAdd(&acc[w], v);
    __syncthreads();
    unsigned long long total = acc[w];
    out[4 * t + 0] = (unsigned int)total;
    out[4 * t + 1] = (unsigned int)(total >> 32);
    out[4 * t + 2] = (unsigned int)v;
    out[4 * t + 3] = (unsigned int)(v >> 32);
}
