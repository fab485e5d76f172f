// entry: asinf/acosf/atanf
// guide: float asinf(float x), acosf(float x) (NaN outside [-1, 1]), atanf(float x): inverse trigonometric functions (2-4 ulp)
// differs: NVIDIA's maths library computes it through the special-function unit's approximate instructions, which the emulator computes exactly rounded: results differ in the last bits
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(asinf(x / 28.875f));     // -0.65 .. 1 (asin(1) = pi/2)
    out[4 * t + 1] = __float_as_uint(acosf(x / 18.75f));      // -1 .. 1.54: NaN above 1
    out[4 * t + 2] = __float_as_uint(atanf(x));
    out[4 * t + 3] = __float_as_uint(atanf(x * 1.0e-3f) + atanf(x * 1.0e20f));
}
