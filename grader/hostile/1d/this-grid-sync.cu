// expect: compile
// message: cooperative launch
// why: A grid-wide barrier between loading and averaging, so I need no halo: cg::this_grid().sync(). Without a cooperative launch a GPU hangs or faults on it.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int mine = gid < N ? d_A[gid] : 0;
    cg::this_grid().sync();
    if (gid < N) d_C[gid] = (d_A[gid > 0 ? gid - 1 : 0] + mine + d_A[gid + 1 < N ? gid + 1 : N - 1]) / 3;
}
