/* The same 2D convolution as emulator-bench's kernel (PMPP 7.4: a 5x5 filter, ghost cells 0), as
 * a plain C loop for one core, so that emulator-bench can say how far the emulator is from native
 * code (the course's goal: at most 3x). Built by emulator-bench with the machine's C compiler at
 * -O2 (CC, else cc). Each tap is an fmaf, one rounding as the kernel's fma.rn.f32: at plain -O2 on
 * x86-64 (no -mfma) that is a call into libm, as a student's `gcc -O2` build would have it.
 *
 * Usage: native_conv_bench SIZE INPUT OUTPUT
 * INPUT holds SIZE*SIZE image floats then 25 filter floats (little-endian f32, as emulator-bench
 * writes them); OUTPUT gets the SIZE*SIZE outputs. Prints one line: "seconds S repeats R", the
 * time of one convolution (the median of R runs, R chosen so that they take about a second). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define R 2
#define SIDE (2 * R + 1)

static void conv(const float *in, const float *f, float *out, int n) {
    for (int row = 0; row < n; row++) {
        for (int col = 0; col < n; col++) {
            float acc = 0.0f;
            for (int fr = 0; fr < SIDE; fr++) {
                int y = row - R + fr;
                if (y < 0 || y >= n) continue;
                for (int fc = 0; fc < SIDE; fc++) {
                    int x = col - R + fc;
                    if (x >= 0 && x < n) acc = fmaf(f[fr * SIDE + fc], in[y * n + x], acc);
                }
            }
            out[row * n + col] = acc;
        }
    }
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: native_conv_bench SIZE INPUT OUTPUT\n");
        return 2;
    }
    int n = atoi(argv[1]);
    size_t pixels = (size_t)n * n;
    float *in = malloc(pixels * sizeof *in), *f = malloc(SIDE * SIDE * sizeof *f), *out = malloc(pixels * sizeof *out);
    FILE *fin = fopen(argv[2], "rb");
    if (!in || !f || !out || !fin || fread(in, sizeof *in, pixels, fin) != pixels ||
        fread(f, sizeof *f, SIDE * SIDE, fin) != SIDE * SIDE) {
        fprintf(stderr, "cannot read %s\n", argv[2]);
        return 2;
    }
    fclose(fin);
    double t0 = now();
    conv(in, f, out, n);
    double once = now() - t0;
    int repeats = once > 0 ? (int)(1.0 / once) : 1000;
    if (repeats < 3) repeats = 3;
    if (repeats > 1000) repeats = 1000;
    double *times = malloc(repeats * sizeof *times);
    for (int i = 0; i < repeats; i++) {
        t0 = now();
        conv(in, f, out, n);
        times[i] = now() - t0;
    }
    qsort(times, repeats, sizeof *times, by_value);
    FILE *fout = fopen(argv[3], "wb");
    if (!fout || fwrite(out, sizeof *out, pixels, fout) != pixels) {
        fprintf(stderr, "cannot write %s\n", argv[3]);
        return 2;
    }
    fclose(fout);
    printf("seconds %.9f repeats %d\n", times[repeats / 2], repeats);
    return 0;
}
