// entry: __shfl_sync (float)
// guide: T __shfl_sync(unsigned mask, T var, int srcLane, int width = warpSize): returns var from lane srcLane (taken modulo width) of the caller's segment
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int lane = threadIdx.x & 31;
    float v = in[t] * 1.5f - 0.25f;
    out[4 * t + 0] = __float_as_uint(__shfl_sync(0xffffffffu, v, (int)((lane * 13 + 1) & 31)));
    out[4 * t + 1] = __float_as_uint(__shfl_sync(0xffffffffu, v, 31));
    out[4 * t + 2] = __float_as_uint(__shfl_sync(0xffffffffu, v, (int)lane - 1));     // -1 wraps to lane 31
    out[4 * t + 3] = __float_as_uint(__shfl_sync(0xffffffffu, v, ((int)(in[t] * 8.0f)) & 31));
}
