// entry: pow
// guide: double pow(double x, double y): x raised to y (2 ulp); negative x only for integral y, pow(0, -n) = inf
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    double d = (double)in[t];
    double a = pow(fabs(d), 1.0 / 3.0);
    double b = pow(d, (double)(t % 9) - 4.0);      // negative bases, 0^-n = +inf
    out[4 * t + 0] = (unsigned int)__double2loint(a);
    out[4 * t + 1] = (unsigned int)__double2hiint(a);
    out[4 * t + 2] = (unsigned int)__double2loint(b);
    out[4 * t + 3] = (unsigned int)__double2hiint(b);
}
