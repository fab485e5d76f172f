// entry: atomicAdd (unsigned int)
// guide: unsigned int atomicAdd(unsigned int *address, unsigned int val): adds val to *address (modulo 2^32) and returns the old value
__device__ unsigned int acc[4];
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int w = t / 32;
    if ((threadIdx.x & 31) == 0) acc[w] = 0xfffff000u;             // the sum wraps past 2^32
    __syncthreads();
    unsigned int v = (unsigned int)(int)(in[t] * 8.0f) + 200u;      // 50 .. 431
    unsigned int old = atomicAdd(&acc[w], v);
    __syncthreads();
    out[4 * t + 0] = acc[w];
    out[4 * t + 1] = v;
    out[4 * t + 2] = (old - 0xfffff000u) < (acc[w] - 0xfffff000u);  // old lies before the final total
}
