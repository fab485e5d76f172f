// entry: __shfl_up_sync (float)
// guide: T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = warpSize): returns var from lane (lane - delta); lanes below delta keep their own var
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[t];
    out[4 * t + 0] = __float_as_uint(__shfl_up_sync(0xffffffffu, v, 1));
    out[4 * t + 1] = __float_as_uint(__shfl_up_sync(0xffffffffu, v * 2.0f, 7));
    float sum = v;                                  // inclusive scan: exact, the values are multiples of 0.375
    for (unsigned int d = 1; d < 32; d *= 2) {
        float other = __shfl_up_sync(0xffffffffu, sum, d);
        if ((threadIdx.x & 31) >= d) sum += other;
    }
    out[4 * t + 2] = __float_as_uint(sum);
}
