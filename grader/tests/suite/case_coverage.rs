//! What the registered sections' cases cover, checked from their case lists over several seeds
//! (each section's book page says the same in words):
//!
//! * 2D: every filter radius the section uses meets a hidden image at least `2r+1` pixels both
//!   ways (the filter used in both directions, not only a 1×N or N×1 strip), and one that is a
//!   multiple of the radius' output tile one way and one more than a multiple the other way;
//! * 3D: the hidden sizes include N and N − 2 (the interior) a multiple of each output tile the
//!   launch uses, and one more than a multiple, each at least a tile;
//! * the visible cases hold an asymmetric filter or seven distinct coefficients: a case that tells
//!   every classic mistake (a flipped or transposed filter, swapped coefficients) from a right
//!   kernel, so such a kernel fails where the student sees the data.

use std::collections::BTreeSet;

use kernels::conv::conv2d_mistaken_filters;
use kernels::exercise::{Arg, Case, CaseRng, Section};
use kernels::stencil::{coefficient_value, STENCIL3D_MISTAKES};
use rand::SeedableRng;

const SEEDS: std::ops::RangeInclusive<u64> = 1..=6;

/// What a section computes, read from its cases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Conv2d,
    Stencil3d,
    Other,
}

fn define<'c>(case: &'c Case, name: &str) -> Option<&'c str> {
    case.defines.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

fn kind(case: &Case) -> Kind {
    if define(case, "c0").is_some() {
        Kind::Stencil3d
    } else if define(case, "FILTER_RADIUS").is_some() || radius_argument(case).is_some() {
        Kind::Conv2d
    } else {
        Kind::Other
    }
}

/// 7.2 passes r as its fourth argument (N, F, P, r, width, height).
fn radius_argument(case: &Case) -> Option<usize> {
    match case.args.as_slice() {
        [Arg::Buffer(_), Arg::Buffer(_), Arg::Buffer(_), Arg::I32(r), Arg::I32(_), Arg::I32(_)] => Some(*r as usize),
        _ => None,
    }
}

fn radius(case: &Case) -> usize {
    define(case, "FILTER_RADIUS").map(|r| r.parse().unwrap()).or_else(|| radius_argument(case)).unwrap()
}

/// The outputs a block of the section's launch covers along x and y with radius `r`: 7.2 and
/// 7.3 one per thread of 16×16, 7.4 the input tile less the halo, 7.5 its 32² tile; the
/// challenge's kernel chooses, and its images are multiples of 64 (every power of two up to it).
fn tile_2d(id: &str, r: usize) -> usize {
    match id {
        "7.2" | "7.3" => 16,
        "7.4" => 32 - 2 * r,
        "7.5" => 32,
        "challenge-2d" => 64,
        _ => panic!("section {id}: a 2D section with no output tile in this test's table"),
    }
}

/// The output tiles a 3D section's launch uses along each axis: 8.2 one point per thread of 8³,
/// 8.3 8³ less the halo, 8.4 and 8.5 32² planes less the halo (and 30 planes); the challenge's
/// kernel chooses: 32 for every power of two up to it.
fn tiles_3d(id: &str) -> &'static [usize] {
    match id {
        "8.2" => &[8],
        "8.3" => &[6],
        "8.4" | "8.5" => &[30],
        "challenge-3d" => &[32],
        _ => panic!("section {id}: a 3D section with no output tile in this test's table"),
    }
}

/// What the hidden cases of a 2D section miss: `radii` are all the radii the section uses.
fn conv2d_gaps(id: &str, radii: &BTreeSet<usize>, hidden: &[Case]) -> Vec<String> {
    let mut gaps = Vec::new();
    for &r in radii {
        let of_r: Vec<&Case> = hidden.iter().filter(|c| radius(c) == r).collect();
        let side = 2 * r + 1;
        if !of_r.iter().any(|c| c.shape[0] >= side && c.shape[1] >= side) {
            let shapes: Vec<String> = of_r.iter().map(|c| format!("{}x{}", c.shape[0], c.shape[1])).collect();
            gaps.push(format!("r = {r} meets no image at least {side} pixels both ways (only {shapes:?})"));
        }
        if r == 0 {
            continue;
        }
        let t = tile_2d(id, r);
        let tiled = |c: &&Case, a: usize, b: usize| {
            let [w, h, _] = c.shape;
            w >= side && h >= side && w >= t && h >= t && w % t == a && h % t == b
        };
        if !of_r.iter().any(|c| tiled(c, 0, 1) || tiled(c, 1, 0)) {
            gaps.push(format!(
                "r = {r} meets no image a multiple of its {t}-pixel tile one way and one more the other"
            ));
        }
    }
    gaps
}

