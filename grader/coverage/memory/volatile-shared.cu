// entry: volatile __shared__ memory
// guide: a volatile variable is read from and written to memory at every access (no value kept in a register): here a warp-synchronous reduction
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    volatile __shared__ float s[64];
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int i = threadIdx.x;
    s[i] = in[t];
    __syncthreads();
    if (i < 32) {
        float v = s[i] + s[i + 32];
        s[i] = v;
        __syncwarp();
        for (unsigned int d = 16; d > 0; d /= 2) {
            float other = s[i ^ d];                   // volatile: read again after the other lane's store
            __syncwarp();
            v += other;
            s[i] = v;
            __syncwarp();
        }
    }
    __syncthreads();
    out[4 * t + 0] = __float_as_uint(s[0]);          // the block's sum, exact (multiples of 0.375)
    out[4 * t + 1] = __float_as_uint(s[(i * 7) & 31]);
}
