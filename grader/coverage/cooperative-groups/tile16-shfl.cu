// entry: tiled_partition<16> shfl / shfl_up / shfl_xor
// guide: the shuffles of a thread_block_tile<16>: ranks and deltas within the tile of 16; up and down do not leave the tile, shfl wraps
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(cg::this_thread_block());
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int r = tile.thread_rank();
    float v = in[t] + 0.5f * (float)r;
    int iv = (int)(in[t] * 8.0f) * 16 + (int)r;
    out[4 * t + 0] = __float_as_uint(tile.shfl(v, (r * 3 + 1) % 16));
    out[4 * t + 1] = __float_as_uint(tile.shfl_up(v, 3));   // ranks 0..2 keep their own
    out[4 * t + 2] = (unsigned int)tile.shfl_xor(iv, 5);
    out[4 * t + 3] = (unsigned int)tile.shfl(iv, r + 17);    // 17 + r wraps within the tile
}
