// entry: sinhf/coshf/tanhf
// guide: float sinhf(float x), coshf(float x), tanhf(float x): hyperbolic sine, cosine, tangent (2-3 ulp)
// differs: NVIDIA's maths library computes it through the special-function unit's approximate instructions, which the emulator computes exactly rounded: results differ in the last bits
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(sinhf(x));
    out[4 * t + 1] = __float_as_uint(coshf(x * 4.0f));        // overflow to +inf above ~89.4
    out[4 * t + 2] = __float_as_uint(tanhf(x * 0.125f));      // saturates towards +-1
    out[4 * t + 3] = __float_as_uint(tanhf(x * 1.0e-3f) + sinhf(x * 1.0e-3f)); // small arguments
}
