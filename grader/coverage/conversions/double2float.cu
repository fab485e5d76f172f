// entry: __double2float_rn/__double2float_rz/__double2float_ru/__double2float_rd
// guide: float __double2float_rn/_rz/_ru/_rd(double x): x converted to float in the named rounding mode (rz/rd/ru can give FLT_MAX instead of inf)
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    double d = (double)in[t] / 3.0;                               // inexact in float
    if (t & 64) d = (t & 1) ? d * 1.0e300 : d * 1.0e-300;         // block 1: overflow, underflow
    out[4 * t + 0] = __float_as_uint(__double2float_rn(d));
    out[4 * t + 1] = __float_as_uint(__double2float_rz(d));
    out[4 * t + 2] = __float_as_uint(__double2float_ru(d));
    out[4 * t + 3] = __float_as_uint(__double2float_rd(d));
}
