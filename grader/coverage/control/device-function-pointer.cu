// entry: device function pointer
// guide: the address of a __device__ function, in a __device__ table or chosen in the kernel, called through the pointer (PTX: `call` through a register, with a `.callprototype`)
typedef float (*unary_fn)(float);
__device__ float twice(float x) { return 2.0f * x; }
__device__ float square(float x) { return x * x; }
__device__ float negate(float x) { return -x; }
__device__ unary_fn table[3] = {twice, square, negate};

extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    unary_fn f = table[t % 3];                 // another function in each neighbouring lane
    unary_fn g = x < 0.0f ? negate : square;   // chosen from the data
    out[4 * t + 0] = __float_as_uint(f(x));
    out[4 * t + 1] = __float_as_uint(g(f(x)));
    out[4 * t + 2] = f == g;                   // pointers compare as addresses
    out[4 * t + 3] = __float_as_uint(table[(t + 1) % 3](x));
}
