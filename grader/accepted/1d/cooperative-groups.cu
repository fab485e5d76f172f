// expect: pass
// why: cooperative groups as NVIDIA's samples teach them: the block from cg::this_thread_block(), its thread_rank() and group_index(), block.sync() for the barrier

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    cg::thread_block block = cg::this_thread_block();
    extern __shared__ int halo[];
    int t = block.thread_rank();
    int i = block.group_index().x * block.size() + t;

    if (i < N) {
        halo[t + 1] = d_A[i];
        if (t == 0) halo[0] = d_A[max(i - 1, 0)];
        if (t == block.size() - 1 || i == N - 1) halo[t + 2] = d_A[min(i + 1, N - 1)];
    }
    block.sync();
    if (i < N) d_C[i] = (halo[t] + halo[t + 1] + halo[t + 2]) / 3;
}
