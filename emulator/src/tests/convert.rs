//! `cvt` on a whole warp: the conversions the executor does in a lane loop of their own (the
//! common ones in the course's PTX) give, lane by lane, what `ops::cvt` gives, on values chosen
//! to sit at each conversion's edges.

use crate::ir::{Rnd, Ty};
use crate::ops;
use crate::*;

/// 32 bit patterns: zeros, halves (ties), the integer limits of each width, values past them
/// as floats, NaN and the infinities (f32 in the low half, f64 where loaded whole).
fn inputs() -> [u64; 32] {
    let f = |x: f32| x.to_bits() as u64;
    [
        0,
        f(-0.0),
        f(1.5),
        f(-1.5),
        f(2.5),
        f(-2.5),
        f(f32::NAN),
        f(f32::INFINITY),
        f(f32::NEG_INFINITY),
        f(3.0e9),
        f(-3.0e9),
        f(16_777_217.0),
        f(1.0e-40),
        f(-0.75),
        0x7fff_ffff,
        0x8000_0000,
        0xffff_ffff,
        0x1_0000_0001,
        0xffff_8000,
        0x8000,
        0x7fff,
        0xffff,
        0x1_ffff,
        16_777_217,
        0xffff_ffff_ffff_ffff,
        0x8000_0000_0000_0000,
        (-3.5f64).to_bits(),
        f64::NAN.to_bits(),
        123_456_789,
        0xdead_beef_cafe_f00d,
        255,
        0x0100_0001,
    ]
}

/// Register class and PTX name of a type in the kernel below.
fn reg(ty: Ty) -> (&'static str, &'static str) {
    match ty {
        Ty::U16 => ("%rs", "u16"),
        Ty::S16 => ("%rs", "s16"),
        Ty::U32 => ("%r", "u32"),
        Ty::S32 => ("%r", "s32"),
        Ty::F32 => ("%f", "f32"),
        Ty::F64 => ("%fd", "f64"),
        Ty::S64 => ("%rd", "s64"),
        _ => ("%rd", "u64"),
    }
}

/// The load of a source value: its width, unsigned (the bits as they are).
fn load(ty: Ty) -> &'static str {
    match ty.size() {
        2 => "u16",
        4 if ty.is_float() => "f32",
        4 => "u32",
        _ => "u64",
    }
}

/// `cvt{modifiers}.{d}.{s}` on every lane of a warp, lane `l` converting `inputs()[l]` (loaded
/// at the source's width); what each lane holds after, widened to 64 bits.
fn run(modifiers: &str, dty: Ty, sty: Ty) -> Vec<u64> {
    run_on(modifiers, dty, sty, &inputs())
}

/// [`run`] on the lanes of `values` (one lane each).
fn run_on(modifiers: &str, dty: Ty, sty: Ty, values: &[u64]) -> Vec<u64> {
    let ((dreg, dname), (sreg, sname)) = (reg(dty), reg(sty));
    let widen = match dty {
        Ty::U16 | Ty::S16 => format!("cvt.u64.u16 %res, {dreg}2;"),
        Ty::U32 | Ty::S32 => format!("cvt.u64.u32 %res, {dreg}2;"),
        Ty::F32 => format!("mov.b32 %r3, {dreg}2;\n cvt.u64.u32 %res, %r3;"),
        _ => format!("mov.b64 %res, {dreg}2;"),
    };
    let body = format!(
        "mul.wide.u32 %rd5, %tx, 8;\n ld.param.u64 %rd6, [inp];\n cvta.to.global.u64 %rd6, %rd6;\n \
         add.s64 %rd6, %rd6, %rd5;\n ld.global.{load} {sreg}1, [%rd6];\n \
         cvt{modifiers}.{dname}.{sname} {dreg}2, {sreg}1;\n {widen}",
        load = load(sty),
    );
    let mut mem = DeviceMemory::new();
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let inp = mem.alloc_bytes(&bytes).unwrap();
    let params = ",\n    .param .u64 inp";
    let (got, rep) = super::instructions::run_snippet_in(
        &mut mem,
        &body,
        ("", params),
        values.len() as u32,
        &[KernelArg::Ptr(inp)],
        0,
    );
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    got
}

