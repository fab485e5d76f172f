// entry: uchar4 packing
// guide: uchar4 (x, y, z, w: unsigned char; 4-byte aligned) and make_uchar4: four bytes in one word, x lowest
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    unsigned char g = (unsigned char)(fabsf(x) * 8.0f);
    uchar4 p = make_uchar4((unsigned char)t, g, (unsigned char)(255 - t), (unsigned char)(t * 37));
    uchar4 *o = reinterpret_cast<uchar4 *>(out);
    o[4 * t + 0] = p;                                          // one 4-byte store
    uchar4 q;
    q.x = p.w; q.y = p.z; q.z = p.y; q.w = p.x;
    o[4 * t + 1] = q;
    out[4 * t + 2] = (unsigned int)p.x | (unsigned int)p.y << 8 | (unsigned int)q.x << 16 | (unsigned int)q.y << 24;
    uchar4 r = reinterpret_cast<const uchar4 *>(in)[t];        // the bytes of a float
    out[4 * t + 3] = (unsigned int)r.w << 24 | (unsigned int)r.z << 16 | (unsigned int)r.y << 8 | r.x;
}
