// entry: integer division and modulo (unsigned 64 bit)
// guide: x / y and x % y on unsigned long long
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long a = ((unsigned long long)__float_as_uint(in[t]) << 32) | (t * 0x9e3779b9u);
    unsigned long long b = (t & 1) ? (unsigned long long)t * 12345 + 1          // small divisors
                                   : ((unsigned long long)t << 33) + 0xfedcba9ull;  // large divisors
    if ((t & 3) == 3) a >>= 32;                       // some operands fit in 32 bits
    unsigned long long q = a / b;
    unsigned long long r = a % b;
    out[4 * t + 0] = (unsigned int)q;
    out[4 * t + 1] = (unsigned int)(q >> 32);
    out[4 * t + 2] = (unsigned int)r;
    out[4 * t + 3] = (unsigned int)(r >> 32);
}
