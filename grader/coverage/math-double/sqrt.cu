// entry: sqrt
// guide: double sqrt(double x): square root (IEEE round-to-nearest, 0 ulp); NaN for x < 0
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    double d = (double)in[t];
    double a = sqrt(fabs(d) * (1.0 / 3.0));
    double b = sqrt(d * 1.0e-310);                 // NaN where d < 0, subnormal arguments
    out[4 * t + 0] = (unsigned int)__double2loint(a);
    out[4 * t + 1] = (unsigned int)__double2hiint(a);
    out[4 * t + 2] = (unsigned int)__double2loint(b);
    out[4 * t + 3] = (unsigned int)__double2hiint(b);
}
