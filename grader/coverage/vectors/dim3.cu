// entry: dim3 use
// guide: dim3 (x, y, z: unsigned int; unspecified members default to 1), blockDim/gridDim/threadIdx/blockIdx as values
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    dim3 b = blockDim;
    dim3 g = gridDim;
    dim3 i(threadIdx.x, threadIdx.y);                          // z defaults to 1
    unsigned int t = blockIdx.x * b.x + i.x;
    dim3 d(t + 1);                                             // y and z default to 1
    out[4 * t + 0] = b.x * 1000000u + b.y * 1000u + b.z;
    out[4 * t + 1] = g.x * 1000000u + g.y * 1000u + g.z;
    out[4 * t + 2] = d.x * d.y * d.z + i.y * 1000u + i.z * 100000u;
    out[4 * t + 3] = __float_as_uint(in[t]) ^ (blockIdx.y << 28 | blockIdx.z << 24 | threadIdx.z << 20);
}
