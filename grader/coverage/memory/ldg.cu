// entry: __ldg
// guide: T __ldg(const T *address): a load through the read-only data cache (ld.global.nc) for data that does not change during the kernel
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float a = __ldg(&in[t]);
    float b = __ldg(&in[127 - t]);
    int bits = __ldg((const int *)in + ((t * 3) & 127));
    out[4 * t + 0] = __float_as_uint(a);
    out[4 * t + 1] = __float_as_uint(a - b);
    out[4 * t + 2] = (unsigned int)bits + t;
}
