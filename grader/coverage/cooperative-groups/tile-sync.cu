// entry: thread_block_tile sync()
// guide: tile.sync(): a barrier for the threads of the tile only (bar.warp.sync with the tile's lanes)
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    __shared__ float s[64];
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(cg::this_thread_block());
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int i = threadIdx.x;
    unsigned int base = i & ~15u;                     // this tile's first slot
    s[i] = in[t] * 3.0f;
    tile.sync();
    float a = s[base + ((tile.thread_rank() + 7) & 15)];
    tile.sync();
    s[i] = a + 1.0f;
    tile.sync();
    out[4 * t + 0] = __float_as_uint(a);
    out[4 * t + 1] = __float_as_uint(s[base + (15 - tile.thread_rank())]);
}
