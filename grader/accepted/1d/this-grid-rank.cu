// expect: pass
// why: cooperative groups for the indices too: the element is the thread's rank in the whole grid (cg::this_grid().thread_rank(), legal in any launch as long as the grid is never synchronised), the slot its rank in the block.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    cg::grid_group grid = cg::this_grid();
    cg::thread_block block = cg::this_thread_block();
    extern __shared__ int s_data[];
    int tid = block.thread_rank();
    int gid = (int)grid.thread_rank();
    int last = (int)grid.size() - 1;  // every thread of the grid, past N too

    if (gid < N) {
        s_data[tid + 1] = d_A[gid];
        if (tid == 0) s_data[0] = d_A[gid > 0 ? gid - 1 : 0];
        if (tid == (int)block.size() - 1 || gid == N - 1) s_data[tid + 2] = d_A[gid + 1 < N ? gid + 1 : N - 1];
    }
    block.sync();
    if (gid < N && gid <= last) d_C[gid] = (s_data[tid] + s_data[tid + 1] + s_data[tid + 2]) / 3;
}
