// expect: finding:uninitialized_shared
// expect: tests
// message: the right halo of this block, the last, where only threads 0 to
// message: clamps the array's ends
// why: The right halo is the block's last element's neighbour, so thread 255 loads it; I did not think of the last block, which N need not fill.

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    extern __shared__ int s_data[];
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;

    if (gid < N) {
        s_data[tid + 1] = d_A[gid];
        if (tid == 0) {
            s_data[0] = d_A[gid > 0 ? gid - 1 : 0];  // clamped: A[-1] = A[0]
        }
        // The last valid thread of the block: the block's last thread, or N-1 in a partial block.
        // Planted mistake: only thread blockDim.x - 1 loads the right halo. In the last, partial
        // block that thread has no element, so the slot after the last element is never written
        // (the fix: `|| gid == N - 1`, clamped to A[N - 1], never 0).
        if (tid == blockDim.x - 1) {
            s_data[tid + 2] = d_A[gid + 1 < N ? gid + 1 : N - 1];  // clamped: A[N] = A[N-1]
        }
    }
    // Every thread reaches the barrier, including those past the end of the array.
    __syncthreads();

    if (gid < N) {
        d_C[gid] = (s_data[tid] + s_data[tid + 1] + s_data[tid + 2]) / 3;
    }
}
