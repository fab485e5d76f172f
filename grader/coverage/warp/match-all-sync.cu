// entry: __match_all_sync
// guide: unsigned __match_all_sync(unsigned mask, T value, int *pred): mask if all lanes in mask have the same value (and *pred = 1), else 0 (and *pred = 0)
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    int p0, p1;
    out[4 * t + 0] = __match_all_sync(0xffffffffu, blockIdx.x * 3u + 1u, &p0);
    out[4 * t + 1] = (unsigned int)p0;
    out[4 * t + 2] = __match_all_sync(0xffffffffu, x > -18.5f ? 2 : 3, &p1);   // differs in the warp with -18.75 only
    out[4 * t + 3] = (unsigned int)p1;
}
