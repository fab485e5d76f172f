//! PMPP 7.2: basic 2D convolution — one thread per output pixel, image and filter both read
//! from global memory.

use kernels::conv::{blocks_for, conv2d_case, conv2d_hidden_inputs, conv2d_metrics_input, conv2d_visible_inputs, Conv2dAbi, Conv2dInput};
use kernels::exercise::{Case, Compare, Geometry, Metric, Section, Target};
use rand::rngs::StdRng;

/// Threads per block side: one thread per output pixel, 16×16 per block.
const BLOCK_SIDE: usize = 16;

pub struct BasicConvolution;

static SECTION: BasicConvolution = BasicConvolution;

/// The section, for the grader.
pub fn section() -> &'static dyn Section {
    &SECTION
}

fn geometry(width: usize, height: usize) -> Geometry {
    Geometry {
        grid: [blocks_for(width, BLOCK_SIDE), blocks_for(height, BLOCK_SIDE), 1],
        block: [BLOCK_SIDE as u32, BLOCK_SIDE as u32, 1],
        dynamic_shared_bytes: 0,
    }
}

fn case(input: Conv2dInput) -> Case {
    let g = geometry(input.width, input.height);
    conv2d_case(Conv2dAbi::GlobalFilter, input, g)
}

impl Section for BasicConvolution {
    fn id(&self) -> &'static str {
        "7.2"
    }
    fn title(&self) -> &'static str {
        "Basic 2D convolution"
    }
    fn dir(&self) -> &'static str {
        "7.2-basic"
    }
    fn kernel_name(&self) -> &'static str {
        "convolution_2D_basic_kernel"
    }
    fn visible_cases(&self) -> Vec<Case> {
        conv2d_visible_inputs().into_iter().map(case).collect()
    }
    fn hidden_cases(&self, rng: &mut StdRng) -> Vec<Case> {
        // r is a kernel argument here, so radius 0 (a 1×1 filter) is fair game too.
        conv2d_hidden_inputs(rng, &[0, 1, 2, 3]).into_iter().map(case).collect()
    }
    fn metrics_case(&self, rng: &mut StdRng) -> Case {
        case(conv2d_metrics_input(rng))
    }
    fn metrics_case_label(&self) -> &'static str {
        "1024x1024 r=2"
    }
    fn targets(&self) -> Vec<Target> {
        vec![Target {
            metric: Metric::OpPerByte,
            compare: Compare::AtLeast,
            // Measured on the reference solution: 0.25 exactly (each tap is one fma on two
            // 4-byte global loads; ghost taps are skipped, so the border does not change it).
            value: 0.24,
            textbook: Some(0.25),
            advice: "each in-bounds tap should cost one multiply-add and two 4-byte loads (pixel and filter); load nothing else per tap",
        }]
    }
    fn hints(&self) -> &'static [&'static str] {
        &[
            "Give each thread one output pixel: its column comes from the x dimension (blockIdx.x*blockDim.x + threadIdx.x), its row from y.",
            "The output pixel is a weighted sum over a (2r+1)x(2r+1) patch of N centred on it: the patch starts at row-r, col-r, and the weight for patch cell (fRow, fCol) is F[fRow*(2r+1) + fCol].",
            "Ghost cells: a patch cell outside the image counts as 0, so skip it (test both its row and its column against the image). Threads whose own pixel is outside the image (the grid is rounded up) must not write.",
            "Shape of the solution: compute outCol/outRow, guard them, loop fRow then fCol, accumulate in a register, then write P[outRow*width + outCol] once.",
        ]
    }
}
