//! The CPU oracles against the textbook's worked examples and a plain f64 reference.

use approx::assert_relative_eq;
use kernels::conv::{conv1d, conv2d};
use kernels::exercise::CaseRng;
use kernels::stencil::{stencil1d_average, stencil3d_seven_point};
use rand::{Rng, SeedableRng};

fn random_f32(rng: &mut CaseRng, n: usize) -> Vec<f32> {
    (0..n).map(|_| rng.gen_range(-1.0f32..1.0)).collect()
}

/// Straightforward f64 2D convolution (the definition, with an explicit ghost-cell value 0).
fn conv2d_f64(image: &[f32], w: usize, h: usize, f: &[f32], r: usize) -> Vec<f64> {
    let side = 2 * r + 1;
    let pixel = |row: isize, col: isize| -> f64 {
        if row < 0 || col < 0 || row >= h as isize || col >= w as isize {
            0.0
        } else {
            image[row as usize * w + col as usize] as f64
        }
    };
    let mut out = Vec::with_capacity(w * h);
    for row in 0..h as isize {
        for col in 0..w as isize {
            let mut s = 0.0f64;
            for fr in 0..side {
                for fc in 0..side {
                    s += f[fr * side + fc] as f64
                        * pixel(row - r as isize + fr as isize, col - r as isize + fc as isize);
                }
            }
            out.push(s);
        }
    }
    out
}

#[test]
fn conv1d_textbook_example() {
    // PMPP fig. 7.3/7.4: x = [8,2,5,4,1,7,3], f = [1,3,5,3,1].
    let y = conv1d(&[8.0, 2.0, 5.0, 4.0, 1.0, 7.0, 3.0], &[1.0, 3.0, 5.0, 3.0, 1.0]);
    assert_eq!(y[1], 53.0); // one ghost cell: 0·1 + 8·3 + 2·5 + 5·3 + 4·1
    assert_eq!(y[2], 52.0);
    assert_eq!(y[3], 47.0);
    assert_eq!(y[0], 8.0 * 5.0 + 2.0 * 3.0 + 5.0); // two ghost cells
    assert_eq!(y.len(), 7);
}

#[test]
fn conv2d_one_row_equals_conv1d() {
    // A 5×5 filter whose only non-zero row is the middle one, on a one-row image, is the 1D case.
    let x = [8.0, 2.0, 5.0, 4.0, 1.0, 7.0, 3.0];
    let mut f = vec![0.0f32; 25];
    f[10..15].copy_from_slice(&[1.0, 3.0, 5.0, 3.0, 1.0]);
    assert_eq!(conv2d(&x, 7, 1, &f, 2), conv1d(&x, &[1.0, 3.0, 5.0, 3.0, 1.0]));
}

#[test]
fn conv2d_matches_f64_reference_on_random_data() {
    let mut rng = CaseRng::seed_from_u64(7);
    for &(w, h, r) in &[(1, 1, 2), (1, 9, 1), (9, 1, 3), (2, 3, 2), (17, 13, 2), (40, 33, 3), (5, 5, 0)] {
        let img = random_f32(&mut rng, w * h);
        let f = random_f32(&mut rng, (2 * r + 1) * (2 * r + 1));
        let got = conv2d(&img, w, h, &f, r);
        let want = conv2d_f64(&img, w, h, &f, r);
        for (g, e) in got.iter().zip(&want) {
            assert_relative_eq!(*g as f64, *e, epsilon = 1e-5, max_relative = 1e-5);
        }
    }
}

/// The tap-by-tap loop the oracle's row-at-a-time form must equal to the bit.
fn conv2d_tap_by_tap(image: &[f32], width: usize, height: usize, filter: &[f32], r: usize) -> Vec<f32> {
    let side = 2 * r + 1;
    let (w, h, r) = (width as isize, height as isize, r as isize);
    let mut out = vec![0.0f32; width * height];
    for row in 0..h {
        for col in 0..w {
            let mut acc = 0.0f32;
            for f_row in 0..side as isize {
                for f_col in 0..side as isize {
                    let (y, x) = (row - r + f_row, col - r + f_col);
                    if y >= 0 && y < h && x >= 0 && x < w {
                        let tap = filter[(f_row * side as isize + f_col) as usize];
                        acc = kernels::conv::fma_f32(tap, image[(y * w + x) as usize], acc);
                    }
                }
            }
            out[(row * w + col) as usize] = acc;
        }
    }
    out
}

