// entry: atan2f
// guide: float atan2f(float y, float x): arc tangent of y/x using the signs of both for the quadrant (3 ulp)
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float y = (float)t - 64.0f;                                   // 0 at t = 64
    out[4 * t + 0] = __float_as_uint(atan2f(x, y));                // all quadrants, y/0
    out[4 * t + 1] = __float_as_uint(atan2f(y, x));                // 0/negative = pi, 0/0
    out[4 * t + 2] = __float_as_uint(atan2f(x * 0.0f, -1.0f));     // +-0 over negative: +-pi
    out[4 * t + 3] = __float_as_uint(atan2f(x * 1.0e30f, 1.0e-30f));
}
