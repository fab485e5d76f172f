//! Two-operand arithmetic (`add`, `sub`, `mul`, `min`, `shl`, `and` …) and floating-point
//! comparisons: one lane loop per operation and type, picked once per warp-instruction, so that
//! each loop is `ops::bin` or `ops::compare` with both known (folded to a few vector
//! instructions) instead of a match per lane.

use super::{Reg, Warp};
use crate::ir::{BinOp, Cmp, Ty};
use crate::ops;

impl Warp {
    #[inline(always)]
    pub(super) fn binary<const WIDE: bool>(&mut self, mask: u32, op: BinOp, ty: Ty, d: Reg, a: Reg, b: Reg) {
        match (op, ty) {
            // The hot ones (every address computation, the convolutions' sums): inlined into
            // the executor's loop.
            (BinOp::Add, Ty::S32 | Ty::U32) => {
                self.map2::<WIDE>(mask, d, a, b, |x, y| (x as u32).wrapping_add(y as u32) as u64)
            }
            (BinOp::Add, Ty::S64 | Ty::U64) => self.map2::<WIDE>(mask, d, a, b, |x, y| x.wrapping_add(y)),
            (BinOp::Add, Ty::F32) => self.map2::<WIDE>(mask, d, a, b, |x, y| ops::f32b(ops::f32v(x) + ops::f32v(y))),
            (BinOp::MulLo, Ty::F32) => self.map2::<WIDE>(mask, d, a, b, |x, y| ops::f32b(ops::f32v(x) * ops::f32v(y))),
            (BinOp::MulWide, Ty::S32) => self.map2::<WIDE>(mask, d, a, b, |x, y| {
                (x as u32 as i32 as i64).wrapping_mul(y as u32 as i32 as i64) as u64
            }),
            (BinOp::MulWide, Ty::U32) => self.map2::<WIDE>(mask, d, a, b, |x, y| (x as u32 as u64) * (y as u32 as u64)),
            // The rest out of line, compiled like the executor's copy that calls them (a
            // hundred loops inlined there would crowd out what its hot path inlines).
            _ => {
                #[cfg(target_arch = "x86_64")]
                if WIDE {
                    // SAFETY: the AVX2 copy of the executor runs only where the CPU has these.
                    return unsafe { binary_avx2(self, mask, op, ty, d, a, b) };
                }
                binary_baseline(self, mask, op, ty, d, a, b)
            }
        }
    }

    /// `ops::bin` with the operation and the type as constants, a loop for each.
    #[inline(always)]
    fn binary_lanes<const WIDE: bool>(&mut self, mask: u32, op: BinOp, ty: Ty, d: Reg, a: Reg, b: Reg) {
        macro_rules! lanes {
            ($ty:expr; $($op:ident)*) => {
                match op {
                    $(BinOp::$op => self.map2::<WIDE>(mask, d, a, b, |x, y| ops::bin(BinOp::$op, $ty, x, y)),)*
                    #[allow(unreachable_patterns)]
                    _ => self.map2::<WIDE>(mask, d, a, b, |x, y| ops::bin(op, ty, x, y)),
                }
            };
        }
        macro_rules! integer {
            ($ty:expr) => {
                lanes!($ty; Add Sub MulLo MulHi MulWide Min Max Div Rem And Or Xor Shl Shr)
            };
        }
        match ty {
            Ty::U32 => integer!(Ty::U32),
            Ty::S32 => integer!(Ty::S32),
            Ty::U64 => integer!(Ty::U64),
            Ty::S64 => integer!(Ty::S64),
            Ty::F32 => lanes!(Ty::F32; Add Sub MulLo Min Max Div),
            Ty::F64 => lanes!(Ty::F64; Add Sub MulLo Min Max Div),
            // 8- and 16-bit integers, halves: rare.
            _ => self.map2::<WIDE>(mask, d, a, b, |x, y| ops::bin(op, ty, x, y)),
        }
    }
}

#[inline(never)]
fn binary_baseline(w: &mut Warp, mask: u32, op: BinOp, ty: Ty, d: Reg, a: Reg, b: Reg) {
    w.binary_lanes::<false>(mask, op, ty, d, a, b)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma,bmi1,bmi2,lzcnt,popcnt")]
unsafe fn binary_avx2(w: &mut Warp, mask: u32, op: BinOp, ty: Ty, d: Reg, a: Reg, b: Reg) {
    w.binary_lanes::<true>(mask, op, ty, d, a, b)
}

/// `setp`'s comparison of two rows of f32 or f64 values: bit `l` set where lane `l`'s holds (all
/// 32 lanes; the caller keeps its mask's). Out of line as `binary`'s rarer loops are.
#[inline(always)]
pub(super) fn float_compare<const WIDE: bool>(cmp: Cmp, ty: Ty, a: &[u64; 32], b: &[u64; 32]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if WIDE {
        // SAFETY: the AVX2 copy of the executor runs only where the CPU has these.
        return unsafe { float_compare_avx2(cmp, ty, a, b) };
    }
    float_compare_baseline(cmp, ty, a, b)
}

#[inline(always)]
fn float_compare_lanes(cmp: Cmp, ty: Ty, a: &[u64; 32], b: &[u64; 32]) -> u32 {
    macro_rules! lanes {
        ($ty:expr; $($cmp:ident)*) => {
            match cmp {
                $(Cmp::$cmp => {
                    let mut bits = 0u32;
                    for l in 0..32 {
                        bits |= (ops::compare(Cmp::$cmp, $ty, a[l], b[l]) as u32) << l;
                    }
                    bits
                })*
            }
        };
    }
    match ty {
        Ty::F32 => lanes!(Ty::F32; Eq Ne Lt Le Gt Ge Equ Neu Ltu Leu Gtu Geu Num Nan),
        _ => lanes!(Ty::F64; Eq Ne Lt Le Gt Ge Equ Neu Ltu Leu Gtu Geu Num Nan),
    }
}

#[inline(never)]
fn float_compare_baseline(cmp: Cmp, ty: Ty, a: &[u64; 32], b: &[u64; 32]) -> u32 {
    float_compare_lanes(cmp, ty, a, b)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma,bmi1,bmi2,lzcnt,popcnt")]
unsafe fn float_compare_avx2(cmp: Cmp, ty: Ty, a: &[u64; 32], b: &[u64; 32]) -> u32 {
    float_compare_lanes(cmp, ty, a, b)
}
