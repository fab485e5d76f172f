// expect: pass
// why: __device__ __noinline__ helpers with parameters and return values: inRange(v, lo, hi) for every bounds test and sevenPoint() for the weighted sum

#ifndef c0
#define c0 0.5f
#endif
#ifndef c1
#define c1 0.125f
#endif
#ifndef c2
#define c2 0.125f
#endif
#ifndef c3
#define c3 0.0625f
#endif
#ifndef c4
#define c4 0.0625f
#endif
#ifndef c5
#define c5 0.0625f
#endif
#ifndef c6
#define c6 0.0625f
#endif

#ifndef IN_TILE_DIM
#define IN_TILE_DIM 8
#endif
#define OUT_TILE_DIM ((IN_TILE_DIM) - 2)

// lo <= v < hi
__device__ __noinline__ bool inRange(int v, int lo, int hi) {
    return v >= lo && v < hi;
}

__device__ __noinline__ float sevenPoint(float centre, float kMinus, float kPlus, float jMinus,
                                         float jPlus, float iMinus, float iPlus) {
    return c0 * centre + c1 * kMinus + c2 * kPlus + c3 * jMinus + c4 * jPlus + c5 * iMinus +
           c6 * iPlus;
}

extern "C" __global__ void stencil_kernel(float *in, float *out, unsigned int N) {
    int n = (int)N;
    int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    int i = blockIdx.z * OUT_TILE_DIM + tz - 1;
    int j = blockIdx.y * OUT_TILE_DIM + ty - 1;
    int k = blockIdx.x * OUT_TILE_DIM + tx - 1;

    __shared__ float in_s[IN_TILE_DIM][IN_TILE_DIM][IN_TILE_DIM];
    if (inRange(i, 0, n) && inRange(j, 0, n) && inRange(k, 0, n)) {
        in_s[tz][ty][tx] = in[(i * n + j) * n + k];
    }
    __syncthreads();

    bool interior = inRange(i, 1, n - 1) && inRange(j, 1, n - 1) && inRange(k, 1, n - 1);
    bool innerThread = inRange(tx, 1, IN_TILE_DIM - 1) && inRange(ty, 1, IN_TILE_DIM - 1) &&
                       inRange(tz, 1, IN_TILE_DIM - 1);
    if (interior && innerThread) {
        out[(i * n + j) * n + k] =
            sevenPoint(in_s[tz][ty][tx], in_s[tz][ty][tx - 1], in_s[tz][ty][tx + 1],
                       in_s[tz][ty - 1][tx], in_s[tz][ty + 1][tx], in_s[tz - 1][ty][tx],
                       in_s[tz + 1][ty][tx]);
    }
}
