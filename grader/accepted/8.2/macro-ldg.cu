// expect: pass
// why: an IDX(i, j, k) macro for the flattened index, uint32_t indices from <cstdint>, early returns, const __restrict__ input read with __ldg

#include <cstdint>

// The coefficients c0 ... c6 are macros set by the grader; these defaults are from the stub.
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

#define IDX(i, j, k) (((i) * N + (j)) * N + (k))

extern "C" __global__ void stencil_kernel(const float *__restrict__ in, float *__restrict__ out,
                                          unsigned int N) {
    const uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
    const uint32_t j = blockIdx.y * blockDim.y + threadIdx.y;
    const uint32_t i = blockIdx.z * blockDim.z + threadIdx.z;

    // boundary points keep their input value, threads past the grid do nothing
    if (i < 1 || j < 1 || k < 1) return;
    if (i >= N - 1 || j >= N - 1 || k >= N - 1) return;

    out[IDX(i, j, k)] = c0 * __ldg(&in[IDX(i, j, k)])
                      + c1 * __ldg(&in[IDX(i, j, k - 1)])
                      + c2 * __ldg(&in[IDX(i, j, k + 1)])
                      + c3 * __ldg(&in[IDX(i, j - 1, k)])
                      + c4 * __ldg(&in[IDX(i, j + 1, k)])
                      + c5 * __ldg(&in[IDX(i - 1, j, k)])
                      + c6 * __ldg(&in[IDX(i + 1, j, k)]);
}
