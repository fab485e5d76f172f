//! Convolution oracles (PMPP ch. 7). Ghost cells are 0, and taps that fall on them are skipped,
//! as the textbook's kernels do.
//!
//! Each tap is accumulated like the GPU's fused multiply-add: the product of two f32 values is
//! exact in f64, so `(f·x + acc)` computed in f64 and rounded to f32 matches `fmaf` except in
//! rare double-rounding ties. The taps go in the kernels' order (fRow outer, fCol inner), so a
//! correct kernel agrees with these oracles to within an ulp or two.

/// One multiply-add rounded once to f32, as the GPU's `fma.rn.f32` does (see the module docs).
#[inline]
pub fn fma_f32(a: f32, b: f32, acc: f32) -> f32 {
    (a as f64 * b as f64 + acc as f64) as f32
}

/// 1D convolution: `y[i] = Σ_j f[j]·x[i − r + j]` for `j` in `0..2r+1`, ghost cells 0.
/// `f` must hold `2r + 1` taps.
pub fn conv1d(x: &[f32], f: &[f32]) -> Vec<f32> {
    assert!(f.len() % 2 == 1, "a filter has an odd number of taps (2r+1), got {}", f.len());
    let r = (f.len() / 2) as isize;
    let n = x.len() as isize;
    (0..n)
        .map(|i| {
            let mut acc = 0.0f32;
            for (j, &tap) in f.iter().enumerate() {
                let src = i - r + j as isize;
                if src >= 0 && src < n {
                    acc = fma_f32(tap, x[src as usize], acc);
                }
            }
            acc
        })
        .collect()
}

