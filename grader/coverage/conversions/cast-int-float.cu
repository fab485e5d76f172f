// entry: C casts int -> float (large ints)
// guide: (float)i on int, unsigned int, long long: round-to-nearest-even where the value has more than 24 significant bits
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    int i = __float_as_int(in[t]) * 7 + (int)t;
    out[4 * t + 0] = __float_as_uint((float)(0x01000001 + 2 * (int)t));    // halfway: to even
    out[4 * t + 1] = __float_as_uint((float)(0xffffff80u + t));             // rounds to 2^32 or down
    out[4 * t + 2] = __float_as_uint((float)i);                             // both signs
    out[4 * t + 3] = __float_as_uint((float)((long long)i * 0x12345679ll)); // 64-bit
}
