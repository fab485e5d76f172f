// expect: pass
// why: __syncthreads_or as the tile's barrier: a block with no interior point to compute leaves right after loading

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

#define IN_TILE_DIM 8
#define OUT_TILE_DIM (IN_TILE_DIM - 2)

extern "C" __global__ void stencil_kernel(float *in, float *out, unsigned int N) {
    int i = blockIdx.z * OUT_TILE_DIM + threadIdx.z - 1;
    int j = blockIdx.y * OUT_TILE_DIM + threadIdx.y - 1;
    int k = blockIdx.x * OUT_TILE_DIM + threadIdx.x - 1;
    __shared__ float s[IN_TILE_DIM][IN_TILE_DIM][IN_TILE_DIM];
    int tz = threadIdx.z, ty = threadIdx.y, tx = threadIdx.x;

    if (i >= 0 && i < N && j >= 0 && j < N && k >= 0 && k < N) s[tz][ty][tx] = in[(i * N + j) * N + k];
    bool computes = i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1 && tz >= 1 &&
                    tz < IN_TILE_DIM - 1 && ty >= 1 && ty < IN_TILE_DIM - 1 && tx >= 1 &&
                    tx < IN_TILE_DIM - 1;
    if (!__syncthreads_or(computes)) return;

    if (computes) {
        out[(i * N + j) * N + k] = c0 * s[tz][ty][tx] + c1 * s[tz][ty][tx - 1] + c2 * s[tz][ty][tx + 1] +
                                   c3 * s[tz][ty - 1][tx] + c4 * s[tz][ty + 1][tx] +
                                   c5 * s[tz - 1][ty][tx] + c6 * s[tz + 1][ty][tx];
    }
}
