// entry: __threadfence_system
// guide: void __threadfence_system(): orders the calling thread's memory writes as seen by all threads of the device, the host and peer devices (membar.sys)
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int i = threadIdx.x;
    out[4 * t + 3] = __float_as_uint(in[t] - 7.25f);
    __threadfence_system();
    out[4 * t + 2] = 2 * t + 1;
    __syncthreads();
    unsigned int u = blockIdx.x * blockDim.x + ((i + 45) & 63);
    out[4 * t + 0] = ((volatile unsigned int *)out)[4 * u + 3];
    out[4 * t + 1] = ((volatile unsigned int *)out)[4 * u + 2];
}
