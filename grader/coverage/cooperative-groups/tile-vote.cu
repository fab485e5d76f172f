// entry: thread_block_tile any / all / ballot
// guide: tile.any(p), tile.all(p): votes over the tile; tile.ballot(p): bit k is rank k's predicate
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<8> tile = cg::tiled_partition<8>(block);
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = tile.any(x > 20.0f) != 0;
    out[4 * t + 1] = tile.all(x > -10.0f) != 0;
    out[4 * t + 2] = tile.ballot(x < 0.0f);           // 8 bits, rank 0 in bit 0
    out[4 * t + 3] = warp.ballot(x > 0.0f) ^ (warp.all(x > -19.0f) ? 0x80000000u : 0u) ^ (warp.any(x == 0.0f) ? 1u : 0u);
}
