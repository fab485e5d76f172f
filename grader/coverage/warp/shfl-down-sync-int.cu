// entry: __shfl_down_sync (int)
// guide: T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = warpSize): returns var from lane (lane + delta); lanes past the end keep their own var
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v = (int)(in[t] * 8.0f) - 7 * (int)t;
    out[4 * t + 0] = (unsigned int)__shfl_down_sync(0xffffffffu, v, 1);
    out[4 * t + 1] = (unsigned int)__shfl_down_sync(0xffffffffu, v, 9);
    int sum = v;                                    // tree reduction: lane 0 holds the warp's sum
    for (unsigned int d = 16; d > 0; d /= 2) sum += __shfl_down_sync(0xffffffffu, sum, d);
    out[4 * t + 2] = (unsigned int)sum;
}
