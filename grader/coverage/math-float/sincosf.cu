// entry: sincosf
// guide: void sincosf(float x, float *sptr, float *cptr): sine and cosine of x at once (2 ulp each)
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float s, c;
    sincosf(x, &s, &c);
    out[4 * t + 0] = __float_as_uint(s);
    out[4 * t + 1] = __float_as_uint(c);
    sincosf(x * 12345.678f, &s, &c);   // large arguments
    out[4 * t + 2] = __float_as_uint(s);
    out[4 * t + 3] = __float_as_uint(c);
}
