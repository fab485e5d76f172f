// entry: atomicExch
// guide: T atomicExch(T *address, T val) for int, unsigned, unsigned long long, float: stores val and returns the old value
// compilers: nvrtc
__device__ float slot[128];
__device__ unsigned int shared_word[4];
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int w = t / 32;
    slot[t] = in[t] * 2.0f;                          // a slot per thread: old and new are known
    if ((threadIdx.x & 31) == 0) shared_word[w] = 0xdeadbeefu;
    __syncthreads();
    float before = atomicExch(&slot[t], in[t] - 1.0f);
    unsigned int mine = 0x1000u + t;                 // a word shared by the warp: the order decides
    unsigned int old = atomicExch(&shared_word[w], mine);
    __syncthreads();
    unsigned int last = shared_word[w];
    out[4 * t + 0] = __float_as_uint(before);
    out[4 * t + 1] = __float_as_uint(slot[t]);
    // properties that hold in any order: the last value is one lane's, each old value the initial one or a lane's
    out[4 * t + 2] = __any_sync(0xffffffffu, last == mine);
    out[4 * t + 3] = __all_sync(0xffffffffu, old == 0xdeadbeefu || (old >= 0x1000u + 32 * w && old < 0x1020u + 32 * w));
}
