// entry: __brev/__brevll
// guide: unsigned int __brev(unsigned int x), unsigned long long __brevll(unsigned long long x): bits in reverse order
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int u = __float_as_uint(in[t]);
    unsigned long long v = ((unsigned long long)(u ^ t) << 32) | (u * 0x9e3779b9u);
    unsigned long long r = __brevll(v);
    out[4 * t + 0] = __brev(u);
    out[4 * t + 1] = __brev(t);
    out[4 * t + 2] = (unsigned int)r;
    out[4 * t + 3] = (unsigned int)(r >> 32);
}
