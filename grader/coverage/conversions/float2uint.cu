// entry: __float2uint_rn/__float2uint_rz/__float2uint_ru/__float2uint_rd
// guide: unsigned int __float2uint_rn/_rz/_ru/_rd(float x): x converted to unsigned int in the named rounding mode; saturates (negative gives 0), NaN gives 0
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float y = (t & 64) ? x * 3.0e8f : x;              // block 1: beyond 2^32 for x > 14.3
    if ((t & 31) == 31) y = __uint_as_float(0x7fc00000u | t);   // NaN
    out[4 * t + 0] = __float2uint_rn(y);
    out[4 * t + 1] = __float2uint_rz(y);
    out[4 * t + 2] = __float2uint_ru(y);              // -0.375 gives 0
    out[4 * t + 3] = __float2uint_rd(y);
}
