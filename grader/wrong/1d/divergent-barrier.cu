// expect: finding:barrier
// why: Only the first half of the block loads the halo neighbours, so only it needs to wait.

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
    // Planted mistake: __syncthreads() must be reached by every thread of the block; here
    // threads 128..255 skip it (on a GPU: a hang or undefined behaviour).
    if (threadIdx.x < 128) {
        __syncthreads();
    }

    if (gid < N) {
        d_C[gid] = (s_data[tid] + s_data[tid + 1] + s_data[tid + 2]) / 3;
    }
}
