# The hints of each section, in course order: `hint-<section>-<n>` (the section's id with `.` as `_`).
# Each section's `hints()` in exercises/<dir>/section.rs names these messages.

# 7.2
hint-7_2-1 = Give each thread one output pixel: its column comes from the x dimension (blockIdx.x*blockDim.x + threadIdx.x), its row from y.
hint-7_2-2 = The output pixel is a weighted sum over a (2r+1)x(2r+1) patch of N centred on it: the patch starts at row-r, col-r, and the weight for patch cell (fRow, fCol) is F[fRow*(2r+1) + fCol].
hint-7_2-3 = Ghost cells: a patch cell outside the image counts as 0, so skip it (test both its row and its column against the image). Threads whose own pixel is outside the image (the grid is rounded up) must not write.
hint-7_2-4 = Shape of the solution: compute outCol/outRow, guard them, loop fRow then fCol, accumulate in a register, then write P[outRow*width + outCol] once.

# 7.3
hint-7_3-1 = Start from your 7.2 kernel: the work per thread is the same; only where the filter lives changes.
hint-7_3-2 = F is declared at file scope as __constant__ float F[2*FILTER_RADIUS+1][2*FILTER_RADIUS+1]; the grader copies the filter into it before the launch (cudaMemcpyToSymbol), so the kernel no longer takes F as a parameter.
hint-7_3-3 = Constant memory is cached and broadcast: all threads of a warp read the same F[fRow][fCol] at the same time, so those reads cost no global-memory traffic. Index it as a 2D array.
hint-7_3-4 = Keep the ghost-cell test and the guard on the thread's own pixel exactly as in 7.2.

# 7.4
hint-7_4-1 = A block is one input tile: 32x32 threads, each loading one input pixel. The outputs it computes are the inner OUT_TILE_DIM x OUT_TILE_DIM of that tile, so neighbouring blocks' input tiles overlap by 2*FILTER_RADIUS.
hint-7_4-2 = Thread (tx, ty) of block (bx, by) loads the pixel at column bx*OUT_TILE_DIM + tx - FILTER_RADIUS, row by*OUT_TILE_DIM + ty - FILTER_RADIUS; outside the image it stores 0 (a ghost cell) in the shared tile instead.
hint-7_4-3 = All loads must be finished before any thread reads its neighbours' pixels: one barrier between the loading phase and the computing phase.
hint-7_4-4 = Then only the threads whose (tx - FILTER_RADIUS, ty - FILTER_RADIUS) lies in [0, OUT_TILE_DIM) and whose pixel is inside the image compute: the patch of output (tileRow, tileCol) starts at N_s[tileRow][tileCol]. Do not return before the barrier.

# 7.5
hint-7_5-1 = This time a block's input tile and output tile are the same 32x32 square: each thread loads its own pixel into shared memory and computes its own output.
hint-7_5-2 = The halo cells of a tile are the interior cells of the neighbouring tiles, so they are probably in the L2 (or L1) cache already: read those straight from N instead of storing them in shared memory.
hint-7_5-3 = For each tap, decide: is the neighbour inside this block's tile (read the shared tile) or outside it (read N, but only if it lies inside the image: ghost cells are 0)? Barrier between loading the tile and computing.
hint-7_5-4 = Threads whose pixel is outside the image still store a 0 in the tile and still reach the barrier; they just do not compute or write.

# 1d
hint-1d-1 = Each thread owns one element: gid = blockIdx.x*blockDim.x + threadIdx.x. Its value goes to s_data[threadIdx.x + 1], leaving slot 0 and slot blockDim.x + 1 for the two halo elements.
hint-1d-2 = The first thread of the block also loads the left halo (the element before the block), and the last thread with a valid element also loads the right halo (the element after it). At the ends of the array, clamp: A[-1] is A[0] and A[N] is A[N-1].
hint-1d-3 = Barrier after loading and before reading neighbours. Threads with gid >= N (the last block is partial) load nothing, but they must still reach the barrier: guard the work, not the barrier.
hint-1d-4 = Then C[gid] = (s_data[tid] + s_data[tid+1] + s_data[tid+2]) / 3 in int arithmetic, for gid < N. The last valid thread of a partial block is not blockDim.x - 1: it is the one with gid == N - 1.

# 8.2
hint-8_2-1 = One thread per grid point: k (the fastest index, x in memory) from the x dimension of the thread and block indices, j from y, i (the plane) from z.
hint-8_2-2 = Boundary points (i, j or k equal to 0 or N-1) keep their input value, and the grader has already copied them into out: compute and write only interior points. The grid is rounded up, so also skip threads past N.
hint-8_2-3 = Point (i, j, k) lives at in[i*N*N + j*N + k]; its six neighbours differ by ±1 in k, ±N in j and ±N*N in i. The weights are the macros c0 (the point itself), c1/c2 (k∓1), c3/c4 (j∓1), c5/c6 (i∓1).
hint-8_2-4 = N is unsigned: compute the indices as unsigned too and write the interior test as i >= 1 && i < N - 1 (and so on for j and k); with N < 3 nothing is interior.

