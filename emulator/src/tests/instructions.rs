//! One family of instructions per test, as small PTX snippets, against hand-computed values.

use super::*;

/// Wrap `body` in a kernel where every thread computes `%res` (64 bits) and stores it to
/// out[linear thread index]. Returns the stored values and the report.
pub(super) fn run_snippet_cfg(
    body: &str,
    decls: &str,
    block: u32,
    extra_params: &str,
    args: &[KernelArg],
    dyn_shared: u32,
) -> (Vec<u64>, LaunchReport) {
    run_snippet_in(&mut DeviceMemory::new(), body, (decls, extra_params), block, args, dyn_shared)
}

/// [`run_snippet_cfg`] in `mem`, where the caller has put what `args` point to.
pub(super) fn run_snippet_in(
    mem: &mut DeviceMemory,
    body: &str,
    (decls, extra_params): (&str, &str),
    block: u32,
    args: &[KernelArg],
    dyn_shared: u32,
) -> (Vec<u64>, LaunchReport) {
    let ptx = format!(
        r#"
.version 8.8
.target sm_75
.address_size 64

.visible .entry t(
    .param .u64 out{extra_params}
)
{{
    .reg .pred %p<8>;
    .reg .b16 %rs<8>;
    .reg .b32 %r<16>;
    .reg .b64 %rd<16>;
    .reg .f32 %f<16>;
    .reg .f64 %fd<8>;
    .reg .b64 %res;
    .reg .b64 %outp;
    .reg .b64 %off;
    .reg .b32 %tx;
    {decls}
    mov.u32 %tx, %tid.x;
    mov.u64 %res, 0;
    .loc 1 10 1
{body}
    .loc 1 99 1
    ld.param.u64 %outp, [out];
    cvta.to.global.u64 %outp, %outp;
    mul.wide.u32 %off, %tx, 8;
    add.s64 %outp, %outp, %off;
    st.global.u64 [%outp], %res;
    ret;
}}
.file 1 "snippet.cu"
"#
    );
    let m = Module::parse(&ptx).unwrap_or_else(|e| panic!("{e}\n{ptx}"));
    let out = mem.alloc_zeroed(8 * block as usize).unwrap();
    let mut all_args = vec![KernelArg::Ptr(out)];
    all_args.extend_from_slice(args);
    let rep = launch(
        &m,
        &Launch {
            kernel: "t",
            config: LaunchConfig { grid: [1, 1, 1], block: [block, 1, 1], dynamic_shared_bytes: dyn_shared },
            args: &all_args,
            constants: &[],
        },
        mem,
        &Options { instruction_budget: 1_000_000, threads: 1, ..Options::default() },
    )
    .unwrap();
    let bytes = mem.read_bytes(out, 8 * block as usize).unwrap();
    (bytes.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect(), rep)
}

fn run1(body: &str) -> u64 {
    let (v, rep) = run_snippet_cfg(body, "", 1, "", &[], 0);
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    v[0]
}

pub(super) fn run32(body: &str) -> Vec<u64> {
    let (v, rep) = run_snippet_cfg(body, "", 32, "", &[], 0);
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    v
}

/// Result of a 32-bit computation into %r1, as a signed value.
fn i32_of(body: &str) -> i32 {
    run1(&format!("{body}\n    cvt.u64.u32 %res, %r1;")) as u32 as i32
}

fn f32_of(body: &str) -> f32 {
    f32::from_bits(run1(&format!("{body}\n    mov.b32 %r1, %f1;\n    cvt.u64.u32 %res, %r1;")) as u32)
}

#[test]
fn a_guarded_or_diverged_mov_writes_only_its_lanes() {
    // Odd lanes copy 100 + lane under a guard; lanes 8 and up copy 200 + lane on their side of a
    // branch; the others keep 7.
    let body = "mov.u64 %res, 7;\n cvt.u64.u32 %rd1, %tx;\n add.u64 %rd2, %rd1, 100;\n add.u64 %rd3, %rd1, 200;\n \
                and.b32 %r1, %tx, 1;\n setp.eq.u32 %p1, %r1, 1;\n @%p1 mov.u64 %res, %rd2;\n \
                setp.lt.u32 %p2, %tx, 8;\n @%p2 bra DONE;\n mov.u64 %res, %rd3;\n DONE:";
    let v = run32(body);
    let want: Vec<u64> = (0..32)
        .map(|l| {
            if l >= 8 {
                200 + l
            } else if l % 2 == 1 {
                100 + l
            } else {
                7
            }
        })
        .collect();
    assert_eq!(v, want);
}

