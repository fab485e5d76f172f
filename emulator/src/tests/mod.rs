//! Unit tests of the interpreter: real PTX (NVRTC output kept in `testdata/`, and small
//! hand-written snippets) run through the parser, decoder and executor.

mod barriers;
mod budget;
mod constructs;
mod conv;
mod convert;
mod cp_async;
mod extended;
mod half;
mod instructions;
mod latency;
mod lines;
mod placement;
mod reads;
mod rounding;
mod sample;
mod sregs;
mod unportable;
mod unwritten;
mod variants;

use crate::*;

/// A deterministic pseudo-random image (no external RNG needed).
pub(crate) fn image(n: usize, seed: u32) -> Vec<f32> {
    let mut s = seed.wrapping_mul(2654435761).wrapping_add(12345);
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            (s % 1000) as f32 / 100.0 - 5.0
        })
        .collect()
}

/// CPU reference of 2D convolution with zero ghost cells.
pub(crate) fn conv2d(n: &[f32], f: &[f32], r: usize, w: usize, h: usize) -> Vec<f32> {
    let fw = 2 * r + 1;
    let mut p = vec![0f32; w * h];
    for row in 0..h {
        for col in 0..w {
            let mut acc = 0f32;
            for fr in 0..fw {
                for fc in 0..fw {
                    let ir = row as isize - r as isize + fr as isize;
                    let ic = col as isize - r as isize + fc as isize;
                    if ir >= 0 && ir < h as isize && ic >= 0 && ic < w as isize {
                        acc += f[fr * fw + fc] * n[ir as usize * w + ic as usize];
                    }
                }
            }
            p[row * w + col] = acc;
        }
    }
    p
}

pub(crate) fn opts(threads: usize) -> Options {
    Options { threads, ..Options::default() }
}
