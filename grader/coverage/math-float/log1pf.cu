// entry: log1pf
// guide: float log1pf(float x): log(1 + x), accurate for small x (1 ulp); -inf at -1, NaN below -1
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(log1pf(x / 18.75f));            // -1 at x = -18.75: -inf
    out[4 * t + 1] = __float_as_uint(log1pf(x));                     // NaN where x < -1
    out[4 * t + 2] = __float_as_uint(log1pf(x * 1.0e-4f));           // small arguments
    out[4 * t + 3] = __float_as_uint(log1pf(fabsf(x) * 1.0e6f));     // large arguments
}
