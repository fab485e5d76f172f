// expect: pass
// why: static shared memory, __shared__ int s_data[BLOCK_SIZE + 2] sized for the 256-thread launch, instead of the extern array; the right halo goes after the block's last valid element

#define BLOCK_SIZE 256  // threads per block in the grader's launch

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    __shared__ int s_data[BLOCK_SIZE + 2];

    int tid = threadIdx.x;
    int blockStart = blockIdx.x * blockDim.x;
    int gid = blockStart + tid;
    // how many elements this block really has (the last block can be partial)
    int count = min((int)blockDim.x, N - blockStart);

    if (tid < count) {
        s_data[tid + 1] = d_A[gid];
    }
    if (tid == 0) {
        s_data[0] = blockStart > 0 ? d_A[blockStart - 1] : d_A[0];
    }
    if (tid == count - 1) {
        s_data[count + 1] = gid + 1 < N ? d_A[gid + 1] : d_A[N - 1];
    }
    __syncthreads();

    if (tid < count) {
        d_C[gid] = (s_data[tid] + s_data[tid + 1] + s_data[tid + 2]) / 3;
    }
}
