// expect: target:global_load_bytes_per_output
// why: On Ampere and later I read the three neighbours straight from global memory through the read-only cache (__ldg), 12 B per output; the emulator used to build for sm_75, where my shared-memory version ran instead.

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
#if __CUDA_ARCH__ >= 800
    if (gid < N) {
        int left = __ldg(&d_A[gid > 0 ? gid - 1 : 0]);
        int right = __ldg(&d_A[gid + 1 < N ? gid + 1 : N - 1]);
        d_C[gid] = (left + __ldg(&d_A[gid]) + right) / 3;
    }
#else
    extern __shared__ int s_data[];
    int tid = threadIdx.x;
    if (gid < N) {
        s_data[tid + 1] = d_A[gid];
        if (tid == 0) s_data[0] = d_A[gid > 0 ? gid - 1 : 0];
        if (tid == blockDim.x - 1 || gid == N - 1) s_data[tid + 2] = d_A[gid + 1 < N ? gid + 1 : N - 1];
    }
    __syncthreads();
    if (gid < N) d_C[gid] = (s_data[tid] + s_data[tid + 1] + s_data[tid + 2]) / 3;
#endif
}
