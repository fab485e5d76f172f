// entry: min/max/abs (long long)
// guide: long long min(long long, long long), max(long long, long long), llabs(long long)
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    long long a = (long long)(in[t] * 1.0e12f);       // beyond 32 bits, both signs
    long long b = ((long long)t - 64) << 36;
    long long m = min(a, b);
    long long n = max(llabs(a), b);
    out[4 * t + 0] = (unsigned int)m;
    out[4 * t + 1] = (unsigned int)((unsigned long long)m >> 32);
    out[4 * t + 2] = (unsigned int)n;
    out[4 * t + 3] = (unsigned int)((unsigned long long)n >> 32);
}
