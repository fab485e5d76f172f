// expect: finding:race
// message: both at this line: a __syncthreads() does not fix that
// why: Every thread stores the left halo: they all store the same value, so what harm can it do, and I save an if.

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    extern __shared__ int s_data[];
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;

    if (gid < N) {
        s_data[tid + 1] = d_A[gid];
        // Planted mistake: every thread stores the left halo, not thread 0 alone: the same value,
        // but 256 writers of one slot with no order between them (a write-after-write race that
        // no barrier fixes: `if (tid == 0)` makes it one writer).
        s_data[0] = d_A[blockIdx.x * blockDim.x > 0 ? blockIdx.x * blockDim.x - 1 : 0];
        // The last valid thread of the block: the block's last thread, or N-1 in a partial block.
        if (tid == blockDim.x - 1 || gid == N - 1) {
            s_data[tid + 2] = d_A[gid + 1 < N ? gid + 1 : N - 1];  // clamped: A[N] = A[N-1]
        }
    }
    // Every thread reaches the barrier, including those past the end of the array.
    __syncthreads();

    if (gid < N) {
        d_C[gid] = (s_data[tid] + s_data[tid + 1] + s_data[tid + 2]) / 3;
    }
}
