// entry: __log10f
// guide: float __log10f(float x): fast approximate base-10 logarithm (lg2.approx times log10(2))
// differs: the GPU's special-function unit (`ex2`, `lg2`, `sin`, `cos`, `rsqrt`, `rcp` `.approx`) rounds its own way; the emulator computes these exactly rounded, so results differ in the last bits
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(__log10f(fabsf(x)));  // -inf at 0
    out[4 * t + 1] = __float_as_uint(__log10f(x));  // NaN where x < 0
    out[4 * t + 2] = __float_as_uint(__log10f(fabsf(x) * 1.0e-40f));  // subnormal arguments
    out[4 * t + 3] = __float_as_uint(__log10f(1.0f + x * 1.0e-3f));  // close to 1
}
