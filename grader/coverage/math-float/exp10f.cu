// entry: exp10f
// guide: float exp10f(float x): base-10 exponential 10^x (2 ulp)
// differs: NVIDIA's maths library computes it through the special-function unit's approximate instructions, which the emulator computes exactly rounded: results differ in the last bits
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(exp10f(x));
    out[4 * t + 1] = __float_as_uint(exp10f(x * 2.0f));               // overflow above 38.5, underflow
    out[4 * t + 2] = __float_as_uint(exp10f(x * 0.1f));
    out[4 * t + 3] = __float_as_uint(exp10f((float)((int)t % 11 - 5)));  // integral exponents
}
