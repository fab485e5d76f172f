// entry: hypotf
// guide: float hypotf(float x, float y): sqrt(x*x + y*y) without undue overflow or underflow (3 ulp)
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float y = (float)t - 64.0f;
    out[4 * t + 0] = __float_as_uint(hypotf(x, y));
    out[4 * t + 1] = __float_as_uint(hypotf(x * 1.0e30f, y * 1.0e30f));    // squares would overflow
    out[4 * t + 2] = __float_as_uint(hypotf(x * 1.0e37f, 3.0e38f));        // result overflows: +inf
    out[4 * t + 3] = __float_as_uint(hypotf(x * 1.0e-40f, y * 1.0e-41f));  // subnormals
}
