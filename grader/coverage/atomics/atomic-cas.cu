// entry: atomicCAS
// guide: T atomicCAS(T *address, T compare, T val): stores (old == compare ? val : old) and returns old; here a lock-free increment loop
__device__ unsigned int acc[4];
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int w = t / 32;
    if ((threadIdx.x & 31) == 0) acc[w] = 7u;
    __syncthreads();
    unsigned int step = (unsigned int)((int)(in[t] * 8.0f) + 160);   // 10 .. 391
    unsigned int old = acc[w], assumed;
    unsigned int tries = 0;
    do {
        assumed = old;
        old = atomicCAS(&acc[w], assumed, assumed + step);
        ++tries;
    } while (old != assumed);
    __syncthreads();
    out[4 * t + 0] = acc[w];
    out[4 * t + 1] = step;
    out[4 * t + 2] = tries >= 1 && tries <= 32;
    out[4 * t + 3] = atomicCAS(&acc[w], 0u, 1u) == acc[w];     // no match: nothing stored, the value returned
}