/// What the hidden sizes of a 3D section miss.
fn stencil3d_gaps(id: &str, hidden: &[Case]) -> Vec<String> {
    let sizes: BTreeSet<usize> = hidden.iter().map(|c| c.shape[0]).collect();
    let mut gaps = Vec::new();
    for &t in tiles_3d(id) {
        let has = |rest: usize, shift: usize| sizes.iter().any(|&n| n >= t + shift + rest && (n - shift) % t == rest);
        for (rest, shift, what) in [
            (0, 0, "N a multiple of"),
            (1, 0, "N one more than a multiple of"),
            (0, 2, "N - 2 a multiple of"),
            (1, 2, "N - 2 one more than a multiple of"),
        ] {
            if !has(rest, shift) {
                gaps.push(format!("no size with {what} the {t}-point tile, at least a tile ({sizes:?})"));
            }
        }
    }
    gaps
}

/// What the visible cases of a section miss: one that tells every classic mistake.
fn visible_gaps(kind: Kind, visible: &[Case]) -> Vec<String> {
    let telling = |c: &Case, all: usize| c.mistakes.len() == all;
    match kind {
        Kind::Conv2d => {
            let all = conv2d_mistaken_filters(&[0.0; 9], 1).len();
            if visible.iter().any(|c| telling(c, all)) {
                Vec::new()
            } else {
                vec![format!("no visible case tells all {all} filter mistakes (an asymmetric filter)")]
            }
        }
        Kind::Stencil3d => {
            let distinct = |c: &Case| {
                let values: Vec<u32> =
                    (0..7).map(|i| coefficient_value(define(c, &format!("c{i}")).unwrap()).to_bits()).collect();
                values.iter().collect::<BTreeSet<_>>().len() == 7
            };
            if visible.iter().any(|c| distinct(c) && telling(c, STENCIL3D_MISTAKES.len())) {
                Vec::new()
            } else {
                vec!["no visible case with seven distinct coefficients that tells every swap".to_string()]
            }
        }
        Kind::Other => Vec::new(),
    }
}

/// The fixed launches' grids are the tables' tiles: ⌈size / tile⌉ blocks along x.
fn launch_gaps(s: &dyn Section, kind: Kind, cases: &[Case]) -> Vec<String> {
    if s.chosen_launch().is_some() {
        return Vec::new();
    }
    cases
        .iter()
        .filter_map(|c| {
            let tile = match kind {
                Kind::Conv2d => tile_2d(s.id(), radius(c)),
                Kind::Stencil3d => tiles_3d(s.id())[0],
                Kind::Other => return None,
            };
            let blocks = c.shape[0].div_ceil(tile).max(1) as u32;
            (c.geometry.grid[0] != blocks).then(|| {
                format!(
                    "{}: {} blocks along x, not ⌈{}/{tile}⌉: this test's tile is not the launch's",
                    c.name, c.geometry.grid[0], c.shape[0]
                )
            })
        })
        .collect()
}

/// Everything a section's case lists miss, over the seeds.
fn section_gaps(s: &dyn Section) -> Vec<String> {
    let visible = s.visible_cases();
    let kind = kind(&visible[0]);
    let mut gaps = visible_gaps(kind, &visible);
    let metrics = s.metrics_case(&mut CaseRng::seed_from_u64(1));
    if kind == Kind::Stencil3d {
        // Too large to carry the mistakes' outputs, but its weights are distinct too.
        let values: BTreeSet<u32> =
            (0..7).map(|i| coefficient_value(define(&metrics, &format!("c{i}")).unwrap()).to_bits()).collect();
        if values.len() != 7 {
            gaps.push("the metrics case's coefficients are not distinct".to_string());
        }
    }
    let hidden: Vec<Vec<Case>> = SEEDS.map(|seed| s.hidden_cases(&mut CaseRng::seed_from_u64(seed))).collect();
    let radii: BTreeSet<usize> = match kind {
        Kind::Conv2d => visible.iter().chain(hidden.iter().flatten()).map(radius).collect(),
        _ => BTreeSet::new(),
    };
    for (seed, cases) in SEEDS.zip(&hidden) {
        let found = match kind {
            Kind::Conv2d => conv2d_gaps(s.id(), &radii, cases),
            Kind::Stencil3d => stencil3d_gaps(s.id(), cases),
            Kind::Other => Vec::new(),
        };
        gaps.extend(found.into_iter().map(|g| format!("seed {seed}: {g}")));
        gaps.extend(launch_gaps(s, kind, cases));
    }
    gaps.extend(launch_gaps(s, kind, &visible));
    gaps
}

