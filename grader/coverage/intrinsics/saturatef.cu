// entry: __saturatef
// guide: float __saturatef(float x): x clamped to [+0.0, 1.0]; NaN gives +0
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float q = x < 0.0f ? __uint_as_float(0x7fc00000u | t) : x;   // NaN where x < 0
    out[4 * t + 0] = __float_as_uint(__saturatef(x * 0.05f));
    out[4 * t + 1] = __float_as_uint(__saturatef(x));
    out[4 * t + 2] = __float_as_uint(__saturatef(q));
    out[4 * t + 3] = __float_as_uint(__saturatef(x * 0.0f));      // -0 for negative x
}