#[test]
fn integer_arithmetic_edge_cases() {
    assert_eq!(i32_of("mov.u32 %r2, 2147483647;\n add.s32 %r1, %r2, 1;"), i32::MIN);
    assert_eq!(i32_of("sub.s32 %r1, 3, 5;"), -2);
    assert_eq!(i32_of("mov.u32 %r2, -7;\n div.s32 %r1, %r2, 2;"), -3);
    assert_eq!(i32_of("mov.u32 %r2, -7;\n rem.s32 %r1, %r2, 2;"), -1);
    assert_eq!(i32_of("mov.u32 %r2, -7;\n div.u32 %r1, %r2, 2;") as u32, 0xFFFF_FFF9u32 / 2);
    assert_eq!(i32_of("mov.u32 %r2, 5;\n div.u32 %r1, %r2, 0;") as u32, u32::MAX);
    assert_eq!(i32_of("mov.u32 %r2, -1;\n min.s32 %r1, %r2, 3;"), -1);
    assert_eq!(i32_of("mov.u32 %r2, -1;\n min.u32 %r1, %r2, 3;"), 3);
    assert_eq!(i32_of("mov.u32 %r2, -1;\n max.u32 %r1, %r2, 3;"), -1);
    assert_eq!(i32_of("mov.u32 %r2, -16;\n shr.s32 %r1, %r2, 2;"), -4);
    assert_eq!(i32_of("mov.u32 %r2, -16;\n shr.u32 %r1, %r2, 28;"), 15);
    assert_eq!(i32_of("mov.u32 %r2, 1;\n shl.b32 %r1, %r2, 32;"), 0);
    assert_eq!(i32_of("mov.u32 %r2, 65536;\n mul.hi.s32 %r1, %r2, -65536;"), -1);
    assert_eq!(i32_of("mov.u32 %r2, 65536;\n mul.hi.u32 %r1, %r2, 65536;"), 1);
    assert_eq!(i32_of("mov.u32 %r2, 7;\n mad.lo.s32 %r1, %r2, -3, 100;"), 79);
    assert_eq!(i32_of("mov.u32 %r2, -5;\n abs.s32 %r1, %r2;"), 5);
    assert_eq!(i32_of("neg.s32 %r1, 9;"), -9);
    assert_eq!(i32_of("popc.b32 %r1, 0xF0F0;"), 8);
    assert_eq!(i32_of("clz.b32 %r1, 1;"), 31);
    assert_eq!(i32_of("brev.b32 %r1, 1;"), i32::MIN);
    assert_eq!(i32_of("not.b32 %r1, 0;"), -1);
    assert_eq!(i32_of("cnot.b32 %r1, 0;"), 1);
    assert_eq!(i32_of("and.b32 %r2, 12, 10;\n or.b32 %r3, 12, 10;\n xor.b32 %r4, 12, 10;\n mad.lo.s32 %r1, %r2, 256, %r3;\n mad.lo.s32 %r1, %r1, 256, %r4;"), (8 << 16) | (14 << 8) | 6);
    assert_eq!(i32_of("bfe.u32 %r1, 0xABCD, 4, 8;"), 0xBC);
    assert_eq!(i32_of("bfe.s32 %r1, 0xF0, 4, 4;"), -1);
    assert_eq!(i32_of("bfi.b32 %r1, 0xF, 0, 8, 4;"), 0xF00);
    assert_eq!(i32_of("prmt.b32 %r1, 0x44332211, 0x88776655, 0x7531;"), 0x88664422u32 as i32);
    assert_eq!(i32_of("mov.u32 %r2, 2147483647;\n add.sat.s32 %r1, %r2, 5;"), i32::MAX);
    // slct picks a when c >= 0
    assert_eq!(i32_of("slct.s32.s32 %r1, 1, 2, -1;"), 2);
}

#[test]
fn wide_and_64_bit_address_arithmetic() {
    // mul.wide.s32 of a negative index, then 64-bit add: a pointer minus 12 bytes.
    let v =
        run1("mov.u32 %r2, -3;\n mul.wide.s32 %rd1, %r2, 4;\n mov.u64 %rd2, 0x100000000;\n add.s64 %res, %rd2, %rd1;");
    assert_eq!(v, 0x1_0000_0000 - 12);
    // mul.wide.u32 does not sign-extend.
    let v = run1("mov.u32 %r2, -1;\n mul.wide.u32 %res, %r2, 2;");
    assert_eq!(v, 0x1_FFFF_FFFE);
    let v = run1("mov.u64 %rd1, -1;\n shr.u64 %res, %rd1, 60;");
    assert_eq!(v, 15);
    let v = run1("mov.u64 %rd1, 0x123456789;\n mul.hi.u64 %res, %rd1, 0x100000000;");
    assert_eq!(v, 1);
    let v = run1("mov.u32 %r2, 3;\n mad.wide.u32 %res, %r2, 5, 100;");
    assert_eq!(v, 115);
}

#[test]
fn float_arithmetic_and_special_functions() {
    assert_eq!(f32_of("add.f32 %f1, 0f3F800000, 0f40000000;"), 3.0);
    assert_eq!(f32_of("fma.rn.f32 %f1, 0f40000000, 0f40400000, 0f3F800000;"), 7.0);
    assert_eq!(f32_of("div.rn.f32 %f1, 0f3F800000, 0f40400000;"), 1.0f32 / 3.0);
    assert_eq!(f32_of("sqrt.rn.f32 %f1, 0f40800000;"), 2.0);
    assert_eq!(f32_of("ex2.approx.ftz.f32 %f1, 0f40400000;"), 8.0);
    assert_eq!(f32_of("lg2.approx.f32 %f1, 0f41000000;"), 3.0);
    assert_eq!(f32_of("rcp.rn.f32 %f1, 0f40800000;"), 0.25);
    assert_eq!(f32_of("neg.f32 %f1, 0f40800000;"), -4.0);
    assert_eq!(f32_of("abs.f32 %f1, 0fC0800000;"), 4.0);
    assert_eq!(f32_of("min.f32 %f1, 0fC0800000, 0f3F800000;"), -4.0);
    assert_eq!(f32_of("max.f32 %f1, 0f7FC00000, 0f3F800000;"), 1.0);
    // fma rounds once: (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46 exactly; mul then add gives 0.
    assert_eq!(f32_of("fma.rn.f32 %f1, 0f34000001, 0f3F800000, 0f00000000;"), f32::from_bits(0x34000001));
    assert_eq!(f32_of("fma.rn.f32 %f1, 0f3F800001, 0f3F7FFFFE, 0fBF800000;"), -(2f32.powi(-46)));
    // doubles
    let v = run1("mov.f64 %fd1, 0d3FF0000000000000;\n add.f64 %fd2, %fd1, %fd1;\n mul.f64 %fd3, %fd2, 0d4008000000000000;\n mov.b64 %res, %fd3;");
    assert_eq!(f64::from_bits(v), 6.0);
}

#[test]
fn flops_are_counted_per_active_lane() {
    let (_, rep) = run_snippet_cfg(
        "fma.rn.f32 %f1, 0f40000000, 0f40400000, 0f3F800000;\n add.f32 %f2, %f1, %f1;\n mul.f32 %f3, %f1, %f2;\n setp.lt.u32 %p1, %tx, 8;\n @%p1 sub.f32 %f4, %f1, %f2;\n div.rn.f32 %f5, %f1, %f2;",
        "",
        32,
        "",
        &[],
        0,
    );
    // 32 lanes × (2 + 1 + 1) + 8 lanes × 1; div is an "other" float op.
    assert_eq!(rep.metrics.flops, 32 * 4 + 8);
    assert_eq!(rep.metrics.other_float_ops, 32);
}

