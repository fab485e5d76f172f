// entry: atomicAdd (double)
// guide: double atomicAdd(double *address, double val): adds val to *address and returns the old value (sm_60 and later; the values here sum exactly in any order)
// compilers: nvrtc
__device__ double acc[4];
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int w = t / 32;
    if ((threadIdx.x & 31) == 0) acc[w] = 4294967296.0;             // 2^32: the low word matters
    __syncthreads();
    double v = (double)in[t] * 3.0 + 0.0625;
    atomicAdd(&acc[w], v);
    __syncthreads();
    double total = acc[w];
    out[4 * t + 0] = (unsigned int)__double2loint(total);
    out[4 * t + 1] = (unsigned int)__double2hiint(total);
    out[4 * t + 2] = (unsigned int)__double2loint(v);
    out[4 * t + 3] = (unsigned int)__double2hiint(v);
}
