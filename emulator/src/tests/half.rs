//! Half precision (`.f16`, `.f16x2`) as PTX snippets against hand-computed values, with the
//! inline-asm forms NVIDIA's cuda_fp16.hpp writes (`.reg.b32`, predicates named without `%`).

use super::instructions::run32;

/// %r1 of lane 0 after `body`.
fn r1(body: &str) -> u32 {
    run32(&format!("{body}\n cvt.u64.u32 %res, %r1;"))[0] as u32
}

/// One half instruction on 16-bit patterns, the result's bits.
fn half_inst(inst: &str, operands: &[u16]) -> u16 {
    let loads: String = operands.iter().enumerate().map(|(i, b)| format!("mov.b16 %rs{}, {b};\n ", i + 2)).collect();
    let args: Vec<String> = (0..operands.len()).map(|i| format!("%rs{}", i + 2)).collect();
    r1(&format!("{loads}{inst} %rs1, {};\n cvt.u32.u16 %r1, %rs1;", args.join(", "))) as u16
}

#[test]
fn half_arithmetic_rounds_once_to_nearest_even() {
    // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to even, 1.
    assert_eq!(half_inst("add.f16", &[0x3c00, 0x1000]), 0x3c00);
    assert_eq!(half_inst("add.f16", &[0x3c01, 0x1000]), 0x3c02, "odd: up");
    // (1 + 2^-10)^2 = 1 + 2^-9 + 2^-20, rounded once.
    assert_eq!(half_inst("fma.rn.f16", &[0x3c01, 0x3c01, 0]), 0x3c02);
    assert_eq!(half_inst("mul.f16", &[0x4000, 0xc200]), 0xc600, "2 * -3 = -6");
    assert_eq!(half_inst("sub.f16", &[0x7bff, 0xfbff]), 0x7c00, "overflow to infinity");
    assert_eq!(half_inst("abs.f16", &[0xc000]), 0x4000);
    assert_eq!(half_inst("neg.f16", &[0x0000]), 0x8000);
    assert_eq!(half_inst("neg.f16", &[0xfe01]), 0x7fff, "a NaN comes out canonical");
    assert_eq!(half_inst("min.f16", &[0x7e00, 0x3c00]), 0x3c00, "min of NaN and 1 is 1");
    // Two halves at once: {1, 2} + {0.5, 0.5} = {1.5, 2.5}.
    assert_eq!(r1("mov.b32 %r2, 0x40003c00;\n mov.b32 %r3, 0x38003800;\n add.f16x2 %r1, %r2, %r3;"), 0x4100_3e00);
    assert_eq!(r1("mov.b32 %r2, 0x40003c00;\n neg.f16x2 %r1, %r2;"), 0xc000_bc00);
}

#[test]
fn half_conversions_and_comparisons() {
    let cvt =
        |inst: &str, f: f32| r1(&format!("mov.b32 %f1, {};\n {inst} %rs1, %f1;\n cvt.u32.u16 %r1, %rs1;", f.to_bits()));
    assert_eq!(cvt("cvt.rn.f16.f32", 70000.0), 0x7c00);
    assert_eq!(cvt("cvt.rz.f16.f32", 70000.0), 0x7bff, "toward zero: the largest half");
    assert_eq!(cvt("cvt.rn.f16.f32", 1.0 + 1.0 / 2048.0), 0x3c00);
    assert_eq!(cvt("cvt.rp.f16.f32", 1.0 + 1.0 / 4096.0), 0x3c01);
    assert_eq!(cvt("cvt.rm.f16.f32", -1.0 - 1.0 / 4096.0), 0xbc01);
    assert_eq!(cvt("cvt.rn.f16.f32", f32::NAN), 0x7fff);
    assert_eq!(r1("mov.b16 %rs1, 0x4100;\n cvt.rni.s32.f16 %r1, %rs1;"), 2, "2.5 to nearest even");
    assert_eq!(r1("cvt.rn.f16.s32 %rs1, 3;\n cvt.u32.u16 %r1, %rs1;"), 0x4200);
    // cuda_fp16.hpp's forms: `.reg.b32` and a predicate named without `%` in a block.
    assert_eq!(r1("{ .reg.b32 q;\n mov.b32 q, 7;\n mov.b32 %r1, q; }"), 7);
    let less = |a: u16, b: u16| {
        r1(&format!(
            "mov.b16 %rs2, {a};\n mov.b16 %rs3, {b};\n {{ .reg .pred t;\n setp.lt.f16 t, %rs2, %rs3;\n selp.u32 %r1, 1, 0, t; }}"
        ))
    };
    assert_eq!((less(0x3c00, 0x4000), less(0x4000, 0x3c00), less(0x7e00, 0x3c00)), (1, 0, 0));
    assert_eq!(r1("mov.b16 %rs2, 0x3c00;\n set.eq.f16.f16 %rs1, %rs2, %rs2;\n cvt.u32.u16 %r1, %rs1;"), 0x3c00);
}
