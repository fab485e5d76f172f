// entry: lgammaf/tgammaf
// guide: float lgammaf(float x): log |gamma(x)| (+inf at non-positive integers); float tgammaf(float x): gamma(x) (5 ulp)
// differs: NVIDIA's maths library computes it through the special-function unit's approximate instructions, which the emulator computes exactly rounded: results differ in the last bits
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(lgammaf(x));           // poles at 0, -3, -6 ... -18
    out[4 * t + 1] = __float_as_uint(lgammaf(x * 100.0f));  // large arguments
    out[4 * t + 2] = __float_as_uint(tgammaf(x));           // NaN at negative integers, +-inf at 0
    out[4 * t + 3] = __float_as_uint(tgammaf(x * 1.5f));    // overflow above ~35
}
