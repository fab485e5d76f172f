// entry: __float_as_int/__int_as_float
// guide: int __float_as_int(float x), float __int_as_float(int x): reinterpret the bits (no conversion; NaN payloads kept)
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = (unsigned int)__float_as_int(x);
    out[4 * t + 1] = (unsigned int)__float_as_int(-x);                                  // -0 at 0
    out[4 * t + 2] = (unsigned int)__float_as_int(__int_as_float(0x7f800001 + (int)t * 0x10001));  // NaN payloads
    out[4 * t + 3] = (unsigned int)__float_as_int(__int_as_float(__float_as_int(x) ^ (int)(t << 20)) * 2.0f);
}
