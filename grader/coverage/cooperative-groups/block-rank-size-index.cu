// entry: thread_block thread_rank / size / group_index / thread_index
// guide: thread_rank(): the rank in the block; size() (num_threads()): the block's threads; group_index(): blockIdx; thread_index(): threadIdx
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    cg::thread_block block = cg::this_thread_block();
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    dim3 g = block.group_index();
    dim3 ti = block.thread_index();
    unsigned int rank = block.thread_rank();
    unsigned int size = (unsigned int)block.size();
    out[4 * t + 0] = rank;
    out[4 * t + 1] = size * 1000u + (unsigned int)block.num_threads();
    out[4 * t + 2] = g.x * 10000u + g.y * 100u + g.z;
    out[4 * t + 3] = __float_as_uint(in[g.x * size + ti.x] + (float)(ti.y + ti.z));
}
