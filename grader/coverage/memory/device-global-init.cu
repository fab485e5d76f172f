// entry: __device__ global variable with an initialiser
// guide: a __device__ variable lives in global memory for the lifetime of the module; its initialiser is part of the module
__device__ int table[8] = {1, -2, 3, -4, 5, -6, 7, -8};
__device__ float scale = 1.5f;
__device__ unsigned long long big = 0x0123456789abcdefull;
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[4 * t + 0] = __float_as_uint(in[t] * scale);
    out[4 * t + 1] = (unsigned int)(table[t & 7] * (int)(in[t] * 8.0f));
    unsigned long long x = big + t;
    out[4 * t + 2] = (unsigned int)x;
    out[4 * t + 3] = (unsigned int)(x >> 32);
}
