// expect: tests
// why: I mixed up which coefficient goes with which axis: c3/c4 on z and c5/c6 on y.

// The coefficients c0 … c6 are macros: the grader defines them (-Dc0=0.5f …) for each case.
// The defaults below only let the file compile on its own.
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

extern "C" __global__ void stencil_kernel(float *in, float *out, unsigned int N) {
    unsigned int i = blockIdx.z * blockDim.z + threadIdx.z;
    unsigned int j = blockIdx.y * blockDim.y + threadIdx.y;
    unsigned int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1) {
        // Planted mistake: c3/c4 belong to the j (y) neighbours and c5/c6 to the i (z) ones.
        // The visible smoothing case's weights are all different, so it fails there.
        out[i * N * N + j * N + k] = c0 * in[i * N * N + j * N + k]
                                   + c1 * in[i * N * N + j * N + (k - 1)]
                                   + c2 * in[i * N * N + j * N + (k + 1)]
                                   + c5 * in[i * N * N + (j - 1) * N + k]
                                   + c6 * in[i * N * N + (j + 1) * N + k]
                                   + c3 * in[(i - 1) * N * N + j * N + k]
                                   + c4 * in[(i + 1) * N * N + j * N + k];
    }
}
