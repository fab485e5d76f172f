// entry: static __shared__ 2D array
// guide: a __shared__ array of fixed size declared in the kernel (no dynamic shared memory): float tile[8][9], row-major, padded
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    __shared__ float tile[8][9];
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int r = threadIdx.x / 8, c = threadIdx.x % 8;
    tile[r][c] = in[t];
    if (c == 0) tile[r][8] = (float)r * 0.5f;
    __syncthreads();
    out[4 * t + 0] = __float_as_uint(tile[c][r]);    // the transpose
    out[4 * t + 1] = __float_as_uint(tile[r][8] + tile[7 - r][7 - c]);
    out[4 * t + 2] = __float_as_uint((&tile[0][0])[(threadIdx.x * 5) % 72]);
}
