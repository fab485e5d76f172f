//! PMPP 7.3: the filter in constant memory — the 7.2 kernel, but F is a `__constant__` array
//! the grader fills, so only the image is read from global memory.

use kernels::conv::{blocks_for, conv2d_case, conv2d_hidden_inputs, conv2d_metrics_input, conv2d_visible_inputs, Conv2dAbi, Conv2dInput};
use kernels::exercise::{Case, Compare, Geometry, Metric, Section, Target};
use rand::rngs::StdRng;

/// Same launch as 7.2: 16×16 threads per block, one per output pixel.
const BLOCK_SIDE: usize = 16;

pub struct ConstantMemoryConvolution;

static SECTION: ConstantMemoryConvolution = ConstantMemoryConvolution;

/// The section, for the grader.
pub fn section() -> &'static dyn Section {
    &SECTION
}

fn case(input: Conv2dInput) -> Case {
    let g = Geometry {
        grid: [blocks_for(input.width, BLOCK_SIDE), blocks_for(input.height, BLOCK_SIDE), 1],
        block: [BLOCK_SIDE as u32, BLOCK_SIDE as u32, 1],
        dynamic_shared_bytes: 0,
    };
    conv2d_case(Conv2dAbi::ConstantFilterRadiusArg, input, g)
}

impl Section for ConstantMemoryConvolution {
    fn id(&self) -> &'static str {
        "7.3"
    }
    fn title(&self) -> &'static str {
        "The filter in constant memory"
    }
    fn dir(&self) -> &'static str {
        "7.3-constant-memory"
    }
    fn kernel_name(&self) -> &'static str {
        "convolution_2D_const_mem_kernel"
    }
    fn visible_cases(&self) -> Vec<Case> {
        conv2d_visible_inputs().into_iter().map(case).collect()
    }
    fn hidden_cases(&self, rng: &mut StdRng) -> Vec<Case> {
        // FILTER_RADIUS is compiled in: each radius is its own build of the kernel.
        conv2d_hidden_inputs(rng, &[1, 2, 3]).into_iter().map(case).collect()
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
            // Reference solution: 0.5 exactly (one fma per 4-byte pixel load). A 7.2-style
            // kernel that still reads F from global memory gets 0.25 and fails.
            value: 0.45,
            textbook: Some(0.5),
            advice: "read the filter from the __constant__ array F, not from global memory: only the pixel load should remain per tap",
        }]
    }
    fn hints(&self) -> &'static [&'static str] {
        &[
            "Start from your 7.2 kernel: the work per thread is the same; only where the filter lives changes.",
            "F is declared at file scope as __constant__ float F[2*FILTER_RADIUS+1][2*FILTER_RADIUS+1]; the grader copies the filter into it before the launch (cudaMemcpyToSymbol), so the kernel no longer takes F as a parameter.",
            "Constant memory is cached and broadcast: all threads of a warp read the same F[fRow][fCol] at the same time, so those reads cost no global-memory traffic. Index it as a 2D array.",
            "Keep the ghost-cell test and the guard on the thread's own pixel exactly as in 7.2.",
        ]
    }
}
