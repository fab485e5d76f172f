// entry: exp2f
// guide: float exp2f(float x): base-2 exponential 2^x (2 ulp); +inf above 128, 0 below -150
// differs: NVIDIA's maths library computes it through the special-function unit's approximate instructions, which the emulator computes exactly rounded: results differ in the last bits
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(exp2f(x));
    out[4 * t + 1] = __float_as_uint(exp2f(x * 8.0f));              // -150 .. 231: subnormal, 0, +inf
    out[4 * t + 2] = __float_as_uint(exp2f((float)((int)t - 64)));  // exact powers of two
    out[4 * t + 3] = __float_as_uint(exp2f(x * 0.1f));
}
