// entry: __int2float_rn/__int2float_rz/__int2float_ru/__int2float_rd
// guide: float __int2float_rn/_rz/_ru/_rd(int x): x converted to float in the named rounding mode
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    int i = (int)(t * 0x01234567u ^ __float_as_uint(in[t]));   // 32 significant bits, both signs
    if ((t & 7) == 7) i = 0x01000001 + 2 * (int)t;            // halfway cases above 2^24
    out[4 * t + 0] = __float_as_uint(__int2float_rn(i));
    out[4 * t + 1] = __float_as_uint(__int2float_rz(i));
    out[4 * t + 2] = __float_as_uint(__int2float_ru(i));
    out[4 * t + 3] = __float_as_uint(__int2float_rd(i));
}