#[test]
fn the_cases_cover_every_radius_both_ways_every_tile_and_the_classic_mistakes() {
    let mut kinds = Vec::new();
    for s in grader::course::sections::all() {
        let gaps = section_gaps(s);
        assert!(gaps.is_empty(), "section {}: {gaps:#?}", s.id());
        kinds.push((s.id(), kind(&s.visible_cases()[0])));
    }
    let of = |k: Kind| kinds.iter().filter(|(_, kk)| *kk == k).map(|(id, _)| *id).collect::<Vec<_>>();
    assert_eq!(of(Kind::Conv2d), ["7.2", "7.3", "7.4", "7.5", "challenge-2d"]);
    assert_eq!(of(Kind::Stencil3d), ["8.2", "8.3", "8.4", "8.5", "challenge-3d"]);
}

#[test]
fn the_coverage_check_can_fail() {
    let s = section_7_2::section();
    let mut hidden = s.hidden_cases(&mut CaseRng::seed_from_u64(1));
    let radii: BTreeSet<usize> = hidden.iter().map(radius).collect();
    assert_eq!(conv2d_gaps("7.2", &radii, &hidden), Vec::<String>::new());
    // The old list's only r = 3 case was a 1x37 column.
    for c in hidden.iter_mut().filter(|c| radius(c) == 3) {
        c.shape = [1, 37, 1];
    }
    let gaps = conv2d_gaps("7.2", &radii, &hidden);
    assert!(gaps.iter().any(|g| g.starts_with("r = 3 meets no image at least 7 pixels both ways")), "{gaps:?}");
    // The old 3D sizes (1, 2, 3, 9, 33, 40): no multiple of 30.
    let mut hidden = section_8_5::section().hidden_cases(&mut CaseRng::seed_from_u64(1));
    for (c, n) in hidden.iter_mut().zip([1, 2, 3, 9, 33, 40, 40]) {
        c.shape = [n; 3];
    }
    let gaps = stencil3d_gaps("8.5", &hidden);
    assert!(gaps.iter().any(|g| g.starts_with("no size with N a multiple of the 30-point tile")), "{gaps:?}");
    // A symmetric visible filter tells no flip.
    let mut visible = s.visible_cases();
    assert!(visible_gaps(Kind::Conv2d, &visible).is_empty());
    for c in &mut visible {
        c.mistakes.truncate(1);
    }
    assert_eq!(visible_gaps(Kind::Conv2d, &visible).len(), 1);
}

/// The speed model scales counts to the timing case by its shape and launch, which the sections
/// give without the case's data (`timing_shape`): they must be the timing case's. The 2D and 1D
/// timing cases are built and compared here (a few hundred MB each); the 3D ones (1 GB of data
/// each) are not: their sections build both from the same `geometry(n)`.
#[test]
fn timing_shapes_are_the_timing_cases_shapes() {
    for s in grader::course::sections::all() {
        let shape = s.timing_shape();
        let dims = shape.map(|c| c.shape.iter().filter(|&&d| d > 1).count());
        assert_eq!(shape.is_some(), dims.is_some());
        let Some(shape) = shape else {
            continue;
        };
        if dims == Some(3) {
            assert_eq!(shape.shape, [512, 512, 512], "{}", s.id());
            continue;
        }
        let case = s.timing_case(&mut CaseRng::seed_from_u64(7)).expect("a timing case where there is a timing shape");
        assert_eq!((case.shape, case.geometry), (shape.shape, shape.geometry), "{}", s.id());
    }
}
