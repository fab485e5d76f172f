// expect: target:global_load_bytes_per_output
// why: The architecture macro spelled out of two halves by token pasting, so no text search finds it; from sm_86 on, the neighbours come from global memory.

#define PASTE(a, b) a##b
#define ARCH PASTE(__CUDA_, ARCH__)

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    extern __shared__ int s_data[];
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
#if ARCH >= 860
    if (gid < N) d_C[gid] = (d_A[gid > 0 ? gid - 1 : 0] + d_A[gid] + d_A[gid + 1 < N ? gid + 1 : N - 1]) / 3;
#else
    if (gid < N) {
        s_data[tid + 1] = d_A[gid];
        if (tid == 0) s_data[0] = d_A[gid > 0 ? gid - 1 : 0];
        if (tid == blockDim.x - 1 || gid == N - 1) s_data[tid + 2] = d_A[gid + 1 < N ? gid + 1 : N - 1];
    }
    __syncthreads();
    if (gid < N) d_C[gid] = (s_data[tid] + s_data[tid + 1] + s_data[tid + 2]) / 3;
#endif
}
