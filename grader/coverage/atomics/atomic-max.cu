// entry: atomicMax
// guide: T atomicMax(T *address, T val) for int, unsigned (and 64-bit): stores max(*address, val) and returns the old value
__device__ int imax_acc[4];
__device__ unsigned int umax_acc[4];
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int w = t / 32;
    if ((threadIdx.x & 31) == 0) {
        imax_acc[w] = -1000;
        umax_acc[w] = 0u;
    }
    __syncthreads();
    int v = (int)(in[t] * 8.0f);
    int old = atomicMax(&imax_acc[w], v);
    atomicMax(&umax_acc[w], (unsigned int)v);             // unsigned: a negative value wins
    __syncthreads();
    out[4 * t + 0] = (unsigned int)imax_acc[w];
    out[4 * t + 1] = umax_acc[w];
    out[4 * t + 2] = old <= imax_acc[w];
}
