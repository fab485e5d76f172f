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
    let (w, h, r) = (width as isize, height as isize, r as isize);
    let mut out = vec![0.0f32; width * height];
    for row in 0..h {
        for col in 0..w {
            let mut acc = 0.0f32;
            for f_row in 0..side as isize {
                let in_row = row - r + f_row;
                if in_row < 0 || in_row >= h {
                    continue;
                }
                for f_col in 0..side as isize {
                    let in_col = col - r + f_col;
                    if in_col >= 0 && in_col < w {
                        let tap = filter[(f_row * side as isize + f_col) as usize];
                        acc = fma_f32(tap, image[(in_row * w + in_col) as usize], acc);
                    }
                }
            }
            out[(row * w + col) as usize] = acc;
        }
    }
    out
}
