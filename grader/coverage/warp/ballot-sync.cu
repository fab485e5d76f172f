// entry: __ballot_sync
// guide: unsigned __ballot_sync(unsigned mask, int predicate): bit N is set if lane N is active in mask and its predicate is non-zero
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    out[4 * t + 0] = __ballot_sync(0xffffffffu, x > 0.0f);
    out[4 * t + 1] = __ballot_sync(0xffffffffu, x < -10.0f);
    out[4 * t + 2] = __ballot_sync(0xffffffffu, __float_as_uint(x) & 0x00200000u);
    out[4 * t + 3] = __ballot_sync(0xffffffffu, (threadIdx.x % 3) == 0);
}
