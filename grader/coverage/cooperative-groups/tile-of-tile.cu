// entry: tiled_partition of a tile (tiled_partition<4>(tile32))
// guide: a thread_block_tile can be partitioned again: tiled_partition<4>(warp) gives tiles of 4 numbered within the warp
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
    cg::thread_block_tile<4> quad = cg::tiled_partition<4>(warp);
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = quad.thread_rank() + 10u * quad.meta_group_rank() + 1000u * quad.meta_group_size();
    out[4 * t + 1] = __float_as_uint(quad.shfl(x, 3));                 // the quad's last value
    out[4 * t + 2] = __float_as_uint(quad.shfl_down(x, 1) - x);
    out[4 * t + 3] = quad.ballot(x > 0.0f) | (quad.any(x > 10.0f) ? 0x100u : 0u);
}
