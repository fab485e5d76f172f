// entry: sin/cos
// guide: double sin(double x), double cos(double x): sine and cosine of x in radians (2 ulp), full argument reduction
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    double d = (double)in[t];
    double a = sin(d);
    double b = cos(d * 1.0e6);                     // large arguments
    out[4 * t + 0] = (unsigned int)__double2loint(a);
    out[4 * t + 1] = (unsigned int)__double2hiint(a);
    out[4 * t + 2] = (unsigned int)__double2loint(b);
    out[4 * t + 3] = (unsigned int)__double2hiint(b);
}
