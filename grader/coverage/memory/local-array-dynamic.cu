// entry: local array indexed dynamically
// guide: a per-thread array indexed with values known only at run time is placed in local memory (ld.local / st.local)
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float a[16];
    for (int i = 0; i < 16; ++i) a[i] = in[(t + 7 * i) & 127];
    unsigned int k = (unsigned int)(int)(in[t] * 8.0f) & 15;    // an index from the data
    a[(k + 3) & 15] += 100.0f;                                 // a store at a run-time index
    float acc = 0.0f;
    unsigned int n = t % 13 + 2;                                // a run-time trip count
    for (unsigned int i = 0; i < n; ++i) acc += a[(k * i) & 15];
    out[4 * t + 0] = __float_as_uint(a[k]);
    out[4 * t + 1] = __float_as_uint(acc);
    out[4 * t + 2] = k;
}
