// entry: __reduce_max_sync
// guide: T __reduce_max_sync(unsigned mask, T value) for T int or unsigned: the max of value over the lanes in mask, returned to all of them (sm_80 and later)
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v = (int)(in[t] * 8.0f);
    unsigned int u = __float_as_uint(in[t]) >> 16;
    out[4 * t + 0] = (unsigned int)__reduce_max_sync(0xffffffffu, v);
    out[4 * t + 1] = __reduce_max_sync(0xffffffffu, u);
}
