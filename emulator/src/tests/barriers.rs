//! Barriers that do more than wait (`bar.red`), warp matching (`match.sync`) and reductions
//! (`redux.sync`), and the launch
//! bounds a kernel's PTX declares, as small PTX snippets against hand-computed values.

use super::instructions::{run32, run_snippet_cfg};
use super::*;

#[test]
fn warp_reductions() {
    // Lane l holds 3 - l: the sum over 32 lanes, the signed and unsigned extremes, the bits.
    let reduce = |op: &str| {
        run32(&format!(
            "mov.u32 %r2, 3;\n sub.u32 %r2, %r2, %tx;\n redux.sync.{op} %r1, %r2, -1;\n cvt.u64.u32 %res, %r1;"
        ))
    };
    let values: Vec<u32> = (0..32u32).map(|l| 3u32.wrapping_sub(l)).collect();
    let sum = values.iter().fold(0u32, |a, &x| a.wrapping_add(x));
    assert!(reduce("add.s32").iter().all(|&x| x == sum as u64));
    assert!(reduce("min.s32").iter().all(|&x| x == (-28i32) as u32 as u64));
    assert!(reduce("max.s32").iter().all(|&x| x == 3));
    assert!(reduce("min.u32").iter().all(|&x| x == 0));
    assert!(reduce("max.u32").iter().all(|&x| x == (-1i32) as u32 as u64));
    assert!(reduce("and.b32").iter().all(|&x| x == values.iter().fold(!0, |a, &v| a & v) as u64));
    assert!(reduce("or.b32").iter().all(|&x| x == values.iter().fold(0, |a, &v| a | v) as u64));
    assert!(reduce("xor.b32").iter().all(|&x| x == values.iter().fold(0, |a, &v| a ^ v) as u64));
    // A member mask of the even lanes: each even lane gets the sum over the even lanes.
    let v = run32(
        "and.b32 %r3, %tx, 1;\n setp.eq.u32 %p1, %r3, 0;\n @%p1 redux.sync.add.u32 %r1, %tx, 0x55555555;\n \
                   @%p1 cvt.u64.u32 %res, %r1;",
    );
    for (l, x) in v.iter().enumerate() {
        assert_eq!(*x, if l % 2 == 0 { (0..32).step_by(2).sum::<u64>() } else { 0 }, "lane {l}");
    }
}

#[test]
fn two_floats_to_a_pair_of_halves() {
    // 1.5 and -2.0 as halves (0x3e00, 0xc000); relu clamps the negative one to 0.
    let v = run32(
        "mov.f32 %f1, 0f3FC00000;\n mov.f32 %f2, 0fC0000000;\n cvt.rn.f16x2.f32 %r1, %f1, %f2;\n \
                   cvt.u64.u32 %res, %r1;",
    );
    assert!(v.iter().all(|&x| x == 0x3e00_c000), "{:x}", v[0]);
    let v = run32(
        "mov.f32 %f1, 0fC0000000;\n mov.f32 %f2, 0f3FC00000;\n cvt.rn.relu.f16x2.f32 %r1, %f1, %f2;\n \
                   cvt.u64.u32 %res, %r1;",
    );
    assert!(v.iter().all(|&x| x == 0x0000_3e00), "{:x}", v[0]);
}

#[test]
fn match_any_and_all() {
    // Lanes with the same tx % 4: lane l matches the lanes 4k + l % 4.
    let v = run32("and.b32 %r2, %tx, 3;\n match.any.sync.b32 %r1, %r2, -1;\n cvt.u64.u32 %res, %r1;");
    for (l, x) in v.iter().enumerate() {
        assert_eq!(*x, 0x1111_1111u64 << (l % 4), "lane {l}");
    }
    // 64-bit values differing only in the high word still differ.
    let v = run32(
        "cvt.u64.u32 %rd1, %tx;\n shl.b64 %rd1, %rd1, 32;\n match.any.sync.b64 %r1, %rd1, -1;\n cvt.u64.u32 %res, %r1;",
    );
    for (l, x) in v.iter().enumerate() {
        assert_eq!(*x, 1u64 << l);
    }
    // all: the mask and a true predicate when every lane agrees, else 0 and false.
    let all = |value: &str| {
        run32(&format!(
            "{value}\n match.all.sync.b32 %r1|%p1, %r2, -1;\n selp.u32 %r3, 1, 0, %p1;\n cvt.u64.u32 %res, %r3;\n \
             shl.b64 %res, %res, 32;\n cvt.u64.u32 %rd3, %r1;\n or.b64 %res, %res, %rd3;"
        ))
    };
    assert!(all("mov.u32 %r2, 42;").iter().all(|&x| x == (1 << 32) | 0xffff_ffff));
    assert!(all("shr.u32 %r2, %tx, 4;").iter().all(|&x| x == 0));
}

