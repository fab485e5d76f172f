//! Directed rounding (`.rz`, `.rm`, `.rp`) of float arithmetic: hand-worked values through PTX,
//! and an oracle that rounds exactly representable f64 results to f32 by comparing neighbours.

use super::instructions::run32;
use crate::ir::{Rnd, RoundedOp};
use crate::rounding::{f32_op, f64_op};
use rand::{rngs::StdRng, Rng, SeedableRng};

/// One instruction on f32 bit patterns loaded with mov.b32, the result's bits.
fn f32_inst(inst: &str, operands: &[u32]) -> u32 {
    let loads: String = operands.iter().enumerate().map(|(i, b)| format!("mov.b32 %f{}, {b};\n ", i + 2)).collect();
    let args: Vec<String> = (0..operands.len()).map(|i| format!("%f{}", i + 2)).collect();
    let v = run32(&format!("{loads}{inst} %f1, {};\n mov.b32 %r1, %f1;\n cvt.u64.u32 %res, %r1;", args.join(", ")));
    v[0] as u32
}

fn f64_inst(inst: &str, operands: &[u64]) -> u64 {
    let loads: String = operands.iter().enumerate().map(|(i, b)| format!("mov.b64 %fd{}, {b};\n ", i + 2)).collect();
    let args: Vec<String> = (0..operands.len()).map(|i| format!("%fd{}", i + 2)).collect();
    run32(&format!("{loads}{inst} %fd1, {};\n mov.b64 %res, %fd1;", args.join(", ")))[0]
}

const ONE: u32 = 0x3f80_0000;
const TINY: u32 = 0x3080_0000; // 2^-30
const MAX: u32 = 0x7f7f_ffff;

#[test]
fn f32_add_sub_and_mul_round_toward_the_mode() {
    let neg = |b: u32| b | 0x8000_0000;
    // 1 + 2^-30: nearest and toward zero or minus give 1, toward plus the next float up.
    for (inst, want) in [("add.rn", ONE), ("add.rz", ONE), ("add.rm", ONE), ("add.rp", ONE + 1)] {
        assert_eq!(f32_inst(&format!("{inst}.f32"), &[ONE, TINY]), want, "{inst}");
    }
    // 1 + 2^-60 is 1 even in f64: the sum's error decides.
    assert_eq!(f32_inst("add.rp.f32", &[ONE, 0x2180_0000]), ONE + 1);
    assert_eq!(f32_inst("sub.rz.f32", &[ONE, 0x2180_0000]), 0x3f7f_ffff);
    // -1 - 2^-30: toward zero stays -1, toward minus goes one further out.
    for (inst, want) in [("add.rz", neg(ONE)), ("add.rp", neg(ONE)), ("add.rm", neg(ONE) + 1)] {
        assert_eq!(f32_inst(&format!("{inst}.f32"), &[neg(ONE), neg(TINY)]), want, "{inst}");
    }
    // 1 - 2^-30 below 1: toward zero and minus give the float below 1.
    assert_eq!(f32_inst("sub.rz.f32", &[ONE, TINY]), 0x3f7f_ffff);
    assert_eq!(f32_inst("sub.rp.f32", &[ONE, TINY]), ONE);
    // (1 + 2^-23)(1 - 2^-24) = 1 + 2^-24 - 2^-47: nearest 1, toward plus 1 + 2^-23.
    assert_eq!(f32_inst("mul.rn.f32", &[ONE + 1, 0x3f7f_ffff]), ONE);
    assert_eq!(f32_inst("mul.rz.f32", &[ONE + 1, 0x3f7f_ffff]), ONE);
    assert_eq!(f32_inst("mul.rp.f32", &[ONE + 1, 0x3f7f_ffff]), ONE + 1);
    // Overflow: toward zero (and minus, for positive) the largest float, toward plus infinity.
    assert_eq!(f32_inst("add.rz.f32", &[MAX, MAX]), MAX);
    assert_eq!(f32_inst("add.rm.f32", &[MAX, MAX]), MAX);
    assert_eq!(f32_inst("add.rp.f32", &[MAX, MAX]), 0x7f80_0000);
    assert_eq!(f32_inst("mul.rz.f32", &[neg(MAX), MAX]), neg(MAX));
    // x - x is +0, but -0 toward minus infinity; infinity stays infinity.
    assert_eq!(f32_inst("sub.rz.f32", &[ONE, ONE]), 0);
    assert_eq!(f32_inst("sub.rm.f32", &[ONE, ONE]), 0x8000_0000);
    assert_eq!(f32_inst("add.rm.f32", &[0, 0]), 0);
    assert_eq!(f32_inst("add.rz.f32", &[0x7f80_0000, ONE]), 0x7f80_0000);
    // Underflow: the smallest subnormal times a half is 0 toward zero, the subnormal toward plus.
    assert_eq!(f32_inst("mul.rz.f32", &[1, 0x3f00_0000]), 0);
    assert_eq!(f32_inst("mul.rp.f32", &[1, 0x3f00_0000]), 1);
    assert_eq!(f32_inst("mul.rm.f32", &[neg(1), 0x3f00_0000]), neg(1));
}

