// entry: __syncwarp
// guide: void __syncwarp(unsigned mask = 0xffffffff): the lanes in mask wait for each other and their shared memory writes become visible to each other (here the full mask)
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    __shared__ float s[64];
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int i = threadIdx.x;
    s[i] = in[t] + 1.5f;
    __syncwarp();
    float a = s[i ^ 5];                  // same warp: i ^ 5 keeps bit 5
    float b = s[(i & 32) | ((i + 17) & 31)];
    __syncwarp(0xffffffffu);
    s[i] = a * b;
    __syncwarp();
    out[4 * t + 0] = __float_as_uint(a);
    out[4 * t + 1] = __float_as_uint(b);
    out[4 * t + 2] = __float_as_uint(s[i ^ 31]);
}
