// entry: integer division and modulo (signed 64 bit)
// guide: x / y and x % y on long long: truncation towards zero, remainder with the sign of x
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    long long a = (long long)(in[t] * 1.0e15f) + t;   // both signs, beyond 32 bits
    long long b = ((long long)t - 64) * 1000003;
    if (b == 0) b = -5;                               // never divide by 0
    if (t & 1) b = (long long)(t * 7 + 1);            // odd threads: small divisors
    if ((t & 3) == 3) a >>= 24;                       // some operands fit in 32 bits
    long long q = a / b;
    long long r = a % b;
    out[4 * t + 0] = (unsigned int)q;
    out[4 * t + 1] = (unsigned int)((unsigned long long)q >> 32);
    out[4 * t + 2] = (unsigned int)r;
    out[4 * t + 3] = (unsigned int)((unsigned long long)r >> 32);
}
