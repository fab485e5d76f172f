// entry: __byte_perm
// guide: unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s): byte n of the result is byte s[4n+2:4n] of the 8 bytes {y, x}
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int a = __float_as_uint(in[t]);
    unsigned int b = 0x8899aabbu ^ (t * 0x01010101u);
    out[4 * t + 0] = __byte_perm(a, b, 0x5410u);
    out[4 * t + 1] = __byte_perm(a, b, 0x3210u + t);
    out[4 * t + 2] = __byte_perm(a, b, t * 0x9e3779b9u);      // all selector bits, also bit 3 of each nibble
    out[4 * t + 3] = __byte_perm(a, t, 0x0123u);
}
