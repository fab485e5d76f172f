// entry: __all_sync
// guide: int __all_sync(unsigned mask, int predicate): non-zero if predicate is non-zero for all active lanes in mask
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __all_sync(0xffffffffu, x != 0.0f) != 0;          // false in one warp only
    out[4 * t + 1] = __all_sync(0xffffffffu, x > -18.0f) != 0;
    out[4 * t + 2] = __all_sync(0xffffffffu, x > -100.0f) != 0;
    out[4 * t + 3] = __all_sync(0xffffffffu, x < 28.0f) != 0;
}
