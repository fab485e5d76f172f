// entry: __trap() behind a condition never met
// guide: void __trap(): aborts the kernel's execution and raises an interrupt to the host; here no thread meets the condition, so it does nothing
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[t];
    if (v > 1.0e6f) __trap();            // no input is that large
    out[4 * t + 0] = __float_as_uint(v * 3.0f);
    out[4 * t + 1] = t;
}
