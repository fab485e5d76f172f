// entry: __float_as_uint/__uint_as_float
// guide: unsigned int __float_as_uint(float x), float __uint_as_float(unsigned int x): reinterpret the bits (no conversion; NaN payloads kept)
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(x);
    out[4 * t + 1] = __float_as_uint(__uint_as_float(0xff800001u + t * 0x10001u));    // negative NaN payloads
    out[4 * t + 2] = __float_as_uint(__uint_as_float(t) * 3.0f);                       // subnormals
    out[4 * t + 3] = __float_as_uint(__uint_as_float(__float_as_uint(x) + t) - x);
}
