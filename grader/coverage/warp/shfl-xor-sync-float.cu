// entry: __shfl_xor_sync (float)
// guide: T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = warpSize): returns var from lane (lane ^ laneMask), a butterfly exchange
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[t];
    out[4 * t + 0] = __float_as_uint(__shfl_xor_sync(0xffffffffu, v, 1));
    out[4 * t + 1] = __float_as_uint(__shfl_xor_sync(0xffffffffu, v * 0.5f, 19));
    float sum = v;                                  // exact: multiples of 0.375
    for (int m = 16; m > 0; m /= 2) sum += __shfl_xor_sync(0xffffffffu, sum, m);
    out[4 * t + 2] = __float_as_uint(sum);
    float mn = v;
    for (int m = 1; m < 32; m *= 2) mn = fminf(mn, __shfl_xor_sync(0xffffffffu, mn, m));
    out[4 * t + 3] = __float_as_uint(mn);
}
