// ints, unsigned indexing, __restrict__, __ldg, min/max, pragma unroll
extern "C" __global__ void k_int(const int* __restrict__ a, int* __restrict__ b, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int acc = 0;
    #pragma unroll
    for (int k = -2; k <= 2; k++) {
        unsigned int j = min(max((int)i + k, 0), (int)n - 1);
        acc += __ldg(&a[j]) * (k + 3);
    }
    b[i] = acc / 7 + acc % 5 - (acc >> 2) + (int)((unsigned)acc >> 3);
}
extern "C" __global__ void k_double(const double* a, double* b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) b[i] = sqrt(fabs(a[i])) / (a[i] + 1.5) + fma(a[i], 2.0, 1.0) + (double)(float)a[i];
}
extern "C" __global__ void k_fast(const float* a, float* b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) b[i] = __expf(a[i]) + __logf(fabsf(a[i]) + 1.f) + __sinf(a[i]) * __cosf(a[i]) + __fdividef(a[i], 3.f) + rsqrtf(fabsf(a[i]) + 1.f) + a[i] / (a[i] + 2.f) + floorf(a[i]) + (float)(int)roundf(a[i]);
}
extern "C" __global__ void k_atomic(const float* a, float* sum, int* hist, unsigned* mx, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicAdd(sum, a[i]);
        atomicAdd(&hist[((int)a[i]) & 7], 1);
        atomicMax(mx, (unsigned)i);
        atomicMin((int*)mx + 1, -i);
        atomicExch((int*)mx + 2, i);
        atomicCAS((int*)mx + 3, 0, i);
        atomicAnd((int*)mx + 4, i);
        atomicOr((int*)mx + 5, i);
        atomicXor((int*)mx + 6, i);
        atomicInc((unsigned*)mx + 7, 100u);
        atomicDec((unsigned*)mx + 8, 100u);
    }
}
extern "C" __global__ void k_warp(const int* a, int* b) {
    int v = a[threadIdx.x];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
    unsigned bal = __ballot_sync(0xffffffff, a[threadIdx.x] > 0);
    int all = __all_sync(0xffffffff, a[threadIdx.x] > -100);
    int any = __any_sync(0xffffffff, a[threadIdx.x] > 100);
    v += __shfl_xor_sync(0xffffffff, v, 1) + __shfl_up_sync(0xffffffff, v, 1) + __shfl_sync(0xffffffff, v, 0);
    b[threadIdx.x] = v + __popc(bal) + all + any + __clz(v) + __brev(v) + __ffs(v);
    __syncwarp();
}
__device__ int gcounter = 5;
__constant__ int ctab[4] = {1, 2, 3, 4};
extern "C" __global__ void k_misc(float4* v, short* s, char* c, long long* l, int n) {
    extern __shared__ float dyn[];
    __shared__ int tile[64];
    int i = threadIdx.x;
    float4 x = v[i];
    tile[i % 64] = s[i] + c[i] + ctab[i & 3] + gcounter;
    dyn[i] = x.x + x.y;
    __syncthreads();
    float local[8];
    for (int k = 0; k < 8; k++) local[k] = dyn[(i + k) % blockDim.x];
    x.z = local[n & 7] + tile[(i + 1) % 64];
    v[i] = x;
    l[i] = (long long)i * 1234567890123LL / (n + 1);
    s[i] = (short)(s[i] * 3);
    c[i] = (char)(c[i] + 1);
    __threadfence();
}
extern "C" __global__ void k_stencil(float* in, float* out, unsigned int N) {
    unsigned int i = blockIdx.z * blockDim.z + threadIdx.z;
    unsigned int j = blockIdx.y * blockDim.y + threadIdx.y;
    unsigned int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1) {
        out[i*N*N + j*N + k] = 0.5f*in[i*N*N + j*N + k] + 0.1f*in[i*N*N + j*N + (k - 1)] + 0.1f*in[i*N*N + j*N + (k + 1)]
            + 0.1f*in[i*N*N + (j - 1)*N + k] + 0.1f*in[i*N*N + (j + 1)*N + k] + 0.05f*in[(i - 1)*N*N + j*N + k] + 0.05f*in[(i + 1)*N*N + j*N + k];
    }
}
