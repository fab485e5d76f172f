// entry: division of doubles
// guide: x / y on double: IEEE division, round-to-nearest (0 ulp); +-inf for y = 0, NaN for 0 / 0
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    double d = (double)in[t];
    double e = (double)in[(t + 1) & 127];          // one of them is 0
    double a = d / e;
    double b = 1.0 / (d * 1.0e-310) + d / 3.0;     // subnormal divisors: overflow to +-inf
    out[4 * t + 0] = (unsigned int)__double2loint(a);
    out[4 * t + 1] = (unsigned int)__double2hiint(a);
    out[4 * t + 2] = (unsigned int)__double2loint(b);
    out[4 * t + 3] = (unsigned int)__double2hiint(b);
}
