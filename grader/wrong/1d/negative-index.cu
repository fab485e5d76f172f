// expect: finding:out_of_bounds
// why: I store element i at s_data[tid] and put the left neighbour at s_data[-1], just before it.

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    extern __shared__ int s_data[];
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;

    // Planted mistake: no offset of one for the left halo, so thread 0 writes (and reads)
    // s_data[-1], before the start of the block's shared memory.
    if (gid < N) {
        s_data[tid] = d_A[gid];
        if (tid == 0) {
            s_data[-1] = d_A[gid > 0 ? gid - 1 : 0];
        }
        if (tid == blockDim.x - 1 || gid == N - 1) {
            s_data[tid + 1] = d_A[gid + 1 < N ? gid + 1 : N - 1];
        }
    }
    __syncthreads();

    if (gid < N) {
        d_C[gid] = (s_data[tid - 1] + s_data[tid] + s_data[tid + 1]) / 3;
    }
}
