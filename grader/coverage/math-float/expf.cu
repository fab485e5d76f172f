// entry: expf
// guide: float expf(float x): base-e exponential (2 ulp); overflows to +inf above ~88.7, underflows to 0
// differs: NVIDIA's maths library computes it through the special-function unit's approximate instructions, which the emulator computes exactly rounded: results differ in the last bits
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __float_as_uint(expf(x));
    out[4 * t + 1] = __float_as_uint(expf(x * 6.0f));         // -112.5 .. 173.25: underflow, overflow
    out[4 * t + 2] = __float_as_uint(expf(-x * x * 0.01f));
    out[4 * t + 3] = __float_as_uint(expf(x * 1.0e-4f));     // close to 1
}
