// entry: __activemask
// guide: unsigned __activemask(): the mask of the lanes of the warp that are currently active (here, where the whole warp is converged)
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    __syncwarp();
    unsigned int m = __activemask();
    out[4 * t + 0] = m;
    out[4 * t + 1] = __popc(m);
    out[4 * t + 2] = __float_as_uint(in[t]) & m;
}
