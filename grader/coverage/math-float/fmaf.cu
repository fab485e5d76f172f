// entry: fmaf
// guide: float fmaf(float x, float y, float z): x * y + z rounded once (IEEE round-to-nearest)
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float a = x * 0.1f;                                         // inexact
    float p = a * a;
    out[4 * t + 0] = __float_as_uint(fmaf(x, 0.1f, 1.0f / 3.0f));
    out[4 * t + 1] = __float_as_uint(fmaf(a, a, -p));           // the rounding error of a * a
    out[4 * t + 2] = __float_as_uint(fmaf(x, 1.0e38f, 1.0e38f)); // overflow
    out[4 * t + 3] = __float_as_uint(fmaf(x, 1.0e-30f, (float)t * -1.0e-37f)); // tiny results
}
