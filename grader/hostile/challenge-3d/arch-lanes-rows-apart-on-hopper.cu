// expect: target:global_load_uncoalesced_sectors_per_output
// why: On Hopper (sm_90 and later) I turn the block on its side, one column and 128 rows, so that a warp's lanes are 32 rows apart; the grader used to see only the sm_75 build, with the reference's 128-column rows.

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

#if __CUDA_ARCH__ >= 900
#define BLOCK_X 1
#define BLOCK_Y 128
#else
#define BLOCK_X 128
#define BLOCK_Y 2
#endif
#define BLOCK_Z 1
#define TILE_X BLOCK_X  // one column per thread
#define TILE_Y BLOCK_Y
#define TILE_Z 32       // planes walked by each thread

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
    float next = in[c + plane];
    for (int i = iBegin; i < iEnd; i++, c += plane) {
        float nextNext = 0.0f;  // plane i+2, needed in the next iteration (if there is one)
        if (i + 1 < iEnd) nextNext = in[c + 2 * plane];
        out[c] = c0 * curr + c1 * in[c - 1] + c2 * in[c + 1] + c3 * in[c - n] + c4 * in[c + n] +
                 c5 * prev + c6 * next;
        prev = curr;  // slide the window one plane up
        curr = next;
        next = nextNext;
    }
}
