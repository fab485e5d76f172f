//! PMPP 7.4: tiled 2D convolution with halo cells in shared memory. Each block loads one
//! IN_TILE_DIM² input tile (halo included) into shared memory and computes the OUT_TILE_DIM²
//! outputs inside it.

use kernels::conv::{
    blocks_for, conv2d_case, conv2d_hidden_inputs, conv2d_metrics_input, conv2d_visible_inputs, Conv2dAbi, Conv2dInput,
};
use kernels::exercise::{
    Case, CaseRng, CaseShape, Compare, Geometry, Metric, MetricsVariant, Section, Target, Visibility,
};

/// The contract's input tile: one thread per input element.
const IN_TILE_DIM: usize = 32;

pub struct HaloTiledConvolution;

static SECTION: HaloTiledConvolution = HaloTiledConvolution;

/// The section, for the grader.
pub fn section() -> &'static dyn Section {
    &SECTION
}

fn case(input: Conv2dInput) -> Case {
    case_with_tile(input, IN_TILE_DIM)
}

fn geometry(width: usize, height: usize, r: usize, in_tile: usize) -> Geometry {
    let out_tile_dim = in_tile - 2 * r;
    Geometry {
        grid: [blocks_for(width, out_tile_dim), blocks_for(height, out_tile_dim), 1],
        block: [in_tile as u32, in_tile as u32, 1],
        dynamic_shared_bytes: 0,
    }
}

/// A case whose blocks are `in_tile`² input tiles; a tile other than the contract's is passed to
/// the kernel as `-DIN_TILE_DIM` (the kernel defaults to 32).
fn case_with_tile(input: Conv2dInput, in_tile: usize) -> Case {
    let g = geometry(input.width, input.height, input.r, in_tile);
    let mut c = conv2d_case(Conv2dAbi::ConstantFilter, input, g);
    if in_tile != IN_TILE_DIM {
        c.defines.push(("IN_TILE_DIM".to_string(), in_tile.to_string()));
    }
    c
}

/// The textbook's OP/B of a tiled kernel: OUT_TILE_DIM²·(2r+1)²·2 FLOPs per IN_TILE_DIM²·4 bytes.
fn textbook_op_per_byte(in_tile: usize, r: usize) -> f64 {
    let out_tile = (in_tile - 2 * r) as f64;
    let taps = ((2 * r + 1) * (2 * r + 1)) as f64;
    out_tile * out_tile * taps * 2.0 / ((in_tile * in_tile * 4) as f64)
}

/// How many times a tiled kernel loads each input pixel: once per block whose input tile holds
/// it, (IN_TILE_DIM / OUT_TILE_DIM)² on average away from the border.
fn textbook_loads_per_element(in_tile: usize, r: usize) -> f64 {
    let ratio = in_tile as f64 / (in_tile - 2 * r) as f64;
    ratio * ratio
}

