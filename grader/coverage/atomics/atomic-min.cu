// entry: atomicMin
// guide: T atomicMin(T *address, T val) for int, unsigned (and 64-bit): stores min(*address, val) and returns the old value
__device__ int imin_acc[4];
__device__ unsigned int umin_acc[4];
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int w = t / 32;
    if ((threadIdx.x & 31) == 0) {
        imin_acc[w] = 1000;
        umin_acc[w] = 0xffffffffu;
    }
    __syncthreads();
    int v = (int)(in[t] * 8.0f);
    int old = atomicMin(&imin_acc[w], v);                 // signed: the negative values win
    atomicMin(&umin_acc[w], (unsigned int)v);             // unsigned: the negatives are huge
    __syncthreads();
    out[4 * t + 0] = (unsigned int)imin_acc[w];
    out[4 * t + 1] = umin_acc[w];
    out[4 * t + 2] = old >= imin_acc[w];
}
