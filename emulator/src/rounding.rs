//! Directed rounding (`.rz`, `.rm`, `.rp`) of float arithmetic. The host rounds to nearest only,
//! so each result is the nearest one moved by one unit in the last place when the exact result
//! lies on the side the mode rounds away from. Which side it lies on comes from error-free
//! transformations: the exact result is a sum of host floats, and only its sign against the
//! nearest matters. NVIDIA's fmodf and remainderf use `fma.rz` to take a quotient's integer part:
//! rounded to nearest, a quotient of 2.9999999 becomes 3 and the remainder is wrong.

use crate::ir::{Rnd, RoundedOp};
use crate::ops::{f32b, f32v, f64b, f64v};
use std::cmp::Ordering;

/// `op` on f32 operands (raw bits), rounded as `rnd` says.
pub(crate) fn f32_op(op: RoundedOp, rnd: Rnd, a: u64, b: u64, c: u64) -> u64 {
    let (x, y, z) = (f32v(a), f32v(b), f32v(c));
    let (nearest, exact_side) = match op {
        // f64 holds every f32 product exactly, and a sum as a value plus its exact error.
        RoundedOp::Add => (x + y, side_of_sum(two_sum(x as f64, y as f64), x + y)),
        RoundedOp::Sub => (x - y, side_of_sum(two_sum(x as f64, -(y as f64)), x - y)),
        RoundedOp::Mul => (x * y, side_of_sum((x as f64 * y as f64, 0.0), x * y)),
        RoundedOp::Fma => {
            let r = x.mul_add(y, z);
            (r, side_of_sum(two_sum(x as f64 * y as f64, z as f64), r))
        }
        // The exact quotient against q has the sign of the remainder x - q y (times y's sign);
        // q y is exact in f64 and the rounded subtraction keeps the remainder's sign.
        RoundedOp::Div => {
            let q = x / y;
            (q, remainder_side(x as f64 - q as f64 * y as f64, y as f64))
        }
        RoundedOp::Rcp => {
            let q = 1.0 / x;
            (q, remainder_side(1.0 - q as f64 * x as f64, x as f64))
        }
        RoundedOp::Sqrt => {
            let q = x.sqrt();
            (q, (x as f64 - q as f64 * q as f64).partial_cmp(&0.0).unwrap_or(Ordering::Equal))
        }
    };
    f32b(f32::from_bits(directed(
        nearest.to_bits() as u64,
        side(nearest as f64, exact_side, exact_is_finite(op, x as f64, y as f64, z as f64)),
        rnd,
        32,
        exact_zero_sum(op, x as f64, y as f64, z as f64),
    ) as u32))
}

/// `op` on f64 operands (raw bits), rounded as `rnd` says.
pub(crate) fn f64_op(op: RoundedOp, rnd: Rnd, a: u64, b: u64, c: u64) -> u64 {
    let (x, y, z) = (f64v(a), f64v(b), f64v(c));
    let sign = |e: f64| e.partial_cmp(&0.0).unwrap_or(Ordering::Equal);
    let (nearest, exact_side) = match op {
        RoundedOp::Add => (x + y, sign(two_sum(x, y).1)),
        RoundedOp::Sub => (x - y, sign(two_sum(x, -y).1)),
        // fma gives a product's error exactly, and a quotient's or root's remainder exactly.
        RoundedOp::Mul => (x * y, sign(x.mul_add(y, -(x * y)))),
        RoundedOp::Fma => {
            let r = x.mul_add(y, z);
            (r, fma_error_side(x, y, z, r))
        }
        RoundedOp::Div => {
            let q = x / y;
            (q, remainder_side((-q).mul_add(y, x), y))
        }
        RoundedOp::Rcp => {
            let q = 1.0 / x;
            (q, remainder_side((-q).mul_add(x, 1.0), x))
        }
        RoundedOp::Sqrt => {
            let q = x.sqrt();
            (q, sign((-q).mul_add(q, x)))
        }
    };
    f64b(f64::from_bits(directed(
        nearest.to_bits(),
        side(nearest, exact_side, exact_is_finite(op, x, y, z)),
        rnd,
        64,
        exact_zero_sum(op, x, y, z),
    )))
}

/// Whether the exact result is a finite number (no infinite operand, no division by zero).
fn exact_is_finite(op: RoundedOp, x: f64, y: f64, z: f64) -> bool {
    let finite = x.is_finite() && y.is_finite() && z.is_finite();
    match op {
        RoundedOp::Div => finite && y != 0.0,
        RoundedOp::Rcp => finite && x != 0.0,
        _ => finite,
    }
}

