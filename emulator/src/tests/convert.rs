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
        Ty::F64 => format!("mov.b64 %res, {dreg}2;"),
        _ => format!("mov.b64 %res, {dreg}2;"),
    };
    let ptx = format!(
        r#"
.version 8.8
.target sm_75
.address_size 64
.visible .entry t(.param .u64 out, .param .u64 inp)
{{
    .reg .b16 %rs<4>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<8>;
    .reg .f32 %f<4>;
    .reg .f64 %fd<4>;
    .reg .b64 %res;
    mov.u32 %r0, %tid.x;
    mul.wide.u32 %rd5, %r0, 8;
    ld.param.u64 %rd6, [inp];
    cvta.to.global.u64 %rd6, %rd6;
    add.s64 %rd6, %rd6, %rd5;
    ld.global.{sload} {sreg}1, [%rd6];
    cvt{modifiers}.{d}.{s} {dreg}2, {sreg}1;
    {widen}
    ld.param.u64 %rd7, [out];
    cvta.to.global.u64 %rd7, %rd7;
    add.s64 %rd7, %rd7, %rd5;
    st.global.u64 [%rd7], %res;
    ret;
}}
"#,
        d = dname,
        s = sname,
        sload = load(sty),
    );
    let m = Module::parse(&ptx).unwrap_or_else(|e| panic!("{e}\n{ptx}"));
    let mut mem = DeviceMemory::new();
    let bytes: Vec<u8> = inputs().iter().flat_map(|v| v.to_le_bytes()).collect();
    let inp = mem.alloc_bytes(&bytes).unwrap();
    let out = mem.alloc_zeroed(8 * 32).unwrap();
    let launch_of = Launch {
        kernel: "t",
        config: LaunchConfig { grid: [1, 1, 1], block: [32, 1, 1], dynamic_shared_bytes: 0 },
        args: &[KernelArg::Ptr(out), KernelArg::Ptr(inp)],
        constants: &[],
    };
    let rep = launch(&m, &launch_of, &mut mem, &Options { threads: 1, ..Options::default() }).unwrap();
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    let bytes = mem.read_bytes(out, 8 * 32).unwrap();
    bytes.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect()
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