#[test]
fn conv2d_is_the_tap_by_tap_sum_to_the_bit() {
    let mut rng = CaseRng::seed_from_u64(11);
    for &(w, h, r) in
        &[(1, 1, 2), (1, 9, 1), (9, 1, 3), (2, 3, 2), (3, 2, 4), (17, 13, 2), (40, 33, 3), (5, 5, 0), (64, 7, 9)]
    {
        let img = random_f32(&mut rng, w * h);
        let f = random_f32(&mut rng, (2 * r + 1) * (2 * r + 1));
        let got: Vec<u32> = conv2d(&img, w, h, &f, r).iter().map(|v| v.to_bits()).collect();
        let want: Vec<u32> = conv2d_tap_by_tap(&img, w, h, &f, r).iter().map(|v| v.to_bits()).collect();
        assert_eq!(got, want, "{w}x{h} r={r}");
    }
}

#[test]
fn conv2d_hand_checked_corner() {
    // All-ones 3×3 image and filter (r = 1): the corner sees 4 pixels, an edge 6, the centre 9.
    let out = conv2d(&[1.0; 9], 3, 3, &[1.0; 9], 1);
    assert_eq!(out, vec![4.0, 6.0, 4.0, 6.0, 9.0, 6.0, 4.0, 6.0, 4.0]);
}

#[test]
fn stencil1d_textbook_example() {
    let c = stencil1d_average(&[4, 7, 2, 9, 1, 8, 3, 6]);
    assert_eq!(c[2], 6); // (7 + 2 + 9) / 3
                         // Clamped ends: (4+4+7)/3 and (3+6+6)/3.
    assert_eq!(c, vec![5, 4, 6, 4, 6, 4, 5, 5]);
}

#[test]
fn stencil1d_small_sizes_and_truncation() {
    assert_eq!(stencil1d_average(&[5]), vec![5]);
    assert_eq!(stencil1d_average(&[1, 2]), vec![1, 1]); // (1+1+2)/3, (1+2+2)/3
    assert_eq!(stencil1d_average(&[3, 0, 1]), vec![2, 1, 0]);
    // C truncates toward zero: -4/3 = -1, not -2.
    assert_eq!(stencil1d_average(&[-1, -1, -2]), vec![-1, -1, -1]);
    assert_eq!(stencil1d_average(&[-2, -1, -1]), vec![-1, -1, -1]);
    assert!(stencil1d_average(&[]).is_empty());
}

#[test]
fn stencil1d_matches_i64_reference() {
    let mut rng = CaseRng::seed_from_u64(3);
    let a: Vec<i32> = (0..1000).map(|_| rng.gen_range(-100_000..100_000)).collect();
    let c = stencil1d_average(&a);
    let n = a.len() as i64;
    for i in 0..n {
        let at = |j: i64| a[j.clamp(0, n - 1) as usize] as i64;
        assert_eq!(c[i as usize] as i64, (at(i - 1) + at(i) + at(i + 1)) / 3, "index {i}");
    }
}

#[test]
fn stencil3d_matches_f64_reference_and_keeps_boundary() {
    let c = [0.5f32, 0.1, -0.2, 0.3, 0.05, -0.15, 0.25];
    let mut rng = CaseRng::seed_from_u64(11);
    for n in [1usize, 2, 3, 4, 9] {
        let input = random_f32(&mut rng, n * n * n);
        let out = stencil3d_seven_point(&input, n, c);
        let at = |i: usize, j: usize, k: usize| input[(i * n + j) * n + k] as f64;
        for i in 0..n {
            for j in 0..n {
                for k in 0..n {
                    let got = out[(i * n + j) * n + k];
                    let boundary = i == 0 || j == 0 || k == 0 || i == n - 1 || j == n - 1 || k == n - 1;
                    if boundary {
                        assert_eq!(got.to_bits(), input[(i * n + j) * n + k].to_bits());
                    } else {
                        let want = c[0] as f64 * at(i, j, k)
                            + c[1] as f64 * at(i, j, k - 1)
                            + c[2] as f64 * at(i, j, k + 1)
                            + c[3] as f64 * at(i, j - 1, k)
                            + c[4] as f64 * at(i, j + 1, k)
                            + c[5] as f64 * at(i - 1, j, k)
                            + c[6] as f64 * at(i + 1, j, k);
                        assert_relative_eq!(got as f64, want, epsilon = 1e-6, max_relative = 1e-5);
                    }
                }
            }
        }
    }
    // N = 3: exactly one interior point, the centre.
    let input: Vec<f32> = (0..27).map(|v| v as f32).collect();
    let out = stencil3d_seven_point(&input, 3, [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]);
    assert_eq!(out[13], 13.0 + 12.0 + 14.0 + 10.0 + 16.0 + 4.0 + 22.0);
}

