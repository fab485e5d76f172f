// entry: __syncthreads_or
// guide: int __syncthreads_or(int predicate): a block barrier that returns non-zero if and only if the predicate is non-zero for any thread of the block
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __syncthreads_or(x == 0.0f) != 0;    // the single zero is in one block
    out[4 * t + 1] = __syncthreads_or(x > 100.0f) != 0;
    out[4 * t + 2] = __syncthreads_or(x < -18.0f) != 0;
    out[4 * t + 3] = __syncthreads_or(blockIdx.x == 1 && threadIdx.x == 63) != 0;
}
