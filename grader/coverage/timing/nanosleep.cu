// entry: __nanosleep
// guide: void __nanosleep(unsigned ns): suspends the thread for about ns nanoseconds (0 to 2*ns, at most about 1 ms; sm_70 and later)
// unportable: its outputs compare clock readings (true on every GPU), but a clock decides each value it stores, which the grader flags as it must
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    long long int start = clock64();
    __nanosleep(100u + 10u * (t & 15));
    long long int end = clock64();
    float x = in[t];
    if (x > 0.0f) __nanosleep((unsigned int)(x * 8.0f));   // in a branch, a duration from the data
    out[4 * t + 0] = __float_as_uint(x * 2.0f);
    out[4 * t + 1] = end >= start;
}
