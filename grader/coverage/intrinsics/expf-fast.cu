// entry: __expf
// guide: float __expf(float x): fast approximate e^x (ex2.approx of x * log2(e)); error grows with |x|
// differs: the GPU's special-function unit (`ex2`, `lg2`, `sin`, `cos`, `rsqrt`, `rcp` `.approx`) rounds its own way; the emulator computes these exactly rounded, so results differ in the last bits
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(__expf(x));
    out[4 * t + 1] = __float_as_uint(__expf(x * 6.0f));  // -112.5 .. 173.25: underflow, overflow
    out[4 * t + 2] = __float_as_uint(__expf(-x * x * 0.01f));
    out[4 * t + 3] = __float_as_uint(__expf(x * 1.0e-4f));  // close to 1
}
