// expect: pass
// why: unsigned indices throughout (the -1 of the first tile wraps and fails the < N test), a flat shared array with a TILE(z, y, x) macro, early return after the barrier

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

#define TILE(z, y, x) tile[((z) * IN_TILE_DIM + (y)) * IN_TILE_DIM + (x)]

extern "C" __global__ void stencil_kernel(float *in, float *out, unsigned int N) {
    __shared__ float tile[IN_TILE_DIM * IN_TILE_DIM * IN_TILE_DIM];

    const unsigned tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    const unsigned i = blockIdx.z * OUT_TILE_DIM + tz - 1u;
    const unsigned j = blockIdx.y * OUT_TILE_DIM + ty - 1u;
    const unsigned k = blockIdx.x * OUT_TILE_DIM + tx - 1u;

    if (i < N && j < N && k < N) {
        TILE(tz, ty, tx) = in[(i * N + j) * N + k];
    }
    __syncthreads();

    // nothing after this needs the whole block any more
    if (tx < 1 || tx >= IN_TILE_DIM - 1 || ty < 1 || ty >= IN_TILE_DIM - 1 || tz < 1 ||
        tz >= IN_TILE_DIM - 1)
        return;
    if (i < 1 || i >= N - 1 || j < 1 || j >= N - 1 || k < 1 || k >= N - 1) return;

    out[(i * N + j) * N + k] = c0 * TILE(tz, ty, tx)
                             + c1 * TILE(tz, ty, tx - 1)
                             + c2 * TILE(tz, ty, tx + 1)
                             + c3 * TILE(tz, ty - 1, tx)
                             + c4 * TILE(tz, ty + 1, tx)
                             + c5 * TILE(tz - 1, ty, tx)
                             + c6 * TILE(tz + 1, ty, tx);
}
