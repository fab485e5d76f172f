// entry: clock
// guide: clock_t clock(): the per-multiprocessor cycle counter (32 bits, wraps); only differences between two reads mean something
// unportable: its outputs compare clock readings (true on every GPU), but a clock decides each value it stores, which the grader flags as it must
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    clock_t start = clock();
    float acc = in[t];
    for (int i = 0; i < 8; ++i) acc = acc * 0.5f + in[(t + i) & 127];
    clock_t end = clock();
    unsigned int elapsed = (unsigned int)end - (unsigned int)start;   // modulo 2^32: the counter may wrap
    out[4 * t + 0] = __float_as_uint(acc);
    out[4 * t + 1] = elapsed < 0x40000000u;                           // a property, never the clock itself
    out[4 * t + 2] = sizeof(clock_t) >= 4;
}
