// entry: make_int2/make_uint4
// guide: int2 make_int2(int x, int y), uint4 make_uint4(unsigned int x, y, z, w): build a vector value
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    int i = (int)(in[t] * 4.0f);
    int2 p = make_int2(i, (int)t - 64);
    uint4 q = make_uint4((unsigned int)p.y, (unsigned int)p.x, t, __float_as_uint(in[t]));
    reinterpret_cast<uint4 *>(out)[t] = q;                    // one 16-byte store of the 4 words
    if (t & 1) reinterpret_cast<int2 *>(out)[2 * t] = make_int2(p.x * p.y, p.y);
}
