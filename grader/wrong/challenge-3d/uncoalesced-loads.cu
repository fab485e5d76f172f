// expect: target:global_load_uncoalesced_sectors_per_output
// why: I mapped threadIdx.x to j and threadIdx.y to k.

// Planted slow kernel, challenge 3D: the register-walk reference with x and y swapped in the
// thread mapping. The lanes of a warp walk along j (y), so their addresses are N floats apart
// and every warp load and store touches 32 separate sectors.

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

#define BLOCK_X 32      // lanes: one y (row) each
#define BLOCK_Y 8
#define BLOCK_Z 1
#define TILE_X BLOCK_Y  // x and y swapped: threadIdx.y picks x, threadIdx.x picks y
#define TILE_Y BLOCK_X
#define TILE_Z 16       // planes walked by each thread

extern "C" __global__ void stencil_challenge_kernel(float *in, float *out, unsigned int N) {
    int n = N;
    int k = blockIdx.x * TILE_X + threadIdx.y;  // consecutive lanes: consecutive j, N floats apart
    int j = blockIdx.y * TILE_Y + threadIdx.x;
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
