//! The 1D average stencil in shared memory: C[i] = (A[i−1] + A[i] + A[i+1]) / 3 with clamped
//! ends. Each block stages its elements plus one halo element on each side in dynamic shared
//! memory, so every input is read from global memory about once.

use kernels::exercise::{Case, CaseLabel, CaseRng, CaseShape, Compare, Metric, Section, Target, Visibility};
use kernels::stencil::{random_i32, stencil1d_case, stencil1d_geometry, STENCIL1D_BLOCK};

pub struct SharedStencil1d;

static SECTION: SharedStencil1d = SharedStencil1d;

/// The section, for the grader.
pub fn section() -> &'static dyn Section {
    &SECTION
}

impl Section for SharedStencil1d {
    fn id(&self) -> &'static str {
        "1d"
    }
    fn title(&self) -> &'static str {
        "section-1d-title"
    }
    fn dir(&self) -> &'static str {
        "1d-shared-stencil"
    }
    fn kernel_name(&self) -> &'static str {
        "stencil1D_kernel"
    }
    fn visible_cases(&self) -> Vec<Case> {
        vec![
            // C = [5, 4, 6, 4, 6, 4, 5, 5]; C[2] = (7 + 2 + 9) / 3 = 6, ends clamped.
            stencil1d_case("worked example [4,7,2,9,1,8,3,6]", Visibility::Visible, vec![4, 7, 2, 9, 1, 8, 3, 6])
                .labelled(CaseLabel::new("case-stencil1d-worked-example")),
            // The average of i−1, i, i+1 is i: C[i] = i except C[0] = 0 and C[299] = 298. Two
            // blocks, so elements 255 and 256 need the other block's element as a halo.
            stencil1d_case("ramp 0..299 over two blocks", Visibility::Visible, (0..300).collect())
                .labelled(CaseLabel::new("case-stencil1d-ramp")),
        ]
    }
    fn hidden_cases(&self, rng: &mut CaseRng) -> Vec<Case> {
        // Each with its label's id: the catalogue says the same words in the student's language.
        [
            (1, "one element", "case-stencil1d-one-element"),
            (2, "two elements", "case-stencil1d-two-elements"),
            (3, "three elements", "case-stencil1d-three-elements"),
            (256, "exactly one block", "case-stencil1d-one-block"),
            (257, "one element past a block", "case-stencil1d-past-a-block"),
            (1000, "a partial last block", "case-stencil1d-partial-block"),
        ]
        .iter()
        .map(|&(n, what, id)| {
            stencil1d_case(&format!("{what}: N={n}, random"), Visibility::Hidden, random_i32(rng, n))
                .labelled(CaseLabel::new(id).arg("n", n))
        })
        .collect()
    }
    fn metrics_case(&self, rng: &mut CaseRng) -> Case {
        stencil1d_case("metrics: N=2^20", Visibility::Hidden, random_i32(rng, 1 << 20))
            .labelled(CaseLabel::new("case-stencil1d-metrics"))
    }
    fn second_metrics_case(&self, rng: &mut CaseRng) -> Case {
        kernels::stencil::stencil1d_second_metrics_case(rng)
    }
    fn metrics_case_label(&self) -> &'static str {
        "N=2^20"
    }
    fn custom_case(&self, spec: &kernels::exercise::CaseSpec, rng: &mut CaseRng) -> Result<Case, String> {
        Ok(stencil1d_case(&spec.label(), Visibility::Hidden, random_i32(rng, spec.n(1 << 22)?)))
    }
    fn timing_case(&self, rng: &mut CaseRng) -> Option<Case> {
        Some(stencil1d_case("timing: N=2^26", Visibility::Hidden, random_i32(rng, 1 << 26)))
    }
    fn timing_shape(&self) -> Option<CaseShape> {
        Some(CaseShape { shape: [1 << 26, 1, 1], geometry: stencil1d_geometry(1 << 26) })
    }
    fn targets(&self) -> Vec<Target> {
        let per_block = (STENCIL1D_BLOCK + 2) as f64;
        vec![
            Target {
                metric: Metric::GlobalLoadBytesPerOutput,
                compare: Compare::AtMost,
                // Reference solution: one 4-byte load per element plus two halo loads per block,
                // 4·(2^20 + 2·4096) / 2^20 = 4.03125 measured. Reading the three neighbours from
                // global memory gives 12.
                value: 4.2,
                textbook: Some(4.0 * per_block / STENCIL1D_BLOCK as f64),
                advice: "exercise-advice-1d-global-load-bytes-per-output",
            },
            Target {
                metric: Metric::SharedBytesPerBlock,
                compare: Compare::Equal,
                // (blockDim.x + 2) ints: the dynamic `extern __shared__` array the launch sizes, or
                // an equally valid static `__shared__ int s_data[256 + 2]` (a kernel with no
                // extern array is launched without dynamic bytes). Both at once go over.
                value: per_block * 4.0,
                textbook: Some(per_block * 4.0),
                advice: "exercise-advice-1d-shared-bytes-per-block",
            },
        ]
    }
    fn hints(&self) -> &'static [&'static str] {
        &["hint-1d-1", "hint-1d-2", "hint-1d-3", "hint-1d-4"]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernels::exercise::Data;

    #[test]
    fn visible_cases_hold_the_worked_example() {
        let cases = section().visible_cases();
        assert_eq!(cases[0].expected, Data::I32(vec![5, 4, 6, 4, 6, 4, 5, 5]));
        let Data::I32(ramp) = &cases[1].expected else { panic!("int output") };
        assert_eq!((ramp[0], ramp[255], ramp[256], ramp[299]), (0, 255, 256, 298));
        assert_eq!(cases[0].geometry.dynamic_shared_bytes, 1032);
    }
}
