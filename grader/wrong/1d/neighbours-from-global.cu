// expect: target:global_load_bytes_per_output
// why: Shared memory seemed like extra work, so each thread reads its three neighbours from d_A.

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    // Planted mistake: correct, but every element is loaded three times from global memory
    // (12 bytes per output instead of about 4).
    if (gid < N) {
        int left = d_A[gid > 0 ? gid - 1 : 0];
        int right = d_A[gid + 1 < N ? gid + 1 : N - 1];
        d_C[gid] = (left + d_A[gid] + right) / 3;
    }
}
