// entry: tiled_partition<32> shfl_down reduction
// guide: thread_block_tile<32> tile = tiled_partition<32>(block); tile.shfl_down(v, d): a warp's tree reduction, the sum in rank 0
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[t];
    for (unsigned int d = tile.size() / 2; d > 0; d /= 2) v += tile.shfl_down(v, d);   // exact: multiples of 0.375
    int iv = (int)(in[t] * 8.0f);
    for (unsigned int d = 16; d > 0; d /= 2) iv += tile.shfl_down(iv, d);
    out[4 * t + 0] = __float_as_uint(v);             // every lane's partial: rank 0 has the sum
    out[4 * t + 1] = (unsigned int)iv;
    out[4 * t + 2] = __float_as_uint(tile.shfl(v, 0));   // the sum, broadcast
    out[4 * t + 3] = tile.thread_rank();
}
