// entry: __stwt
// guide: void __stwt(T *address, T value): a store with a cache hint, write through to system memory: st.global.wt (T: char..long long, float, double and their vector types)
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t] * 2.5f;
    __stwt(&out[4 * t + 0], __float_as_uint(x));
    __stwt((float *)&out[4 * t + 1], x - in[(t + 1) & 127]);
    __stwt((int *)&out[4 * t + 2], (int)(in[t] * 8.0f) - (int)t);
}
