// entry: __popc/__popcll
// guide: int __popc(unsigned int x), int __popcll(unsigned long long x): number of set bits
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int u = __float_as_uint(in[t]);
    unsigned long long v = ((unsigned long long)u << 32) | (u * 0x9e3779b9u ^ t);
    out[4 * t + 0] = (unsigned int)__popc(u);
    out[4 * t + 1] = (unsigned int)__popc(~u ^ t);
    out[4 * t + 2] = (unsigned int)__popcll(v);
    out[4 * t + 3] = (unsigned int)__popcll(~v >> (t & 63));
}
