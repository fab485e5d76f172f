// entry: __syncthreads_and
// guide: int __syncthreads_and(int predicate): a block barrier that returns non-zero if and only if the predicate is non-zero for all threads of the block
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __syncthreads_and(x > -19.0f) != 0;
    out[4 * t + 1] = __syncthreads_and(x > 0.0f) != 0;
    out[4 * t + 2] = __syncthreads_and(x < 28.6f) != 0;   // false in the block with 28.875 only
    out[4 * t + 3] = __syncthreads_and(blockIdx.x == 1 || threadIdx.x != 40) != 0;
}
