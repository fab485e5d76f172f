// An uninitialised accumulator on a GPU: 7.2's solution with `float Pvalue;` and no zero, on a
// 304x209 image, r = 1, against a CPU reference. The kernel is the solution with that one line
// changed, made at build time (the suite's `reproducible` test changes it the same way):
//   sed 's/float Pvalue = 0.0f;/float Pvalue;/' solutions/7.2-basic/kernel.cu > /tmp/uninit.cu
//   nvcc -O2 -arch=sm_90 -DKERNEL='"/tmp/uninit.cu"' -o run tools/gpu/uninitialized-accumulator.cu && ./run
// The emulator starts a register read before it is written at zero in every block
// (emulator/src/decode/undefined.rs) because of what this printed.
// Measured on an H200 (driver 580.159.04, CUDA 13), 2026-11-29, three runs:
//   run 0: 0 of 63536 wrong, 0 NaN; P[0]=67.5 P[1000]=137.25   (and the same for runs 1 and 2)
// The SASS (cuobjdump -sass) keeps the sum in R0, which first held %tid.y (S2R R0, SR_TID.Y):
// its bits as a float are a denormal, so every output came out right.
#include <cmath>
#include <cstdio>

#include KERNEL

int main() {
    const int w = 304, h = 209, r = 1, k = 2 * r + 1;
    float *N, *F, *P;
    cudaMallocManaged(&N, w * h * 4); cudaMallocManaged(&F, k * k * 4); cudaMallocManaged(&P, w * h * 4);
    for (int i = 0; i < w * h; i++) N[i] = (i % 17) * 0.25f;
    for (int i = 0; i < k * k; i++) F[i] = 1.0f + i;
    for (int run = 0; run < 3; run++) {
        cudaMemset(P, 0, w * h * 4);
        dim3 b(16, 16), g((w + 15) / 16, (h + 15) / 16);
        convolution_2D_basic_kernel<<<g, b>>>(N, F, P, r, w, h);
        cudaDeviceSynchronize();
        int wrong = 0, nan = 0;
        for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) {
            float s = 0;
            for (int i = 0; i < k; i++) for (int j = 0; j < k; j++) {
                int yy = y - r + i, xx = x - r + j;
                if (yy >= 0 && yy < h && xx >= 0 && xx < w) s += F[i * k + j] * N[yy * w + xx];
            }
            float got = P[y * w + x];
            if (std::isnan(got)) nan++;
            if (!(std::fabs(got - s) <= 1e-3f * std::fabs(s) + 1e-3f)) wrong++;
        }
        printf("run %d: %d of %d wrong, %d NaN; P[0]=%g P[1000]=%g\n", run, wrong, w * h, nan, P[0], P[1000]);
    }
    return 0;
}
