// entry: erff/erfcf
// guide: float erff(float x): error function (2 ulp); float erfcf(float x): 1 - erf(x), accurate for large x (4 ulp)
// differs: NVIDIA's maths library computes it through the special-function unit's approximate instructions, which the emulator computes exactly rounded: results differ in the last bits
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(erff(x * 0.1f));
    out[4 * t + 1] = __float_as_uint(erff(x));              // saturates at +-1
    out[4 * t + 2] = __float_as_uint(erfcf(x * 0.25f));
    out[4 * t + 3] = __float_as_uint(erfcf(x));             // 2 for very negative x, underflows for large x
}
