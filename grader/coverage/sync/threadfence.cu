// entry: __threadfence
// guide: void __threadfence(): orders the calling thread's memory writes as seen by all threads of the device (membar.gl)
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int i = threadIdx.x;
    out[4 * t + 3] = __float_as_uint(in[t] * 3.0f);
    __threadfence();
    out[4 * t + 2] = t + 1000;
    __syncthreads();
    unsigned int u = blockIdx.x * blockDim.x + ((i + 21) & 63);   // another thread of the block
    out[4 * t + 0] = ((volatile unsigned int *)out)[4 * u + 3];
    out[4 * t + 1] = ((volatile unsigned int *)out)[4 * u + 2];
}
