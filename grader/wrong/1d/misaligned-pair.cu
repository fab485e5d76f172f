// expect: finding:misaligned
// why: To save a load I read s_data[tid+1] and s_data[tid+2] together as one int2.
// compilers: nvrtc

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
    __syncthreads();

    if (gid < N) {
        // Planted mistake: an int2 must be 8-byte aligned; &s_data[tid + 1] is only 4-byte
        // aligned when tid is even.
        int2 pair = *reinterpret_cast<int2 *>(&s_data[tid + 1]);
        d_C[gid] = (s_data[tid] + pair.x + pair.y) / 3;
    }
}
