// entry: inline PTX with a .reg declared in a { } block
// guide: asm("{ .reg .u64 ga; … [ga] … }"): a register declared inside braces is local to the block, so every asm statement may declare the same name; here it is the address of loads and a store
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float v;
    asm("{ .reg .u64 ga; cvta.to.global.u64 ga, %1; ld.global.f32 %0, [ga]; }" : "=f"(v) : "l"(in + t));
    unsigned int w;
    asm("{ .reg .u64 ga; .reg .b32 x; cvta.to.global.u64 ga, %1; ld.global.b32 x, [ga+4]; add.u32 %0, x, 1; }"
        : "=r"(w) : "l"(in + (t & 126)));
    asm volatile("{ .reg .u64 ga; cvta.to.global.u64 ga, %0; st.global.f32 [ga], %1; st.global.u32 [ga+4], %2; }"
                 :: "l"(out + 4 * t), "f"(v * 2.0f), "r"(w) : "memory");
    out[4 * t + 2] = t;
}
