// entry: __sincosf
// guide: void __sincosf(float x, float *sptr, float *cptr): fast approximate sine and cosine (sin.approx, cos.approx)
// differs: the GPU's special-function unit (`ex2`, `lg2`, `sin`, `cos`, `rsqrt`, `rcp` `.approx`) rounds its own way; the emulator computes these exactly rounded, so results differ in the last bits
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float s, c;
    __sincosf(x * 0.1f, &s, &c);
    out[4 * t + 0] = __float_as_uint(s);
    out[4 * t + 1] = __float_as_uint(c);
    __sincosf(x * 100.0f, &s, &c);     // outside [-pi, pi]
    out[4 * t + 2] = __float_as_uint(s);
    out[4 * t + 3] = __float_as_uint(c);
}
