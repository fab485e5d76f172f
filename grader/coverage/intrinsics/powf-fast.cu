// entry: __powf
// guide: float __powf(float x, float y): fast approximate x^y as 2^(y * log2(x)); NaN for negative x
// differs: the GPU's special-function unit (`ex2`, `lg2`, `sin`, `cos`, `rsqrt`, `rcp` `.approx`) rounds its own way; the emulator computes these exactly rounded, so results differ in the last bits
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(__powf(fabsf(x), 1.5f));
    out[4 * t + 1] = __float_as_uint(__powf(x, 2.0f));                         // NaN for x < 0
    out[4 * t + 2] = __float_as_uint(__powf(2.0f, x * 6.0f));                  // overflow, underflow
    out[4 * t + 3] = __float_as_uint(__powf(fabsf(x), (float)(t % 5) - 2.0f)); // 0^-n
}
