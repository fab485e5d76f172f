// entry: integer division and modulo (32 bit)
// guide: x / y and x % y on int (truncation towards zero, remainder with the sign of x) and unsigned int
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    int a = (int)(in[t] * 100000.0f);                 // both signs
    int b = (int)t - 64;
    if (b == 0) b = 7;                                // never divide by 0
    unsigned int ua = __float_as_uint(in[t]);         // large values
    unsigned int ub = t * 0x01234567u + 3u;
    out[4 * t + 0] = (unsigned int)(a / b);
    out[4 * t + 1] = (unsigned int)(a % b);
    out[4 * t + 2] = ua / ub;
    out[4 * t + 3] = ua % (t + 1);
}
