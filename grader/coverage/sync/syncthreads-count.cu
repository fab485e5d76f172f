// entry: __syncthreads_count
// guide: int __syncthreads_count(int predicate): a block barrier that counts the threads whose predicate is non-zero
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __syncthreads_count(x > 0.0f);
    out[4 * t + 1] = __syncthreads_count(x < -5.0f);
    out[4 * t + 2] = __syncthreads_count(threadIdx.x < 10 + 7 * blockIdx.x);
    out[4 * t + 3] = __syncthreads_count(__float_as_uint(x) & 0x00100000u);
}
