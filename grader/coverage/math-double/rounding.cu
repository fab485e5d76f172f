// entry: floor/ceil/trunc/round
// guide: double floor, ceil, trunc, round (halfway away from zero): rounding to integral values (exact)
// compilers: nvrtc
// The inputs include 1.5, 4.5, 7.5 ... and their negatives. Each result is a small integral
// double, whose low word is zero: the high word (__double2hiint) holds all of it.
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    double d = (double)in[t];
    out[4 * t + 0] = (unsigned int)__double2hiint(floor(d));
    out[4 * t + 1] = (unsigned int)__double2hiint(ceil(d));     // -0 for -0.375
    out[4 * t + 2] = (unsigned int)__double2hiint(trunc(d));
    out[4 * t + 3] = (unsigned int)__double2hiint(round(d));
}
