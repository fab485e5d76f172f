// Section 7.2 — basic 2D convolution (PMPP chapter 7.2)
//
// Compute P = N * F: every output pixel P[row][col] is the weighted sum of the (2r+1)x(2r+1)
// patch of the input image N centred on (row, col), with the weights in F.
//
//   N  input image,  width x height floats, row-major (N[row*width + col])
//   F  the filter,   (2r+1) x (2r+1) floats, row-major, in global memory
//   P  output image, width x height floats
//
// The grader launches 16x16 thread blocks and enough of them to cover the image (so some
// threads fall outside it). Pixels of the patch that are outside the image are "ghost cells":
// they count as 0.
//
// TODO: one thread per output pixel. Until you write it, P keeps the grader's poison (NaN)
// and every test fails.
//
// Run `cargo run -p grader -- 7.2`; stuck? `cargo run -p grader -- hint 7.2`, and the book's
// chapter "7.2 Basic convolution" (`cargo run -p grader -- book --open`, or docs/ch7/).

extern "C" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r,
                                                       int width, int height) {
    // TODO
}
