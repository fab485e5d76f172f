// entry: __shfl_down_sync (float)
// guide: T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = warpSize): returns var from lane (lane + delta); lanes past the end keep their own var
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[t];
    out[4 * t + 0] = __float_as_uint(__shfl_down_sync(0xffffffffu, v, 1));
    out[4 * t + 1] = __float_as_uint(__shfl_down_sync(0xffffffffu, v - 1.0f, 30));
    float sum = v;                                  // exact: multiples of 0.375
    for (unsigned int d = 16; d > 0; d /= 2) sum += __shfl_down_sync(0xffffffffu, sum, d);
    out[4 * t + 2] = __float_as_uint(sum);
    float m = v;                                    // warp maximum in lane 0
    for (unsigned int d = 16; d > 0; d /= 2) m = fmaxf(m, __shfl_down_sync(0xffffffffu, m, d));
    out[4 * t + 3] = __float_as_uint(m);
}
