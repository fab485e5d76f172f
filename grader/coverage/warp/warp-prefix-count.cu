// entry: __lanemask_lt (warp prefix count)
// guide: the count of lower lanes whose predicate holds: __popc(__ballot_sync(mask, p) & lanemask_lt), lanemask_lt = (1 << lane) - 1
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int lane = threadIdx.x & 31;
    int p = in[t] > 0.0f;
    unsigned int b = __ballot_sync(0xffffffffu, p);
    unsigned int lt = (1u << lane) - 1;
    out[4 * t + 0] = __popc(b & lt);              // this lane's slot among the positive lanes
    out[4 * t + 1] = __popc(b);
    out[4 * t + 2] = p ? __popc(b & lt) : 0xffffffffu;
    out[4 * t + 3] = b & lt;
}
