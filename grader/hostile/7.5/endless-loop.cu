// expect: finding:timeout
// message: ran past its instruction budget
// message: endless-loop.cu:15
// why: A loop that never ends, in every test: the grader must not spend a budget on each one.
#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
#define TILE_DIM 32

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_cached_tiled_2D_const_mem_kernel(float *N, float *P, int width,
                                                                      int height) {
    volatile int steps = 0;
    for (;;) steps++;
}
