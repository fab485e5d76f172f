// entry: __sad/__usad
// guide: unsigned int __sad(int x, int y, unsigned int z), __usad(unsigned int x, unsigned int y, unsigned int z): |x - y| + z
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    int a = (int)(in[t] * 1000.0f);
    int b = (int)t * 300 - 20000;
    out[4 * t + 0] = __sad(a, b, t);
    out[4 * t + 1] = __usad((unsigned int)a, (unsigned int)b, t);        // negative values are large
    out[4 * t + 2] = __sad(__float_as_int(in[t]), (int)(t * 0x9e3779b9u), 0xfffffff0u);  // wraps
    out[4 * t + 3] = __usad(__float_as_uint(in[t]), t * 0x9e3779b9u, 7u);
}
