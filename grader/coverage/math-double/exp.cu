// entry: exp
// guide: double exp(double x): base-e exponential (1 ulp); +inf above ~709.8, 0 below ~-745
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    double d = (double)in[t];
    double a = exp(d * 0.1);
    double b = exp(d * 40.0);                      // -750 .. 1155: subnormal, 0, +inf
    out[4 * t + 0] = (unsigned int)__double2loint(a);
    out[4 * t + 1] = (unsigned int)__double2hiint(a);
    out[4 * t + 2] = (unsigned int)__double2loint(b);
    out[4 * t + 3] = (unsigned int)__double2hiint(b);
}
