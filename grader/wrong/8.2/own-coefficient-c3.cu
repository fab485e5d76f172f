// expect: compile
// message: c3 is a macro the grader defines for each test
// why: I declared the coefficient c3 myself, as a constant, to try a value of my own.
// The 8.2 reference solution with one planted mistake (basic 3D seven-point stencil).
// One thread per grid point; boundary points are left alone (out already holds them).

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

// Planted mistake: a variable named like the grader's macro c3 reads "__device__ const float 1.0f = 0.0f;".
__device__ const float c3 = 0.0f;
extern "C" __global__ void stencil_kernel(float *in, float *out, unsigned int N) {
    unsigned int i = blockIdx.z * blockDim.z + threadIdx.z;
    unsigned int j = blockIdx.y * blockDim.y + threadIdx.y;
    unsigned int k = blockIdx.x * blockDim.x + threadIdx.x;
    // Interior points only (this also drops the threads past the grid).
    if (i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1) {
        out[i * N * N + j * N + k] = c0 * in[i * N * N + j * N + k]
                                   + c1 * in[i * N * N + j * N + (k - 1)]
                                   + c2 * in[i * N * N + j * N + (k + 1)]
                                   + c3 * in[i * N * N + (j - 1) * N + k]
                                   + c4 * in[i * N * N + (j + 1) * N + k]
                                   + c5 * in[(i - 1) * N * N + j * N + k]
                                   + c6 * in[(i + 1) * N * N + j * N + k];
    }
}