#[test]
fn setp_unordered_and_combined() {
    let nan = "0f7FC00000";
    let one = "0f3F800000";
    let test = |cmp: &str, a: &str, b: &str| -> bool {
        run1(&format!("setp.{cmp}.f32 %p1, {a}, {b};\n selp.u64 %res, 1, 0, %p1;")) == 1
    };
    assert!(!test("lt", nan, one));
    assert!(test("ltu", nan, one));
    assert!(!test("eq", nan, nan));
    assert!(test("equ", nan, nan));
    assert!(test("neu", nan, one));
    assert!(!test("ne", nan, one));
    assert!(test("nan", nan, one));
    assert!(!test("num", nan, one));
    assert!(test("num", one, one));
    assert!(test("geu", one, one));
    assert!(!test("gtu", one, one));
    assert!(test("leu", nan, one));
    // Every comparison, in both widths, on (NaN, 1), (1, 1), (1, 2) and (2, 1), by hand.
    let table = [
        ("eq", [0, 1, 0, 0]),
        ("ne", [0, 0, 1, 1]),
        ("lt", [0, 0, 1, 0]),
        ("le", [0, 1, 1, 0]),
        ("gt", [0, 0, 0, 1]),
        ("ge", [0, 1, 0, 1]),
        ("equ", [1, 1, 0, 0]),
        ("neu", [1, 0, 1, 1]),
        ("ltu", [1, 0, 1, 0]),
        ("leu", [1, 1, 1, 0]),
        ("gtu", [1, 0, 0, 1]),
        ("geu", [1, 1, 0, 1]),
        ("num", [0, 1, 1, 1]),
        ("nan", [1, 0, 0, 0]),
    ];
    let f32s = [("0f7FC00000", one), (one, one), (one, "0f40000000"), ("0f40000000", one)];
    let f64s = [
        ("0d7FF8000000000000", "0d3FF0000000000000"),
        ("0d3FF0000000000000", "0d3FF0000000000000"),
        ("0d3FF0000000000000", "0d4000000000000000"),
        ("0d4000000000000000", "0d3FF0000000000000"),
    ];
    for (cmp, want) in table {
        for (i, ((a32, b32), (a64, b64))) in f32s.iter().zip(&f64s).enumerate() {
            assert_eq!(test(cmp, a32, b32), want[i] == 1, "setp.{cmp}.f32 case {i}");
            let f64 = run1(&format!("setp.{cmp}.f64 %p1, {a64}, {b64};\n selp.u64 %res, 1, 0, %p1;")) == 1;
            assert_eq!(f64, want[i] == 1, "setp.{cmp}.f64 case {i}");
        }
    }
    // Signed vs unsigned integer compares.
    assert_eq!(run1("setp.lt.s32 %p1, -1, 0;\n selp.u64 %res, 1, 0, %p1;"), 1);
    assert_eq!(run1("setp.lo.u32 %p1, -1, 0;\n selp.u64 %res, 1, 0, %p1;"), 0);
    assert_eq!(run1("setp.hi.u32 %p1, -1, 0;\n selp.u64 %res, 1, 0, %p1;"), 1);
    // At 16 and 8 bits: the operand's own width and sign, whatever the bits above it.
    assert_eq!(run1("setp.lt.s16 %p1, -1, 0;\n selp.u64 %res, 1, 0, %p1;"), 1);
    assert_eq!(run1("setp.lt.u16 %p1, -1, 0;\n selp.u64 %res, 1, 0, %p1;"), 0);
    assert_eq!(run1("setp.eq.u16 %p1, 65536, 0;\n selp.u64 %res, 1, 0, %p1;"), 1);
    assert_eq!(run1("setp.gt.s8 %p1, 127, 128;\n selp.u64 %res, 1, 0, %p1;"), 1);
    assert_eq!(run1("setp.gt.u8 %p1, 127, 128;\n selp.u64 %res, 1, 0, %p1;"), 0);
    assert_eq!(run1("setp.ne.s16 %p1, 0, 131072;\n selp.u64 %res, 1, 0, %p1;"), 0);
    // Two destinations and a combining predicate: p = (1 < 2) AND !q.
    assert_eq!(run1("setp.eq.s32 %p3, 0, 0;\n setp.lt.and.s32 %p1|%p2, 1, 2, !%p3;\n selp.u64 %res, 1, 0, %p1;"), 0);
    assert_eq!(run1("setp.eq.s32 %p3, 0, 0;\n setp.lt.or.s32 %p1|%p2, 3, 2, %p3;\n selp.u64 %res, 1, 0, %p2;"), 1);
    assert_eq!(run1("setp.eq.s32 %p3, 0, 0;\n not.pred %p4, %p3;\n or.pred %p5, %p4, %p3;\n xor.pred %p6, %p5, %p3;\n selp.u64 %res, 1, 0, %p6;"), 0);
}

