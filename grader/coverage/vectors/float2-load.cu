// entry: float2 loads through reinterpret_cast<const float2 *>(in)
// guide: float2 (x, y; 8-byte aligned): one 8-byte vector load of two consecutive floats
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    const float2 *v = reinterpret_cast<const float2 *>(in);    // 64 float2
    float2 a = v[(t * 3) & 63];
    float2 b = v[t >> 1];
    out[4 * t + 0] = __float_as_uint(a.y);
    out[4 * t + 1] = __float_as_uint(a.x);
    out[4 * t + 2] = __float_as_uint(b.x - b.y);
    out[4 * t + 3] = __float_as_uint(b.y) ^ t;
}
