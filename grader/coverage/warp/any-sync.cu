// entry: __any_sync
// guide: int __any_sync(unsigned mask, int predicate): non-zero if predicate is non-zero for any active lane in mask
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __any_sync(0xffffffffu, x == 0.0f) != 0;          // true in one warp only
    out[4 * t + 1] = __any_sync(0xffffffffu, x > 25.0f) != 0;
    out[4 * t + 2] = __any_sync(0xffffffffu, x > 50.0f) != 0;
    out[4 * t + 3] = __any_sync(0xffffffffu, (threadIdx.x & 31) == 7 && x < 0.0f) != 0;
}
