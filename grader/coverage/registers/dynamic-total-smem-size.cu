// entry: %dynamic_smem_size / %total_smem_size / %aggr_smem_size
// guide: special registers (PTX ISA): the launch's dynamic shared memory, the block's whole shared memory (static and dynamic), and that with the system's reserve; a defensive kernel checks the first against what it needs
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    __shared__ float staged[200];
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int dynamic, total, aggregate;
    asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(dynamic));
    asm("mov.u32 %0, %%total_smem_size;" : "=r"(total));
    asm("mov.u32 %0, %%aggr_smem_size;" : "=r"(aggregate));
    staged[threadIdx.x] = in[t];
    __syncthreads();
    out[4 * t + 0] = dynamic;
    out[4 * t + 1] = total;
    out[4 * t + 2] = aggregate;
    out[4 * t + 3] = __float_as_uint(staged[(threadIdx.x + 1) & 63]);
}
