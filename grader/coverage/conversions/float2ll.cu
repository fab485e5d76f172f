// entry: __float2ll_rn/__float2ll_rz/__float2ll_ru/__float2ll_rd
// guide: long long __float2ll_rn/_rz/_ru/_rd(float x): x converted to long long in the named rounding mode; saturates out of range, NaN gives 0x8000000000000000
// compilers: nvrtc
// Even threads write rn and rz, odd threads ru and rd.
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float y = (t & 64) ? x * 1.0e18f : x;             // block 1: beyond the long long range for |x| > 9.2
    if ((t & 31) == 30) y = __uint_as_float(0x7fc00000u | t);   // NaN
    long long a = (t & 1) ? __float2ll_ru(y) : __float2ll_rn(y);
    long long b = (t & 1) ? __float2ll_rd(y) : __float2ll_rz(y);
    out[4 * t + 0] = (unsigned int)a;
    out[4 * t + 1] = (unsigned int)((unsigned long long)a >> 32);
    out[4 * t + 2] = (unsigned int)b;
    out[4 * t + 3] = (unsigned int)((unsigned long long)b >> 32);
}
