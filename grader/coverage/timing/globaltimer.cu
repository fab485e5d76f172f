// entry: %globaltimer (inline PTX)
// guide: asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(x)): a 64-bit nanosecond timer; only its order between two reads means something
// unportable: its outputs compare clock readings (true on every GPU), but a clock decides each value it stores, which the grader flags as it must
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long first, second;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(first));
    float acc = in[t] * in[(t + 9) & 127];
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(second));
    out[4 * t + 0] = __float_as_uint(acc);
    out[4 * t + 1] = second >= first;
    out[4 * t + 2] = first != 0ull;
}