#[test]
fn the_warp_wide_conversions_are_the_lane_by_lane_ones() {
    let cases: &[(&str, Ty, Ty, Rnd, bool)] = &[
        ("", Ty::U16, Ty::U32, Rnd::Default, false),
        ("", Ty::S16, Ty::S32, Rnd::Default, false),
        ("", Ty::U16, Ty::U64, Rnd::Default, false),
        ("", Ty::U32, Ty::U64, Rnd::Default, false),
        ("", Ty::S32, Ty::S64, Rnd::Default, false),
        ("", Ty::U32, Ty::U16, Rnd::Default, false),
        ("", Ty::S32, Ty::U16, Rnd::Default, false),
        ("", Ty::U64, Ty::U32, Rnd::Default, false),
        ("", Ty::S64, Ty::S32, Rnd::Default, false),
        ("", Ty::F64, Ty::F32, Rnd::Default, false),
        (".rzi", Ty::S32, Ty::F32, Rnd::Rzi, false),
        (".rn", Ty::F32, Ty::S32, Rnd::Rn, false),
        (".rn", Ty::F32, Ty::U32, Rnd::Rn, false),
        // Beside them, forms that keep the general path: saturation, other roundings.
        (".sat", Ty::U16, Ty::S32, Rnd::Default, true),
        (".sat", Ty::U64, Ty::S32, Rnd::Default, true),
        (".rni", Ty::S32, Ty::F32, Rnd::Rni, false),
        (".rz", Ty::F32, Ty::S32, Rnd::Rz, false),
        (".rzi", Ty::F64, Ty::F32, Rnd::Rzi, false),
    ];
    for &(modifiers, dty, sty, rnd, sat) in cases {
        let got = run(modifiers, dty, sty);
        for (l, &x) in inputs().iter().enumerate() {
            let loaded = ops::trunc(x, sty);
            let want = ops::trunc(ops::cvt(dty, sty, rnd, sat, loaded), dty);
            assert_eq!(got[l], want, "cvt{modifiers}.{}.{} of {loaded:#x} (lane {l})", reg(dty).1, reg(sty).1);
        }
    }
}

/// The same conversions as an H200 gave them (`cvt.*` in inline PTX, nvcc -arch=sm_90, CUDA 13,
/// 2026-11-29): lane values, and per form the 64-bit result of each.
#[test]
fn the_conversions_are_the_h200s() {
    let inputs: [u64; 8] =
        [0x8000_0000, 0xffff_ffff, 0x7f80_0000, 0x7fc0_0001, 0x4f32_d05e, 0xcf32_d05e, 0x0100_0001, 0x1_ffff];
    let forms: [(&str, Ty, Ty, [u64; 8]); 7] = [
        (".sat", Ty::U64, Ty::S32, [0, 0, 0x7f80_0000, 0x7fc0_0001, 0x4f32_d05e, 0, 0x100_0001, 0x1_ffff]),
        (
            "",
            Ty::U64,
            Ty::S32,
            [
                0xffff_ffff_8000_0000,
                u64::MAX,
                0x7f80_0000,
                0x7fc0_0001,
                0x4f32_d05e,
                0xffff_ffff_cf32_d05e,
                0x100_0001,
                0x1_ffff,
            ],
        ),
        (".rzi", Ty::S32, Ty::F32, [0, 0, 0x7fff_ffff, 0, 0x7fff_ffff, 0x8000_0000, 0, 0]),
        (
            ".rn",
            Ty::F32,
            Ty::S32,
            [0xcf00_0000, 0xbf80_0000, 0x4eff_0000, 0x4eff_8000, 0x4e9e_65a1, 0xce43_34bf, 0x4b80_0000, 0x47ff_ff80],
        ),
        (
            ".rn",
            Ty::F32,
            Ty::U32,
            [0x4f00_0000, 0x4f80_0000, 0x4eff_0000, 0x4eff_8000, 0x4e9e_65a1, 0x4f4f_32d0, 0x4b80_0000, 0x47ff_ff80],
        ),
        (
            "",
            Ty::F64,
            Ty::F32,
            [
                0x8000_0000_0000_0000,
                0xffff_ffff_e000_0000,
                0x7ff0_0000_0000_0000,
                0x7ff8_0000_2000_0000,
                0x41e6_5a0b_c000_0000,
                0xc1e6_5a0b_c000_0000,
                0x3820_0000_2000_0000,
                0x37af_fff0_0000_0000,
            ],
        ),
        ("", Ty::U16, Ty::U32, [0, 0xffff, 0, 1, 0xd05e, 0xd05e, 1, 0xffff]),
    ];
    for (modifiers, dty, sty, want) in forms {
        let got = run_on(modifiers, dty, sty, &inputs);
        assert_eq!(got, want, "cvt{modifiers}.{}.{}", reg(dty).1, reg(sty).1);
    }
}
