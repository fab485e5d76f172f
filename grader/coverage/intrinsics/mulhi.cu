// entry: __mulhi/__umulhi
// guide: int __mulhi(int x, int y), unsigned int __umulhi(unsigned int x, unsigned int y): the high 32 bits of the 64-bit product
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    int a = __float_as_int(in[t]);                    // negative where x < 0
    int b = (int)(t * 0x9e3779b9u);
    out[4 * t + 0] = (unsigned int)__mulhi(a, b);
    out[4 * t + 1] = __umulhi((unsigned int)a, (unsigned int)b);
    out[4 * t + 2] = (unsigned int)__mulhi(a, (int)0x80000000u);
    out[4 * t + 3] = __umulhi(0xffffffffu, (unsigned int)a ^ t);
}
