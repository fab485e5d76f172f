// entry: __constant__ variable with an initialiser
// guide: a __constant__ variable lives in constant memory, read-only for the kernel; its initialiser is part of the module
__constant__ float coef[5] = {0.5f, 2.0f, -1.25f, 3.0f, 0.125f};
__constant__ int offsets[4] = {3, -7, 11, 100};
__constant__ unsigned int salt = 0x5bd1e995u;
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[4 * t + 0] = __float_as_uint(in[t] * coef[t % 5]);
    out[4 * t + 1] = (unsigned int)((int)(in[t] * 8.0f) + offsets[t & 3]);
    out[4 * t + 2] = salt ^ t;
    unsigned int k = (unsigned int)(int)(in[t] * 8.0f) % 5u;   // an index from the data
    out[4 * t + 3] = __float_as_uint(coef[k]);
}
