//! PMPP 7.2: basic 2D convolution — one thread per output pixel, image and filter both read
//! from global memory.

use kernels::conv::{
    blocks_for, conv2d_case, conv2d_hidden_inputs, conv2d_metrics_input, conv2d_visible_inputs, Conv2dAbi, Conv2dInput,
};
use kernels::exercise::{Case, CaseRng, CaseShape, Compare, Geometry, Metric, Section, Target};

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
        "section-7_2-title"
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
    fn hidden_cases(&self, rng: &mut CaseRng) -> Vec<Case> {
        // r is a kernel argument here, so radius 0 (a 1×1 filter) is fair game too. A block
        // covers 16×16 outputs whatever the radius.
        conv2d_hidden_inputs(rng, &[0, 1, 2, 3], |_| BLOCK_SIDE).into_iter().map(case).collect()
    }
    fn metrics_case(&self, rng: &mut CaseRng) -> Case {
        case(conv2d_metrics_input(rng))
    }
    fn second_metrics_case(&self, rng: &mut CaseRng) -> Case {
        case(kernels::conv::conv2d_second_metrics_input(rng))
    }
    fn metrics_case_label(&self) -> &'static str {
        "1024x1024 r=2"
    }
    fn custom_case(&self, spec: &kernels::exercise::CaseSpec, rng: &mut CaseRng) -> Result<Case, String> {
        let (width, height, r) = spec.conv2d()?;
        Ok(case(Conv2dInput::random(rng, &spec.label(), kernels::exercise::Visibility::Hidden, width, height, r)))
    }
    fn timing_case(&self, rng: &mut CaseRng) -> Option<Case> {
        Some(case(kernels::conv::conv2d_timing_input(rng)))
    }
    fn timing_shape(&self) -> Option<CaseShape> {
        Some(CaseShape { shape: [8192, 8192, 1], geometry: geometry(8192, 8192) })
    }
    fn targets(&self) -> Vec<Target> {
        vec![Target {
            metric: Metric::OpPerByte,
            compare: Compare::AtLeast,
            // Reference solution, measured (emulator, 1024² r=2): 52,305,992 FLOPs / 209,223,968 B
            // = 0.25 exactly: each tap is one fma on two 4-byte global loads, and ghost taps are
            // skipped, so the border does not change it.
            value: 0.24,
            textbook: Some(0.25),
            advice: "exercise-advice-7_2-op-per-byte",
        }]
    }
    fn hints(&self) -> &'static [&'static str] {
        &["hint-7_2-1", "hint-7_2-2", "hint-7_2-3", "hint-7_2-4"]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernels::exercise::{Arg, Data};
    use rand::SeedableRng;

    #[test]
    fn visible_cases_hold_the_textbook_numbers() {
        let cases = section().visible_cases();
        let Data::F32(p) = &cases[0].expected else { panic!("float output") };
        assert_eq!((p[1], p[2], p[3]), (53.0, 52.0, 47.0));
        let radius = cases[0].defines.iter().find(|(k, _)| k == "FILTER_RADIUS").map(|(_, v)| v.as_str());
        assert!(radius.is_none() || radius == Some("2"));
    }

    #[test]
    fn every_output_pixel_has_a_thread() {
        for case in section().visible_cases().into_iter().chain(section().hidden_cases(&mut CaseRng::seed_from_u64(5)))
        {
            let g = case.geometry;
            let r = radius_of(&case);
            let per_block = {
                let _ = r;
                g.block[0] as usize
            };
            assert!(g.grid[0] as usize * per_block >= case.shape[0], "{}", case.name);
            assert!(g.grid[1] as usize * per_block >= case.shape[1], "{}", case.name);
        }
    }

    fn radius_of(case: &Case) -> usize {
        match case.defines.iter().find(|(k, _)| k == "FILTER_RADIUS") {
            Some((_, v)) => v.parse().unwrap(),
            None => match case.args[3] {
                Arg::I32(r) => r as usize,
                _ => panic!("r is the fourth argument"),
            },
        }
    }
}
