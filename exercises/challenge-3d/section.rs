//! Challenge: the fastest 3D seven-point stencil. The mathematics of 8.2 (coefficients c0 … c6
//! as macros, boundary points kept), but the kernel file chooses its launch (`BLOCK_X/Y/Z`,
//! `TILE_X/Y/Z`) and the goal is speed: 80% of a device-to-device copy, or within 5% of the
//! reference on the same card. Without a GPU, the section grades what is slow whatever the caches do: uncoalesced loads, bank conflicts,
//! local memory; global loads per output are shown, not graded (the L1 serves the neighbours).

use kernels::conv::blocks_for;
use kernels::exercise::{Case, CaseRng, CaseShape, ChosenLaunch, Compare, Geometry, Metric, Section, Target};
use kernels::stencil::{
    stencil3d_case, stencil3d_hidden_inputs, stencil3d_metrics_input, stencil3d_timing_input, stencil3d_visible_inputs,
    Stencil3dInput,
};

/// The kernel chooses its tile. The hidden sizes are N = 32 … 35 (see
/// `stencil3d_hidden_inputs`): N a multiple of 32, and so of every smaller power of two, and one
/// more (32, 33), and the interior N − 2 the same (34, 35); 32 and 33 are also an interior of 30
/// points and one more, for a kernel that keeps 8.5's tile. The metrics case (N = 128) is a
/// multiple of 64 and 128.
const TILE_MULTIPLE: usize = 32;

pub struct Stencil3dChallenge;

static SECTION: Stencil3dChallenge = Stencil3dChallenge;

/// The section, for the grader.
pub fn section() -> &'static dyn Section {
    &SECTION
}

/// A case with a default launch (32×8 threads, each walking 32 planes of one column); the grader
/// replaces it with the one the kernel file defines.
fn geometry(n: usize) -> Geometry {
    Geometry {
        grid: [blocks_for(n, 32), blocks_for(n, 8), blocks_for(n, 32)],
        block: [32, 8, 1],
        dynamic_shared_bytes: 0,
    }
}

fn case(input: Stencil3dInput) -> Case {
    let g = geometry(input.n);
    stencil3d_case(input, g)
}

impl Section for Stencil3dChallenge {
    fn id(&self) -> &'static str {
        "challenge-3d"
    }
    fn title(&self) -> &'static str {
        "section-challenge-3d-title"
    }
    fn dir(&self) -> &'static str {
        "challenge-3d"
    }
    fn kernel_name(&self) -> &'static str {
        "stencil_challenge_kernel"
    }
    fn visible_cases(&self) -> Vec<Case> {
        stencil3d_visible_inputs().into_iter().map(case).collect()
    }
    fn hidden_cases(&self, rng: &mut CaseRng) -> Vec<Case> {
        stencil3d_hidden_inputs(rng, TILE_MULTIPLE).into_iter().map(case).collect()
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
        Some(case(stencil3d_timing_input(rng)))
    }
    fn timing_shape(&self) -> Option<CaseShape> {
        Some(CaseShape { shape: [512, 512, 512], geometry: geometry(512) })
    }
    fn chosen_launch(&self) -> Option<ChosenLaunch> {
        Some(ChosenLaunch { dims: 3 })
    }
    fn shown_metrics(&self) -> Vec<Metric> {
        vec![
            Metric::GlobalLoadBytesPerOutput,
            Metric::OpPerByte,
            Metric::GlobalLoadSectorsPerRequest,
            Metric::GlobalLoadSectorsOverMinimum,
            Metric::SharedBankConflictsPerRequest,
            Metric::SharedBytesPerBlock,
            Metric::ActiveLanePercent,
        ]
    }
    fn targets(&self) -> Vec<Target> {
        vec![
            Target {
                metric: Metric::GlobalLoadUncoalescedSectorsPerOutput,
                compare: Compare::AtMost,
                // Sectors beyond the minimum of each request's width (4 for a warp's consecutive
                // floats, 16 for its float4 loads) in the requests that touch more than twice it,
                // per output: the reference 0 at every N (rows that do not start on a sector touch
                // one sector more: coalesced); lanes a row or a plane apart 4.3.
                value: 0.25,
                textbook: None,
                advice: "exercise-advice-challenge-3d-global-load-uncoalesced-sectors-per-output",
            },
            Target {
                metric: Metric::SharedBankConflictsPerOutput,
                compare: Compare::AtMost,
                // Extra wavefronts per output (the taps' own reads are about one wavefront per
                // output): the reference 0, conflicts diluted with padding accesses 1.0.
                value: 0.25,
                textbook: None,
                advice: "exercise-advice-challenge-3d-shared-bank-conflicts-per-output",
            },
            Target {
                metric: Metric::LocalMemoryBytes,
                compare: Compare::AtMost,
                value: 0.0,
                textbook: None,
                advice: "exercise-advice-challenge-3d-local-memory-bytes",
            },
            Target {
                metric: Metric::PercentOfCopy,
                compare: Compare::AtLeast,
                // Or within speed::PACE_TOLERANCE of the reference timed in the same run (the
                // grader's rule). The reference: 87% on an H200 (0.293 ms on N=512, four columns
                // per thread as float4); the earlier one, a column per thread, 83-84% on an H100.
                value: 80.0,
                textbook: None,
                advice: "exercise-advice-challenge-3d-percent-of-copy",
            },
        ]
    }
    fn hints(&self) -> &'static [&'static str] {
        &["hint-challenge-3d-1", "hint-challenge-3d-2", "hint-challenge-3d-3", "hint-challenge-3d-4"]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_launch_is_the_kernels_in_three_dimensions() {
        assert_eq!(section().chosen_launch(), Some(ChosenLaunch { dims: 3 }));
        assert!(section().targets().iter().any(|t| t.metric == Metric::PercentOfCopy && t.value == 80.0));
    }
}
