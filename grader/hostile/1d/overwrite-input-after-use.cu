// expect: input_changed
// why: My notes do the stencil in place, so after the barrier each thread also writes its average back into d_A[gid] (all but the block's two edge elements, which the neighbouring blocks still read); nobody checks d_A afterwards.

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    extern __shared__ int s_data[];
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;

    if (gid < N) {
        s_data[tid + 1] = d_A[gid];
        if (tid == 0) s_data[0] = d_A[gid > 0 ? gid - 1 : 0];
        if (tid == blockDim.x - 1 || gid == N - 1) s_data[tid + 2] = d_A[gid + 1 < N ? gid + 1 : N - 1];
    }
    __syncthreads();

    if (gid < N) {
        int avg = (s_data[tid] + s_data[tid + 1] + s_data[tid + 2]) / 3;
        d_C[gid] = avg;
        // In place as well: the input is "used up" once the block has it in shared memory. The
        // block's first and last elements are other blocks' halos, so they stay.
        if (tid != 0 && tid != blockDim.x - 1) d_A[gid] = avg;
    }
}
