#!/usr/bin/env bash
# The emulator's two compilations of its executor (the AVX2 one the CPU picks, and the baseline
# one `--baseline-code` keeps), alternating, six times each, on one core of the device's host
# (`taskset -c 3`): `emulator-bench` in full mode (the 7.4 tiled kernel at 1024x1024, the median
# of three launches each), built here in the dev profile, stripped and carried as
# .gpu/ab/emulator-bench. numba is left out (PYTHON=/nonexistent). Run from the repository root
# with OUT set.
# Measured on an H200 host (2026-11-29), at 3d985ea: AVX2 0.197, 0.292, 0.179, 0.162, 0.170,
# 0.175 s; baseline 0.422, 0.419, 0.230, 0.235, 0.219, 0.254 s; per pair 1.28x to 2.14x, median
# 1.44x (callgrind: 30% fewer CPU instructions). The same host's native C loop of the
# convolution (cc -O2, one core) took 0.084 to 0.115 s: the emulator 2x to 4x that.
# Against the previous binary (emulator-bench built at 5954def, carried as
# .gpu/ab/emulator-bench-old), alternating five times on the same core: old 0.459, 0.470, 0.483,
# 0.481, 0.481 s; new 0.344, 0.351, 0.359, 0.361, 0.355 s: 1.35x (median 0.481 / 0.355).
set -u
export PYTHON=/nonexistent
for i in 1 2 3 4 5 6; do
    for mode in "" --baseline-code; do
        timeout 60 taskset -c 3 .gpu/ab/emulator-bench $mode 2>&1 | grep -m1 "wall time" | sed "s/^/run$i ${mode:-avx2} /"
    done
done | tee "$OUT/ab.txt"
