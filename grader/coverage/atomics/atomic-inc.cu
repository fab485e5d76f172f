// entry: atomicInc
// guide: unsigned int atomicInc(unsigned int *address, unsigned int val): stores ((old >= val) ? 0 : (old + 1)) and returns the old value
// compilers: nvrtc
__device__ unsigned int ring[4];
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int w = t / 32;
    if ((threadIdx.x & 31) == 0) ring[w] = 3u;
    __syncthreads();
    unsigned int old = 0xffffffffu;
    if (in[t] > 0.0f) old = atomicInc(&ring[w], 10u);   // n increments modulo 11: (3 + n) % 11 in any order
    __syncthreads();
    out[4 * t + 0] = ring[w];
    out[4 * t + 1] = __ballot_sync(0xffffffffu, in[t] > 0.0f);
    out[4 * t + 2] = old == 0xffffffffu || old <= 10u;
}
