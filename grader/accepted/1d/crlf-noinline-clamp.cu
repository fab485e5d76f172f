// expect: pass
// why: written on Windows, CRLF line endings throughout; a __device__ __noinline__ clampIndex(i, n) helper for the clamped ends

// clamp an index into [0, n-1]: A[-1] is A[0], A[N] is A[N-1]
__device__ __noinline__ int clampIndex(int i, int n) {
    if (i < 0) return 0;
    if (i > n - 1) return n - 1;
    return i;
}

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    extern __shared__ int s_data[];
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + tid;

    if (gid < N) {
        s_data[tid + 1] = d_A[gid];
        if (tid == 0)
            s_data[0] = d_A[clampIndex(gid - 1, N)];
        if (tid == blockDim.x - 1 || gid == N - 1)
            s_data[tid + 2] = d_A[clampIndex(gid + 1, N)];
    }
    __syncthreads();

    if (gid < N) {
        int sum = s_data[tid] + s_data[tid + 1] + s_data[tid + 2];
        d_C[gid] = sum / 3;
    }
}
