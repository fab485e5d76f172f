// entry: __shfl_sync (int)
// guide: T __shfl_sync(unsigned mask, T var, int srcLane, int width = warpSize): returns var from lane srcLane (taken modulo width) of the caller's segment
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int lane = threadIdx.x & 31;
    int v = (int)(in[t] * 8.0f) + 1000 * (int)t;
    out[4 * t + 0] = (unsigned int)__shfl_sync(0xffffffffu, v, (int)((lane * 7 + 3) & 31));
    out[4 * t + 1] = (unsigned int)__shfl_sync(0xffffffffu, v, 5);                    // broadcast
    out[4 * t + 2] = (unsigned int)__shfl_sync(0xffffffffu, v, (int)lane + 40);       // 40 + lane wraps modulo 32
    int src = ((int)(in[t] * 8.0f) & 31);                                              // lane chosen by the data
    out[4 * t + 3] = (unsigned int)__shfl_sync(0xffffffffu, v, src);
}
