// entry: fabsf
// guide: float fabsf(float x): absolute value of x (exact); clears the sign of -0
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(fabsf(x));
    out[4 * t + 1] = __float_as_uint(fabsf(x * -0.0f));                     // +-0
    out[4 * t + 2] = __float_as_uint(fabsf(x * -1.0e-40f));                 // subnormals
    out[4 * t + 3] = __float_as_uint(fabsf(__uint_as_float(0xffc00000u | t))); // NaN with a payload
}
