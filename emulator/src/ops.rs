//! The value semantics of PTX instructions, one lane at a time. Registers hold raw bits in a
//! u64; a 32-bit value lives in the low half. These functions know nothing of warps, memory,
//! metrics or checks.

use crate::ir::{BinOp, CarryOp, Cmp, HalfOp, Rnd, Ty, UnOp};

#[inline(always)]
pub(crate) fn bits(ty: Ty) -> u32 {
    ty.size() * 8
}

/// Keep the low `ty`-width bits.
#[inline(always)]
pub(crate) fn trunc(v: u64, ty: Ty) -> u64 {
    match ty.size() {
        1 => v & 0xff,
        2 => v & 0xffff,
        4 => v & 0xffff_ffff,
        _ => v,
    }
}

/// Sign-extend from the width of `ty`.
#[inline(always)]
pub(crate) fn sext(v: u64, ty: Ty) -> i64 {
    match ty.size() {
        1 => v as u8 as i8 as i64,
        2 => v as u16 as i16 as i64,
        4 => v as u32 as i32 as i64,
        _ => v as i64,
    }
}

#[inline(always)]
pub(crate) fn f32v(v: u64) -> f32 {
    f32::from_bits(v as u32)
}

#[inline(always)]
pub(crate) fn f32b(f: f32) -> u64 {
    // A GPU's f32 arithmetic gives one NaN, 0x7fffffff (the host's is 0xffc00000 or 0x7fc00000):
    // the bits show in a kernel's output (`__float_as_uint`, `signbit`).
    // A select on an unordered compare, which the lane loops vectorise (a compare and a blend
    // per vector, two fewer than testing the bits).
    (if f.is_nan() { 0x7fff_ffff } else { f.to_bits() }) as u64
}

#[inline(always)]
pub(crate) fn f64v(v: u64) -> f64 {
    f64::from_bits(v)
}

#[inline(always)]
pub(crate) fn f64b(f: f64) -> u64 {
    f.to_bits()
}

/// PTX's `min`/`max` (f32 values widen exactly): a NaN operand gives the other one, and -0 is
/// below +0 (the host's `f32::min` may return either zero).
#[inline(always)]
fn min_max<F: Copy + Into<f64>>(x: F, y: F, min: bool) -> F {
    let (fx, fy): (f64, f64) = (x.into(), y.into());
    if fx.is_nan() {
        return y;
    }
    if fy.is_nan() {
        return x;
    }
    // Equal values differ only in the zeros' signs.
    let x_first = if fx == fy { fx.is_sign_negative() == min } else { (fx < fy) == min };
    if x_first {
        x
    } else {
        y
    }
}

#[inline(always)]
pub(crate) fn bin(op: BinOp, ty: Ty, a: u64, b: u64) -> u64 {
    match (ty, op) {
        // Bit operations, NaNs kept as they are: `copysign.f32 d, a, b` is b with a's sign.
        (Ty::F32, BinOp::Copysign) => return (b & 0x7fff_ffff) | (a & 0x8000_0000),
        (Ty::F64, BinOp::Copysign) => return (b & !(1 << 63)) | (a & (1 << 63)),
        _ => {}
    }
    match ty {
        Ty::F32 => {
            let (x, y) = (f32v(a), f32v(b));
            f32b(match op {
                BinOp::Add => x + y,
                BinOp::Sub => x - y,
                BinOp::MulLo => x * y,
                BinOp::Min => min_max(x, y, true),
                BinOp::Max => min_max(x, y, false),
                BinOp::Div => x / y,
                _ => f32::NAN,
            })
        }
        Ty::F64 => {
            let (x, y) = (f64v(a), f64v(b));
            f64b(match op {
                BinOp::Add => x + y,
                BinOp::Sub => x - y,
                BinOp::MulLo => x * y,
                BinOp::Min => min_max(x, y, true),
                BinOp::Max => min_max(x, y, false),
                BinOp::Div => x / y,
                _ => f64::NAN,
            })
        }
        _ => int_bin(op, ty, a, b),
    }
}

