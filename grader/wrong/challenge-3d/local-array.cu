// expect: target:local_memory_bytes
// why: I kept the three planes of my window in an array and index it with the loop counter.

// Planted slow kernel, challenge 3D: the register-walk reference, but its window of three
// planes is an array indexed with a run-time index (a ring buffer), so it lives in local memory.

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
#define TILE_Z 16       // planes walked by each thread

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
    // The window of planes i-1, i, i+1 kept as a ring: plane p lives in win[p % 3]. The index
    // is known only at run time, so win[] goes to local memory.
    float win[3];
    win[(iBegin - 1) % 3] = in[c - plane];
    win[iBegin % 3] = in[c];
    for (int i = iBegin; i < iEnd; i++, c += plane) {
        win[(i + 1) % 3] = in[c + plane];
        out[c] = c0 * win[i % 3] + c1 * in[c - 1] + c2 * in[c + 1] + c3 * in[c - n] +
                 c4 * in[c + n] + c5 * win[(i - 1) % 3] + c6 * win[(i + 1) % 3];
    }
}
