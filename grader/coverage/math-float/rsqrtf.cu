// entry: rsqrtf
// guide: float rsqrtf(float x): reciprocal square root 1/sqrt(x) (2 ulp); +inf at +0, NaN for x < 0
// differs: `rsqrt.approx.f32` on the GPU is an approximation; the emulator computes 1/sqrt exactly rounded: last-bit differences
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(rsqrtf(fabsf(x)));            // +inf at 0
    out[4 * t + 1] = __float_as_uint(rsqrtf(x));                   // NaN where x < 0
    out[4 * t + 2] = __float_as_uint(rsqrtf((float)(t + 1)));
    out[4 * t + 3] = __float_as_uint(rsqrtf(fabsf(x) * 1.0e36f));  // large arguments
}
