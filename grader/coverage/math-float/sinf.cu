// entry: sinf
// guide: float sinf(float x): sine of x in radians (2 ulp), with full argument reduction
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(sinf(x));
    out[4 * t + 1] = __float_as_uint(sinf(x * 1.0e-3f));   // small arguments
    out[4 * t + 2] = __float_as_uint(sinf(x * 1000.0f));   // medium arguments
    out[4 * t + 3] = __float_as_uint(sinf(x * 1.0e6f));    // large arguments (slow reduction path)
}
