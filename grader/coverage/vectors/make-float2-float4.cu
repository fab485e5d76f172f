// entry: make_float2/make_float4
// guide: float2 make_float2(float x, float y), float4 make_float4(float x, float y, float z, float w): build a vector value
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float2 p = make_float2(x, (float)t);
    float4 q = make_float4(p.y, x * 0.5f, p.x + p.y, -x);
    reinterpret_cast<float4 *>(out)[t] = q;                   // one 16-byte store of the 4 words
    if (t & 1) reinterpret_cast<float2 *>(out)[2 * t + 1] = make_float2(q.w, p.x);
}
