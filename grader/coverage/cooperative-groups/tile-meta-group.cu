// entry: thread_block_tile meta_group_rank / meta_group_size
// guide: meta_group_rank(): the tile's index among the tiles its parent was split into; meta_group_size(): how many tiles there are
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    cg::thread_block_tile<8> tile8 = cg::tiled_partition<8>(block);
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[4 * t + 0] = warp.meta_group_rank() * 100u + warp.meta_group_size();    // 2 warps a block
    out[4 * t + 1] = tile8.meta_group_rank() * 100u + tile8.meta_group_size();  // 8 tiles a block
    out[4 * t + 2] = tile8.thread_rank() + 10u * tile8.size();
    // the tile's first value, broadcast inside the tile, tagged with the tile's number
    out[4 * t + 3] = __float_as_uint(tile8.shfl(in[t], 0) + (float)tile8.meta_group_rank());
}