#[test]
fn cvt_rounding_and_saturation() {
    let f2i = |m: &str, f: f32| -> i32 {
        i32_of(&format!("mov.b32 %f1, 0f{:08X};\n cvt.{m}.s32.f32 %r1, %f1;", f.to_bits()))
    };
    assert_eq!(f2i("rzi", 2.7), 2);
    assert_eq!(f2i("rzi", -2.7), -2);
    assert_eq!(f2i("rni", 2.5), 2);
    assert_eq!(f2i("rni", 3.5), 4);
    assert_eq!(f2i("rni", -2.5), -2);
    assert_eq!(f2i("rmi", -2.1), -3);
    assert_eq!(f2i("rpi", 2.1), 3);
    assert_eq!(f2i("rzi", 3e9), i32::MAX); // float → int saturates
    assert_eq!(f2i("rzi", f32::NAN), 0);
    // int → f32 rounds to nearest even: 2^24 + 1 → 2^24.
    assert_eq!(f32_of("cvt.rn.f32.s32 %f1, 16777217;"), 16777216.0);
    assert_eq!(f32_of("cvt.rn.f32.u32 %f1, -1;"), 4294967296.0);
    // f64 → f32 with directed rounding.
    let third = (1.0f64 / 3.0).to_bits();
    let rn = f32_of(&format!("mov.b64 %fd1, 0d{third:016X};\n cvt.rn.f32.f64 %f1, %fd1;"));
    let rz = f32_of(&format!("mov.b64 %fd1, 0d{third:016X};\n cvt.rz.f32.f64 %f1, %fd1;"));
    let rp = f32_of(&format!("mov.b64 %fd1, 0d{third:016X};\n cvt.rp.f32.f64 %f1, %fd1;"));
    assert_eq!(rn, (1.0f64 / 3.0) as f32);
    assert!(rz as f64 <= 1.0 / 3.0 && rp as f64 >= 1.0 / 3.0 && rz != rp);
    // int → int: sign extension, truncation, saturation.
    assert_eq!(run1("mov.u32 %r2, -2;\n cvt.s64.s32 %res, %r2;") as i64, -2);
    assert_eq!(run1("mov.u32 %r2, -2;\n cvt.u64.u32 %res, %r2;"), 0xFFFF_FFFE);
    assert_eq!(i32_of("mov.u32 %r2, 300;\n cvt.u8.u32 %rs1, %r2;\n cvt.u32.u8 %r1, %rs1;"), 44);
    assert_eq!(i32_of("mov.u32 %r2, 300;\n cvt.sat.u8.s32 %rs1, %r2;\n cvt.u32.u8 %r1, %rs1;"), 255);
    assert_eq!(i32_of("mov.u32 %r2, -300;\n cvt.sat.s8.s32 %rs1, %r2;\n cvt.s32.s8 %r1, %rs1;"), -128);
    // f16 round trip.
    assert_eq!(f32_of("cvt.rn.f16.f32 %rs1, 0f3FC00000;\n cvt.f32.f16 %f1, %rs1;"), 1.5);
    // cvt.rni.f32.f32 (round to integral, stays float)
    assert_eq!(f32_of("cvt.rni.f32.f32 %f1, 0f40200000;"), 2.0);
    assert_eq!(f32_of("cvt.sat.f32.f32 %f1, 0f40200000;"), 1.0);
}

#[test]
fn divergence_reconverges_and_counts_lanes() {
    // Lanes < 10 take one path, others another; all meet again.
    let v = run32(
        "setp.lt.u32 %p1, %tx, 10;\n @%p1 bra $L_small;\n mul.lo.u32 %r1, %tx, 100;\n bra.uni $L_join;\n$L_small:\n add.u32 %r1, %tx, 1000;\n$L_join:\n add.u32 %r1, %r1, 1;\n cvt.u64.u32 %res, %r1;",
    );
    for (l, x) in v.iter().enumerate() {
        let want = if l < 10 { l as u64 + 1001 } else { l as u64 * 100 + 1 };
        assert_eq!(*x, want, "lane {l}");
    }
    // A loop whose trip count differs per lane.
    let v = run32("mov.u32 %r1, 0;\n mov.u32 %r2, 0;\n$L_loop:\n add.u32 %r1, %r1, %r2;\n add.u32 %r2, %r2, 1;\n setp.le.u32 %p1, %r2, %tx;\n @%p1 bra $L_loop;\n cvt.u64.u32 %res, %r1;");
    for (l, x) in v.iter().enumerate() {
        assert_eq!(*x, (l * (l + 1) / 2) as u64, "lane {l}");
    }
}

#[test]
fn shfl_and_vote() {
    let v = run32("shfl.sync.down.b32 %r1, %tx, 3, 31, -1;\n cvt.u64.u32 %res, %r1;");
    for (l, x) in v.iter().enumerate() {
        assert_eq!(*x, if l + 3 <= 31 { l as u64 + 3 } else { l as u64 });
    }
    let v = run32("shfl.sync.up.b32 %r1|%p1, %tx, 2, 0, -1;\n selp.u32 %r2, 1000, 0, %p1;\n add.u32 %r1, %r1, %r2;\n cvt.u64.u32 %res, %r1;");
    for (l, x) in v.iter().enumerate() {
        assert_eq!(*x, if l >= 2 { l as u64 - 2 + 1000 } else { l as u64 });
    }
    let v = run32("shfl.sync.bfly.b32 %r1, %tx, 1, 31, -1;\n cvt.u64.u32 %res, %r1;");
    for (l, x) in v.iter().enumerate() {
        assert_eq!(*x, (l ^ 1) as u64);
    }
    let v = run32("shfl.sync.idx.b32 %r1, %tx, 7, 31, -1;\n cvt.u64.u32 %res, %r1;");
    assert!(v.iter().all(|&x| x == 7));
    // Width-8 segments (c = ((32-8) << 8) | 31): idx 1 reads lane 1 of each segment.
    let v = run32("shfl.sync.idx.b32 %r1, %tx, 1, 6175, -1;\n cvt.u64.u32 %res, %r1;");
    for (l, x) in v.iter().enumerate() {
        assert_eq!(*x, ((l / 8) * 8 + 1) as u64);
    }
    let v = run32("setp.lt.u32 %p1, %tx, 5;\n vote.sync.ballot.b32 %r1, %p1, -1;\n cvt.u64.u32 %res, %r1;");
    assert!(v.iter().all(|&x| x == 0b11111));
    let v = run32("setp.lt.u32 %p1, %tx, 5;\n vote.sync.any.pred %p2, %p1, -1;\n vote.sync.all.pred %p3, %p1, -1;\n vote.sync.uni.pred %p4, %p1, -1;\n selp.u32 %r1, 1, 0, %p2;\n selp.u32 %r2, 2, 0, %p3;\n selp.u32 %r3, 4, 0, %p4;\n add.u32 %r1, %r1, %r2;\n add.u32 %r1, %r1, %r3;\n cvt.u64.u32 %res, %r1;");
    assert!(v.iter().all(|&x| x == 1));
}

