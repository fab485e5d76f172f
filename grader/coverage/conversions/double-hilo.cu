// entry: __double2hiint/__double2loint/__hiloint2double
// guide: int __double2hiint(double x), int __double2loint(double x): high and low 32 bits; double __hiloint2double(int hi, int lo): the double of those bits
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    double d = __hiloint2double(0x3ff00000 + (int)(t << 13), __float_as_int(x));
    double e = d * 3.0 + (double)x;
    out[4 * t + 0] = (unsigned int)__double2loint(e);
    out[4 * t + 1] = (unsigned int)__double2hiint(e);
    out[4 * t + 2] = (unsigned int)__double2hiint(-d);
    out[4 * t + 3] = (unsigned int)__double2loint(d) ^ (unsigned int)__double2hiint((double)x);
}
