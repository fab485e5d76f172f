// expect: finding:barrier
// why: Only the threads with an element need the halo, so I put block.sync() inside my `if (i < N)`.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    cg::thread_block block = cg::this_thread_block();
    extern __shared__ int halo[];
    int t = block.thread_rank();
    int i = blockIdx.x * blockDim.x + t;

    if (i < N) {
        halo[t + 1] = d_A[i];
        if (t == 0) halo[0] = d_A[i > 0 ? i - 1 : 0];
        if (t == blockDim.x - 1 || i == N - 1) halo[t + 2] = d_A[i + 1 < N ? i + 1 : N - 1];
        block.sync();
        d_C[i] = (halo[t] + halo[t + 1] + halo[t + 2]) / 3;
    }
}
