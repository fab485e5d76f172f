// entry: copysignf
// guide: float copysignf(float x, float y): the magnitude of x with the sign of y (exact, also for zeros and NaN)
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(copysignf(1.5f, x));
    out[4 * t + 1] = __float_as_uint(copysignf(x, -x));
    out[4 * t + 2] = __float_as_uint(copysignf((float)t, x * 0.0f));                  // sign of +-0
    out[4 * t + 3] = __float_as_uint(copysignf(__uint_as_float(0x7fc00000u | t), x)); // NaN payload kept
}
