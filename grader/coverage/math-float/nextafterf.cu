// entry: nextafterf
// guide: float nextafterf(float x, float y): the next representable float after x in the direction of y
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(nextafterf(x, 100.0f));
    out[4 * t + 1] = __float_as_uint(nextafterf(x, (float)t - 64.0f));         // also y == x
    out[4 * t + 2] = __float_as_uint(nextafterf(x * 0.0f, x));                 // from +-0: smallest subnormal
    out[4 * t + 3] = __float_as_uint(nextafterf(x * 1.0e37f, x * 1.0e38f));    // towards +-inf from near FLT_MAX
}
