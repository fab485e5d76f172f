// entry: __syncwarp (partial mask in a branch)
// guide: void __syncwarp(unsigned mask): only the lanes named in mask synchronise; each of them must execute a __syncwarp with the same mask
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    __shared__ float s[64];
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int i = threadIdx.x;
    unsigned int lane = i & 31;
    float r;
    if (lane < 16) {
        s[i] = in[t] * 4.0f;
        __syncwarp(0x0000ffffu);
        r = s[i ^ 3] - s[i ^ 12];
    } else {
        s[i] = in[t] - 0.5f;
        __syncwarp(0xffff0000u);
        r = s[i ^ 6] + s[(i & ~15u) | ((lane + 5) & 15)];
    }
    out[4 * t + 0] = __float_as_uint(r);
    out[4 * t + 1] = lane < 16;
}