#[test]
fn barrier_reductions_count_and_combine_the_whole_block() {
    // Two warps; the predicate holds for threads 3, 40 and 41 (then for all). Every thread
    // gets the block's result: popc in %r1, and in bit 0, or in bit 1 of %r2.
    let body = |pred: &str| {
        format!(
            "{pred}\n bar.red.popc.u32 %r1, 0, %p1;\n bar.red.and.pred %p2, 0, %p1;\n barrier.red.or.aligned.pred %p3, 0, !%p1;\n \
             selp.u32 %r2, 1, 0, %p2;\n selp.u32 %r3, 2, 0, %p3;\n or.b32 %r2, %r2, %r3;\n shl.b32 %r2, %r2, 16;\n \
             or.b32 %r1, %r1, %r2;\n cvt.u64.u32 %res, %r1;"
        )
    };
    let some = "setp.eq.u32 %p1, %tx, 3;\n setp.eq.u32 %p4, %tx, 40;\n or.pred %p1, %p1, %p4;\n setp.eq.u32 %p4, %tx, 41;\n or.pred %p1, %p1, %p4;";
    let (v, rep) = run_snippet_cfg(&body(some), "", 64, "", &[], 0);
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    // 3 set; not all set; "or" of the negation: some are unset.
    assert!(v.iter().all(|&x| x == 3 | (2 << 16)), "{v:?}");
    let (v, _) = run_snippet_cfg(&body("setp.lt.u32 %p1, %tx, 1000;"), "", 64, "", &[], 0);
    assert!(v.iter().all(|&x| x == 64 | (1 << 16)), "all set, none unset: {v:?}");
}

#[test]
fn a_barrier_reduction_is_a_barrier_for_the_checks() {
    let decls = ".shared .align 4 .b8 sm[256];";
    // Reached by part of the block only: the barrier finding, at its line.
    let body = "setp.ge.u32 %p1, %tx, 40;\n @%p1 ret;\n .loc 1 12 1\n bar.red.popc.u32 %r1, 0, %p1;";
    let (_, rep) = run_snippet_cfg(body, "", 64, "", &[], 0);
    let f = rep.findings.iter().find(|f| f.kind == FindingKind::Barrier).expect("barrier finding");
    assert_eq!(f.source.as_ref().unwrap().line, 12);
    // It orders shared memory like bar.sync: a neighbour's slot read after it is clean...
    let store = "mul.wide.u32 %rd1, %tx, 4;\n mov.u64 %rd2, sm;\n add.s64 %rd3, %rd2, %rd1;\n st.shared.u32 [%rd3], %tx;\n setp.lt.u32 %p1, %tx, 31;";
    let (_, rep) = run_snippet_cfg(
        &format!("{store}\n bar.red.or.pred %p2, 0, %p1;\n @%p1 ld.shared.u32 %r1, [%rd3+4];"),
        decls,
        32,
        "",
        &[],
        0,
    );
    assert!(rep.findings.is_empty(), "{:?}", rep.findings);
    // ...and a write racing with a read across none is still a race, seen after the reduction.
    let body = format!(
        "{store}\n bar.red.popc.u32 %r2, 0, %p1;\n @%p1 ld.shared.u32 %r1, [%rd3+4];\n .loc 1 30 1\n st.shared.u32 [%rd3], %r2;"
    );
    let (_, rep) = run_snippet_cfg(&body, decls, 32, "", &[], 0);
    let race = rep.findings.iter().find(|f| f.kind == FindingKind::Race).expect("race after the reduction");
    assert_eq!(race.source.as_ref().unwrap().line, 30);
}

#[test]
fn launch_bounds_refuse_the_launches_the_gpu_refuses() {
    let ptx = |directives: &str| {
        format!(".version 8.8\n.target sm_75\n.visible .entry k(.param .u32 n)\n{directives}\n{{\n ret;\n}}\n")
    };
    let go = |directives: &str, block: [u32; 3]| {
        let m = Module::parse(&ptx(directives)).unwrap();
        let mut mem = DeviceMemory::new();
        launch(
            &m,
            &Launch {
                kernel: "k",
                config: LaunchConfig { grid: [2, 1, 1], block, dynamic_shared_bytes: 0 },
                args: &[KernelArg::U32(1)],
                constants: &[],
            },
            &mut mem,
            &Options::default(),
        )
    };
    // __launch_bounds__(512) launched with 1024 threads, as 32×32.
    let e = go(".maxntid 512, 1, 1", [32, 32, 1]).unwrap_err().message;
    assert!(
        e.contains("__launch_bounds__(512)") && e.contains("1024 (32×32×1)") && e.contains("invalid argument"),
        "{e}"
    );
    assert!(go(".maxntid 512, 1, 1", [16, 32, 1]).unwrap().completed, "512 threads are within the bound");
    assert!(
        go(".maxntid 16, 16, 1\n.minnctapersm 2", [256, 1, 1]).unwrap().completed,
        "the product bounds, not each dimension"
    );
    let e = go(".reqntid 128, 1, 1", [64, 2, 1]).unwrap_err().message;
    assert!(e.contains("exactly 128×1×1"), "{e}");
    assert!(go(".reqntid 128", [128, 1, 1]).unwrap().completed);
    // Register limits steer the assembler only: read, no refusal.
    assert!(go(".maxnreg 32", [1024, 1, 1]).unwrap().completed);
    let m = Module::parse(&ptx(".maxntid 256, 1, 1\n.minnctapersm 4\n.maxnreg 40")).unwrap();
    let b = m.kernel("k").unwrap().bounds;
    assert_eq!((b.maxntid, b.minnctapersm, b.maxnreg, b.reqntid), (Some([256, 1, 1]), Some(4), Some(40), None));
}
