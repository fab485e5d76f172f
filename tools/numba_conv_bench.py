#!/usr/bin/env python3
"""The textbook's tiled 2D convolution (PMPP 7.4: 32x32 input tiles, halo in shared memory, 5x5
filter in constant memory) written for numba.cuda and run on numba's CUDA simulator
(NUMBA_ENABLE_CUDASIM=1), so that emulator-bench can compare its speed with a known simulator.

Usage: numba_conv_bench.py [--size N] [--seed S]
Prints one line of JSON: outputs, seconds (the kernel launch only), outputs_per_second, correct
(checked against a numpy convolution). Exit status 0 when correct, 1 when wrong, 3 when numba or
numpy cannot be imported (install with: pip install numba numpy).
"""
import json
import os
import sys
import time

os.environ.setdefault("NUMBA_ENABLE_CUDASIM", "1")

try:
    import numpy as np
    from numba import cuda, float32
except ImportError as e:  # the bench reports this and goes on without the comparison
    print(json.dumps({"error": f"cannot import numba/numpy ({e}); install with: pip install numba numpy"}))
    sys.exit(3)

FILTER_RADIUS = 2
IN_TILE_DIM = 32
OUT_TILE_DIM = IN_TILE_DIM - 2 * FILTER_RADIUS
FILTER_DIM = 2 * FILTER_RADIUS + 1

# cuda.const.array_like copies a module-level array into constant memory at compile time.
FILTER = np.random.default_rng(7).uniform(-1.0, 1.0, (FILTER_DIM, FILTER_DIM)).astype(np.float32)


@cuda.jit
def convolution_tiled_2D_const_mem_kernel(N, P, width, height):
    F = cuda.const.array_like(FILTER)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    col = cuda.blockIdx.x * OUT_TILE_DIM + tx - FILTER_RADIUS
    row = cuda.blockIdx.y * OUT_TILE_DIM + ty - FILTER_RADIUS
    N_s = cuda.shared.array((IN_TILE_DIM, IN_TILE_DIM), float32)
    if row >= 0 and row < height and col >= 0 and col < width:
        N_s[ty, tx] = N[row * width + col]
    else:
        N_s[ty, tx] = 0.0
    cuda.syncthreads()
    tile_col = tx - FILTER_RADIUS
    tile_row = ty - FILTER_RADIUS
    if col >= 0 and col < width and row >= 0 and row < height:
        if tile_col >= 0 and tile_col < OUT_TILE_DIM and tile_row >= 0 and tile_row < OUT_TILE_DIM:
            acc = float32(0.0)
            for f_row in range(FILTER_DIM):
                for f_col in range(FILTER_DIM):
                    acc += F[f_row, f_col] * N_s[tile_row + f_row, tile_col + f_col]
            P[row * width + col] = acc


def reference(image, filt):
    """Zero-padded 2D convolution (correlation, as the textbook writes it) in float64."""
    h, w = image.shape
    r = filt.shape[0] // 2
    padded = np.zeros((h + 2 * r, w + 2 * r), dtype=np.float64)
    padded[r:r + h, r:r + w] = image
    out = np.zeros((h, w), dtype=np.float64)
    for fr in range(filt.shape[0]):
        for fc in range(filt.shape[1]):
            out += filt[fr, fc] * padded[fr:fr + h, fc:fc + w]
    return out


def main():
    size, seed = 64, 1
    args = sys.argv[1:]
    while args:
        a = args.pop(0)
        if a == "--size":
            size = int(args.pop(0))
        elif a == "--seed":
            seed = int(args.pop(0))
        else:
            sys.exit(__doc__)
    image = np.random.default_rng(seed).uniform(-1.0, 1.0, (size, size)).astype(np.float32)
    n_dev = cuda.to_device(image.reshape(-1))
    p_dev = cuda.to_device(np.zeros(size * size, dtype=np.float32))
    blocks = (size + OUT_TILE_DIM - 1) // OUT_TILE_DIM
    start = time.perf_counter()
    convolution_tiled_2D_const_mem_kernel[(blocks, blocks), (IN_TILE_DIM, IN_TILE_DIM)](n_dev, p_dev, size, size)
    cuda.synchronize()
    seconds = time.perf_counter() - start
    got = p_dev.copy_to_host().reshape(size, size)
    # 25 float32 fused or separate multiply-adds: error well under 1e-5 for inputs in [-1, 1].
    correct = bool(np.allclose(got, reference(image, FILTER), rtol=1e-5, atol=1e-5))
    outputs = size * size
    print(json.dumps({
        "outputs": outputs,
        "seconds": seconds,
        "outputs_per_second": outputs / seconds,
        "correct": correct,
        "simulator": "numba " + __import__("numba").__version__ + " CUDA simulator",
    }))
    sys.exit(0 if correct else 1)


if __name__ == "__main__":
    main()
