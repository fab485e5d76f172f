// entry: __syncthreads
// guide: void __syncthreads(): waits until all threads of the block reach it, and makes their earlier shared and global writes visible to the block
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    __shared__ float s[64];
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int i = threadIdx.x;
    s[i] = in[t] * 2.0f;
    __syncthreads();
    float mirrored = s[63 - i];          // written by a thread of another warp
    float next = s[(i + 33) & 63];
    __syncthreads();                     // everyone has read before the overwrite
    s[i] = mirrored - next;
    __syncthreads();
    out[4 * t + 0] = __float_as_uint(mirrored);
    out[4 * t + 1] = __float_as_uint(next);
    out[4 * t + 2] = __float_as_uint(s[(i * 5) & 63]);
}