#[inline(always)]
fn int_bin(op: BinOp, ty: Ty, a: u64, b: u64) -> u64 {
    let w = bits(ty);
    let signed = ty.is_signed();
    match op {
        BinOp::Add => trunc(a.wrapping_add(b), ty),
        BinOp::Sub => trunc(a.wrapping_sub(b), ty),
        BinOp::MulLo => trunc(a.wrapping_mul(b), ty),
        BinOp::MulHi => {
            let p = if signed {
                ((sext(a, ty) as i128 * sext(b, ty) as i128) >> w) as u64
            } else {
                ((trunc(a, ty) as u128 * trunc(b, ty) as u128) >> w) as u64
            };
            trunc(p, ty)
        }
        BinOp::MulWide => {
            let p = if signed {
                (sext(a, ty) as i128 * sext(b, ty) as i128) as u64
            } else {
                (trunc(a, ty) as u128 * trunc(b, ty) as u128) as u64
            };
            if w == 64 {
                p
            } else {
                p & (u64::MAX >> (64 - 2 * w))
            }
        }
        BinOp::Min | BinOp::Max => {
            let pick_a = if signed {
                (sext(a, ty) < sext(b, ty)) == (op == BinOp::Min)
            } else {
                (trunc(a, ty) < trunc(b, ty)) == (op == BinOp::Min)
            };
            trunc(if pick_a { a } else { b }, ty)
        }
        BinOp::Div | BinOp::Rem => {
            if trunc(b, ty) == 0 {
                // Undefined in PTX; the hardware gives all ones for division.
                return if op == BinOp::Div { trunc(u64::MAX, ty) } else { trunc(a, ty) };
            }
            let r = if signed {
                let (x, y) = (sext(a, ty), sext(b, ty));
                (if op == BinOp::Div { x.wrapping_div(y) } else { x.wrapping_rem(y) }) as u64
            } else {
                let (x, y) = (trunc(a, ty), trunc(b, ty));
                if op == BinOp::Div {
                    x / y
                } else {
                    x % y
                }
            };
            trunc(r, ty)
        }
        BinOp::And => trunc(a & b, ty),
        BinOp::Or => trunc(a | b, ty),
        BinOp::Xor => trunc(a ^ b, ty),
        BinOp::Shl => {
            let s = b as u32;
            if s >= w {
                0
            } else {
                trunc(a << s, ty)
            }
        }
        BinOp::Shr => {
            let s = b as u32;
            if signed {
                trunc((sext(a, ty) >> s.min(w - 1)) as u64, ty)
            } else if s >= w {
                0
            } else {
                trunc(a, ty) >> s
            }
        }
        BinOp::AddSat | BinOp::SubSat => {
            // PTX only has .sat for s32.
            let (x, y) = (sext(a, ty) as i32, sext(b, ty) as i32);
            let r = if op == BinOp::AddSat { x.saturating_add(y) } else { x.saturating_sub(y) };
            r as u32 as u64
        }
        BinOp::Copysign => 0,
    }
}

#[inline(always)]
pub(crate) fn un(op: UnOp, ty: Ty, a: u64) -> u64 {
    match ty {
        Ty::F32 => {
            let x = f32v(a);
            f32b(match op {
                UnOp::Neg => -x,
                UnOp::Abs => x.abs(),
                UnOp::Rcp => 1.0 / x,
                UnOp::Sqrt => x.sqrt(),
                UnOp::Rsqrt => 1.0 / x.sqrt(),
                UnOp::Ex2 => x.exp2(),
                UnOp::Lg2 => x.log2(),
                UnOp::Sin => x.sin(),
                UnOp::Cos => x.cos(),
                UnOp::Tanh => x.tanh(),
                _ => f32::NAN,
            })
        }
        Ty::F64 => {
            let x = f64v(a);
            f64b(match op {
                UnOp::Neg => -x,
                UnOp::Abs => x.abs(),
                UnOp::Rcp => 1.0 / x,
                UnOp::Sqrt => x.sqrt(),
                UnOp::Rsqrt => 1.0 / x.sqrt(),
                UnOp::Ex2 => x.exp2(),
                UnOp::Lg2 => x.log2(),
                UnOp::Sin => x.sin(),
                UnOp::Cos => x.cos(),
                UnOp::Tanh => x.tanh(),
                _ => f64::NAN,
            })
        }
        _ => {
            let w = bits(ty);
            match op {
                UnOp::Neg => trunc(a.wrapping_neg(), ty),
                UnOp::Abs => trunc(sext(a, ty).wrapping_abs() as u64, ty),
                UnOp::Not => trunc(!a, ty),
                UnOp::Cnot => (trunc(a, ty) == 0) as u64,
                UnOp::Popc => trunc(a, ty).count_ones() as u64,
                UnOp::Clz => (trunc(a, ty).leading_zeros() - (64 - w)) as u64,
                UnOp::Brev => trunc(a, ty).reverse_bits() >> (64 - w),
                UnOp::Bfind | UnOp::BfindShift => {
                    // For signed values, look for the first bit that differs from the sign.
                    let v = if ty.is_signed() && sext(a, ty) < 0 { trunc(!a, ty) } else { trunc(a, ty) };
                    if v == 0 {
                        0xffff_ffff
                    } else {
                        let pos = 63 - v.leading_zeros();
                        (if op == UnOp::Bfind { pos } else { w - 1 - pos }) as u64
                    }
                }
                _ => 0,
            }
        }
    }
}

