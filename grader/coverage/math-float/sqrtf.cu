// entry: sqrtf
// guide: float sqrtf(float x): square root of x (IEEE round-to-nearest, 0 ulp); NaN for x < 0
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(sqrtf(fabsf(x)));
    out[4 * t + 1] = __float_as_uint(sqrtf(x));                    // NaN where x < 0, +0 at 0
    out[4 * t + 2] = __float_as_uint(sqrtf(fabsf(x) * 1.0e-40f));  // subnormal arguments
    out[4 * t + 3] = __float_as_uint(sqrtf((float)t * 1.0e30f));   // large arguments
}
