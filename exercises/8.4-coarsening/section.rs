//! PMPP 8.4: 3D stencil with thread coarsening in z — a plane of IN_TILE_DIM² threads walks
//! OUT_TILE_DIM planes, keeping the previous, current and next plane in shared memory.

use kernels::conv::blocks_for;
use kernels::exercise::{Case, CaseRng, CaseShape, Compare, Geometry, Metric, Section, Target};
use kernels::stencil::{
    stencil3d_case, stencil3d_hidden_inputs, stencil3d_metrics_input, stencil3d_visible_inputs, Stencil3dInput,
};

const IN_TILE_DIM: usize = 32;
const OUT_TILE_DIM: usize = IN_TILE_DIM - 2;

pub struct CoarsenedStencil;

static SECTION: CoarsenedStencil = CoarsenedStencil;

/// The section, for the grader.
pub fn section() -> &'static dyn Section {
    &SECTION
}

fn geometry(n: usize) -> Geometry {
    // One block per OUT_TILE_DIM² column of outputs and per OUT_TILE_DIM planes in z; the
    // block itself is a single IN_TILE_DIM² plane of threads that walks the planes.
    let blocks = blocks_for(n, OUT_TILE_DIM);
    Geometry {
        grid: [blocks, blocks, blocks],
        block: [IN_TILE_DIM as u32, IN_TILE_DIM as u32, 1],
        dynamic_shared_bytes: 0,
    }
}

fn case(input: Stencil3dInput) -> Case {
    let g = geometry(input.n);
    stencil3d_case(input, g)
}

impl Section for CoarsenedStencil {
    fn id(&self) -> &'static str {
        "8.4"
    }
    fn title(&self) -> &'static str {
        "section-8_4-title"
    }
    fn dir(&self) -> &'static str {
        "8.4-coarsening"
    }
    fn kernel_name(&self) -> &'static str {
        "stencil_kernel"
    }
    fn visible_cases(&self) -> Vec<Case> {
        stencil3d_visible_inputs().into_iter().map(case).collect()
    }
    fn hidden_cases(&self, rng: &mut CaseRng) -> Vec<Case> {
        stencil3d_hidden_inputs(rng, OUT_TILE_DIM).into_iter().map(case).collect()
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
        vec![
            Target {
                metric: Metric::OpPerByte,
                compare: Compare::AtLeast,
                // Reference solution at N=128, measured: 26,004,888 FLOPs / 10,061,824 B = 2.585
                // (136³ loads: 5 blocks per axis each load 32 points of which 30 are computed,
                // clipped at the grid's edges). A coarsened kernel that reads its neighbours from
                // global memory measured 0.464.
                value: 2.0,
                textbook: Some(13.0 * 30.0 * 30.0 * 30.0 / (4.0 * 32.0 * 32.0 * 32.0)),
                advice: "exercise-advice-8_4-op-per-byte",
            },
            Target {
                metric: Metric::ThreadsPerBlock,
                compare: Compare::Equal,
                // The launch is IN_TILE_DIM² threads, not IN_TILE_DIM³: a plane of threads per block.
                value: (IN_TILE_DIM * IN_TILE_DIM) as f64,
                textbook: Some((IN_TILE_DIM * IN_TILE_DIM) as f64),
                advice: "exercise-advice-8_4-threads-per-block",
            },
        ]
    }
    fn hints(&self) -> &'static [&'static str] {
        &["hint-8_4-1", "hint-8_4-2", "hint-8_4-3", "hint-8_4-4"]
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
