// expect: compile
// why: I ended the #define with a semicolon, like a statement.

// The reference solution with the one mistake above, challenge 3D: seven-point stencil at close to copy speed.
// No shared memory. Each thread owns one (x, y) column and walks TILE_Z planes along z, keeping
// the previous, current and next values of its column in registers, so each input value comes
// from DRAM once for the z direction. The four in-plane neighbours are read straight from
// global memory: they are the columns of the neighbouring threads, loaded moments earlier, so
// the L1 cache serves them. Consecutive threads take consecutive x: every warp access coalesces.

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

#define BLOCK_X 32
#define BLOCK_Y 8
#define BLOCK_Z 1
#define TILE_X BLOCK_X  // one column per thread
#define TILE_Y BLOCK_Y
#define TILE_Z 16;

extern "C" __global__ void stencil_challenge_kernel(float *in, float *out, unsigned int N) {
    int n = N;
    int k = blockIdx.x * TILE_X + threadIdx.x;
    int j = blockIdx.y * TILE_Y + threadIdx.y;
    if (k < 1 || k > n - 2 || j < 1 || j > n - 2) return;  // boundary column: nothing to write

    // This thread's interior planes: [iBegin, iEnd).
    int iBegin = max((int)blockIdx.z * TILE_Z, 1);
    int iEnd = min((int)blockIdx.z * TILE_Z + TILE_Z, n - 1);
    if (iBegin >= iEnd) return;

    size_t plane = (size_t)n * n;
    size_t c = iBegin * plane + j * n + k;  // index of (iBegin, j, k)
    float prev = in[c - plane];
    float curr = in[c];
    for (int i = iBegin; i < iEnd; i++, c += plane) {
        float next = in[c + plane];
        out[c] = c0 * curr + c1 * in[c - 1] + c2 * in[c + 1] + c3 * in[c - n] + c4 * in[c + n] +
                 c5 * prev + c6 * next;
        prev = curr;  // slide the window one plane up
        curr = next;
    }
}