#[test]
fn conv1d_matches_f64_reference_and_small_widths() {
    let mut rng = CaseRng::seed_from_u64(5);
    for &(n, r) in &[(1usize, 0usize), (1, 2), (2, 1), (3, 3), (50, 2)] {
        let x = random_f32(&mut rng, n);
        let f = random_f32(&mut rng, 2 * r + 1);
        let y = conv1d(&x, &f);
        for i in 0..n as isize {
            let mut want = 0.0f64;
            for j in 0..(2 * r + 1) as isize {
                let src = i - r as isize + j;
                if src >= 0 && src < n as isize {
                    want += f[j as usize] as f64 * x[src as usize] as f64;
                }
            }
            assert_relative_eq!(y[i as usize] as f64, want, epsilon = 1e-5, max_relative = 1e-5);
        }
    }
    // A single pixel sees only the filter's centre tap.
    assert_eq!(conv1d(&[2.0], &[10.0, 3.0, 10.0]), vec![6.0]);
}

#[test]
fn the_problems_flops_are_a_multiply_and_an_add_per_in_image_tap() {
    use kernels::conv::in_image_taps;
    // A 5-wide filter over 7 pixels: 3 + 4 + 5 + 5 + 5 + 4 + 3 taps land inside.
    assert_eq!(in_image_taps(7, 2), 29);
    assert_eq!(in_image_taps(1, 3), 1, "one pixel: only the centre tap");
    assert_eq!(in_image_taps(1024, 2), 1024 * 5 - 6);
    // The contract's metrics case: 2 FLOPs per in-image tap of 1024x1024, r = 2.
    let mut rng = <kernels::exercise::CaseRng as rand::SeedableRng>::seed_from_u64(1);
    let input = kernels::conv::conv2d_metrics_input(&mut rng);
    let g = kernels::exercise::Geometry { grid: [1, 1, 1], block: [1, 1, 1], dynamic_shared_bytes: 0 };
    let case = kernels::conv::conv2d_case(kernels::conv::Conv2dAbi::ConstantFilter, input, g);
    assert_eq!(case.problem_flops, 2 * 5114 * 5114);
    // The seven-point stencil: 13 per interior point, none on the boundary.
    let s = kernels::stencil::stencil3d_case(kernels::stencil::stencil3d_metrics_input(&mut rng), g);
    assert_eq!(s.problem_flops, 13 * 126 * 126 * 126);
    assert_eq!(
        kernels::stencil::stencil1d_case("x", kernels::exercise::Visibility::Visible, vec![1, 2]).problem_flops,
        0
    );
}

