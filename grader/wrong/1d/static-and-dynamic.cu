// expect: target:shared_bytes_per_block
// why: I kept the extern __shared__ array from the stub and added my own static one for the tile.

// The block size the launch uses (the contract's 256).
#define BLOCK 256

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    // Planted mistake: the launch gives (blockDim.x + 2) ints of dynamic shared memory for
    // s_dyn, which the kernel still declares (and touches), while the tile lives in a second,
    // static array: the block holds 2064 bytes of shared memory where 1032 do.
    extern __shared__ int s_dyn[];
    __shared__ int s_data[BLOCK + 2];
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;

    if (tid == 0) {
        s_dyn[0] = 0;
    }
    if (gid < N) {
        s_data[tid + 1] = d_A[gid];
        if (tid == 0) {
            s_data[0] = d_A[gid > 0 ? gid - 1 : 0];
        }
        if (tid == blockDim.x - 1 || gid == N - 1) {
            s_data[tid + 2] = d_A[gid + 1 < N ? gid + 1 : N - 1];
        }
    }
    __syncthreads();

    if (gid < N) {
        d_C[gid] = (s_data[tid] + s_data[tid + 1] + s_data[tid + 2]) / 3;
    }
}
