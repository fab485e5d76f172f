// entry: powf
// guide: float powf(float x, float y): x raised to y (4 ulp); negative x only for integral y, pow(0, -n) = inf
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(powf(fabsf(x), 1.5f));
    out[4 * t + 1] = __float_as_uint(powf(x, (float)(t % 7) - 3.0f));  // negative bases, 0^-n
    out[4 * t + 2] = __float_as_uint(powf(x, 0.5f + (float)(t & 1)));  // NaN for negative x
    out[4 * t + 3] = __float_as_uint(powf(2.0f, x * 5.0f));            // overflow and underflow
}
