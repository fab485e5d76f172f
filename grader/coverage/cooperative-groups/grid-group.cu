// entry: grid_group thread_rank / size / block_rank / num_blocks / dim_blocks / block_index
// guide: cg::this_grid(): the whole grid; thread_rank() and size() (num_threads()) over every block, block_rank() and num_blocks(), dim_blocks() (gridDim) and block_index() (blockIdx); legal in any launch, only sync() needs a cooperative one
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    cg::grid_group grid = cg::this_grid();
    unsigned int t = (unsigned int)grid.thread_rank();
    dim3 b = grid.block_index();
    dim3 n = grid.dim_blocks();
    out[4 * t + 0] = t;
    out[4 * t + 1] = (unsigned int)grid.size() * 1000u + (unsigned int)grid.num_threads();
    out[4 * t + 2] = grid.block_rank() * 10000u + grid.num_blocks() * 100u + b.x;
    out[4 * t + 3] = __float_as_uint(in[t]) ^ (n.x * 100u + n.y * 10u + n.z);
}
