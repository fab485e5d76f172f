// entry: C casts float -> int
// guide: (int)x, (unsigned int)x, (long long)x on float: truncation towards zero; out of range is undefined in C++, the GPU saturates (cvt.rzi)
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    long long l = (long long)(x * 1.0e12f);
    out[4 * t + 0] = (unsigned int)(int)x;                        // truncation: -1.5 -> -1
    out[4 * t + 1] = (unsigned int)(int)(x * 1.0e9f);             // beyond the int range: saturates
    out[4 * t + 2] = (unsigned int)(x * 3.0e8f);                  // negative: 0; beyond 2^32: saturates
    out[4 * t + 3] = (unsigned int)l ^ (unsigned int)(l >> 32);
}