#[test]
fn f32_fma_div_rcp_and_sqrt_round_toward_the_mode() {
    // fma(1 + 2^-23, 1 - 2^-24, 0): the product's lost bits decide.
    assert_eq!(f32_inst("fma.rz.f32", &[ONE + 1, 0x3f7f_ffff, 0]), ONE);
    assert_eq!(f32_inst("fma.rp.f32", &[ONE + 1, 0x3f7f_ffff, 0]), ONE + 1);
    assert_eq!(f32_inst("mad.rp.f32", &[ONE + 1, 0x3f7f_ffff, 0]), ONE + 1);
    // fma(1, 1, -2^-30) is just below 1.
    assert_eq!(f32_inst("fma.rn.f32", &[ONE, ONE, TINY | 0x8000_0000]), ONE);
    assert_eq!(f32_inst("fma.rz.f32", &[ONE, ONE, TINY | 0x8000_0000]), 0x3f7f_ffff);
    // 1/3 = 0x3eaaaaab to nearest (above): toward zero one below.
    let three = 0x4040_0000;
    assert_eq!(f32_inst("div.rn.f32", &[ONE, three]), 0x3eaa_aaab);
    assert_eq!(f32_inst("div.rz.f32", &[ONE, three]), 0x3eaa_aaaa);
    assert_eq!(f32_inst("div.rp.f32", &[ONE, three]), 0x3eaa_aaab);
    assert_eq!(f32_inst("div.rm.f32", &[ONE, three | 0x8000_0000]), 0xbeaa_aaab);
    assert_eq!(f32_inst("div.rz.f32", &[ONE, three | 0x8000_0000]), 0xbeaa_aaaa);
    assert_eq!(f32_inst("rcp.rz.f32", &[three]), 0x3eaa_aaaa);
    // Division by zero is exactly infinite in every mode.
    assert_eq!(f32_inst("div.rz.f32", &[ONE, 0]), 0x7f80_0000);
    // sqrt(2) = 0x3fb504f3 to nearest, which is below: toward plus one above.
    assert_eq!(f32_inst("sqrt.rz.f32", &[0x4000_0000]), 0x3fb5_04f3);
    assert_eq!(f32_inst("sqrt.rp.f32", &[0x4000_0000]), 0x3fb5_04f4);
    assert_eq!(f32_inst("sqrt.rp.f32", &[0x4080_0000]), 0x4000_0000, "exact roots stay");
}

#[test]
fn f64_arithmetic_rounds_toward_the_mode() {
    let one = 1f64.to_bits();
    let tiny = 2f64.powi(-80).to_bits();
    let neg = |b: u64| b | 1 << 63;
    assert_eq!(f64_inst("add.rz.f64", &[one, tiny]), one);
    assert_eq!(f64_inst("add.rp.f64", &[one, tiny]), one + 1);
    assert_eq!(f64_inst("sub.rm.f64", &[one, tiny]), 0x3fef_ffff_ffff_ffff);
    // (1 + 2^-52)(1 - 2^-53) = 1 + 2^-53 - 2^-105: nearest 1, toward plus 1 + 2^-52.
    assert_eq!(f64_inst("mul.rn.f64", &[one + 1, 0x3fef_ffff_ffff_ffff]), one);
    assert_eq!(f64_inst("mul.rp.f64", &[one + 1, 0x3fef_ffff_ffff_ffff]), one + 1);
    // fma's error beyond both the product's and the sum's bits.
    assert_eq!(f64_inst("fma.rp.f64", &[one, one, tiny]), one + 1);
    assert_eq!(f64_inst("fma.rm.f64", &[one, one, neg(tiny)]), 0x3fef_ffff_ffff_ffff);
    assert_eq!(f64_inst("fma.rz.f64", &[one + 1, 0x3fef_ffff_ffff_ffff, neg(tiny)]), one);
    assert_eq!(f64_inst("fma.rp.f64", &[one + 1, 0x3fef_ffff_ffff_ffff, neg(tiny)]), one + 1);
    // 1/3 to nearest is below: toward plus one above; sqrt(2) to nearest is above.
    let three = 3f64.to_bits();
    assert_eq!(f64_inst("div.rz.f64", &[one, three]), (1.0f64 / 3.0).to_bits());
    assert_eq!(f64_inst("div.rp.f64", &[one, three]), (1.0f64 / 3.0).to_bits() + 1);
    let root2 = 2f64.sqrt().to_bits();
    assert_eq!(f64_inst("sqrt.rz.f64", &[2f64.to_bits()]), root2 - 1);
    assert_eq!(f64_inst("sqrt.rp.f64", &[2f64.to_bits()]), root2);
    assert_eq!(f64_inst("add.rz.f64", &[f64::MAX.to_bits(), f64::MAX.to_bits()]), f64::MAX.to_bits());
    assert_eq!(f64_inst("sub.rm.f64", &[three, three]), 1 << 63);
}

