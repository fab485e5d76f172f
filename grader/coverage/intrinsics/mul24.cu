// entry: __mul24/__umul24
// guide: int __mul24(int x, int y), unsigned int __umul24(unsigned int x, unsigned int y): low 32 bits of the product of the low 24 bits of x and y (the high 8 bits are ignored)
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    int a = __float_as_int(in[t]);                    // high bits set
    int b = (int)(t * 0x01020304u) - 0x40000000;
    out[4 * t + 0] = (unsigned int)__mul24(a, b);
    out[4 * t + 1] = __umul24((unsigned int)a, (unsigned int)b);
    out[4 * t + 2] = (unsigned int)__mul24(-(int)t, 0x00abcdef);   // negative 24-bit values
    out[4 * t + 3] = __umul24(t | 0xff800000u, 0x00ffffffu);
}
