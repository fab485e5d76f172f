// entry: atomicDec
// guide: unsigned int atomicDec(unsigned int *address, unsigned int val): stores (((old == 0) || (old > val)) ? val : (old - 1)) and returns the old value
// compilers: nvrtc
__device__ unsigned int ring[4];
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int w = t / 32;
    if ((threadIdx.x & 31) == 0) ring[w] = 2u;
    __syncthreads();
    unsigned int old = 0xffffffffu;
    if (in[t] < 5.0f) old = atomicDec(&ring[w], 6u);     // n decrements modulo 7, wrapping 0 -> 6
    __syncthreads();
    out[4 * t + 0] = ring[w];
    out[4 * t + 1] = __ballot_sync(0xffffffffu, in[t] < 5.0f);
    out[4 * t + 2] = old == 0xffffffffu || old <= 6u;
}
