// entry: isnan/isinf/isfinite/signbit
// guide: isnan(x), isinf(x), isfinite(x), signbit(x) on float: classification (nonzero when true)
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float d = (float)(t & 3) - 1.0f;   // -1, 0, 1, 2
    float v = x / d;                   // +-inf where d = 0 (NaN if x is 0), -0 for 0 / -1
    if (t & 4) v = v - v;              // inf - inf = NaN, finite - finite = +0
    out[4 * t + 0] = isnan(v) ? 1u : 0u;
    out[4 * t + 1] = isinf(v) ? 1u : 0u;
    out[4 * t + 2] = isfinite(v) ? 1u : 0u;
    out[4 * t + 3] = signbit(v) ? 1u : 0u;
}
