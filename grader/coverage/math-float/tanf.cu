// entry: tanf
// guide: float tanf(float x): tangent of x in radians (4 ulp), with full argument reduction
// differs: NVIDIA's maths library computes it through the special-function unit's approximate instructions, which the emulator computes exactly rounded: results differ in the last bits
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(tanf(x));
    out[4 * t + 1] = __float_as_uint(tanf(x * 1.0e-3f));              // small arguments
    out[4 * t + 2] = __float_as_uint(tanf(1.5707963f + x * 1.0e-7f)); // near pi/2
    out[4 * t + 3] = __float_as_uint(tanf(x * 1.0e6f));               // large arguments
}
