// entry: __pipeline_memcpy_async / __pipeline_commit / __pipeline_wait_prior
// guide: void __pipeline_memcpy_async(void *dst_shared, const void *src_global, size_t size_and_align, size_t zfill = 0): an asynchronous copy of 4, 8 or 16 bytes from global to shared memory (cp.async, sm_80 and later), its last zfill bytes zeros; __pipeline_commit() closes a batch, __pipeline_wait_prior(n) waits until at most n batches are in flight
#include <cuda_pipeline.h>
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    __shared__ float4 wide[64];
    __shared__ float2 pairs[64];
    __shared__ float ones[64];
    unsigned int l = threadIdx.x;
    unsigned int t = blockIdx.x * blockDim.x + l;
    const float *base = in + (blockIdx.x * 64 + (l & ~3u)) % 128;  // 16-byte aligned groups of four
    __pipeline_memcpy_async(&wide[l], base, 16, (l % 3) * 4);          // zero-fill 0, 4 or 8 bytes
    __pipeline_commit();
    __pipeline_memcpy_async(&pairs[l], in + ((t * 2) & 127), 8);
    __pipeline_memcpy_async(&ones[l], in + ((t * 7 + 1) & 127), 4, l & 1 ? 4 : 0);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    float4 w = wide[(l + 1) & 63];
    out[4 * t + 0] = __float_as_uint(w.x + w.y) ^ __float_as_uint(w.z - w.w);
    out[4 * t + 1] = __float_as_uint(pairs[l].x * pairs[l].y);
    out[4 * t + 2] = __float_as_uint(ones[(l + 5) & 63]);
    out[4 * t + 3] = __float_as_uint(w.w);
}
