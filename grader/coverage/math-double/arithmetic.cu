// entry: double arithmetic (add/sub/mul)
// guide: x + y, x - y, x * y on double: IEEE round-to-nearest (0 ulp)
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    double d = (double)in[t];
    double e = 1.0 / (double)(t + 3);              // inexact: a division, so nothing fuses into an fma
    double a = d + e;
    double b = (d - e) * (e * 1.0e300);            // products near the top of the range
    out[4 * t + 0] = (unsigned int)__double2loint(a);
    out[4 * t + 1] = (unsigned int)__double2hiint(a);
    out[4 * t + 2] = (unsigned int)__double2loint(b);
    out[4 * t + 3] = (unsigned int)__double2hiint(b);
}