#[test]
fn shared_atomics_and_generic_addressing() {
    let decls = ".shared .align 4 .b8 sm[128];";
    // Every lane adds 1 to sm[0] atomically; lane 0 initialises it first.
    let body = "setp.ne.u32 %p1, %tx, 0;\n @%p1 bra $L_skip;\n st.shared.u32 [sm], 0;\n$L_skip:\n bar.sync 0;\n atom.shared.add.u32 %r1, [sm], 1;\n bar.sync 0;\n ld.shared.u32 %r2, [sm];\n cvt.u64.u32 %res, %r2;";
    let (v, rep) = run_snippet_cfg(body, decls, 64, "", &[], 0);
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    assert!(v.iter().all(|&x| x == 64));
    assert_eq!(rep.metrics.barriers, 2);
    // What atomics count: one request per warp, 4 bytes per lane in shared memory, and nothing
    // in the shared load/store bytes (the store and the load around them are 1 + 2 requests).
    let m = &rep.metrics;
    assert_eq!((m.atomic_requests, m.shared_atomic_bytes, m.global_atomic_bytes), (2, 64 * 4, 0));
    assert_eq!((m.shared_store_bytes, m.shared_load_bytes, m.shared_requests), (4, 64 * 4, 3));
    assert_eq!(m.flops, 0);
    // Generic store through cvta.shared, generic load back.
    let body = "mov.u64 %rd1, sm;\n cvta.shared.u64 %rd2, %rd1;\n mul.wide.u32 %rd3, %tx, 4;\n add.s64 %rd4, %rd2, %rd3;\n st.u32 [%rd4], %tx;\n bar.sync 0;\n xor.b32 %r3, %tx, 1;\n mul.wide.u32 %rd5, %r3, 4;\n add.s64 %rd6, %rd2, %rd5;\n ld.u32 %r4, [%rd6];\n cvt.u64.u32 %res, %r4;";
    let (v, rep) = run_snippet_cfg(body, decls, 32, "", &[], 0);
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    for (l, x) in v.iter().enumerate() {
        assert_eq!(*x, (l ^ 1) as u64);
    }
    assert_eq!(rep.metrics.shared_requests, 2);
}

#[test]
fn global_atomics_and_vectors() {
    // Atomics on the first 16 bytes of the output buffer, read back as one v4 load after a
    // barrier; even lanes store words 0-1, odd lanes words 2-3.
    let body = "ld.param.u64 %rd1, [out];\n cvta.to.global.u64 %rd1, %rd1;\n atom.global.add.u32 %r1, [%rd1], 1;\n red.global.add.f32 [%rd1+4], 0f3F000000;\n atom.global.max.s32 %r2, [%rd1+8], %tx;\n atom.global.cas.b32 %r3, [%rd1+12], 0, 77;\n bar.sync 0;\n ld.global.v4.u32 {%r4, %r5, %r6, %r7}, [%rd1];\n bar.sync 0;\n mov.b64 %rd2, {%r4, %r5};\n mov.b64 %rd3, {%r6, %r7};\n and.b32 %r8, %tx, 1;\n setp.eq.u32 %p1, %r8, 1;\n selp.b64 %res, %rd3, %rd2, %p1;";
    let (v, rep) = run_snippet_cfg(body, "", 32, "", &[], 0);
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    assert_eq!(v[0], 32 | ((16f32.to_bits() as u64) << 32));
    assert_eq!(v[1], 31 | (77 << 32));
    // One v4 request of 16 bytes per lane, all lanes the same address: one sector; and the three
    // `atom`s, which return the old value, are loads of 4 bytes a lane (one sector each); the
    // `red` returns nothing and is none.
    assert_eq!(rep.metrics.global_load_requests, 1 + 3);
    assert_eq!(rep.metrics.global_load_sectors, 1 + 3);
    assert_eq!(rep.metrics.global_load_bytes, 32 * 16 + 3 * 32 * 4);
    // Four atomic instructions of 32 lanes × 4 bytes; only the harness's result store (8 bytes a
    // lane) is a store; the float red.add is one FLOP per lane.
    let m = &rep.metrics;
    assert_eq!((m.atomic_requests, m.global_atomic_bytes, m.shared_atomic_bytes), (4, 4 * 32 * 4, 0));
    assert_eq!((m.global_loads, m.global_store_bytes, m.flops), (32 + 3 * 32, 32 * 8, 32));
    // mov.b64 {lo, hi} unpacks.
    let v = run1("mov.u64 %rd1, 0x1122334455667788;\n mov.b64 {%r1, %r2}, %rd1;\n cvt.u64.u32 %res, %r2;");
    assert_eq!(v, 0x11223344);
}

#[test]
fn out_of_bounds_global_read_stops_the_launch() {
    let body = "ld.param.u64 %rd1, [out];\n cvta.to.global.u64 %rd1, %rd1;\n ld.global.u64 %res, [%rd1+256];";
    let (_, rep) = run_snippet_cfg(body, "", 32, "", &[], 0);
    assert!(!rep.completed);
    assert_eq!(rep.findings.len(), 1);
    let f = &rep.findings[0];
    assert_eq!(f.kind, FindingKind::OutOfBounds);
    assert_eq!(f.source.as_ref().unwrap().line, 10);
    assert_eq!(f.source.as_ref().unwrap().file, "snippet.cu");
    // 32 lanes × 8 bytes = 256 bytes: lane 0 reads out[32], one past the end.
    assert_eq!(f.thread, [0, 0, 0]);
}

#[test]
fn misaligned_access_is_reported() {
    let body = "ld.param.u64 %rd1, [out];\n ld.global.u32 %r1, [%rd1+2];";
    let (_, rep) = run_snippet_cfg(body, "", 1, "", &[], 0);
    assert!(!rep.completed);
    assert_eq!(rep.findings[0].kind, FindingKind::Misaligned);
}

