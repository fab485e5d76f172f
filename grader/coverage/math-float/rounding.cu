// entry: floorf/ceilf/truncf/roundf/rintf
// guide: float floorf, ceilf, truncf, roundf (halfway away from zero), rintf (halfway to even): rounding to integral values (exact)
// The inputs include 1.5, 4.5, 7.5 ... and their negatives. roundf and rintf share word 3: both
// results are small integral floats, whose bits all lie in the upper 16 bits.
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(floorf(x));
    out[4 * t + 1] = __float_as_uint(ceilf(x));                 // -0 for -0.375
    out[4 * t + 2] = __float_as_uint(truncf(x));
    out[4 * t + 3] = (__float_as_uint(roundf(x)) & 0xffff0000u) | (__float_as_uint(rintf(x)) >> 16);
}
