// entry: __tanf
// guide: float __tanf(float x): fast approximate tangent (__sinf(x) * (1 / __cosf(x)))
// differs: the GPU's special-function unit (`ex2`, `lg2`, `sin`, `cos`, `rsqrt`, `rcp` `.approx`) rounds its own way; the emulator computes these exactly rounded, so results differ in the last bits
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(__tanf(x));
    out[4 * t + 1] = __float_as_uint(__tanf(x * 1.0e-3f));  // small arguments
    out[4 * t + 2] = __float_as_uint(__tanf(x * 0.1f));
    out[4 * t + 3] = __float_as_uint(__tanf(1.5707963f + x * 1.0e-7f));  // near pi/2
}
