// Reference solution: the 1D average stencil in shared memory.
// s_data[0] is the left halo, s_data[1 .. blockDim.x] the block's elements, and the slot after
// the block's last valid element the right halo.

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
