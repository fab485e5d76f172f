// entry: __ldcs
// guide: T __ldcs(const T *address): a load with a cache hint, cache streaming, likely accessed once: ld.global.cs (T: char..long long, float, double and their vector types)
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float a = __ldcs(&in[t]);
    float b = __ldcs(&in[(t * 5 + 3) & 127]);
    unsigned int u = __ldcs((const unsigned int *)in + ((t + 64) & 127));
    out[4 * t + 0] = __float_as_uint(a);
    out[4 * t + 1] = __float_as_uint(a * b);
    out[4 * t + 2] = u ^ t;
}
