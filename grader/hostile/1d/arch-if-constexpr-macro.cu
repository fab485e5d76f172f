// expect: target:global_load_bytes_per_output
// why: No #if in sight: the architecture goes through a macro into an if constexpr, and from Hopper on (900) each thread reads its neighbours from global memory.

#define MY_ARCH __CUDA_ARCH__
constexpr bool kDirect = MY_ARCH >= 900;

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    extern __shared__ int s_data[];
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if constexpr (kDirect) {
        if (gid < N) d_C[gid] = (d_A[gid > 0 ? gid - 1 : 0] + d_A[gid] + d_A[gid + 1 < N ? gid + 1 : N - 1]) / 3;
    } else {
        if (gid < N) {
            s_data[tid + 1] = d_A[gid];
            if (tid == 0) s_data[0] = d_A[gid > 0 ? gid - 1 : 0];
            if (tid == blockDim.x - 1 || gid == N - 1) s_data[tid + 2] = d_A[gid + 1 < N ? gid + 1 : N - 1];
        }
        __syncthreads();
        if (gid < N) d_C[gid] = (s_data[tid] + s_data[tid + 1] + s_data[tid + 2]) / 3;
    }
}
