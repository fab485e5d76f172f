// entry: __clz/__clzll
// guide: int __clz(int x), int __clzll(long long x): number of leading zero bits (32 or 64 for 0)
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    int i = (int)x;                                   // negative, 0, positive
    long long l = (long long)__float_as_int(x) << 32 | t;
    out[4 * t + 0] = (unsigned int)__clz(i);
    out[4 * t + 1] = (unsigned int)__clz((int)(__float_as_uint(x) >> (t & 31)));
    out[4 * t + 2] = (unsigned int)__clzll((long long)i);
    out[4 * t + 3] = (unsigned int)__clzll((long long)((unsigned long long)l >> (t & 63)));
}
