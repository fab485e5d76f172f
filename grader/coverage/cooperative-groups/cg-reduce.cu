// entry: cg::reduce (plus, less, greater)
// guide: T cg::reduce(tile, T value, op) (cooperative_groups/reduce.h): the reduction over the tile, returned to every thread; cg::plus<T>, cg::less<T> (minimum), cg::greater<T> (maximum)
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    cg::thread_block_tile<4> quad = cg::tiled_partition<4>(block);
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = (unsigned int)cg::reduce(warp, (int)(x * 8.0f), cg::plus<int>());
    out[4 * t + 1] = __float_as_uint(cg::reduce(warp, x, cg::less<float>()));
    out[4 * t + 2] = __float_as_uint(cg::reduce(warp, x, cg::greater<float>()));
    out[4 * t + 3] = (unsigned int)cg::reduce(quad, (int)t - (int)(x * 8.0f), cg::plus<int>());
}
