// entry: __threadfence_block
// guide: void __threadfence_block(): orders the calling thread's memory writes as seen by the threads of its block (membar.cta)
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    __shared__ float s[64];
    __shared__ unsigned int flag[64];
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int i = threadIdx.x;
    s[i] = in[t] * 0.5f;
    __threadfence_block();
    flag[i] = i + 1;
    __syncthreads();
    unsigned int j = (i * 7 + 3) & 63;
    out[4 * t + 0] = flag[j];
    out[4 * t + 1] = __float_as_uint(s[j]);
}