#[test]
fn early_exit_before_barrier_is_a_barrier_finding() {
    let body = "setp.ge.u32 %p1, %tx, 40;\n @%p1 ret;\n .loc 1 12 1\n bar.sync 0;";
    let (_, rep) = run_snippet_cfg(body, "", 64, "", &[], 0);
    let f = rep.findings.iter().find(|f| f.kind == FindingKind::Barrier).expect("barrier finding");
    assert_eq!(f.source.as_ref().unwrap().line, 12);
    assert_eq!(f.thread, [40, 0, 0]);
}

#[test]
fn barriers_at_different_places_are_reported() {
    let body = "setp.lt.u32 %p1, %tx, 32;\n @%p1 bra $L_a;\n .loc 1 20 1\n bar.sync 0;\n bra.uni $L_end;\n$L_a:\n .loc 1 30 1\n bar.sync 0;\n$L_end:\n .loc 1 40 1\n add.u32 %r1, %r1, 1;";
    let (_, rep) = run_snippet_cfg(body, "", 64, "", &[], 0);
    assert!(
        rep.findings.iter().any(|f| f.kind == FindingKind::Barrier && f.message.contains("different")),
        "{:?}",
        rep.findings
    );
}

#[test]
fn uninitialised_shared_read_and_races() {
    let decls = ".shared .align 4 .b8 sm[256];";
    let (_, rep) = run_snippet_cfg("ld.shared.u32 %r1, [sm+8];\n cvt.u64.u32 %res, %r1;", decls, 32, "", &[], 0);
    assert_eq!(rep.findings[0].kind, FindingKind::UninitializedShared);
    assert!(rep.completed);
    // Each thread writes its slot, then (no barrier) reads its neighbour's: read-after-write.
    let body = "mul.wide.u32 %rd1, %tx, 4;\n mov.u64 %rd2, sm;\n add.s64 %rd3, %rd2, %rd1;\n st.shared.u32 [%rd3], %tx;\n .loc 1 15 1\n ld.shared.u32 %r1, [%rd3+4];";
    let (_, rep) = run_snippet_cfg(body, decls, 32, "", &[], 0);
    let race = rep.findings.iter().find(|f| f.kind == FindingKind::Race).expect("race");
    assert!(race.message.contains("read-after-write"), "{}", race.message);
    assert_eq!(race.source.as_ref().unwrap().line, 15);
    // The same with a barrier in between is clean (the last lane reads unwritten memory, but
    // never uses the value).
    let body = "mul.wide.u32 %rd1, %tx, 4;\n mov.u64 %rd2, sm;\n add.s64 %rd3, %rd2, %rd1;\n st.shared.u32 [%rd3], %tx;\n bar.sync 0;\n ld.shared.u32 %r1, [%rd3+4];";
    let (_, rep) = run_snippet_cfg(body, decls, 32, "", &[], 0);
    assert!(rep.findings.is_empty(), "{:?}", rep.findings);
    // Two threads write the same word: write-after-write.
    let (_, rep) = run_snippet_cfg("st.shared.u32 [sm], %tx;", decls, 2, "", &[], 0);
    assert!(rep.findings.iter().any(|f| f.kind == FindingKind::Race && f.message.contains("write-after-write")));
    // Thread 0 reads, thread 33 (another warp) then writes: write-after-read.
    let body = "setp.eq.u32 %p1, %tx, 0;\n @%p1 st.shared.u32 [sm+4], 0;\n bar.sync 0;\n @%p1 ld.shared.u32 %r1, [sm+4];\n setp.eq.u32 %p2, %tx, 33;\n .loc 1 20 1\n @%p2 st.shared.u32 [sm+4], 5;";
    let (_, rep) = run_snippet_cfg(body, decls, 64, "", &[], 0);
    assert!(
        rep.findings
            .iter()
            .any(|f| f.kind == FindingKind::Race && f.message.contains("write-after-read") && f.thread == [33, 0, 0]),
        "{:?}",
        rep.findings
    );
    assert_eq!(rep.findings.len(), 1, "{:?}", rep.findings);
    // Every thread of two warps reads the word (twice), then thread 33 writes it: the readers
    // are "other threads".
    let body = "setp.eq.u32 %p1, %tx, 0;\n @%p1 st.shared.u32 [sm+4], 0;\n bar.sync 0;\n ld.shared.u32 %r1, [sm+4];\n ld.shared.u32 %r2, [sm+4];\n setp.eq.u32 %p2, %tx, 33;\n .loc 1 21 1\n @%p2 st.shared.u32 [sm+4], 5;";
    let (_, rep) = run_snippet_cfg(body, decls, 64, "", &[], 0);
    assert_eq!(rep.findings.len(), 1, "{:?}", rep.findings);
    let f = &rep.findings[0];
    assert!(
        f.message.contains("write-after-read") && f.message.contains("other threads") && f.thread == [33, 0, 0],
        "{f:?}"
    );
}

#[test]
fn shared_out_of_bounds_in_the_middle_of_a_warp() {
    // 32 bytes of shared memory: lanes 0-7 store in bounds, lane 8 is the first one past the end.
    let decls = ".shared .align 4 .b8 sm[32];";
    let body = "mul.wide.u32 %rd1, %tx, 4;\n mov.u64 %rd2, sm;\n add.s64 %rd3, %rd2, %rd1;\n .loc 1 12 1\n st.shared.u32 [%rd3], %tx;";
    let (_, rep) = run_snippet_cfg(body, decls, 32, "", &[], 0);
    assert!(!rep.completed);
    assert_eq!(rep.findings.len(), 1, "{:?}", rep.findings);
    let f = &rep.findings[0];
    assert_eq!((f.kind, f.thread, f.source.as_ref().unwrap().line), (FindingKind::OutOfBounds, [8, 0, 0], 12), "{f:?}");
    // The lanes before it were done, and counted, as one request.
    assert_eq!((rep.metrics.shared_store_bytes, rep.metrics.shared_requests), (32, 1));
    // The same for a load, after the in-bounds lanes wrote their words.
    let body = "mul.wide.u32 %rd1, %tx, 4;\n mov.u64 %rd2, sm;\n add.s64 %rd3, %rd2, %rd1;\n setp.lt.u32 %p1, %tx, 8;\n @%p1 st.shared.u32 [%rd3], %tx;\n bar.sync 0;\n .loc 1 14 1\n ld.shared.u32 %r1, [%rd3];";
    let (_, rep) = run_snippet_cfg(body, decls, 32, "", &[], 0);
    assert_eq!(rep.findings.len(), 1, "{:?}", rep.findings);
    assert_eq!((rep.findings[0].kind, rep.findings[0].thread), (FindingKind::OutOfBounds, [8, 0, 0]));
    assert_eq!((rep.metrics.shared_load_bytes, rep.metrics.shared_requests), (32, 2));
}

