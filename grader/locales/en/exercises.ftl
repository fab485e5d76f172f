# The words of the exercises: exercises/*/section.rs and kernels/src/ name each of these messages
# by its id (a test in grader/src/course/sections.rs checks every id named is here, and every
# message here is named).

## A section's target advice (`Target::advice` in exercises/<section>/section.rs), shown under a
## target the kernel misses: `exercise-advice-<section>-<metric>`.

# 1d
exercise-advice-1d-global-load-bytes-per-output = load each element from global memory once, into shared memory, and read the three neighbours from there
exercise-advice-1d-shared-bytes-per-block = one array of (blockDim.x+2) ints: the dynamic `extern __shared__ int s_data[]` the launch provides, or a static `__shared__ int s_data[256 + 2]`, not both

# 7.2
exercise-advice-7_2-op-per-byte = each in-bounds tap should cost one multiply-add and two 4-byte loads (pixel and filter); load nothing else per tap

# 7.3
exercise-advice-7_3-op-per-byte = read the filter from the __constant__ array F, not from global memory: only the pixel load should remain per tap

# 7.4
exercise-advice-7_4-op-per-byte = each input pixel should be loaded from global memory once per block, into shared memory; the taps then read the shared tile
exercise-advice-7_4-global-loads-per-element = each input pixel is loaded from global memory many times: load it once per block into the shared tile, and let the taps read the tile

# 7.5
exercise-advice-7_5-op-per-byte = read taps inside the block's tile from shared memory; only halo taps (outside the tile) may go to global memory
exercise-advice-7_5-shared-bytes-per-block = the shared tile is only TILE_DIM x TILE_DIM floats here: the halo is not stored in shared memory

# 8.2
exercise-advice-8_2-op-per-byte = each interior point costs 13 FLOPs (one multiply, six multiply-adds) and 7 loads; load nothing else

# 8.3
exercise-advice-8_3-op-per-byte = load each point of the block's input tile once into shared memory and read the neighbours from there

# 8.4
exercise-advice-8_4-op-per-byte = load each plane of the tile once and keep it in shared memory while the block moves up in z
# 8.4 (8.5 names it too).
exercise-advice-8_4-threads-per-block = a block is one IN_TILE_DIM x IN_TILE_DIM plane of threads; each thread walks its column through the planes

# 8.5
exercise-advice-8_5-op-per-byte = load each plane of the tile once; keep the previous and next values in registers, the current plane in shared memory
exercise-advice-8_5-shared-bytes-per-block = only the current plane needs shared memory: the previous and next values are read by their own thread only, so keep them in registers

# challenge-2d
exercise-advice-challenge-2d-global-load-bytes-per-output = each output reads its taps from global memory: load each input pixel once per block (a tile in shared memory, or rows kept in registers) and read the taps from there
exercise-advice-challenge-2d-global-load-uncoalesced-sectors-per-output = a warp's lanes load addresses far apart: give consecutive threadIdx.x consecutive columns (x is the fastest index in memory)
exercise-advice-challenge-2d-shared-bank-conflicts-per-output = a warp's shared accesses hit the same bank: index the shared tile [row][column] with consecutive threadIdx.x on consecutive columns
exercise-advice-challenge-2d-local-memory-bytes = a per-thread array indexed by a value the compiler cannot unroll lives in local memory (DRAM): unroll the loops over it with constant bounds, or use separate variables
exercise-advice-challenge-2d-percent-of-copy = measured on the GPU: see which of the other numbers is off, then `cargo run -p grader -- traffic challenge-2d` for the line

# challenge-3d
exercise-advice-challenge-3d-global-load-uncoalesced-sectors-per-output = a warp's lanes load addresses far apart: give consecutive threadIdx.x consecutive k (the fastest index in memory)
exercise-advice-challenge-3d-shared-bank-conflicts-per-output = a warp's shared accesses hit the same bank: make threadIdx.x the last (fastest) index of the shared array
exercise-advice-challenge-3d-local-memory-bytes = a per-thread array indexed by a value the compiler cannot unroll lives in local memory (DRAM): keep the planes in separate variables and rotate them
exercise-advice-challenge-3d-percent-of-copy = measured on the GPU: see which of the other numbers is off, then `cargo run -p grader -- traffic challenge-3d` for the line

## The classic mistakes a wrong output is matched with (`Mistake::what`), in the sentence
## "it equals the output of a kernel in which { $mistakes }" (judge.ftl): `exercise-mistake-…`.

# 2D convolution (kernels/src/conv.rs, conv2d_mistaken_filters)
exercise-mistake-filter-flipped = the filter is flipped end to end (F[2r-fRow][2r-fCol] instead of F[fRow][fCol])
exercise-mistake-filter-rows-reversed = the filter's rows are taken in reverse order (F[2r-fRow][fCol])
exercise-mistake-filter-each-row-reversed = each row of the filter is reversed (F[fRow][2r-fCol])
exercise-mistake-filter-transposed = the filter is transposed (F[fCol][fRow])

# Seven-point stencil (kernels/src/stencil.rs, STENCIL3D_MISTAKES)
exercise-mistake-c1-c2-swapped = c1 and c2 are swapped: c1 weights in[i,j,k-1] (x-1), c2 in[i,j,k+1] (x+1)
exercise-mistake-c3-c4-swapped = c3 and c4 are swapped: c3 weights in[i,j-1,k] (y-1), c4 in[i,j+1,k] (y+1)
exercise-mistake-c5-c6-swapped = c5 and c6 are swapped: c5 weights in[i-1,j,k] (z-1), c6 in[i+1,j,k] (z+1)
exercise-mistake-every-pair-swapped = every pair is swapped, c1/c2, c3/c4 and c5/c6 (the stencil flipped end to end)
exercise-mistake-k-j-axes-mixed-up = c1, c2 and c3, c4 are swapped (the k and j axes mixed up)
exercise-mistake-j-i-axes-mixed-up = c3, c4 and c5, c6 are swapped (the j and i axes mixed up)
exercise-mistake-k-i-axes-mixed-up = c1, c2 and c5, c6 are swapped (the k and i axes mixed up)
