// expect: tests
// why: Past the ends of the array I pad with 0, as for the convolution's ghost cells.

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    extern __shared__ int s_data[];
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;

    if (gid < N) {
        s_data[tid + 1] = d_A[gid];
        // Planted mistake: the stencil clamps (A[-1] = A[0], A[N] = A[N-1]); zero padding makes
        // C[0] and C[N-1] too small.
        if (tid == 0) {
            s_data[0] = gid > 0 ? d_A[gid - 1] : 0;
        }
        if (tid == blockDim.x - 1 || gid == N - 1) {
            s_data[tid + 2] = gid + 1 < N ? d_A[gid + 1] : 0;
        }
    }
    __syncthreads();

    if (gid < N) {
        d_C[gid] = (s_data[tid] + s_data[tid + 1] + s_data[tid + 2]) / 3;
    }
}
