// entry: fmin/fmax
// guide: double fmin(double x, double y), double fmax(double x, double y): minimum and maximum; a NaN argument yields the other one
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    double d = (double)in[t];
    double e = (double)in[t ^ 1] / 3.0;
    double q = d < 0.0 ? __longlong_as_double(0x7ff8000000000000ll | t) : d;   // NaN where d < 0
    double a = fmin(d, e);
    double b = fmax(q, e);
    out[4 * t + 0] = (unsigned int)__double2loint(a);
    out[4 * t + 1] = (unsigned int)__double2hiint(a);
    out[4 * t + 2] = (unsigned int)__double2loint(b);
    out[4 * t + 3] = (unsigned int)__double2hiint(b);
}
