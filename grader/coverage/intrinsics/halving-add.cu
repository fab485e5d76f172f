// entry: __hadd/__rhadd/__uhadd/__urhadd
// guide: int __hadd(int, int), __rhadd (rounded up), unsigned __uhadd, __urhadd: (x + y) >> 1 computed without overflow
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    int a = __float_as_int(in[t]);                    // large magnitudes, both signs
    int b = (int)(t * 0x02040811u) ^ 0x7fffffff;
    out[4 * t + 0] = (unsigned int)__hadd(a, b);
    out[4 * t + 1] = (unsigned int)__rhadd(a, b);
    out[4 * t + 2] = __uhadd((unsigned int)a, (unsigned int)b);
    out[4 * t + 3] = __urhadd((unsigned int)a, (unsigned int)b);
}
