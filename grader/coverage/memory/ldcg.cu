// entry: __ldcg
// guide: T __ldcg(const T *address): a load with a cache hint, cache at the global level (L2, not L1): ld.global.cg (T: char..long long, float, double and their vector types)
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float a = __ldcg(&in[t]);
    float b = __ldcg(&in[(t * 5 + 3) & 127]);
    unsigned int u = __ldcg((const unsigned int *)in + ((t + 64) & 127));
    out[4 * t + 0] = __float_as_uint(a);
    out[4 * t + 1] = __float_as_uint(a * b);
    out[4 * t + 2] = u ^ t;
}
