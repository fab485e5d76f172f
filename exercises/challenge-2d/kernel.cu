// Challenge — 2D convolution as fast as the memory allows (after chapters 7 and 8)
//
// P[row][col] = sum over fRow, fCol in [0, 2r] of F[fRow][fCol] * N[row - r + fRow][col - r + fCol]
// on a width x height image stored row by row (N[row * width + col]); pixels outside the image
// count as 0 (ghost cells). r = FILTER_RADIUS, set by the grader (-DFILTER_RADIUS=1 … 4); the
// filter is in __constant__ memory, as in 7.3 and 7.4.
//
// YOU choose the launch: define the threads of a block (BLOCK_X, BLOCK_Y) and the outputs one
// block covers (TILE_X columns, TILE_Y rows). The grader launches
//     grid = (ceil(width / TILE_X), ceil(height / TILE_Y)),  block = (BLOCK_X, BLOCK_Y)
// The macros may use FILTER_RADIUS; they must be integer constants (no trailing semicolon).
//
// The goal is speed: 80% of a device-to-device copy of the same bytes, or at most 5% slower than
// the course's reference timed in the same run on the same card (7.4 reaches 24-33%). Without a
// GPU the grader checks every output and what keeps a kernel from that speed whatever the caches
// do: global loads per output (per-tap loads fail), sectors per request (coalescing), shared bank
// conflicts and local memory; and from the same counts, the least time a card needs (an H100
// unless `--card` names another; a kernel whose bound is under 80% fails, and one whose estimate
// is under it by more than the model's error). With a GPU it times the kernel.
// Run `cargo run -p grader -- challenge-2d`; where the traffic comes from:
// `cargo run -p grader -- traffic challenge-2d`; stuck? `cargo run -p grader -- hint challenge-2d`.

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif

#define BLOCK_X 32
#define BLOCK_Y 8
#define TILE_X 32
#define TILE_Y 8

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

extern "C" __global__ void convolution_2D_challenge_kernel(float *N, float *P, int width, int height) {
    // TODO
}
