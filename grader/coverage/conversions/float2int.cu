// entry: __float2int_rn/__float2int_rz/__float2int_ru/__float2int_rd
// guide: int __float2int_rn/_rz/_ru/_rd(float x): x converted to int in the named rounding mode (rn: halfway to even); saturates out of range, NaN gives 0
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];                                  // includes +-1.5, 4.5, 7.5 ...
    float y = (t & 64) ? x * 1.0e9f : x;              // block 1: beyond the int range for |x| > 2.1
    if ((t & 31) == 31) y = __uint_as_float(0x7fc00000u | t);   // NaN
    out[4 * t + 0] = (unsigned int)__float2int_rn(y);
    out[4 * t + 1] = (unsigned int)__float2int_rz(y);
    out[4 * t + 2] = (unsigned int)__float2int_ru(y);
    out[4 * t + 3] = (unsigned int)__float2int_rd(y);
}
