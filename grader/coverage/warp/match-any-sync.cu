// entry: __match_any_sync
// guide: unsigned __match_any_sync(unsigned mask, T value): the mask of the lanes in mask whose value equals the caller's (T int, unsigned, long long, float, double...)
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __match_any_sync(0xffffffffu, ((int)floorf(x)) & 3);
    out[4 * t + 1] = __match_any_sync(0xffffffffu, x > 0.0f ? 1.0f : (x < 0.0f ? -1.0f : 0.0f));
    out[4 * t + 2] = __match_any_sync(0xffffffffu, (unsigned long long)(threadIdx.x & 31) / 10u);
    out[4 * t + 3] = __match_any_sync(0xffffffffu, blockIdx.x);
}
