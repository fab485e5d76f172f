// entry: __fdividef
// guide: float __fdividef(float x, float y): fast approximate x / y (2 ulp for 2^-126 <= |y| <= 2^126); 0 when 2^126 < |y| < 2^128
// differs: `div.approx.f32` on the GPU is a reciprocal approximation times the dividend; the emulator divides exactly rounded: last-bit differences
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(__fdividef(x, (float)t - 64.0f));   // y = 0 at t = 64
    out[4 * t + 1] = __float_as_uint(__fdividef(1.0f, x));
    out[4 * t + 2] = __float_as_uint(__fdividef(x, 3.0e38f));            // |y| > 2^126: 0
    out[4 * t + 3] = __float_as_uint(__fdividef(x * 1.0e38f, 3.0e38f)); // inf / large: NaN
}