/// Where the exact result lies against the nearest: an infinite nearest of a finite exact
/// result overflowed, so the exact value is nearer zero.
fn side(nearest: f64, exact_side: Ordering, exact_finite: bool) -> Ordering {
    if nearest.is_infinite() && exact_finite {
        if nearest > 0.0 {
            Ordering::Less
        } else {
            Ordering::Greater
        }
    } else if nearest.is_nan() || nearest.is_infinite() {
        Ordering::Equal
    } else {
        exact_side
    }
}

/// The exact sum hi + lo (|lo| at most half an ulp of hi) against an f32 nearest to it: hi - r
/// is exact (both are multiples of hi's ulp and close), and when it is zero lo decides.
fn side_of_sum((hi, lo): (f64, f64), r: f32) -> Ordering {
    let d = hi - r as f64;
    let d = if d == 0.0 { lo } else { d };
    d.partial_cmp(&0.0).unwrap_or(Ordering::Equal)
}

/// s + e = a + b exactly (Knuth's TwoSum).
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// The side of x/q-style exact results: the remainder's sign, flipped for a negative divisor.
fn remainder_side(remainder: f64, divisor: f64) -> Ordering {
    let s = remainder.partial_cmp(&0.0).unwrap_or(Ordering::Equal);
    if divisor < 0.0 {
        s.reverse()
    } else {
        s
    }
}

/// a b + c - r for r = fma(a, b, c), as r2 + r3 exactly (Boldo and Muller's ErrFma), by sign.
fn fma_error_side(a: f64, b: f64, c: f64, r: f64) -> Ordering {
    let u1 = a * b;
    let u2 = a.mul_add(b, -u1);
    let (alpha1, z1) = two_sum(c, u2);
    let (beta1, beta2) = two_sum(u1, alpha1);
    let gamma = (beta1 - r) + beta2;
    let r2 = gamma + z1;
    let r3 = z1 - (r2 - gamma);
    let e = if r2 != 0.0 { r2 } else { r3 };
    e.partial_cmp(&0.0).unwrap_or(Ordering::Equal)
}

/// Whether a zero result is an exact sum of addends that are not all +0 (x - x, or +0 + -0):
/// IEEE gives such a zero the sign + in every mode but toward minus infinity, where it is -0.
fn exact_zero_sum(op: RoundedOp, x: f64, y: f64, z: f64) -> bool {
    let positive_zero = |v: f64| v == 0.0 && v.is_sign_positive();
    match op {
        RoundedOp::Add => !(positive_zero(x) && positive_zero(y)),
        RoundedOp::Sub => !(positive_zero(x) && positive_zero(-y)),
        RoundedOp::Fma => !(positive_zero(x * y) && positive_zero(z)),
        _ => false,
    }
}

/// The nearest result (bits of a `width`-bit float) moved one ulp toward the exact one where
/// `rnd` rounds the other way.
fn directed(nearest: u64, exact_side: Ordering, rnd: Rnd, width: u32, zero_sum_of_mixed: bool) -> u64 {
    let sign_bit = 1u64 << (width - 1);
    let negative = nearest & sign_bit != 0;
    let magnitude = nearest & !sign_bit;
    if exact_side == Ordering::Equal {
        // x - x is -0 when rounding toward minus infinity.
        if magnitude == 0 && !negative && zero_sum_of_mixed && rnd == Rnd::Rm {
            return sign_bit;
        }
        return nearest;
    }
    let (up, down) = match rnd {
        Rnd::Rp => (exact_side == Ordering::Greater, false),
        Rnd::Rm => (false, exact_side == Ordering::Less),
        // Toward zero: back one step when the exact value is nearer zero than the nearest.
        Rnd::Rz => (negative && exact_side == Ordering::Greater, !negative && exact_side == Ordering::Less),
        _ => (false, false),
    };
    if up {
        next_up(nearest, width)
    } else if down {
        next_up(nearest ^ sign_bit, width) ^ sign_bit
    } else {
        nearest
    }
}

/// The next larger float of `width` bits (for a finite or -infinite value; +0 and -0 go to the
/// smallest subnormal).
fn next_up(bits: u64, width: u32) -> u64 {
    let sign_bit = 1u64 << (width - 1);
    if bits & !sign_bit == 0 {
        1
    } else if bits & sign_bit == 0 {
        bits + 1
    } else {
        bits - 1
    }
}
