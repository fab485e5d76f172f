// entry: rsqrt (double)
// guide: double rsqrt(double x): reciprocal square root 1/sqrt(x) (1 ulp); +inf at +0, NaN for x < 0
// differs: `rsqrt.approx.f64` on the GPU is an approximation; the emulator computes 1/sqrt exactly rounded: last-bit differences
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    double d = (double)in[t];
    double a = rsqrt(fabs(d) + (double)t * 1.0e-3);   // +inf at d = 0, t = 0 only
    double b = rsqrt(d);                              // NaN where d < 0, +inf at 0
    out[4 * t + 0] = (unsigned int)__double2loint(a);
    out[4 * t + 1] = (unsigned int)__double2hiint(a);
    out[4 * t + 2] = (unsigned int)__double2loint(b);
    out[4 * t + 3] = (unsigned int)__double2hiint(b);
}
