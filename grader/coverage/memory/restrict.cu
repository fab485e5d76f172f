// entry: const __restrict__ pointers
// guide: __restrict__ promises that the pointers do not alias; on a const pointer the compiler may load through the read-only cache (ld.global.nc)
extern "C" __global__ void probe(unsigned int *__restrict__ out, const float *__restrict__ in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float a = in[t];
    out[4 * t + 0] = __float_as_uint(a);
    float b = in[(t + 1) & 127];                     // may be read once, before or after the store
    out[4 * t + 1] = __float_as_uint(a * b);
    out[4 * t + 2] = __float_as_uint(in[t] + b);
}
