//! Stencil oracles (PMPP ch. 8 and the 1D shared-memory exercise).

use crate::conv::fma_f32;

/// The clamped 1D average: `C[i] = (A[i−1] + A[i] + A[i+1]) / 3` with `A[−1] = A[0]` and
/// `A[N] = A[N−1]`, in C's int arithmetic (division truncates toward zero, like Rust's `/`).
/// The sum wraps on overflow rather than panicking; the course's inputs stay far from it.
pub fn stencil1d_average(a: &[i32]) -> Vec<i32> {
    let n = a.len();
    (0..n)
        .map(|i| {
            let left = a[i.saturating_sub(1)];
            let right = a[(i + 1).min(n - 1)];
            left.wrapping_add(a[i]).wrapping_add(right) / 3
        })
        .collect()
}

/// Row-major index of point (i, j, k) of an N³ grid: i is the plane (slowest), k the fastest.
#[inline]
pub fn idx3(n: usize, i: usize, j: usize, k: usize) -> usize {
    (i * n + j) * n + k
}

/// Whether (i, j, k) lies on the boundary of the N³ grid (such points are not computed).
#[inline]
pub fn on_boundary(n: usize, i: usize, j: usize, k: usize) -> bool {
    i == 0 || j == 0 || k == 0 || i + 1 >= n || j + 1 >= n || k + 1 >= n
}