impl Section for HaloTiledConvolution {
    fn id(&self) -> &'static str {
        "7.4"
    }
    fn title(&self) -> &'static str {
        "section-7_4-title"
    }
    fn dir(&self) -> &'static str {
        "7.4-halo-tiling"
    }
    fn kernel_name(&self) -> &'static str {
        "convolution_tiled_2D_const_mem_kernel"
    }
    fn visible_cases(&self) -> Vec<Case> {
        conv2d_visible_inputs().into_iter().map(case).collect()
    }
    fn hidden_cases(&self, rng: &mut CaseRng) -> Vec<Case> {
        // A block's output tile shrinks as the radius grows: OUT_TILE_DIM = 32 − 2r.
        conv2d_hidden_inputs(rng, &[1, 2, 3], |r| IN_TILE_DIM - 2 * r).into_iter().map(case).collect()
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
    fn metrics_variants(&self, rng: &mut CaseRng) -> Vec<MetricsVariant> {
        // The textbook's two other 7.4 figures: a 9×9 filter in 32×32 tiles (22.78), and a 5×5
        // filter in 8×8 tiles (3.13), where the halo is most of the tile.
        [(32, 4), (8, 2)]
            .into_iter()
            .map(|(in_tile, r)| {
                let label = format!("1024x1024 r={r} IN_TILE_DIM={in_tile}");
                let input = Conv2dInput::random(rng, &format!("variant: {label}"), Visibility::Hidden, 1024, 1024, r);
                MetricsVariant {
                    label,
                    case: case_with_tile(input, in_tile),
                    textbook_op_per_byte: Some(textbook_op_per_byte(in_tile, r)),
                }
            })
            .collect()
    }
    fn custom_case(&self, spec: &kernels::exercise::CaseSpec, rng: &mut CaseRng) -> Result<Case, String> {
        let (width, height, r) = spec.conv2d()?;
        Ok(case(Conv2dInput::random(rng, &spec.label(), kernels::exercise::Visibility::Hidden, width, height, r)))
    }
    fn timing_case(&self, rng: &mut CaseRng) -> Option<Case> {
        Some(case(kernels::conv::conv2d_timing_input(rng)))
    }
    fn timing_shape(&self) -> Option<CaseShape> {
        Some(CaseShape { shape: [8192, 8192, 1], geometry: geometry(8192, 8192, 2, IN_TILE_DIM) })
    }
    fn targets(&self) -> Vec<Target> {
        // Textbook: OUT_TILE_DIM²·(2r+1)²·2 / (IN_TILE_DIM²·4) = 28²·25·2 / (32²·4) = 9.57.
        let textbook = (28.0 * 28.0 * 25.0 * 2.0) / (32.0 * 32.0 * 4.0);
        vec![
            Target {
                metric: Metric::OpPerByte,
                compare: Compare::AtLeast,
                // Reference solution, measured: 52,428,800 FLOPs / 5,456,896 B = 9.61 (border tiles
                // load fewer pixels; ghost taps are fmas with 0). A kernel with 7.4's launch that
                // reads every tap from global memory measured 0.50.
                value: 8.0,
                textbook: Some(textbook),
                advice: "exercise-advice-7_4-op-per-byte",
            },
            Target {
                metric: Metric::GlobalLoadsPerElement,
                compare: Compare::AtMost,
                // The reuse the shared tile gives: each input pixel is loaded once by every block
                // whose input tile holds it, (IN_TILE_DIM / OUT_TILE_DIM)² = (32/28)² = 1.31 times
                // on average (the reference measures 1.31); read from global memory at every tap,
                // a pixel is loaded (2r+1)² = 25 times. Declaring a tile changes nothing; using it does.
                value: 1.5,
                textbook: Some(textbook_loads_per_element(IN_TILE_DIM, 2)),
                advice: "exercise-advice-7_4-global-loads-per-element",
            },
        ]
    }
    fn hints(&self) -> &'static [&'static str] {
        &["hint-7_4-1", "hint-7_4-2", "hint-7_4-3", "hint-7_4-4"]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernels::exercise::{Arg, Data};
    use rand::SeedableRng;

    #[test]
    fn variants_are_the_textbooks_other_configurations() {
        let variants = section().metrics_variants(&mut CaseRng::seed_from_u64(1));
        let got: Vec<(String, [u32; 3], [u32; 3], f64)> = variants
            .iter()
            .map(|v| {
                kernels::exercise::well_formed(&v.case).unwrap();
                let t = v.textbook_op_per_byte.unwrap();
                (format!("{:?}", v.case.defines), v.case.geometry.block, v.case.geometry.grid, t)
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (r#"[("FILTER_RADIUS", "4")]"#.to_string(), [32, 32, 1], [43, 43, 1], 22.78125),
                (r#"[("FILTER_RADIUS", "2"), ("IN_TILE_DIM", "8")]"#.to_string(), [8, 8, 1], [256, 256, 1], 3.125),
            ]
        );
    }

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
            let per_block = g.block[0] as usize - 2 * r;
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
