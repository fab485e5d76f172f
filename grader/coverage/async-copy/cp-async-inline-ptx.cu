// entry: cp.async.ca / cp.async.cg (inline PTX) with commit_group, wait_group and wait_all
// guide: asm("cp.async.ca.shared.global [%0], [%1], 4;") copies 4, 8 or 16 bytes (cg: 16 only) from global to shared memory without the registers; cp.async.commit_group closes a group, cp.async.wait_group N waits until at most N groups are pending, cp.async.wait_all for all
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    __shared__ float a[64];
    __shared__ float4 b[64];
    unsigned int l = threadIdx.x;
    unsigned int t = blockIdx.x * blockDim.x + l;
    unsigned int sa = (unsigned int)__cvta_generic_to_shared(&a[l]);
    unsigned int sb = (unsigned int)__cvta_generic_to_shared(&b[l]);
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(sa), "l"(in + ((t * 3) & 127)) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(sb), "l"(in + ((t * 4) & 127)) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_group 1;" ::: "memory");  // the first group has landed
    float first = a[l];
    asm volatile("cp.async.wait_all;" ::: "memory");
    __syncthreads();
    out[4 * t + 0] = __float_as_uint(first);
    out[4 * t + 1] = __float_as_uint(b[(l + 3) & 63].x + b[l].w);
    out[4 * t + 2] = __float_as_uint(a[(l + 1) & 63]);
    out[4 * t + 3] = __float_as_uint(b[l].y * b[l].z);
}