/// The integer-or-float comparison of `setp`/`set`.
#[inline(always)]
pub(crate) fn compare(cmp: Cmp, ty: Ty, a: u64, b: u64) -> bool {
    use std::cmp::Ordering::*;
    let ord = match ty {
        Ty::F32 => f32v(a).partial_cmp(&f32v(b)),
        Ty::F64 => f64v(a).partial_cmp(&f64v(b)),
        Ty::F16 => f16_to_f32(a as u16).partial_cmp(&f16_to_f32(b as u16)),
        _ if ty.is_signed() => Some(sext(a, ty).cmp(&sext(b, ty))),
        _ => Some(trunc(a, ty).cmp(&trunc(b, ty))),
    };
    match (cmp, ord) {
        (Cmp::Num, o) => o.is_some(),
        (Cmp::Nan, o) => o.is_none(),
        (Cmp::Equ | Cmp::Neu | Cmp::Ltu | Cmp::Leu | Cmp::Gtu | Cmp::Geu, None) => true,
        (_, None) => false,
        (Cmp::Eq | Cmp::Equ, Some(o)) => o == Equal,
        (Cmp::Ne | Cmp::Neu, Some(o)) => o != Equal,
        (Cmp::Lt | Cmp::Ltu, Some(o)) => o == Less,
        (Cmp::Le | Cmp::Leu, Some(o)) => o != Greater,
        (Cmp::Gt | Cmp::Gtu, Some(o)) => o == Greater,
        (Cmp::Ge | Cmp::Geu, Some(o)) => o != Less,
    }
}

fn round_int_f64(x: f64, rnd: Rnd) -> f64 {
    match rnd {
        Rnd::Rni | Rnd::Rn => x.round_ties_even(),
        Rnd::Rmi | Rnd::Rm => x.floor(),
        Rnd::Rpi | Rnd::Rp => x.ceil(),
        _ => x.trunc(),
    }
}

pub(crate) fn f16_to_f32(h: u16) -> f32 {
    let sign = ((h >> 15) as u32) << 31;
    let exp = ((h >> 10) & 0x1f) as u32;
    let man = (h & 0x3ff) as u32;
    let bits = if exp == 0 {
        if man == 0 {
            sign
        } else {
            // Subnormal half: value = man * 2^-24.
            return f32::from_bits(sign) + (man as f32) * 2f32.powi(-24) * if sign != 0 { -1.0 } else { 1.0 };
        }
    } else if exp == 31 {
        sign | 0x7f80_0000 | (man << 13)
    } else {
        sign | ((exp + 112) << 23) | (man << 13)
    };
    f32::from_bits(bits)
}

/// An f64 (exact for every f32) to a half in rounding mode `rnd` (.rn unless .rz, .rm or .rp):
/// the magnitude in units of the half's quantum at that size, rounded to an integer once.
pub(crate) fn f64_to_f16(x: f64, rnd: Rnd) -> u16 {
    let sign: u16 = if x.is_sign_negative() { 0x8000 } else { 0 };
    let a = x.abs();
    if a.is_nan() {
        // The GPU's canonical half NaN, whatever the sign.
        return 0x7fff;
    }
    // Whether the mode rounds this value's magnitude up (away from zero) or down.
    let away = match rnd {
        Rnd::Rp => sign == 0,
        Rnd::Rm => sign != 0,
        _ => false,
    };
    let nearest = !matches!(rnd, Rnd::Rz | Rnd::Rm | Rnd::Rp);
    const MAX: f64 = 65504.0;
    if a.is_infinite() {
        return sign | 0x7c00;
    }
    // The quantum: 2^-24 below the normal range (2^-14), else 2^(exponent - 10).
    let exponent = if a < 2f64.powi(-14) { -14 } else { ((a.to_bits() >> 52) as i32) - 1023 };
    let quantum = 2f64.powi(exponent - 10);
    let units = a / quantum; // exact: a power-of-two scaling
    let rounded = if nearest {
        units.round_ties_even()
    } else if away {
        units.ceil()
    } else {
        units.trunc()
    };
    let v = rounded * quantum;
    if v > MAX {
        // Overflow: infinity to nearest (from 65520 up) or away from zero, else the largest half.
        return sign | if nearest || away { 0x7c00 } else { 0x7bff };
    }
    if v < 2f64.powi(-14) {
        return sign | (v / 2f64.powi(-24)) as u16;
    }
    let e = ((v.to_bits() >> 52) as i32) - 1023;
    let mantissa = (v / 2f64.powi(e - 10)) as u16 - 1024;
    sign | ((e + 15) as u16) << 10 | mantissa
}

