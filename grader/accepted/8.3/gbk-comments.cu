// expect: pass
// why: comments in Chinese saved as GBK by a Chinese-locale editor; otherwise the textbook's tiled stencil with tx/ty/tz names

// 系数 c0 ... c6 是宏，评分程序用 -D 传入；下面的默认值只是为了能单独编译
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

extern "C" __global__ void stencil_kernel(float *in, float *out, unsigned int N) {
    int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    // 输入块比输出块多一圈：起点减一
    int i = blockIdx.z * OUT_TILE_DIM + tz - 1;
    int j = blockIdx.y * OUT_TILE_DIM + ty - 1;
    int k = blockIdx.x * OUT_TILE_DIM + tx - 1;

    // 共享内存中的输入块
    __shared__ float in_s[IN_TILE_DIM][IN_TILE_DIM][IN_TILE_DIM];
    if (i >= 0 && i < N && j >= 0 && j < N && k >= 0 && k < N) {
        in_s[tz][ty][tx] = in[i * N * N + j * N + k];
    }
    // 等待整个块加载完成（不能在这之前 return）
    __syncthreads();

    // 只有网格内部的点、并且是块内部的线程才计算输出
    if (i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1) {
        if (tz >= 1 && tz < IN_TILE_DIM - 1 && ty >= 1 && ty < IN_TILE_DIM - 1 &&
            tx >= 1 && tx < IN_TILE_DIM - 1) {
            out[i * N * N + j * N + k] = c0 * in_s[tz][ty][tx]
                                       + c1 * in_s[tz][ty][tx - 1]
                                       + c2 * in_s[tz][ty][tx + 1]
                                       + c3 * in_s[tz][ty - 1][tx]
                                       + c4 * in_s[tz][ty + 1][tx]
                                       + c5 * in_s[tz - 1][ty][tx]
                                       + c6 * in_s[tz + 1][ty][tx];
        }
    }
}
