//! Checking a kernel's output against the oracle, and describing what is wrong in a way that
//! points at the bug: the first wrong elements with coordinates, and a coarse map of where
//! they are (a wrong border means ghost cells; every 32nd column means a tile edge).

use kernels::exercise::{Data, Tolerance, F32_POISON_BITS, I32_POISON};
use serde::Serialize;

use crate::i18n::Text;

/// Wrong elements listed one by one in a report.
pub const FIRST_WRONG: usize = 5;
pub const MAP_COLUMNS: usize = 64;
pub const MAP_ROWS: usize = 16;
/// Planes of a 3D output drawn (the ones with wrong elements, in order).
pub const MAP_PLANES: usize = 3;

/// Whether one float is close enough. NaN never is; infinities must match exactly.
pub fn float_matches(expected: f32, got: f32, tolerance: Tolerance) -> bool {
    tolerance.matches(expected, got)
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WrongElement {
    /// [x, y, z], x fastest.
    pub at: [usize; 3],
    /// The value, or what stands for none ("never written").
    pub expected: Text,
    pub got: Text,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mismatch {
    pub wrong: usize,
    pub total: usize,
    pub first: Vec<WrongElement>,
    /// Every wrong element holds the poison value: the kernel never wrote them.
    pub all_unwritten: bool,
    /// Wrong elements that are a NaN the kernel wrote (not the poison): computed from a value read
    /// before it was written, or 0/0.
    pub computed_nan: usize,
    /// Lines of the coarse map of wrong elements: its legend, then (3D) the planes drawn, then
    /// each plane's rows (of `.`, `x` and `X`, words of no language), under a "z = 2:" line in 3D.
    pub map: Vec<Text>,
    pub shape: [usize; 3],
}

fn format_f32(v: f32) -> Text {
    if v.to_bits() == F32_POISON_BITS {
        crate::text!(judge_never_written)
    } else if v.is_nan() {
        Text::plain("NaN")
    } else {
        Text::plain(format!("{v}"))
    }
}

fn format_i32(v: i32) -> Text {
    if v == I32_POISON {
        crate::text!(judge_poison, value = v.to_string())
    } else {
        Text::plain(v.to_string())
    }
}

/// `None` when `got` matches `expected`; else what is wrong and where.
pub fn compare(expected: &Data, got: &Data, tolerance: Tolerance, shape: [usize; 3]) -> Option<Mismatch> {
    let n = expected.len();
    let shape = if shape.iter().product::<usize>() == n { shape } else { [n, 1, 1] };
    // The elements' verdicts are computed in the oracles' optimised crate: this one is built
    // without optimisation in the dev profile, and every case of every grading passes here.
    let wrong_at = expected.wrong_elements(got, tolerance);
    if wrong_at.is_empty() {
        return None;
    }
    let count = wrong_at.len();
    let text = |d: &Data, i: usize| match d {
        Data::F32(v) => v.get(i).map(|&x| format_f32(x)).unwrap_or_else(|| crate::text!(judge_missing)),
        Data::I32(v) => v.get(i).map(|&x| format_i32(x)).unwrap_or_else(|| crate::text!(judge_missing)),
    };
    let first = wrong_at
        .iter()
        .take(FIRST_WRONG)
        .map(|&i| WrongElement { at: coordinates(i, shape), expected: text(expected, i), got: text(got, i) })
        .collect();
    let unwritten = |i: usize| match got {
        Data::F32(g) if g.len() == n => g[i].to_bits() == F32_POISON_BITS,
        Data::I32(g) if g.len() == n => g[i] == I32_POISON,
        _ => false,
    };
    let all_unwritten = wrong_at.iter().all(|&i| unwritten(i));
    let computed_nan = match got {
        Data::F32(g) if g.len() == n => {
            wrong_at.iter().filter(|&&i| g[i].is_nan() && g[i].to_bits() != F32_POISON_BITS).count()
        }
        _ => 0,
    };
    let mut wrong = vec![false; n];
    wrong_at.iter().for_each(|&i| wrong[i] = true);
    Some(Mismatch { wrong: count, total: n, first, all_unwritten, computed_nan, map: render_map(&wrong, shape), shape })
}

pub fn coordinates(index: usize, shape: [usize; 3]) -> [usize; 3] {
    let (sx, sy) = (shape[0].max(1), shape[1].max(1));
    [index % sx, (index / sx) % sy, index / (sx * sy)]
}

/// A map of wrong elements, downsampled to at most MAP_COLUMNS × MAP_ROWS cells per plane:
/// `.` all right, `x` some wrong, `X` all wrong. 3D outputs show the first planes with errors.
pub fn render_map(wrong: &[bool], shape: [usize; 3]) -> Vec<Text> {
    let [sx, sy, sz] = shape.map(|d| d.max(1));
    let cols = sx.min(MAP_COLUMNS);
    let rows = sy.min(MAP_ROWS);
    let mut lines = Vec::new();
    let bad_planes: Vec<usize> =
        (0..sz).filter(|&z| wrong[z * sx * sy..(z + 1) * sx * sy].iter().any(|&w| w)).collect();
    let cell_w = sx.div_ceil(cols);
    let cell_h = sy.div_ceil(rows);
    let header = if cell_w * cell_h > 1 {
        crate::text!(judge_map_cells, width = cell_w.to_string(), height = cell_h.to_string())
    } else {
        crate::text!(judge_map_one_cell)
    };
    lines.push(header);
    if sz > 1 {
        let listed: Vec<String> = bad_planes.iter().take(12).map(|z| z.to_string()).collect();
        let planes = listed.join(", ");
        lines.push(if bad_planes.len() > 12 {
            crate::text!(judge_map_planes_more, planes = planes, count = bad_planes.len().to_string())
        } else {
            crate::text!(judge_map_planes, planes = planes)
        });
    }
    for &z in bad_planes.iter().take(if sz > 1 { MAP_PLANES } else { 1 }) {
        if sz > 1 {
            lines.push(Text::plain(format!("z = {z}:")));
        }
        let plane = &wrong[z * sx * sy..(z + 1) * sx * sy];
        for r in 0..sy.div_ceil(cell_h) {
            let mut line = String::with_capacity(cols);
            for c in 0..sx.div_ceil(cell_w) {
                let (mut bad, mut all) = (0, 0);
                for y in r * cell_h..((r + 1) * cell_h).min(sy) {
                    for x in c * cell_w..((c + 1) * cell_w).min(sx) {
                        all += 1;
                        bad += plane[y * sx + x] as usize;
                    }
                }
                line.push(if bad == 0 {
                    '.'
                } else if bad == all {
                    'X'
                } else {
                    'x'
                });
            }
            lines.push(Text::plain(line));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernels::exercise::{f32_poison, Buffer};

    const TOL: Tolerance = Tolerance::Float { abs: 1e-4, rel: 1e-5 };

    #[test]
    fn outputs_are_poisoned_and_inputs_kept() {
        assert!(
            matches!(Buffer::initial_contents(&Buffer::OutputF32(3)), Data::F32(v) if v.len() == 3 && v.iter().all(|x| x.is_nan()))
        );
        assert_eq!(Buffer::initial_contents(&Buffer::OutputI32(2)), Data::I32(vec![I32_POISON; 2]));
        let given = Data::F32(vec![1.0, f32::NAN]);
        assert!(
            matches!(Buffer::initial_contents(&Buffer::InOut(given)), Data::F32(v) if v[0] == 1.0 && v[1].is_nan())
        );
        assert_eq!(Buffer::initial_contents(&Buffer::Input(Data::I32(vec![4]))), Data::I32(vec![4]));
    }

    #[test]
    fn float_comparison_uses_tolerance_and_never_accepts_nan() {
        assert!(float_matches(1.0, 1.00005, TOL));
        assert!(!float_matches(1.0, 1.001, TOL));
        assert!(!float_matches(f32::NAN, f32::NAN, TOL));
        assert!(!float_matches(0.0, f32::NAN, TOL));
        assert!(float_matches(f32::INFINITY, f32::INFINITY, TOL));
        assert!(!float_matches(1.0, 1.00005, Tolerance::Exact));
    }

    #[test]
    fn ints_compare_exactly_and_poison_is_named() {
        let m = compare(&Data::I32(vec![1, 2, 3]), &Data::I32(vec![1, I32_POISON, 3]), Tolerance::Exact, [3, 1, 1])
            .unwrap();
        assert_eq!(m.wrong, 1);
        assert!(m.all_unwritten);
        let w = &m.first[0];
        assert_eq!(
            (w.at, w.expected.to_string(), w.got.to_string()),
            ([1, 0, 0], "2".into(), "2139062143 (poison)".into())
        );
        assert!(compare(&Data::I32(vec![5]), &Data::I32(vec![5]), Tolerance::Exact, [1, 1, 1]).is_none());
    }

    #[test]
    fn a_nan_the_kernel_wrote_is_not_an_element_it_never_wrote() {
        let tol = Tolerance::Float { abs: 1e-6, rel: 0.0 };
        let expected = Data::F32(vec![1.0, 2.0, 3.0]);
        let unwritten = compare(&expected, &Data::F32(vec![1.0, f32_poison(), 3.0]), tol, [3, 1, 1]).unwrap();
        assert!(unwritten.all_unwritten);
        assert_eq!((unwritten.computed_nan, unwritten.first[0].got.to_string().as_str()), (0, "never written"));
        let computed = compare(&expected, &Data::F32(vec![1.0, f32::NAN, -f32::NAN]), tol, [3, 1, 1]).unwrap();
        assert!(!computed.all_unwritten, "a NaN the kernel wrote was written");
        assert_eq!((computed.computed_nan, computed.first[0].got.to_string().as_str()), (2, "NaN"));
    }

    #[test]
    fn coordinates_are_x_fastest() {
        assert_eq!(coordinates(0, [4, 3, 2]), [0, 0, 0]);
        assert_eq!(coordinates(5, [4, 3, 2]), [1, 1, 0]);
        assert_eq!(coordinates(13, [4, 3, 2]), [1, 0, 1]);
    }

    #[test]
    fn wrong_length_or_type_is_all_wrong() {
        let m = compare(&Data::F32(vec![1.0, 2.0]), &Data::F32(vec![1.0]), TOL, [2, 1, 1]).unwrap();
        assert_eq!(m.wrong, 2);
        let m = compare(&Data::F32(vec![1.0]), &Data::I32(vec![1]), TOL, [1, 1, 1]).unwrap();
        assert_eq!(m.wrong, 1);
    }

    #[test]
    fn map_marks_a_wrong_border() {
        // 8×4 image whose border is wrong: the map (one cell per element) shows a frame.
        let (w, h) = (8, 4);
        let wrong: Vec<bool> = (0..w * h)
            .map(|i| {
                let (x, y) = (i % w, i / w);
                x == 0 || y == 0 || x == w - 1 || y == h - 1
            })
            .collect();
        let map: Vec<String> = render_map(&wrong, [w, h, 1]).iter().map(Text::to_string).collect();
        assert_eq!(&map[1..], ["XXXXXXXX", "X......X", "X......X", "XXXXXXXX"]);
    }

    #[test]
    fn map_downsamples_large_images() {
        // 256×64: every 32nd column wrong → cells of 4×4 elements, x where a tile edge falls.
        let (w, h) = (256, 64);
        let wrong: Vec<bool> = (0..w * h).map(|i| (i % w) % 32 == 31).collect();
        let map: Vec<String> = render_map(&wrong, [w, h, 1]).iter().map(Text::to_string).collect();
        assert_eq!(map.len(), 1 + 16);
        assert!(map[1].chars().count() == 64);
        assert_eq!(&map[1][..16], ".......x.......x");
    }

    #[test]
    fn map_of_3d_output_shows_planes_with_errors() {
        let n = 4;
        let wrong: Vec<bool> = (0..n * n * n).map(|i| i / (n * n) == 2 && i % n == 0).collect();
        let map: Vec<String> = render_map(&wrong, [n, n, n]).iter().map(Text::to_string).collect();
        assert_eq!(map[1], "planes with wrong elements: z = 2");
        assert_eq!(&map[2..], ["z = 2:", "X...", "X...", "X...", "X..."]);
    }
}