/// An integer as an f32 in rounding mode `rnd` (.rn unless .rz, .rm or .rp), rounded once.
fn int_to_f32(v: i128, rnd: Rnd) -> f32 {
    let nearest = v as f32;
    // f32 values this large are integers, so the comparison is exact.
    let n = nearest as i128;
    let step = |f: f32, up: bool| {
        let b = f.to_bits();
        // Away from zero is one more in the bits, toward zero one less.
        let away = (f > 0.0) == up;
        f32::from_bits(if away { b + 1 } else { b - 1 })
    };
    match rnd {
        Rnd::Rz if n.abs() > v.abs() => step(nearest, nearest < 0.0),
        Rnd::Rm if n > v => step(nearest, false),
        Rnd::Rp if n < v => step(nearest, true),
        _ => nearest,
    }
}

/// `cvt.dty.sty` with rounding and saturation.
pub(crate) fn cvt(dty: Ty, sty: Ty, rnd: Rnd, sat: bool, a: u64) -> u64 {
    let src_f: Option<f64> = match sty {
        Ty::F32 => Some(f32v(a) as f64),
        Ty::F64 => Some(f64v(a)),
        Ty::F16 => Some(f16_to_f32(a as u16) as f64),
        _ => None,
    };
    match (src_f, dty.is_float()) {
        (None, false) => {
            // int → int: extend from the source, then truncate (or clamp with .sat).
            let v: i128 = if sty.is_signed() { sext(a, sty) as i128 } else { trunc(a, sty) as i128 };
            if sat {
                let (lo, hi): (i128, i128) = if dty.is_signed() {
                    (-(1i128 << (bits(dty) - 1)), (1i128 << (bits(dty) - 1)) - 1)
                } else {
                    (0, (1i128 << bits(dty)) - 1)
                };
                trunc(v.clamp(lo, hi) as u64, dty)
            } else {
                trunc(v as u64, dty)
            }
        }
        (None, true) => {
            let x: f64 = if sty.is_signed() { sext(a, sty) as f64 } else { trunc(a, sty) as f64 };
            // 64-bit ints to f32 must round once: go straight from the integer.
            match dty {
                Ty::F32 => {
                    let v: i128 = if sty.is_signed() { sext(a, sty) as i128 } else { trunc(a, sty) as i128 };
                    f32b(int_to_f32(v, rnd))
                }
                Ty::F16 => f64_to_f16(x, rnd) as u64,
                _ => {
                    if sty.size() == 8 {
                        if sty.is_signed() {
                            f64b(sext(a, sty) as f64)
                        } else {
                            f64b(a as f64)
                        }
                    } else {
                        f64b(x)
                    }
                }
            }
        }
        (Some(x), false) => {
            // float → int: round (default toward zero), clamp to the range, NaN → 0.
            let r = round_int_f64(x, rnd);
            if r.is_nan() {
                // As an H100 does: 0 from an f32 into 32 bits or fewer, else the most negative
                // value of a signed integer (0 for an unsigned one).
                let narrow_from_f32 = sty == Ty::F32 && bits(dty) <= 32;
                return if dty.is_signed() && !narrow_from_f32 { trunc(1 << (bits(dty) - 1), dty) } else { 0 };
            }
            let v: u64 = match dty {
                Ty::S8 => (r as i8) as u64,
                Ty::S16 => (r as i16) as u64,
                Ty::S32 => (r as i32) as u64,
                Ty::S64 => (r as i64) as u64,
                Ty::U8 => (r as u8) as u64,
                Ty::U16 => (r as u16) as u64,
                Ty::U32 => (r as u32) as u64,
                _ => r as u64,
            };
            trunc(v, dty)
        }
        (Some(x), true) => {
            let mut y = match rnd {
                Rnd::Rni | Rnd::Rzi | Rnd::Rmi | Rnd::Rpi => round_int_f64(x, rnd),
                _ => x,
            };
            if sat {
                // NaN and every value not above zero (-0 included) give +0, as on a GPU.
                y = if y.is_nan() || y <= 0.0 { 0.0 } else { y.min(1.0) };
            }
            match dty {
                Ty::F32 => {
                    if sty == Ty::F64 {
                        f32b(f64_to_f32(y, rnd))
                    } else {
                        f32b(y as f32)
                    }
                }
                Ty::F16 => f64_to_f16(y, rnd) as u64,
                _ => f64b(y),
            }
        }
    }
}

