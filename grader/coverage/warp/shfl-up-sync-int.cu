// entry: __shfl_up_sync (int)
// guide: T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = warpSize): returns var from lane (lane - delta); lanes below delta keep their own var
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v = (int)(in[t] * 8.0f) * 3 + (int)t;
    out[4 * t + 0] = (unsigned int)__shfl_up_sync(0xffffffffu, v, 1);
    out[4 * t + 1] = (unsigned int)__shfl_up_sync(0xffffffffu, v, 5);
    // an inclusive prefix sum over the warp
    int sum = v;
    for (unsigned int d = 1; d < 32; d *= 2) {
        int other = __shfl_up_sync(0xffffffffu, sum, d);
        if ((threadIdx.x & 31) >= d) sum += other;
    }
    out[4 * t + 2] = (unsigned int)sum;
    out[4 * t + 3] = (unsigned int)__shfl_up_sync(0xffffffffu, v, 31);
}
