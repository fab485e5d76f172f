// expect: pass
// why: thread 0 loads both halo elements, uint32_t indices from <cstdint>, and asserts that always hold on the block's range

#include <cassert>
#include <cstdint>

extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    extern __shared__ int s_data[];
    const uint32_t tid = threadIdx.x;
    const uint32_t n = (uint32_t)N;
    const uint32_t start = blockIdx.x * blockDim.x;
    const uint32_t gid = start + tid;
    // elements that exist in this block
    const uint32_t count = n - start < blockDim.x ? n - start : blockDim.x;
    assert(start < n && count >= 1 && count <= blockDim.x);

    if (tid < count) {
        s_data[tid + 1] = d_A[gid];
    }
    if (tid == 0) {
        s_data[0] = d_A[start == 0 ? 0 : start - 1];                          // A[-1] = A[0]
        s_data[count + 1] = d_A[start + count < n ? start + count : n - 1];   // A[N] = A[N-1]
    }
    __syncthreads();

    if (gid < n) {
        assert(tid < count);
        d_C[gid] = (s_data[tid] + s_data[tid + 1] + s_data[tid + 2]) / 3;
    }
}
