// entry: float4 loads through reinterpret_cast<const float4 *>(in)
// guide: float4 (x, y, z, w; 16-byte aligned): one 16-byte vector load of four consecutive floats
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    const float4 *v = reinterpret_cast<const float4 *>(in);    // 32 float4
    float4 a = v[(t * 5) & 31];
    out[4 * t + 0] = __float_as_uint(a.w);
    out[4 * t + 1] = __float_as_uint(a.z);
    out[4 * t + 2] = __float_as_uint(a.y);
    out[4 * t + 3] = __float_as_uint(a.x) ^ t;
}
