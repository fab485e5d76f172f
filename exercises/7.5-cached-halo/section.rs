//! PMPP 7.5: tiled 2D convolution using the caches for halo cells. Input and output tiles are
//! the same size (TILE_DIM²); halo taps are read from global memory and left to the caches.

use kernels::conv::{
    blocks_for, conv2d_case, conv2d_hidden_inputs, conv2d_metrics_input, conv2d_visible_inputs, Conv2dAbi, Conv2dInput,
};
use kernels::exercise::{Case, CaseRng, CaseShape, Compare, Geometry, Metric, Section, Target};

const TILE_DIM: usize = 32;

pub struct CachedHaloConvolution;

static SECTION: CachedHaloConvolution = CachedHaloConvolution;

/// The section, for the grader.
pub fn section() -> &'static dyn Section {
    &SECTION
}

fn geometry(width: usize, height: usize) -> Geometry {
    Geometry {
        grid: [blocks_for(width, TILE_DIM), blocks_for(height, TILE_DIM), 1],
        block: [TILE_DIM as u32, TILE_DIM as u32, 1],
        dynamic_shared_bytes: 0,
    }
}

fn case(input: Conv2dInput) -> Case {
    let g = geometry(input.width, input.height);
    conv2d_case(Conv2dAbi::ConstantFilter, input, g)
}

impl Section for CachedHaloConvolution {
    fn id(&self) -> &'static str {
        "7.5"
    }
    fn title(&self) -> &'static str {
        "section-7_5-title"
    }
    fn dir(&self) -> &'static str {
        "7.5-cached-halo"
    }
    fn kernel_name(&self) -> &'static str {
        "convolution_cached_tiled_2D_const_mem_kernel"
    }
    fn visible_cases(&self) -> Vec<Case> {
        conv2d_visible_inputs().into_iter().map(case).collect()
    }
    fn hidden_cases(&self, rng: &mut CaseRng) -> Vec<Case> {
        // Input and output tiles are the same: TILE_DIM² outputs per block.
        conv2d_hidden_inputs(rng, &[1, 2, 3], |_| TILE_DIM).into_iter().map(case).collect()
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
        // Per interior 32×32 tile with r = 2: 1024 pixel loads into the tile, plus one global
        // load per (output, tap) pair whose tap leaves the tile. Per axis, offset d keeps
        // 32 − |d| of the 32 positions inside, so inside pairs = (Σ_d (32 − |d|))² = 154² =
        // 23716 and halo loads = 25·1024 − 23716 = 1884: 1024·50 FLOPs / (4·(1024 + 1884)) B
        // ≈ 4.40.
        vec![
            Target {
                metric: Metric::OpPerByte,
                compare: Compare::AtLeast,
                // Reference solution, measured: 52,305,992 FLOPs / 11,665,552 B = 4.48; a kernel
                // that reads every tap from global memory measured 0.50.
                value: 4.0,
                textbook: Some(1024.0 * 50.0 / (4.0 * (1024.0 + 1884.0))),
                advice: "exercise-advice-7_5-op-per-byte",
            },
            Target {
                metric: Metric::SharedBytesPerBlock,
                compare: Compare::AtMost,
                value: (TILE_DIM * TILE_DIM * 4) as f64,
                textbook: Some((TILE_DIM * TILE_DIM * 4) as f64),
                // Reference: 4096. A kernel that also stages the halo in shared memory (36×36
                // floats) measured 5184 B and 9.95 OP/B: it passes the first target, not this one.
                advice: "exercise-advice-7_5-shared-bytes-per-block",
            },
        ]
    }
    fn hints(&self) -> &'static [&'static str] {
        &["hint-7_5-1", "hint-7_5-2", "hint-7_5-3", "hint-7_5-4"]
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
