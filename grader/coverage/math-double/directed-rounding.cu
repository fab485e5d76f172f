// entry: __dadd_rz/__dmul_ru/__fma_rd/__ddiv_rz/__dsqrt_ru
// guide: double __dadd_rz(x, y), __dmul_ru(x, y), __fma_rd(x, y, z), __ddiv_rz(x, y), __dsqrt_ru(x): double arithmetic in the named IEEE rounding mode
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    double d = (double)in[t];
    double e = 1.0 / (double)(t + 3);              // inexact operands
    double a, b;
    switch (t & 3) {
        case 0: a = __dadd_rz(d, e); b = __dmul_ru(d, e); break;
        case 1: a = __fma_rd(d, e, e * 1.0e-20); b = __ddiv_rz(d, e + 1.0); break;
        case 2: a = __dsqrt_ru(e); b = __fma_rd(e, e, -e * e); break;
        default: a = __dadd_rz(1.0e308, d * 1.0e307); b = __dmul_ru(d, 1.0e-300 * e); break;
    }
    out[4 * t + 0] = (unsigned int)__double2loint(a);
    out[4 * t + 1] = (unsigned int)__double2hiint(a);
    out[4 * t + 2] = (unsigned int)__double2loint(b);
    out[4 * t + 3] = (unsigned int)__double2hiint(b);
}
