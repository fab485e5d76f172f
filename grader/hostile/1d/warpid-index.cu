// expect: finding:unportable
// message: use threadIdx.x / warpSize
// why: The hardware numbers its warps (%warpid), so warp w's 32 lanes fill slots 32*w .. 32*w+31 of the tile.

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    extern __shared__ int s_data[];
    int w;
    asm("mov.u32 %0, %%warpid;" : "=r"(w));
    int tid = w * 32 + threadIdx.x % 32;  // my slot: my warp's 32, then my lane
    int gid = blockIdx.x * blockDim.x + threadIdx.x;

    if (gid < N) {
        s_data[tid + 1] = d_A[gid];
        if (tid == 0) {
            s_data[0] = d_A[gid > 0 ? gid - 1 : 0];  // clamped: A[-1] = A[0]
        }
        if (tid == blockDim.x - 1 || gid == N - 1) {
            s_data[tid + 2] = d_A[gid + 1 < N ? gid + 1 : N - 1];  // clamped: A[N] = A[N-1]
        }
    }
    __syncthreads();

    if (gid < N) {
        d_C[gid] = (s_data[tid] + s_data[tid + 1] + s_data[tid + 2]) / 3;
    }
}
