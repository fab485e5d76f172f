// entry: fma
// guide: double fma(double x, double y, double z): x * y + z rounded once (IEEE round-to-nearest)
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    double d = (double)in[t];
    double e = d * 0.1;                            // inexact
    double p = e * e;
    double a = fma(d, 0.1, (double)t / 3.0);
    double b = fma(e, e, -p);                      // the rounding error of e * e
    out[4 * t + 0] = (unsigned int)__double2loint(a);
    out[4 * t + 1] = (unsigned int)__double2hiint(a);
    out[4 * t + 2] = (unsigned int)__double2loint(b);
    out[4 * t + 3] = (unsigned int)__double2hiint(b);
}
