// entry: cg::sync(group)
// guide: cooperative_groups::sync(g): the free-function form of g.sync(), here for the thread block
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    __shared__ float s[64];
    cg::thread_block block = cg::this_thread_block();
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int r = block.thread_rank();
    s[r] = in[t] * 4.0f;
    cg::sync(block);
    float v = s[(r * 11 + 5) & 63] + s[63 - r];
    out[4 * t + 0] = __float_as_uint(v);
    out[4 * t + 1] = cg::thread_rank(block) + 100u * cg::group_size(block);
}