#[test]
fn the_cases_carry_the_outputs_of_the_classic_mistakes() {
    use kernels::conv::{conv2d_case, conv2d_mistaken_filters, Conv2dAbi, Conv2dInput};
    use kernels::exercise::{Data, Geometry, Visibility};
    use kernels::stencil::{stencil3d_case, Stencil3dInput, STENCIL3D_MISTAKES};
    let g = Geometry { grid: [1, 1, 1], block: [1, 1, 1], dynamic_shared_bytes: 0 };
    let mut rng = CaseRng::seed_from_u64(3);
    let input = Conv2dInput::random(&mut rng, "x", Visibility::Hidden, 6, 5, 1);
    // Flipping the filter end to end is rotating the image half a turn, convolving, and turning
    // the output back.
    let turned: Vec<f32> = input.image.iter().rev().copied().collect();
    let mut via_image = conv2d(&turned, 6, 5, &input.filter, 1);
    via_image.reverse();
    let case = conv2d_case(Conv2dAbi::ConstantFilter, input.clone().naming_mistakes(), g);
    let whats: Vec<&str> = case.mistakes.iter().map(|m| m.what).collect();
    let all: Vec<&str> = conv2d_mistaken_filters(&input.filter, 1).into_iter().map(|(w, _)| w).collect();
    assert_eq!(whats, all, "a random filter tells every mistake");
    let Data::F32(flipped) = &case.mistakes[0].output else { panic!("float output") };
    for (a, b) in flipped.iter().zip(&via_image) {
        assert_relative_eq!(*a, *b, epsilon = 1e-5);
    }
    // Without asking, or on a symmetric filter, there are none.
    assert!(conv2d_case(Conv2dAbi::ConstantFilter, input.clone(), g).mistakes.is_empty());
    let symmetric = Conv2dInput { filter: vec![1.0, 2.0, 1.0, 2.0, 4.0, 2.0, 1.0, 2.0, 1.0], ..input.clone() };
    assert!(conv2d_case(Conv2dAbi::ConstantFilter, symmetric.naming_mistakes(), g).mistakes.is_empty());
    // One row: only the filter's middle row meets the image, so reversing the rows changes
    // nothing (no mistake there), and flipping end to end gives what reversing each row gives.
    let row = Conv2dInput { height: 1, image: input.image[..6].to_vec(), ..input.clone() }.naming_mistakes();
    let row_case = conv2d_case(Conv2dAbi::ConstantFilter, row, g);
    assert!(
        !row_case.mistakes.iter().any(|m| m.what == "exercise-mistake-filter-rows-reversed"),
        "no row but the middle one"
    );
    let same = |a: &str, b: &str| {
        let out = |w: &str| row_case.mistakes.iter().find(|m| m.what.contains(w)).map(|m| m.output.clone());
        out(a).is_some() && out(a) == out(b)
    };
    assert!(same("filter-flipped", "filter-each-row-reversed"));

    // 3D: a swap of two equal coefficients is no mistake; distinct ones tell all seven.
    let grid: Vec<f32> = (0..125).map(|p| ((p * 7) % 11) as f32).collect();
    let stencil = |coefficients: [&'static str; 7]| {
        let input = Stencil3dInput {
            name: "x".into(),
            label: None,
            visibility: Visibility::Visible,
            n: 5,
            grid: grid.clone(),
            coefficients,
            name_mistakes: true,
        };
        stencil3d_case(input, g)
    };
    let distinct = stencil(["0.5f", "0.25f", "0.125f", "-1.0f", "2.0f", "0.75f", "-0.5f"]);
    assert_eq!(distinct.mistakes.len(), STENCIL3D_MISTAKES.len());
    let Data::F32(swapped) = &distinct.mistakes[1].output else { panic!("float output") };
    let c = [0.5f32, 0.25, 0.125, 2.0, -1.0, 0.75, -0.5];
    assert_eq!(swapped, &stencil3d_seven_point(&grid, 5, c), "c3 and c4 swapped");
    let pairs_equal = stencil(["0.5f", "0.25f", "0.25f", "-1.0f", "-1.0f", "0.75f", "0.75f"]);
    let whats: Vec<&str> = pairs_equal.mistakes.iter().map(|m| m.what).collect();
    assert_eq!(whats, [STENCIL3D_MISTAKES[4].0, STENCIL3D_MISTAKES[5].0, STENCIL3D_MISTAKES[6].0]);
    // The metrics case is too large to carry them.
    let metrics = kernels::stencil::stencil3d_metrics_input(&mut rng);
    assert!(stencil3d_case(metrics, g).mistakes.is_empty());
    assert!(conv2d_case(Conv2dAbi::ConstantFilter, kernels::conv::conv2d_metrics_input(&mut rng), g)
        .mistakes
        .is_empty());
}

#[test]
fn the_visible_cases_tell_every_classic_mistake() {
    use kernels::conv::{conv2d_case, conv2d_visible_inputs, Conv2dAbi};
    use kernels::exercise::{Data, Geometry};
    use kernels::stencil::{
        coefficient_value, stencil3d_case, stencil3d_visible_inputs, SMOOTHING, STENCIL3D_MISTAKES,
    };
    let g = Geometry { grid: [1, 1, 1], block: [1, 1, 1], dynamic_shared_bytes: 0 };
    let cases: Vec<_> =
        conv2d_visible_inputs().into_iter().map(|i| conv2d_case(Conv2dAbi::ConstantFilter, i, g)).collect();
    // The textbook's filter is one symmetric row: only its transpose is a different filter.
    assert_eq!(cases[0].mistakes.len(), 1);
    assert_eq!(cases[1].mistakes.len(), 4, "{:?}", cases[1].mistakes.iter().map(|m| &m.what).collect::<Vec<_>>());
    let Data::F32(p) = &cases[1].expected else { panic!("float output") };
    assert_eq!(p[0], 449.0, "the corner, by hand");
    for m in &cases[1].mistakes {
        let Data::F32(q) = &m.output else { panic!("float output") };
        assert!(q.iter().all(|v| v.fract() == 0.0), "integer results, exact");
    }
    let smoothing = stencil3d_visible_inputs().remove(1);
    assert_eq!(smoothing.coefficients, SMOOTHING);
    let case = stencil3d_case(smoothing, g);
    assert_eq!(case.mistakes.len(), STENCIL3D_MISTAKES.len());
    let values: Vec<f32> = SMOOTHING.iter().map(|c| coefficient_value(c)).collect();
    assert_eq!(values.iter().sum::<f32>(), 1.0);
    for (i, a) in values.iter().enumerate() {
        assert!(values[i + 1..].iter().all(|b| b != a), "the weights are distinct");
        assert_eq!((a * 128.0).fract(), 0.0, "an exact binary fraction");
    }
}