/// f64 → f32 honouring `.rz/.rm/.rp` (default and `.rn`: nearest even).
fn f64_to_f32(x: f64, rnd: Rnd) -> f32 {
    let n = x as f32;
    if !n.is_finite() && x.is_finite() && matches!(rnd, Rnd::Default | Rnd::Rn) {
        return n;
    }
    let back = n as f64;
    if back == x || x.is_nan() {
        return n;
    }
    let toward = |up: bool| -> f32 {
        // Step `n` one ulp toward the side `up` if it overshot.
        let over = back > x;
        if over == up {
            n
        } else if up {
            next_up(n)
        } else {
            next_down(n)
        }
    };
    match rnd {
        Rnd::Rz => {
            if x > 0.0 {
                toward(false)
            } else {
                toward(true)
            }
        }
        Rnd::Rm => toward(false),
        Rnd::Rp => toward(true),
        _ => n,
    }
}

fn next_up(f: f32) -> f32 {
    if f.is_nan() || f == f32::INFINITY {
        return f;
    }
    if f == 0.0 {
        return f32::from_bits(1);
    }
    let b = f.to_bits();
    f32::from_bits(if f > 0.0 { b + 1 } else { b - 1 })
}

fn next_down(f: f32) -> f32 {
    -next_up(-f)
}

/// `op` with the carry flag `carry` (0 or 1) coming in: (the result, the flag going out). For
/// subtraction the flag is the borrow.
pub(crate) fn with_carry(op: CarryOp, ty: Ty, a: u64, b: u64, c: u64, carry: u64) -> (u64, u64) {
    let w = bits(ty);
    let (a, b, c) = (trunc(a, ty) as u128, trunc(b, ty) as u128, trunc(c, ty) as u128);
    let sum = match op {
        CarryOp::Add => a + b + carry as u128,
        CarryOp::Sub => {
            let taken = b + carry as u128;
            return (trunc(a.wrapping_sub(taken) as u64, ty), (a < taken) as u64);
        }
        CarryOp::MadLo => trunc(bin(BinOp::MulLo, ty, a as u64, b as u64), ty) as u128 + c + carry as u128,
        CarryOp::MadHi => trunc(bin(BinOp::MulHi, ty, a as u64, b as u64), ty) as u128 + c + carry as u128,
    };
    (trunc(sum as u64, ty), (sum >> w) as u64 & 1)
}

/// Half-precision `op` on one half or on both halves of 32-bit registers. Each result is
/// computed in f64, where sums and products of halves are exact, and rounded to a half once.
pub(crate) fn half(op: HalfOp, pair: bool, sat: bool, rnd: Rnd, a: u64, b: u64, c: u64) -> u64 {
    let one = |a: u16, b: u16, c: u16| -> u16 {
        // neg and abs flip or clear the sign, but a NaN comes out canonical, as on a GPU.
        match op {
            HalfOp::Neg | HalfOp::Abs if a & 0x7fff > 0x7c00 => return 0x7fff,
            HalfOp::Neg => return a ^ 0x8000,
            HalfOp::Abs => return a & 0x7fff,
            _ => {}
        }
        let (x, y, z) = (f16_to_f32(a) as f64, f16_to_f32(b) as f64, f16_to_f32(c) as f64);
        let r = match op {
            HalfOp::Add => x + y,
            HalfOp::Sub => x - y,
            HalfOp::Mul => x * y,
            HalfOp::Fma => x.mul_add(y, z),
            HalfOp::Min => min_max(x, y, true),
            HalfOp::Max => min_max(x, y, false),
            HalfOp::Neg | HalfOp::Abs => unreachable!("bit operations"),
        };
        // .sat: NaN and everything not above zero give +0, as for f32.
        let r = if sat {
            if r.is_nan() || r <= 0.0 {
                0.0
            } else {
                r.min(1.0)
            }
        } else {
            r
        };
        if r.is_nan() {
            // The GPU's canonical half NaN.
            return 0x7fff;
        }
        f64_to_f16(r, rnd)
    };
    let low = one(a as u16, b as u16, c as u16) as u64;
    if pair {
        let high = one((a >> 16) as u16, (b >> 16) as u16, (c >> 16) as u16) as u64;
        high << 16 | low
    } else {
        low
    }
}
