// entry: C cast float -> unsigned char
// guide: (unsigned char)x on float: truncation towards zero; out of [0, 255] is undefined in C++ (the GPU converts through a wider integer or saturates)
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = (unsigned int)(unsigned char)(fabsf(x) * 8.5f);       // 0 .. 245: in range
    out[4 * t + 1] = (unsigned int)(unsigned char)(x * 10.0f);             // -187.5 .. 288.75: out of range
    out[4 * t + 2] = (unsigned int)(unsigned char)(int)(x * 10.0f);        // defined: modulo 256
    out[4 * t + 3] = (unsigned int)(unsigned char)(x * 0.03f + 0.5f);      // pixel-style, below 1
}
