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
    let bytes: Vec<u8> = inputs().iter().flat_map(|v| v.to_le_bytes()).collect();
    let inp = mem.alloc_bytes(&bytes).unwrap();
    let params = ",\n    .param .u64 inp";
    let (got, rep) = super::instructions::run_snippet_in(&mut mem, &body, ("", params), 32, &[KernelArg::Ptr(inp)], 0);
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
