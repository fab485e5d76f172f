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
