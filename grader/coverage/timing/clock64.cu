// entry: clock64
// guide: long long int clock64(): the per-multiprocessor 64-bit cycle counter; only differences between two reads mean something
// unportable: its outputs compare clock readings (true on every GPU), but a clock decides each value it stores, which the grader flags as it must
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    long long int start = clock64();
    float acc = 0.0f;
    for (int i = 0; i < 4; ++i) acc += in[(t * 3 + i) & 127];
    long long int middle = clock64();
    long long int end = clock64();
    out[4 * t + 0] = __float_as_uint(acc);
    out[4 * t + 1] = middle - start >= 0;
    out[4 * t + 2] = end >= middle;
    out[4 * t + 3] = start >= 0;                      // 64 bits do not wrap in practice
}
