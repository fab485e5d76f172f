// entry: __exp10f
// guide: float __exp10f(float x): fast approximate 10^x (ex2.approx of x * log2(10)); error grows with |x|
// differs: the GPU's special-function unit (`ex2`, `lg2`, `sin`, `cos`, `rsqrt`, `rcp` `.approx`) rounds its own way; the emulator computes these exactly rounded, so results differ in the last bits
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(__exp10f(x));
    out[4 * t + 1] = __float_as_uint(__exp10f(x * 2.0f));  // overflow above 38.5, underflow
    out[4 * t + 2] = __float_as_uint(__exp10f(x * 0.1f));
    out[4 * t + 3] = __float_as_uint(__exp10f((float)((int)t % 11 - 5)));  // integral exponents
}
