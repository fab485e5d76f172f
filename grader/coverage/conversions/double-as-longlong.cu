// entry: __double_as_longlong/__longlong_as_double
// guide: long long __double_as_longlong(double x), double __longlong_as_double(long long x): reinterpret the bits
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    double d = (double)in[t] / 3.0;
    long long a = __double_as_longlong(d);
    long long b = __double_as_longlong(__longlong_as_double(a + (long long)t * 0x100000001ll) * 2.0);
    if ((t & 7) == 7) b = __double_as_longlong(__longlong_as_double(0x7ff0000000000001ll + t)); // NaN payloads
    out[4 * t + 0] = (unsigned int)a;
    out[4 * t + 1] = (unsigned int)((unsigned long long)a >> 32);
    out[4 * t + 2] = (unsigned int)b;
    out[4 * t + 3] = (unsigned int)((unsigned long long)b >> 32);
}
