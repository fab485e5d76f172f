// expect: pass
// why: Defensive: before using the dynamic shared array I check with %dynamic_smem_size that the launch gave it room for blockDim.x + 2 ints, and trap if not.

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    extern __shared__ int s_data[];
    unsigned int bytes;
    asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(bytes));
    if (bytes < (blockDim.x + 2) * sizeof(int)) __trap();

    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < N) {
        s_data[tid + 1] = d_A[gid];
        if (tid == 0) s_data[0] = d_A[gid > 0 ? gid - 1 : 0];
        if (tid == blockDim.x - 1 || gid == N - 1) s_data[tid + 2] = d_A[gid + 1 < N ? gid + 1 : N - 1];
    }
    __syncthreads();
    if (gid < N) d_C[gid] = (s_data[tid] + s_data[tid + 1] + s_data[tid + 2]) / 3;
}
