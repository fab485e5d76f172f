// entry: atomicAdd on __shared__ memory
// guide: the atomic functions work on shared memory too (atom.shared): atomic among the threads of the block
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    __shared__ int icount[4];
    __shared__ float fsum[2];
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int i = threadIdx.x;
    if (i < 4) icount[i] = (int)i * 100;
    if (i < 2) fsum[i] = -1.0f;
    __syncthreads();
    atomicAdd(&icount[i & 3], (int)(in[t] * 8.0f));
    atomicAdd(&fsum[i >> 5], in[t]);                 // exact: multiples of 0.375
    __syncthreads();
    out[4 * t + 0] = (unsigned int)icount[i & 3];
    out[4 * t + 1] = (unsigned int)icount[(i + 1) & 3];
    out[4 * t + 2] = __float_as_uint(fsum[i >> 5]);
    out[4 * t + 3] = __float_as_uint(fsum[(i >> 5) ^ 1]);
}
