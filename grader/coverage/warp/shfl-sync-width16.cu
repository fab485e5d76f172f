// entry: __shfl_sync (width 16)
// guide: with width < warpSize each segment of width lanes shuffles on its own: srcLane is taken modulo width within the caller's segment
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int lane = threadIdx.x & 31;
    float v = in[t] + (float)lane;
    int iv = (int)(in[t] * 8.0f);
    out[4 * t + 0] = __float_as_uint(__shfl_sync(0xffffffffu, v, 0, 16));                   // each half's first lane
    out[4 * t + 1] = __float_as_uint(__shfl_sync(0xffffffffu, v, (int)lane + 3, 16));       // wraps inside the half
    out[4 * t + 2] = (unsigned int)__shfl_sync(0xffffffffu, iv, (int)(lane * 5), 16);
    out[4 * t + 3] = (unsigned int)__shfl_down_sync(0xffffffffu, iv, 4, 16);                // stays in the half
}
