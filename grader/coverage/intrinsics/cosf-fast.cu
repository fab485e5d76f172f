// entry: __cosf
// guide: float __cosf(float x): fast approximate cosine (cos.approx; accurate only for |x| in [-pi, pi])
// differs: the GPU's special-function unit (`ex2`, `lg2`, `sin`, `cos`, `rsqrt`, `rcp` `.approx`) rounds its own way; the emulator computes these exactly rounded, so results differ in the last bits
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(__cosf(x));
    out[4 * t + 1] = __float_as_uint(__cosf(x * 1.0e-3f));  // small arguments
    out[4 * t + 2] = __float_as_uint(__cosf(x * 0.1f));
    out[4 * t + 3] = __float_as_uint(__cosf(x * 1000.0f));  // far outside [-pi, pi]
}