#[test]
fn bytes_of_one_shared_word_belong_to_different_threads() {
    // Each of 32 threads writes one byte; after a barrier each reads the word holding its byte
    // and three others: no race, and the values are the four thread indices.
    let decls = ".shared .align 4 .b8 sm[32];";
    let body = "mov.u64 %rd2, sm;\n cvt.u64.u32 %rd1, %tx;\n add.s64 %rd3, %rd2, %rd1;\n cvt.u16.u32 %rs1, %tx;\n st.shared.u8 [%rd3], %rs1;\n bar.sync 0;\n and.b32 %r2, %tx, -4;\n cvt.u64.u32 %rd4, %r2;\n add.s64 %rd5, %rd2, %rd4;\n ld.shared.u32 %r1, [%rd5];\n cvt.u64.u32 %res, %r1;";
    let (v, rep) = run_snippet_cfg(body, decls, 32, "", &[], 0);
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    for (t, got) in v.iter().enumerate() {
        let b = (t & !3) as u64;
        assert_eq!(*got, b | (b + 1) << 8 | (b + 2) << 16 | (b + 3) << 24, "thread {t}");
    }
    // Without the barrier, a thread reading the word races with the writers of the other bytes.
    let (_, rep) = run_snippet_cfg(&body.replace("bar.sync 0;", ""), decls, 32, "", &[], 0);
    let race = rep.findings.iter().find(|f| f.kind == FindingKind::Race).expect("a race");
    assert!(race.message.contains("read-after-write"), "{}", race.message);
}

#[test]
fn bank_conflicts_and_sectors() {
    let decls = ".shared .align 4 .b8 sm[4096];";
    // Stride of 2 words: lanes 0 and 16 share a bank → 2 wavefronts, 1 extra.
    let body =
        "mul.wide.u32 %rd1, %tx, 8;\n mov.u64 %rd2, sm;\n add.s64 %rd3, %rd2, %rd1;\n st.shared.u32 [%rd3], %tx;";
    let (_, rep) = run_snippet_cfg(body, decls, 32, "", &[], 0);
    assert_eq!(rep.metrics.shared_bank_conflicts, 1);
    // Stride of 32 words: all in bank 0 → 32 wavefronts, 31 extra.
    let body =
        "mul.wide.u32 %rd1, %tx, 128;\n mov.u64 %rd2, sm;\n add.s64 %rd3, %rd2, %rd1;\n st.shared.u32 [%rd3], %tx;";
    let (_, rep) = run_snippet_cfg(body, decls, 32, "", &[], 0);
    assert_eq!(rep.metrics.shared_bank_conflicts, 31);
    // Same word for every lane: a broadcast, no conflict.
    let (_, rep) =
        run_snippet_cfg("st.shared.u32 [sm], 1;\n bar.sync 0;\n ld.shared.u32 %r1, [sm];", decls, 32, "", &[], 0);
    assert_eq!(rep.metrics.shared_bank_conflicts, 0);
    // Global loads: 32 consecutive u64 = 256 bytes = 8 sectors; stride 32 bytes = 32 sectors.
    let body = "ld.param.u64 %rd1, [out];\n mul.wide.u32 %rd2, %tx, 8;\n add.s64 %rd3, %rd1, %rd2;\n ld.global.u64 %rd4, [%rd3];";
    let (_, rep) = run_snippet_cfg(body, "", 32, "", &[], 0);
    assert_eq!((rep.metrics.global_load_requests, rep.metrics.global_load_sectors), (1, 8));
    assert_eq!(rep.metrics.unique_global_load_bytes, 256);
    let body = "ld.param.u64 %rd1, [out];\n and.b32 %r1, %tx, 7;\n mul.wide.u32 %rd2, %r1, 32;\n add.s64 %rd3, %rd1, %rd2;\n ld.global.u32 %r2, [%rd3];";
    let (_, rep) = run_snippet_cfg(body, "", 32, "", &[], 0);
    assert_eq!((rep.metrics.global_load_requests, rep.metrics.global_load_sectors), (1, 8));
    assert_eq!(rep.metrics.global_load_bytes, 128);
    assert_eq!(rep.metrics.unique_global_load_bytes, 32);
}

#[test]
fn local_memory_and_module_constants() {
    let ptx = r#"
.version 8.8
.target sm_75
.address_size 64
.const .align 4 .b8 C[8] = {1, 0, 0, 0, 2, 0, 0, 0};
.global .align 4 .u32 G = 40;
.visible .entry t(.param .u64 out)
{
    .local .align 4 .b8 __local_depot0[16];
    .reg .b64 %SP;
    .reg .b64 %SPL;
    .reg .b32 %r<8>;
    .reg .b64 %rd<8>;
    mov.u64 %SPL, __local_depot0;
    cvta.local.u64 %SP, %SPL;
    mov.u32 %r1, %tid.x;
    st.local.u32 [%SPL+4], %r1;
    ld.u32 %r2, [%SP+4];
    ld.const.u32 %r3, [C+4];
    add.u32 %r2, %r2, %r3;
    mov.u64 %rd5, G;
    ld.global.u32 %r4, [%rd5];
    add.u32 %r2, %r2, %r4;
    ld.param.u64 %rd1, [out];
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r2;
    ret;
}
"#;
    let m = Module::parse(ptx).unwrap();
    assert_eq!(m.constant_symbols(), vec![("C".to_string(), 8)]);
    let mut mem = DeviceMemory::new();
    let out = mem.alloc_zeroed(4 * 8).unwrap();
    let rep = launch(
        &m,
        &Launch {
            kernel: "t",
            config: LaunchConfig { grid: [1, 1, 1], block: [8, 1, 1], dynamic_shared_bytes: 0 },
            args: &[KernelArg::Ptr(out)],
            constants: &[],
        },
        &mut mem,
        &Options::default(),
    )
    .unwrap();
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    let v = mem.read_i32(out, 8).unwrap();
    for (i, x) in v.iter().enumerate() {
        assert_eq!(*x, i as i32 + 2 + 40);
    }
    assert_eq!(rep.metrics.local_store_bytes, 32);
    assert_eq!(rep.metrics.local_load_bytes, 32);
    assert_eq!(rep.metrics.const_load_bytes, 32);
}

