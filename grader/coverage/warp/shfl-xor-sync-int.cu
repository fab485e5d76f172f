// entry: __shfl_xor_sync (int)
// guide: T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = warpSize): returns var from lane (lane ^ laneMask), a butterfly exchange
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v = (int)(in[t] * 8.0f) + 100 * (int)(threadIdx.x & 31);
    out[4 * t + 0] = (unsigned int)__shfl_xor_sync(0xffffffffu, v, 1);
    out[4 * t + 1] = (unsigned int)__shfl_xor_sync(0xffffffffu, v, 22);
    int sum = v;                                    // butterfly: every lane gets the warp's sum
    for (int m = 16; m > 0; m /= 2) sum += __shfl_xor_sync(0xffffffffu, sum, m);
    out[4 * t + 2] = (unsigned int)sum;
    int mx = v;
    for (int m = 1; m < 32; m *= 2) mx = max(mx, __shfl_xor_sync(0xffffffffu, mx, m));
    out[4 * t + 3] = (unsigned int)mx;
}
