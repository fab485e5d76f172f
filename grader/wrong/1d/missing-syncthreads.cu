// expect: finding:race
// why: Every thread writes its slot before reading, so I left out the barrier.

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    extern __shared__ int s_data[];
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;

    if (gid < N) {
        s_data[tid + 1] = d_A[gid];
        if (tid == 0) {
            s_data[0] = d_A[gid > 0 ? gid - 1 : 0];
        }
        if (tid == blockDim.x - 1 || gid == N - 1) {
            s_data[tid + 2] = d_A[gid + 1 < N ? gid + 1 : N - 1];
        }
    }
    // Planted mistake: no __syncthreads(); s_data[tid] and s_data[tid + 2] belong to other
    // threads, which may not have written them yet.

    if (gid < N) {
        d_C[gid] = (s_data[tid] + s_data[tid + 1] + s_data[tid + 2]) / 3;
    }
}