#[test]
fn load_errors_name_the_opcode_and_line() {
    let ptx = ".version 8.8\n.target sm_75\n.address_size 64\n.visible .entry k()\n{\n .reg .b32 %r<3>;\n .loc 1 7 3\n frobnicate.b32 %r1, %r2;\n ret;\n}\n.file 1 \"k.cu\"\n";
    let e = Module::parse(ptx).err().expect("must fail");
    assert!(e.message.contains("frobnicate.b32"), "{}", e.message);
    assert_eq!(e.ptx_line, 8);
    assert_eq!(e.source, Some(SourceLocation { file: "k.cu".into(), line: 7 }));
    let e = Module::parse(".version 8.8\n.visible .entry k(\n").err().expect("truncated");
    assert!(e.message.contains("end of PTX") || e.message.contains("expected"), "{}", e.message);
    let e =
        Module::parse(".version 8.8\n.target sm_75\n.visible .entry k()\n{\n add.u32 %r1, %r2, 1;\n}\n").err().unwrap();
    assert!(e.message.contains("undeclared register `%r1`"), "{}", e.message);
    let e = Module::parse(".version 8.8\n.target sm_75\n.visible .entry k()\n{\n bra $L_nowhere;\n}\n").err().unwrap();
    assert!(e.message.contains("unknown label"), "{}", e.message);
    // A function defined in the module is inlined; one only declared is named in the error.
    assert!(Module::parse(".version 8.8\n.target sm_75\n.visible .func f()\n{\n ret;\n}\n.visible .entry k()\n{\n call f, ();\n ret;\n}\n").is_ok());
    let e = Module::parse(".version 8.8\n.target sm_75\n.extern .func g()\n;\n.visible .entry k()\n{\n .loc 1 4 2\n call g, ();\n ret;\n}\n.file 1 \"k.cu\"\n").err().unwrap();
    assert!(e.message.contains("calls to `g` are not supported"), "{}", e.message);
    assert_eq!(e.source, Some(SourceLocation { file: "k.cu".into(), line: 4 }));
}

#[test]
fn launch_errors_are_clear() {
    let m = Module::parse(".version 8.8\n.target sm_75\n.visible .entry k(.param .u32 n)\n{\n ret;\n}\n").unwrap();
    let mut mem = DeviceMemory::new();
    let go = |mem: &mut DeviceMemory, grid: [u32; 3], block: [u32; 3], args: &[KernelArg], name: &str| {
        launch(
            &m,
            &Launch {
                kernel: name,
                config: LaunchConfig { grid, block, dynamic_shared_bytes: 0 },
                args,
                constants: &[],
            },
            mem,
            &Options::default(),
        )
    };
    assert!(go(&mut mem, [1, 1, 1], [32, 1, 1], &[KernelArg::U32(1)], "k").unwrap().completed);
    assert!(go(&mut mem, [0, 1, 1], [32, 1, 1], &[KernelArg::U32(1)], "k").unwrap_err().message.contains("at least 1"));
    assert!(go(&mut mem, [1, 1, 1], [2048, 1, 1], &[KernelArg::U32(1)], "k").unwrap_err().message.contains("1024"));
    assert!(go(&mut mem, [1 << 20, 1 << 10, 1], [1024, 1, 1], &[KernelArg::U32(1)], "k")
        .unwrap_err()
        .message
        .contains("threads"));
    assert!(go(&mut mem, [1, 1, 1], [32, 1, 1], &[KernelArg::U64(1)], "k")
        .unwrap_err()
        .message
        .contains("parameter 0"));
    assert!(go(&mut mem, [1, 1, 1], [32, 1, 1], &[], "k").unwrap_err().message.contains("takes 1"));
    assert!(go(&mut mem, [1, 1, 1], [32, 1, 1], &[KernelArg::U32(1)], "nope")
        .unwrap_err()
        .message
        .contains("no kernel"));
    assert!(mem.alloc_zeroed(5 << 30).unwrap_err().message.contains("refused"));
}

/// A `__device__` array with no initialiser is zeros, read back as such, and a write lands.
#[test]
fn an_uninitialised_global_is_zeros() {
    let ptx = ".version 8.8\n.target sm_75\n.address_size 64\n.global .align 4 .b8 big[67108864];\n.global .align 4 .u32 seven = 7;\n.visible .entry k(.param .u64 out)\n{\n .reg .b32 %r<4>;\n .reg .b64 %rd<4>;\n ld.param.u64 %rd1, [out];\n cvta.to.global.u64 %rd2, %rd1;\n ld.global.u32 %r1, [big+4096];\n ld.global.u32 %r2, [seven];\n add.u32 %r3, %r1, %r2;\n st.global.u32 [%rd2], %r3;\n st.global.u32 [big+8], %r3;\n ret;\n}\n";
    let m = Module::parse(ptx).unwrap();
    let mut mem = DeviceMemory::new();
    let out = mem.alloc_i32(&[-1]).unwrap();
    let rep = launch(
        &m,
        &Launch {
            kernel: "k",
            config: LaunchConfig { grid: [1, 1, 1], block: [1, 1, 1], dynamic_shared_bytes: 0 },
            args: &[KernelArg::Ptr(out)],
            constants: &[],
        },
        &mut mem,
        &Options::default(),
    )
    .unwrap();
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    assert_eq!(mem.read_i32(out, 1).unwrap(), vec![7]);
}