/// The 3D seven-point stencil on an N³ grid. Boundary points keep their input value; interior:
/// `out = c0·in[i,j,k] + c1·in[i,j,k−1] + c2·in[i,j,k+1] + c3·in[i,j−1,k] + c4·in[i,j+1,k]
///      + c5·in[i−1,j,k] + c6·in[i+1,j,k]`,
/// summed left to right as NVRTC contracts it: one multiply, then six fused multiply-adds.
pub fn stencil3d_seven_point(input: &[f32], n: usize, c: [f32; 7]) -> Vec<f32> {
    assert_eq!(input.len(), n * n * n, "input is not N³");
    let mut out = input.to_vec();
    for i in 0..n {
        for j in 0..n {
            for k in 0..n {
                if on_boundary(n, i, j, k) {
                    continue;
                }
                let taps = [
                    input[idx3(n, i, j, k)],
                    input[idx3(n, i, j, k - 1)],
                    input[idx3(n, i, j, k + 1)],
                    input[idx3(n, i, j - 1, k)],
                    input[idx3(n, i, j + 1, k)],
                    input[idx3(n, i - 1, j, k)],
                    input[idx3(n, i + 1, j, k)],
                ];
                let mut acc = c[0] * taps[0];
                for t in 1..7 {
                    acc = fma_f32(c[t], taps[t], acc);
                }
                out[idx3(n, i, j, k)] = acc;
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Building the grader's cases for the 1D average (section "1d") and the 3D stencil sections
// (8.2 – 8.5).

use crate::conv::{blocks_for, weighted_sum_tolerance};
use crate::exercise::{Arg, Buffer, Case, CaseLabel, CaseRng, Data, Geometry, Mistake, Tolerance, Visibility};
use rand::Rng;

/// Threads per block of the 1D stencil (the contract's launch).
pub const STENCIL1D_BLOCK: usize = 256;

/// The 1D stencil's launch for `n` elements.
pub fn stencil1d_geometry(n: usize) -> Geometry {
    Geometry {
        grid: [blocks_for(n, STENCIL1D_BLOCK), 1, 1],
        block: [STENCIL1D_BLOCK as u32, 1, 1],
        dynamic_shared_bytes: ((STENCIL1D_BLOCK + 2) * 4) as u32,
    }
}

/// A launch of `stencil1D_kernel(int *d_A, int *d_C, int N)`: blocks of 256 threads, dynamic
/// shared memory for the block's elements plus one halo element on each side.
pub fn stencil1d_case(name: &str, visibility: Visibility, a: Vec<i32>) -> Case {
    let n = a.len();
    let expected = stencil1d_average(&a);
    Case {
        name: name.to_string(),
        label: None,
        visibility,
        defines: Vec::new(),
        geometry: stencil1d_geometry(n),
        buffers: vec![Buffer::Input(Data::I32(a)), Buffer::OutputI32(n)],
        args: vec![Arg::Buffer(0), Arg::Buffer(1), Arg::I32(n as i32)],
        constants: Vec::new(),
        output: 1,
        expected: Data::I32(expected),
        shape: [n, 1, 1],
        tolerance: Tolerance::Exact,
        problem_flops: 0,
        mistakes: Vec::new(),
    }
}

/// Random ints in [-1000, 1000] (negative sums check C's truncating division).
pub fn random_i32(rng: &mut CaseRng, n: usize) -> Vec<i32> {
    (0..n).map(|_| rng.gen_range(-1000..=1000)).collect()
}

/// The data of one 3D stencil case. `coefficients` are C literals for the defines `c0` … `c6`
/// (e.g. "0.5f"); the oracle parses the same text, so both sides use the same f32 values.
#[derive(Clone, Debug)]
pub struct Stencil3dInput {
    pub name: String,
    /// The name as the grader's catalogue says it (`None`: a private case).
    pub label: Option<CaseLabel>,
    pub visibility: Visibility,
    pub n: usize,
    pub grid: Vec<f32>,
    pub coefficients: [&'static str; 7],
    /// Whether the case carries the outputs of the classic coefficient mistakes
    /// ([`STENCIL3D_MISTAKES`]): the visible and hidden cases do; the metrics, timing and
    /// private cases (up to 512³) do not.
    pub name_mistakes: bool,
}

/// The classic coefficient mistakes of the seven-point stencil: what the kernel did, and the
/// coefficient it applies to each tap instead (tap t, in the oracle's order c0 … c6, gets
/// `c[p[t]]`).
pub const STENCIL3D_MISTAKES: [(&str, [usize; 7]); 7] = [
    ("exercise-mistake-c1-c2-swapped", [0, 2, 1, 3, 4, 5, 6]),
    ("exercise-mistake-c3-c4-swapped", [0, 1, 2, 4, 3, 5, 6]),
    ("exercise-mistake-c5-c6-swapped", [0, 1, 2, 3, 4, 6, 5]),
    ("exercise-mistake-every-pair-swapped", [0, 2, 1, 4, 3, 6, 5]),
    ("exercise-mistake-k-j-axes-mixed-up", [0, 3, 4, 1, 2, 5, 6]),
    ("exercise-mistake-j-i-axes-mixed-up", [0, 1, 2, 5, 6, 3, 4]),
    ("exercise-mistake-k-i-axes-mixed-up", [0, 5, 6, 3, 4, 1, 2]),
];

/// The f32 value of a C float literal such as "0.5f" or "-0.125f".
pub fn coefficient_value(literal: &str) -> f32 {
    literal.trim_end_matches(['f', 'F']).parse().unwrap_or_else(|_| panic!("bad coefficient literal {literal:?}"))
}

/// A launch of `stencil_kernel(float *in, float *out, unsigned int N)` with the given geometry.
/// `out` starts with the boundary points equal to the input (the kernels do not compute them)
/// and NaN everywhere inside, so interior points the kernel never writes fail the comparison.
pub fn stencil3d_case(input: Stencil3dInput, geometry: Geometry) -> Case {
    let n = input.n;
    let c: Vec<f32> = input.coefficients.iter().map(|l| coefficient_value(l)).collect();
    let c: [f32; 7] = c.try_into().expect("seven coefficients");
    let expected = stencil3d_seven_point(&input.grid, n, c);
    let tolerance = weighted_sum_tolerance(&input.grid, &c);
    let mistakes = if input.name_mistakes {
        let outputs = STENCIL3D_MISTAKES
            .iter()
            .map(|(what, p)| (*what, stencil3d_seven_point(&input.grid, n, p.map(|t| c[t]))))
            .collect();
        Mistake::telling(&expected, tolerance, outputs)
    } else {
        Vec::new()
    };
    let mut out_init = input.grid.clone();
    for i in 0..n {
        for j in 0..n {
            for k in 0..n {
                if !on_boundary(n, i, j, k) {
                    out_init[idx3(n, i, j, k)] = crate::exercise::f32_poison();
                }
            }
        }
    }
    let defines = input.coefficients.iter().enumerate().map(|(i, lit)| (format!("c{i}"), lit.to_string())).collect();
    Case {
        name: input.name,
        label: input.label,
        visibility: input.visibility,
        defines,
        geometry,
        buffers: vec![Buffer::Input(Data::F32(input.grid)), Buffer::InOut(Data::F32(out_init))],
        args: vec![Arg::Buffer(0), Arg::Buffer(1), Arg::U32(n as u32)],
        constants: Vec::new(),
        output: 1,
        expected: Data::F32(expected),
        shape: [n, n, n],
        tolerance,
        problem_flops: 13 * (n.saturating_sub(2) as u64).pow(3),
        mistakes,
    }
}

/// Coefficients of the visible and metrics cases: a smoothing stencil (the weights sum to 1)
/// whose seven weights are distinct exact binary fractions, so the small integer grids give exact
/// results and a kernel that swaps two of them, or two axes, fails on the visible case. The
/// emulator's stencil fixtures use the same numbers (tools/regen-fixtures).
pub const SMOOTHING: [&str; 7] = ["0.5f", "0.0625f", "0.125f", "0.03125f", "0.0703125f", "0.09375f", "0.1171875f"];
/// The discrete Laplacian: 0 on any linear ramp.
pub const LAPLACIAN: [&str; 7] = ["-6.0f", "1.0f", "1.0f", "1.0f", "1.0f", "1.0f", "1.0f"];
/// Hidden coefficients: unequal, some negative, so a swapped neighbour shows.
pub const HIDDEN_SETS: [[&str; 7]; 2] = [
    ["0.31f", "-0.12f", "0.27f", "0.05f", "-0.33f", "0.18f", "0.09f"],
    ["-0.7f", "0.21f", "0.13f", "-0.4f", "0.36f", "0.02f", "-0.25f"],
];

/// Visible cases: the Laplacian of a linear ramp on 5³ (every interior point is exactly 0), and
/// a smoothing stencil with seven distinct weights on a 6³ grid of small integers.
pub fn stencil3d_visible_inputs() -> Vec<Stencil3dInput> {
    let ramp: Vec<f32> = (0..125).map(|p| (p / 25 + 2 * ((p / 5) % 5) + 3 * (p % 5)) as f32).collect();
    let ints: Vec<f32> = (0..216).map(|p| (p % 11) as f32).collect();
    vec![
        Stencil3dInput {
            name: "Laplacian of the ramp i+2j+3k on 5^3: interior all 0".into(),
            label: Some(CaseLabel::new("case-stencil3d-laplacian")),
            visibility: Visibility::Visible,
            n: 5,
            grid: ramp,
            coefficients: LAPLACIAN,
            name_mistakes: true,
        },
        Stencil3dInput {
            name: "smoothing, 7 distinct weights, on 6^3 of (index mod 11)".into(),
            label: Some(CaseLabel::new("case-stencil3d-smoothing")),
            visibility: Visibility::Visible,
            n: 6,
            grid: ints,
            coefficients: SMOOTHING,
            name_mistakes: true,
        },
    ]
}

fn random_grid(rng: &mut CaseRng, name: String, n: usize, coefficients: [&'static str; 7]) -> Stencil3dInput {
    Stencil3dInput {
        name,
        label: None,
        visibility: Visibility::Hidden,
        n,
        grid: (0..n * n * n).map(|_| rng.gen_range(-1.0f32..1.0)).collect(),
        coefficients,
        name_mistakes: false,
    }
}

/// Hidden cases, random values in [-1, 1) with the two [`HIDDEN_SETS`] of weights in turn: grids
/// with no interior (N = 1, 2), one interior point (N = 3), and four sizes about the section's
/// output tile `out_tile` (the points a block covers along each axis): with M the smallest
/// multiple of it that is at least 30 (several tiles for a small tile, about 30k points), N = M and
/// M + 1 (a multiple of the tile, and one more), M + 2 and M + 3 (the interior N − 2 a multiple,
/// and one more).
pub fn stencil3d_hidden_inputs(rng: &mut CaseRng, out_tile: usize) -> Vec<Stencil3dInput> {
    assert!(out_tile >= 1, "a tile covers some points");
    let m = 30usize.div_ceil(out_tile) * out_tile;
    let tile = format!("the {out_tile}-point tile");
    // Each with its label's id: the catalogue says the same words in the student's language.
    [
        (1, "no interior".to_string(), "case-stencil3d-no-interior"),
        (2, "no interior".to_string(), "case-stencil3d-no-interior"),
        (3, "one interior point".to_string(), "case-stencil3d-one-interior-point"),
        (m, format!("a multiple of {tile}"), "case-stencil3d-tile-multiple"),
        (m + 1, format!("one more than a multiple of {tile}"), "case-stencil3d-tile-multiple-plus-one"),
        (m + 2, format!("N-2 a multiple of {tile}"), "case-stencil3d-interior-tile-multiple"),
        (m + 3, format!("N-2 one more than a multiple of {tile}"), "case-stencil3d-interior-tile-multiple-plus-one"),
    ]
    .into_iter()
    .enumerate()
    .map(|(i, (n, what, id))| Stencil3dInput {
        name_mistakes: true,
        label: Some(CaseLabel::new(id).arg("tile", out_tile).arg("n", n)),
        ..random_grid(rng, format!("{what}: N={n}, random"), n, HIDDEN_SETS[i % 2])
    })
    .collect()
}

/// An instructor's private case (grader `--cases`): N per side, random values, the smoothing
/// coefficients.
pub fn stencil3d_custom_input(rng: &mut CaseRng, name: String, n: usize) -> Stencil3dInput {
    random_grid(rng, name, n, SMOOTHING)
}

/// The second metrics case of every 3D section: N drawn from the seed (48 to 95), so that a
/// kernel cannot take its honest path at N = 128 alone (smaller, to cost less).
pub fn stencil3d_second_metrics_input(rng: &mut CaseRng) -> Stencil3dInput {
    let n = rng.gen_range(48..96);
    Stencil3dInput {
        label: Some(CaseLabel::new("case-stencil-second-metrics").arg("n", n)),
        ..random_grid(rng, format!("metrics at a size of the seed's: N={n}, random"), n, SMOOTHING)
    }
}

/// The second metrics case of the 1D stencil: N drawn from the seed (2^18 to 2^19 - 1).
pub fn stencil1d_second_metrics_case(rng: &mut CaseRng) -> Case {
    let n = rng.gen_range(1 << 18..1 << 19);
    stencil1d_case(&format!("metrics at a size of the seed's: N={n}, random"), Visibility::Hidden, random_i32(rng, n))
        .labelled(CaseLabel::new("case-stencil-second-metrics").arg("n", n))
}

/// The metrics case of every 3D section: N = 128, random values, the smoothing coefficients.
pub fn stencil3d_metrics_input(rng: &mut CaseRng) -> Stencil3dInput {
    Stencil3dInput {
        label: Some(CaseLabel::new("case-stencil3d-metrics")),
        ..random_grid(rng, "metrics: N=128".into(), 128, SMOOTHING)
    }
}

/// The timing case of every 3D section (GPU only): N = 512 (512 MB per grid, far beyond any L2).
pub fn stencil3d_timing_input(rng: &mut CaseRng) -> Stencil3dInput {
    random_grid(rng, "timing: N=512".into(), 512, SMOOTHING)
}
