// Section 8.4 — 3D stencil with thread coarsening in z (PMPP chapter 8.4)
//
// out[i,j,k] = c0*in[i,j,k] + c1*in[i,j,k-1] + c2*in[i,j,k+1] + c3*in[i,j-1,k]
//            + c4*in[i,j+1,k] + c5*in[i-1,j,k] + c6*in[i+1,j,k]
// on an N x N x N grid stored as in[i*N*N + j*N + k] (k fastest, i = the plane). Boundary
// points (any index 0 or N-1) are not computed: the grader has already copied them into out;
// every interior point starts as NaN there, so one you forget to write fails.
//
// Launch (fixed by the grader): a block is one IN_TILE_DIM x IN_TILE_DIM = 32x32 PLANE of
// threads (1024, not 32^3); the grid is ceil(N/OUT_TILE_DIM) in x, y and z. Each block computes
// OUT_TILE_DIM planes of OUT_TILE_DIM^2 points, starting at plane blockIdx.z*OUT_TILE_DIM, so
// each thread walks up its column in z.
//
// TODO: keep three planes of the tile in shared memory (previous, current, next); per step,
// load the next plane, compute the current one, move the planes down. The grader checks every
// point, OP/B (>= 2.0 at N = 128), races, reads of unwritten shared memory and barriers.
// Moving the planes copies every slot, also those of threads outside the grid that loaded
// nothing: copying such a slot is fine, but using it (in an output, a condition or an address)
// is a read of unwritten memory.
//
// Run `cargo run -p grader -- 8.4`; stuck? `cargo run -p grader -- hint 8.4`.

// The coefficients c0 ... c6 are MACROS, not variables: the grader compiles your file with
// -Dc0=0.5f -Dc1=... for each test (so do not name anything c0..c6 yourself). The defaults
// below only let the file compile on its own.
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

#ifndef IN_TILE_DIM
#define IN_TILE_DIM 32
#endif
#define OUT_TILE_DIM ((IN_TILE_DIM) - 2)

extern "C" __global__ void stencil_kernel(float *in, float *out, unsigned int N) {
    // TODO
}
