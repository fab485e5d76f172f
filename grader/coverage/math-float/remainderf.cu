// entry: remainderf
// guide: float remainderf(float x, float y): x - n * y with n = x / y rounded to nearest even (exact); NaN for y = 0
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(remainderf(x, 0.75f));          // x / y often halfway: ties to even
    out[4 * t + 1] = __float_as_uint(remainderf(x, 2.5f));
    out[4 * t + 2] = __float_as_uint(remainderf(x, (float)(t & 3))); // NaN for y = 0
    out[4 * t + 3] = __float_as_uint(remainderf(x * 1.0e20f, 1.7f)); // huge quotients
}
