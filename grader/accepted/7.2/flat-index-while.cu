// expect: pass
// why: one flattened filter index walked by a while loop, unsigned pixel coordinates, const __restrict__ pointers and __ldg loads

extern "C" __global__ void convolution_2D_basic_kernel(const float *__restrict__ N,
                                                       const float *__restrict__ F,
                                                       float *__restrict__ P, const int r,
                                                       const int width, const int height) {
    const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= (unsigned)width || y >= (unsigned)height) return;

    const int side = 2 * r + 1;
    const int taps = side * side;
    float acc = 0.0f;
    int t = 0;
    while (t < taps) {
        const int ny = (int)y - r + t / side;
        const int nx = (int)x - r + t % side;
        if (ny >= 0 && ny < height && nx >= 0 && nx < width) {
            acc += __ldg(&F[t]) * __ldg(&N[ny * width + nx]);
        }
        ++t;
    }
    P[y * width + x] = acc;
}
