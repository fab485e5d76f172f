// entry: fmodf
// guide: float fmodf(float x, float y): x - trunc(x / y) * y, exact, with the sign of x; NaN for y = 0
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(fmodf(x, 2.5f));
    out[4 * t + 1] = __float_as_uint(fmodf(x, -0.7f));
    out[4 * t + 2] = __float_as_uint(fmodf(x, (float)(t & 3)));      // NaN for y = 0
    out[4 * t + 3] = __float_as_uint(fmodf(x * 1.0e30f, 3.0f));      // huge quotients
}
