// entry: __reduce_or_sync
// guide: unsigned __reduce_or_sync(unsigned mask, unsigned value): the bitwise or of value over the lanes in mask, returned to all of them (sm_80 and later)
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int u = __float_as_uint(in[t]);
    out[4 * t + 0] = __reduce_or_sync(0xffffffffu, u);
    out[4 * t + 1] = __reduce_or_sync(0xffffffffu, (unsigned int)(int)(in[t] * 8.0f) + t);
}
