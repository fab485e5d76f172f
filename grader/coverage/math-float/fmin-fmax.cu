// entry: fminf/fmaxf
// guide: float fminf(float x, float y), fmaxf(float x, float y): minimum and maximum; a NaN argument yields the other one
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float y = in[t ^ 1];
    float q = x < 0.0f ? __uint_as_float(0x7fc00000u | t) : x;  // NaN where x < 0
    float z = x * 0.0f;                                         // +0 or -0
    out[4 * t + 0] = __float_as_uint(fminf(x, y));
    out[4 * t + 1] = __float_as_uint(fmaxf(x, y));
    out[4 * t + 2] = __float_as_uint(fminf(q, 2.0f)) ^ __float_as_uint(fmaxf(-3.0f, q));
    out[4 * t + 3] = __float_as_uint(fmaxf(z, -z)) | (__float_as_uint(fminf(z, -z)) >> 1); // signed zeros
}
