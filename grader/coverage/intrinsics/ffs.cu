// entry: __ffs/__ffsll
// guide: int __ffs(int x), int __ffsll(long long x): position (1-based) of the least significant set bit, 0 for 0
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    int i = (int)x;                                   // 0 for |x| < 1
    unsigned long long l = (unsigned long long)__float_as_uint(x) << (t & 63);
    out[4 * t + 0] = (unsigned int)__ffs(i);
    out[4 * t + 1] = (unsigned int)__ffs(__float_as_int(x) & (int)(0xffffffffu << (t & 31)));
    out[4 * t + 2] = (unsigned int)__ffsll((long long)l);
    out[4 * t + 3] = (unsigned int)__ffsll((long long)i << 40);
}
