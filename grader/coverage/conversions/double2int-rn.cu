// entry: __double2int_rn
// guide: int __double2int_rn(double x): x converted to int, round-to-nearest-even; saturates out of range, NaN gives 0x80000000
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    double d = (double)in[t];
    double q = d < -10.0 ? __longlong_as_double(0x7ff8000000000000ll | t) : d;   // NaN where d < -10
    out[4 * t + 0] = (unsigned int)__double2int_rn(d);
    out[4 * t + 1] = (unsigned int)__double2int_rn(d / 0.75);      // many halfway cases
    out[4 * t + 2] = (unsigned int)__double2int_rn(d * 1.0e9);     // saturation
    out[4 * t + 3] = (unsigned int)__double2int_rn(q);
}
