//! PMPP 8.2: the basic 3D seven-point stencil — one thread per grid point, every neighbour
//! read from global memory.

use kernels::conv::blocks_for;
use kernels::exercise::{Case, CaseRng, CaseShape, Compare, Geometry, Metric, Section, Target};
use kernels::stencil::{
    stencil3d_case, stencil3d_hidden_inputs, stencil3d_metrics_input, stencil3d_visible_inputs, Stencil3dInput,
};

const BLOCK_SIDE: usize = 8;

pub struct BasicStencil;

static SECTION: BasicStencil = BasicStencil;

/// The section, for the grader.
pub fn section() -> &'static dyn Section {
    &SECTION
}

fn geometry(n: usize) -> Geometry {
    // 8×8×8 threads per block, one per grid point; the grid rounds N up.
    let blocks = blocks_for(n, BLOCK_SIDE);
    Geometry { grid: [blocks, blocks, blocks], block: [BLOCK_SIDE as u32; 3], dynamic_shared_bytes: 0 }
}

fn case(input: Stencil3dInput) -> Case {
    let g = geometry(input.n);
    stencil3d_case(input, g)
}

impl Section for BasicStencil {
    fn id(&self) -> &'static str {
        "8.2"
    }
    fn title(&self) -> &'static str {
        "section-8_2-title"
    }
    fn dir(&self) -> &'static str {
        "8.2-stencil-basic"
    }
    fn kernel_name(&self) -> &'static str {
        "stencil_kernel"
    }
    fn visible_cases(&self) -> Vec<Case> {
        stencil3d_visible_inputs().into_iter().map(case).collect()
    }
    fn hidden_cases(&self, rng: &mut CaseRng) -> Vec<Case> {
        // One thread per point: a block covers 8³ outputs.
        stencil3d_hidden_inputs(rng, BLOCK_SIDE).into_iter().map(case).collect()
    }
    fn metrics_case(&self, rng: &mut CaseRng) -> Case {
        case(stencil3d_metrics_input(rng))
    }
    fn second_metrics_case(&self, rng: &mut CaseRng) -> Case {
        case(kernels::stencil::stencil3d_second_metrics_input(rng))
    }
    fn metrics_case_label(&self) -> &'static str {
        "N=128"
    }
    fn custom_case(&self, spec: &kernels::exercise::CaseSpec, rng: &mut CaseRng) -> Result<Case, String> {
        Ok(case(kernels::stencil::stencil3d_custom_input(rng, spec.label(), spec.n(160)?)))
    }
    fn timing_case(&self, rng: &mut CaseRng) -> Option<Case> {
        Some(case(kernels::stencil::stencil3d_timing_input(rng)))
    }
    fn timing_shape(&self) -> Option<CaseShape> {
        Some(CaseShape { shape: [512, 512, 512], geometry: geometry(512) })
    }
    fn targets(&self) -> Vec<Target> {
        vec![Target {
            metric: Metric::OpPerByte,
            compare: Compare::AtLeast,
            // Reference solution, measured: 26,004,888 FLOPs / 56,010,528 B = 0.4643: 13 FLOPs
            // (a mul and six fmas) per 7 four-byte loads; boundary points load nothing.
            value: 0.4,
            textbook: Some(13.0 / 28.0),
            advice: "exercise-advice-8_2-op-per-byte",
        }]
    }
    fn hints(&self) -> &'static [&'static str] {
        &["hint-8_2-1", "hint-8_2-2", "hint-8_2-3", "hint-8_2-4"]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernels::exercise::{Buffer, Data};

    #[test]
    fn visible_laplacian_of_a_ramp_is_zero_inside() {
        let case = &section().visible_cases()[0];
        let Data::F32(out) = &case.expected else { panic!("float output") };
        let n = case.shape[0];
        assert_eq!(out[(2 * n + 2) * n + 2], 0.0);
        let Buffer::InOut(Data::F32(init)) = &case.buffers[1] else { panic!("out is in/out") };
        assert!(init[(2 * n + 2) * n + 2].is_nan(), "interior starts as NaN");
        assert!(!init[0].is_nan(), "boundary starts as the input");
    }
}
