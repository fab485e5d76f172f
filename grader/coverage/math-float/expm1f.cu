// entry: expm1f
// guide: float expm1f(float x): e^x - 1, accurate for small x (1 ulp)
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(expm1f(x));             // -1 for very negative x
    out[4 * t + 1] = __float_as_uint(expm1f(x * 1.0e-3f));   // small arguments
    out[4 * t + 2] = __float_as_uint(expm1f(x * 1.0e-8f));   // tiny arguments: ~x
    out[4 * t + 3] = __float_as_uint(expm1f(x * 4.0f));      // overflow to +inf above ~88.7
}
