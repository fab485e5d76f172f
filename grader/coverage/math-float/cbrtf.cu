// entry: cbrtf
// guide: float cbrtf(float x): cube root of x (1 ulp); defined for negative x
// differs: NVIDIA's maths library computes it through the special-function unit's approximate instructions, which the emulator computes exactly rounded: results differ in the last bits
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(cbrtf(x));
    out[4 * t + 1] = __float_as_uint(cbrtf(x * x * x));           // close to x
    out[4 * t + 2] = __float_as_uint(cbrtf(x * 1.0e-40f));        // subnormal arguments
    out[4 * t + 3] = __float_as_uint(cbrtf((float)(t * t * t)));  // exact cubes
}
