// entry: __shfl_sync / __shfl_down_sync / __shfl_xor_sync (double, long long)
// guide: the __shfl*_sync overloads for 64-bit types (double, long long, unsigned long long) move the value as two 32-bit shuffles
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int lane = threadIdx.x & 31;
    double d = (double)in[t] * 1.0e10 + 0.125;                         // needs both words
    long long q = ((long long)(int)(in[t] * 8.0f) << 33) - (long long)t * 12345;
    double ds = __shfl_sync(0xffffffffu, d, (int)((lane * 11 + 4) & 31));
    long long qs = __shfl_down_sync(0xffffffffu, q, 3);
    unsigned long long us = __shfl_xor_sync(0xffffffffu, (unsigned long long)q ^ 0xa5a5a5a500000000ull, 6);
    qs += (long long)(us & 0xffff);
    out[4 * t + 0] = (unsigned int)__double2loint(ds);
    out[4 * t + 1] = (unsigned int)__double2hiint(ds);
    out[4 * t + 2] = (unsigned int)(unsigned long long)qs;
    out[4 * t + 3] = (unsigned int)((unsigned long long)qs >> 32);
}
