// entry: __funnelshift_l/__funnelshift_lc/__funnelshift_r/__funnelshift_rc
// guide: unsigned int __funnelshift_l/_r(lo, hi, shift): the 64-bit hi:lo shifted by shift & 31, high/low word; _lc/_rc clamp the shift to 32
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int lo = __float_as_uint(in[t]);
    unsigned int hi = t * 0x9e3779b9u;
    unsigned int s = t;                               // 0 .. 127: wraps or clamps past 31
    out[4 * t + 0] = __funnelshift_l(lo, hi, s);
    out[4 * t + 1] = __funnelshift_lc(lo, hi, s);
    out[4 * t + 2] = __funnelshift_r(lo, hi, s);
    out[4 * t + 3] = __funnelshift_rc(lo, hi, s);
}