/// The directed roundings of an exact value `x` (finite, and exact in f64) to f32, by looking at
/// the nearest f32 and its neighbours: an oracle independent of the emulator's method.
fn oracle(x: f64, rnd: Rnd) -> f32 {
    let nearest = x as f32;
    let candidates = [nearest.next_down(), nearest, nearest.next_up()];
    let below = candidates.iter().copied().filter(|c| (*c as f64) <= x).fold(f32::NEG_INFINITY, f32::max);
    let above = candidates.iter().copied().filter(|c| (*c as f64) >= x).fold(f32::INFINITY, f32::min);
    match rnd {
        Rnd::Rm => below,
        Rnd::Rp => above,
        _ if x >= 0.0 => below,
        _ => above,
    }
}

#[test]
fn random_f32_operations_round_as_the_oracle_does() {
    let mut rng = StdRng::seed_from_u64(23);
    // Exponents within ±12: sums and products of two f32 are exact in f64.
    let value = |rng: &mut StdRng| {
        let v = f32::from_bits(rng.gen_range(0x3980_0000u32..0x4580_0000) | (rng.gen::<bool>() as u32) << 31);
        if rng.gen_ratio(1, 8) {
            v.next_up()
        } else {
            v
        }
    };
    let mut checked = 0;
    for _ in 0..20_000 {
        let (x, y) = (value(&mut rng), value(&mut rng));
        for rnd in [Rnd::Rz, Rnd::Rm, Rnd::Rp] {
            for (op, exact) in [
                (RoundedOp::Add, x as f64 + y as f64),
                (RoundedOp::Sub, x as f64 - y as f64),
                (RoundedOp::Mul, x as f64 * y as f64),
            ] {
                if exact == 0.0 {
                    continue;
                }
                let got = f32::from_bits(f32_op(op, rnd, x.to_bits() as u64, y.to_bits() as u64, 0) as u32);
                assert_eq!(got.to_bits(), oracle(exact, rnd).to_bits(), "{op:?} {rnd:?} {x:e} {y:e}");
                checked += 1;
            }
            // fma with a small addend: exact in f64 when the product's bits and its fit.
            let z = f32::from_bits(x.to_bits() & 0xffff_0000) * 0.25;
            let exact = x as f64 * y as f64 + z as f64;
            if exact != 0.0 && exact - x as f64 * y as f64 == z as f64 {
                let got = f32_op(RoundedOp::Fma, rnd, x.to_bits() as u64, y.to_bits() as u64, z.to_bits() as u64);
                assert_eq!(got as u32, oracle(exact, rnd).to_bits(), "fma {rnd:?} {x:e} {y:e} {z:e}");
            }
        }
    }
    assert!(checked > 150_000, "{checked}");
    // f64: the nearest result moves by at most one ulp, toward the mode.
    for _ in 0..20_000 {
        let (x, y) = (rng.gen::<f64>() * 1e6 - 5e5, rng.gen::<f64>() * 1e-3);
        let nearest = x * y;
        let up = f64::from_bits(f64_op(RoundedOp::Mul, Rnd::Rp, x.to_bits(), y.to_bits(), 0));
        let down = f64::from_bits(f64_op(RoundedOp::Mul, Rnd::Rm, x.to_bits(), y.to_bits(), 0));
        assert!(down <= nearest && nearest <= up && (up == down || up == down.next_up()), "{x} {y}");
    }
}