/// 2D convolution of a row-major `width × height` image with a row-major `(2r+1)²` filter:
/// `P[row][col] = Σ F[fRow][fCol]·N[row − r + fRow][col − r + fCol]`, ghost cells 0.
pub fn conv2d(image: &[f32], width: usize, height: usize, filter: &[f32], r: usize) -> Vec<f32> {
    let side = 2 * r + 1;
    assert_eq!(image.len(), width * height, "image is not width × height");
    assert_eq!(filter.len(), side * side, "filter is not (2r+1)²");
    let mut out = vec![0.0f32; width * height];
    // A row of outputs at a time, tap by tap over the whole row: each output still sums its
    // in-image taps in the filter's order (row by row, column by column), one rounding per
    // multiply-add, so the result is the tap-by-tap loop's to the bit; the loop over a row's
    // columns has no bounds test and vectorises (the timing cases are 8192² pixels).
    let mut acc = vec![0.0f32; width];
    for (row, out_row) in out.chunks_exact_mut(width.max(1)).enumerate() {
        acc.fill(0.0);
        for f_row in 0..side {
            let Some(in_row) = (row + f_row).checked_sub(r).filter(|&y| y < height) else {
                continue;
            };
            let pixels = &image[in_row * width..(in_row + 1) * width];
            for f_col in 0..side {
                let tap = filter[f_row * side + f_col];
                // Outputs whose tap column `col + f_col - r` lies in the image.
                let first = r.saturating_sub(f_col).min(width);
                let last = (width + r).saturating_sub(f_col).min(width);
                if first >= last {
                    continue;
                }
                let shift = first + f_col - r;
                let source = &pixels[shift..shift + (last - first)];
                for (a, &p) in acc[first..last].iter_mut().zip(source) {
                    *a = fma_f32(tap, p, *a);
                }
            }
        }
        out_row.copy_from_slice(&acc);
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Building the grader's cases for the 2D convolution sections (7.2 – 7.5). The sections differ
// only in how the kernel receives the filter and the radius, and in the launch geometry.

use crate::exercise::{Arg, Buffer, Case, CaseLabel, CaseRng, Data, Geometry, Mistake, Tolerance, Visibility};
use rand::Rng;

/// How a section's kernel receives the filter and its radius.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conv2dAbi {
    /// 7.2: `(float *N, float *F, float *P, int r, int width, int height)`, F in global memory.
    GlobalFilter,
    /// 7.3: `(float *N, float *P, int r, int width, int height)`, F in `__constant__`,
    /// FILTER_RADIUS defined at compile time.
    ConstantFilterRadiusArg,
    /// 7.4, 7.5: `(float *N, float *P, int width, int height)`, F in `__constant__`.
    ConstantFilter,
}

/// The data of one 2D convolution case before it is turned into a launch.
#[derive(Clone, Debug)]
pub struct Conv2dInput {
    pub name: String,
    /// The name as the grader's catalogue says it (`None`: a private case).
    pub label: Option<CaseLabel>,
    pub visibility: Visibility,
    pub width: usize,
    pub height: usize,
    pub r: usize,
    pub image: Vec<f32>,
    /// (2r+1)² taps, row-major.
    pub filter: Vec<f32>,
    /// Whether the case carries the outputs of the classic filter-indexing mistakes
    /// ([`conv2d_mistaken_filters`]): the visible and hidden cases do; the metrics, timing and
    /// private cases, whose four more convolutions would cost more than the case, do not.
    pub name_mistakes: bool,
}

impl Conv2dInput {
    /// Random image and filter, both in [-1, 1).
    pub fn random(
        rng: &mut CaseRng,
        name: &str,
        visibility: Visibility,
        width: usize,
        height: usize,
        r: usize,
    ) -> Self {
        let side = 2 * r + 1;
        Conv2dInput {
            name: name.to_string(),
            label: None,
            visibility,
            width,
            height,
            r,
            image: (0..width * height).map(|_| rng.gen_range(-1.0f32..1.0)).collect(),
            filter: (0..side * side).map(|_| rng.gen_range(-1.0f32..1.0)).collect(),
            name_mistakes: false,
        }
    }

    /// The same case, carrying the outputs of the classic mistakes.
    pub fn naming_mistakes(self) -> Self {
        Conv2dInput { name_mistakes: true, ..self }
    }

    /// The same case, named in the catalogue by `label`.
    pub fn labelled(self, label: CaseLabel) -> Self {
        Conv2dInput { label: Some(label), ..self }
    }
}

/// The filters a kernel reads when it indexes `filter` (radius `r`) in one of the classic wrong
/// ways, each with what the kernel did, in the student's terms (a test whose output equals one
/// of them says so).
pub fn conv2d_mistaken_filters(filter: &[f32], r: usize) -> Vec<(&'static str, Vec<f32>)> {
    let side = 2 * r + 1;
    let last = side - 1;
    let read = |at: &dyn Fn(usize, usize) -> (usize, usize)| -> Vec<f32> {
        (0..side * side)
            .map(|i| {
                let (f_row, f_col) = at(i / side, i % side);
                filter[f_row * side + f_col]
            })
            .collect()
    };
    [
        ("exercise-mistake-filter-flipped", read(&|i, j| (last - i, last - j))),
        ("exercise-mistake-filter-rows-reversed", read(&|i, j| (last - i, j))),
        ("exercise-mistake-filter-each-row-reversed", read(&|i, j| (i, last - j))),
        ("exercise-mistake-filter-transposed", read(&|i, j| (j, i))),
    ]
    .into()
}

/// Tolerance for an output that is a weighted sum of inputs (`filter` = the weights, `image` =
/// the values; also used for the 3D stencil). A kernel may sum the taps in another order or use
/// separate multiply and add instead of fma; any order of n = (2r+1)² roundings of 2^-24 each
/// stays within n·2^-24·Σ|terms| of the exact sum (Higham's γ_n bound), and Σ|terms| ≤
/// Σ|F|·max|N|. Kernel and oracle may each err by that much, hence the factor 2. For the random
/// cases (values in [-1, 1), r = 2) this is about 4e-5; for integer-valued cases it is tiny and
/// the result is exact anyway.
pub fn weighted_sum_tolerance(image: &[f32], filter: &[f32]) -> Tolerance {
    let taps = filter.len() as f64;
    let filter_l1: f64 = filter.iter().map(|v| v.abs() as f64).sum();
    let image_max = image.iter().fold(0.0f64, |m, v| m.max(v.abs() as f64));
    let bound = 2.0 * taps * (2.0f64).powi(-24) * filter_l1 * image_max;
    Tolerance::Float { abs: (bound as f32).max(1e-6), rel: 0.0 }
}

/// The taps of a (2r+1)-wide filter that fall inside a `len`-long row, summed over its `len`
/// outputs: a 2D image's in-image taps are the product of its rows' and columns' counts (the
/// filter's square is separable into the two ranges).
pub fn in_image_taps(len: usize, r: usize) -> u64 {
    (0..len).map(|x| (x + r).min(len - 1) + 1 - x.saturating_sub(r)).sum::<usize>() as u64
}

/// Turn a [`Conv2dInput`] into a launch of a kernel with the given ABI and geometry.
pub fn conv2d_case(abi: Conv2dAbi, input: Conv2dInput, geometry: Geometry) -> Case {
    let expected = conv2d(&input.image, input.width, input.height, &input.filter, input.r);
    let tolerance = weighted_sum_tolerance(&input.image, &input.filter);
    let mistakes = if input.name_mistakes {
        let outputs = conv2d_mistaken_filters(&input.filter, input.r)
            .into_iter()
            .map(|(what, f)| (what, conv2d(&input.image, input.width, input.height, &f, input.r)))
            .collect();
        Mistake::telling(&expected, tolerance, outputs)
    } else {
        Vec::new()
    };
    let (w, h, r) = (input.width as i32, input.height as i32, input.r as i32);
    let pixels = input.width * input.height;
    let problem_flops = 2 * in_image_taps(input.width, input.r) * in_image_taps(input.height, input.r);
    let radius_define = vec![("FILTER_RADIUS".to_string(), input.r.to_string())];
    let (defines, buffers, args, constants, output) = match abi {
        Conv2dAbi::GlobalFilter => (
            Vec::new(),
            vec![
                Buffer::Input(Data::F32(input.image)),
                Buffer::Input(Data::F32(input.filter)),
                Buffer::OutputF32(pixels),
            ],
            vec![Arg::Buffer(0), Arg::Buffer(1), Arg::Buffer(2), Arg::I32(r), Arg::I32(w), Arg::I32(h)],
            Vec::new(),
            2,
        ),
        Conv2dAbi::ConstantFilterRadiusArg => (
            radius_define,
            vec![Buffer::Input(Data::F32(input.image)), Buffer::OutputF32(pixels)],
            vec![Arg::Buffer(0), Arg::Buffer(1), Arg::I32(r), Arg::I32(w), Arg::I32(h)],
            vec![("F".to_string(), Data::F32(input.filter))],
            1,
        ),
        Conv2dAbi::ConstantFilter => (
            radius_define,
            vec![Buffer::Input(Data::F32(input.image)), Buffer::OutputF32(pixels)],
            vec![Arg::Buffer(0), Arg::Buffer(1), Arg::I32(w), Arg::I32(h)],
            vec![("F".to_string(), Data::F32(input.filter))],
            1,
        ),
    };
    Case {
        name: input.name,
        label: input.label,
        visibility: input.visibility,
        defines,
        geometry,
        buffers,
        args,
        constants,
        output,
        expected: Data::F32(expected),
        shape: [input.width, input.height, 1],
        tolerance,
        problem_flops,
        mistakes,
    }
}

/// The visible cases every 2D section starts with, both with r = 2:
/// - the textbook's 1D example (x = [8,2,5,4,1,7,3], f = [1,3,5,3,1]) as a one-row image and a
///   5×5 filter whose middle row is f: P[1] = 53, P[2] = 52, P[3] = 47;
/// - a 7×7 image of small integers (`(row + col) mod 4 + 1`) with the 5×5 filter holding 1 to 25
///   row by row (`F[fRow][fCol] = 5·fRow + fCol + 1`): small enough to check by hand (the corner
///   P[0][0] = 13·1 + 14·2 + 15·3 + 18·2 + 19·3 + 20·4 + 23·3 + 24·4 + 25·1 = 449), and
///   asymmetric, so a kernel that flips, mirrors or transposes the filter fails here, where the
///   student sees the data, and the report names the mistake.
pub fn conv2d_visible_inputs() -> Vec<Conv2dInput> {
    let mut one_row_filter = vec![0.0f32; 25];
    one_row_filter[10..15].copy_from_slice(&[1.0, 3.0, 5.0, 3.0, 1.0]);
    let hand_image: Vec<f32> = (0..49).map(|i| ((i / 7 + i % 7) % 4 + 1) as f32).collect();
    let hand_filter: Vec<f32> = (1..=25).map(|v| v as f32).collect();
    vec![
        Conv2dInput {
            name: "textbook 1D example as a 7x1 image, r=2".into(),
            label: Some(CaseLabel::new("case-conv-textbook")),
            visibility: Visibility::Visible,
            width: 7,
            height: 1,
            r: 2,
            image: vec![8.0, 2.0, 5.0, 4.0, 1.0, 7.0, 3.0],
            filter: one_row_filter,
            name_mistakes: true,
        },
        Conv2dInput {
            name: "7x7 image, asymmetric 5x5 filter 1..25".into(),
            label: Some(CaseLabel::new("case-conv-by-hand")),
            visibility: Visibility::Visible,
            width: 7,
            height: 7,
            r: 2,
            image: hand_image,
            filter: hand_filter,
            name_mistakes: true,
        },
    ]
}

/// Most hidden cases a section may have (`section_problems` checks 4 to 7).
pub const MAX_HIDDEN_CASES: usize = 7;

/// Hidden cases: random data (image and filter in [-1, 1)), for the filter radii `radii` the
/// section allows (each one a separate compilation where FILTER_RADIUS is a define) and
/// `out_tile(r)`, the outputs a block covers along x and along y with radius r.
///
/// Every radius r ≥ 1 meets a full image, at least 2r+1 pixels both ways, so the filter is used in
/// both directions, and a multiple of r's output tile t one way and one more than a multiple the
/// other way: the smallest radius a larger image (about 300×200), the next ones 2t × (t+1), then
/// (t+1) × 2t, then (2t+1) × t. Radius 0 (a 1×1 filter, the same both ways) meets one row. Then
/// the awkward shapes: one row (45×1, the first radius), one column (1×37, the second), smaller
/// than the filter (5×3, the largest radius) and a single pixel (1×1, the third radius), the
/// first of them left out where the full images leave no room under [`MAX_HIDDEN_CASES`] (four
/// radii: the single pixel).
pub fn conv2d_hidden_inputs(rng: &mut CaseRng, radii: &[usize], out_tile: impl Fn(usize) -> usize) -> Vec<Conv2dInput> {
    assert!(!radii.is_empty(), "a section allows some radius");
    let radius = |i: usize| radii[i % radii.len()];
    let largest = *radii.iter().max().expect("a radius");
    let mut spread: Vec<usize> = radii.iter().copied().filter(|&r| r > 0).collect();
    spread.sort_unstable();
    // Each with its label's id: the catalogue says the same words in the student's language.
    let full: Vec<(usize, usize, usize, String, CaseLabel)> = spread
        .iter()
        .enumerate()
        .map(|(i, &r)| {
            let t = out_tile(r);
            let (w, h, what, id) = match i {
                0 => (
                    300usize.div_ceil(t) * t,
                    200usize.div_ceil(t) * t + 1,
                    format!("a larger image ({t}-pixel tiles)"),
                    "case-conv-larger",
                ),
                1 => (2 * t, t + 1, format!("two {t}-pixel tiles by one and a pixel"), "case-conv-two-tiles-by-one"),
                2 => (t + 1, 2 * t, format!("one {t}-pixel tile and a pixel by two"), "case-conv-one-tile-by-two"),
                _ => {
                    (2 * t + 1, t, format!("two {t}-pixel tiles and a pixel by one"), "case-conv-two-tiles-and-a-pixel")
                }
            };
            (w, h, r, what, CaseLabel::new(id).arg("tile", t))
        })
        .collect();
    assert!(full.len() + 3 <= MAX_HIDDEN_CASES, "too many radii for one row, one column and a small image");
    let awkward = [
        (1, 1, radius(2), "a single pixel", "case-conv-single-pixel"),
        (5, 3, largest, "smaller than the filter", "case-conv-smaller-than-filter"),
        (1, 37, radius(1), "one column", "case-conv-one-column"),
        (45, 1, radius(0), "one row", "case-conv-one-row"),
    ];
    let left_out = (awkward.len() + full.len()).saturating_sub(MAX_HIDDEN_CASES);
    awkward[left_out..]
        .iter()
        .map(|&(w, h, r, what, id)| (w, h, r, what.to_string(), CaseLabel::new(id)))
        .chain(full)
        .map(|(w, h, r, what, label)| {
            let label = label.arg("width", w).arg("height", h).arg("r", r);
            Conv2dInput::random(rng, &format!("{what}: {w}x{h}, r={r}, random"), Visibility::Hidden, w, h, r)
                .naming_mistakes()
                .labelled(label)
        })
        .collect()
}

/// The metrics case of every 2D section: a random 1024×1024 image, r = 2.
/// The second metrics case of every 2D section: the metrics case's radius at a size drawn from
/// the seed (256 to 639 pixels a side, as a rule not a multiple of any tile), so that a kernel
/// cannot take its honest path at 1024x1024 alone. Smaller than the metrics case, to cost less,
/// and large enough that every target holds on the references' tiles.
pub fn conv2d_second_metrics_input(rng: &mut CaseRng) -> Conv2dInput {
    let (width, height) = (rng.gen_range(256..640), rng.gen_range(256..640));
    let name = format!("metrics at a size of the seed's: {width}x{height}, r=2, random");
    let label = CaseLabel::new("case-conv-second-metrics").arg("width", width).arg("height", height).arg("r", 2);
    Conv2dInput::random(rng, &name, Visibility::Hidden, width, height, 2).labelled(label)
}

pub fn conv2d_metrics_input(rng: &mut CaseRng) -> Conv2dInput {
    Conv2dInput::random(rng, "metrics: 1024x1024, r=2", Visibility::Hidden, 1024, 1024, 2)
        .labelled(CaseLabel::new("case-conv-metrics"))
}

/// The timing case of every 2D section (GPU only): a random 8192×8192 image, r = 2 — 256 MB in
/// and out, far larger than any L2 cache, so the time is DRAM traffic, not cache hits.
pub fn conv2d_timing_input(rng: &mut CaseRng) -> Conv2dInput {
    Conv2dInput::random(rng, "timing: 8192x8192, r=2", Visibility::Hidden, 8192, 8192, 2)
}

/// ⌈a / b⌉ for grid sizes.
pub fn blocks_for(a: usize, b: usize) -> u32 {
    a.div_ceil(b) as u32
}
