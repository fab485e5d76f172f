// entry: int4 stores
// guide: int4 (x, y, z, w; 16-byte aligned): one 16-byte vector store through reinterpret_cast<int4 *>
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    int4 v;
    v.x = (int)x;
    v.y = (int)(x * 1000.0f);
    v.z = (int)t - 64;
    v.w = __float_as_int(x) ^ (int)t;
    reinterpret_cast<int4 *>(out)[t] = v;                    // out[4t .. 4t+3] in one store
}