# 8.3
hint-8_3-1 = A block is an 8x8x8 input tile, one thread per point; it computes only the inner 6x6x6 outputs, so neighbouring blocks' tiles overlap by one point on each side.
hint-8_3-2 = Thread (tx, ty, tz) of block (bx, by, bz) loads point i = bz*OUT_TILE_DIM + tz - 1 (likewise j from y, k from x) into a __shared__ [8][8][8] tile, if it lies inside the grid.
hint-8_3-3 = Barrier after the loads; do not return before it. Then a thread computes if its point is interior to the grid AND its (tx, ty, tz) are all in [1, IN_TILE_DIM-1): the neighbours are then the adjacent tile entries.
hint-8_3-4 = The tile's outer layer is only loaded, never computed: that is why the ratio is 6³ outputs for 8³ loads (textbook 1.37 OP/B).

# 8.4
hint-8_4-1 = A block is a 32x32 plane of threads, and it computes OUT_TILE_DIM = 30 planes of 30x30 outputs, one plane after the other: each thread walks its (j, k) column from i = blockIdx.z*OUT_TILE_DIM upward.
hint-8_4-2 = Keep three 32x32 __shared__ planes: inPrev_s (i-1), inCurr_s (i) and inNext_s (i+1). Before the loop load the first two; in each iteration load inNext_s, compute from the three planes, then move them down (prev <- curr, curr <- next).
hint-8_4-3 = Two barriers per iteration: one after loading inNext_s (the planes are complete before anyone reads), one after computing (nobody still reads a plane while it is overwritten). Every thread must run the same number of iterations.
hint-8_4-4 = Points outside the grid: do not load them. Moving the planes may copy their empty slots (that is fine), but never compute with them: compute only interior points of the grid, with 1 <= tx, ty < IN_TILE_DIM-1 in the tile.

# 8.5
hint-8_5-1 = Look at your 8.4 kernel: which shared values does a thread read that another thread wrote? Only the current plane's x/y neighbours. inPrev_s[ty][tx] and inNext_s[ty][tx] are read only by the thread that loaded them.
hint-8_5-2 = So keep the previous, current and next values of the thread's own column in three float registers, and a single __shared__ plane inCurr_s for the neighbours' sake.
hint-8_5-3 = Per iteration: load inNext (a register) if i+1 < N; barrier; compute from inPrev, inCurr, inNext and inCurr_s's four neighbours; barrier; shift the registers (prev <- curr <- next) and store the new current value into inCurr_s.
hint-8_5-4 = Shared memory drops from three planes (12 KB) to one (4 KB), which lets more blocks share a multiprocessor: the grader checks the 4096-byte limit.

# challenge-2d
hint-challenge-2d-1 = Start from the copy bound: the kernel must read the image once and write it once. 7.4 reaches a third of that; its blocks spend most of their time loading a halo that is a quarter of the tile and waiting at the barrier.
hint-challenge-2d-2 = Give each thread several outputs. A thread computing 8 outputs of one column reads each input row of its window once and adds it into every output row it touches: 12 row reads for 8 outputs (r = 2) instead of 40.
hint-challenge-2d-3 = Keep the tile in shared memory wide (32 or more columns, consecutive threadIdx.x on consecutive columns) and tall (64 rows or so), so that the halo is a small part of it; read the (2r+1) taps of a row into registers once.
hint-challenge-2d-4 = Make the loops over the filter and over the thread's outputs have constant bounds (FILTER_RADIUS and your coarsening factor are macros) so that the compiler unrolls them and keeps the outputs in registers; check `local_memory_bytes` stays 0.

# challenge-3d
hint-challenge-3d-1 = Start from the copy bound: the kernel must read the grid once and write it once. 8.3's shared tile reaches a quarter of that on an H100 and 8.5 about half: the barriers and the halo cost more than the loads they save.
hint-challenge-3d-2 = Walk in z: a thread keeps the previous, current and next values of its (j, k) column in registers and moves up one plane at a time, so the i±1 neighbours cost nothing.
hint-challenge-3d-3 = The four in-plane neighbours (j±1, k±1) are the neighbouring threads' current values: on a modern GPU the L1 cache serves them if you simply load them from global memory. Try it before reaching for shared memory.
hint-challenge-3d-4 = Give each thread enough planes (16 to 32) that the first plane's extra loads do not matter, and enough blocks that every SM has several: the grid is ceil(N/TILE_X) × ceil(N/TILE_Y) × ceil(N/TILE_Z).
