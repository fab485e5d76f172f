//! Legal CUDA that the course's kernels rarely meet, as NVRTC writes it: `trap` (`__trap()`).

use super::instructions::run_snippet_cfg;
use super::*;

#[test]
fn a_trap_never_reached_is_nothing_and_one_executed_stops_the_launch_at_its_line() {
    // `if (width < 0) __trap();`, as NVRTC writes it: a branch around the trap.
    let body = |limit: u32| {
        format!(
            "setp.lt.u32 %p1, %tx, {limit};\n @%p1 bra $L_ok;\n .loc 1 12 5\n trap;\n$L_ok:\n .loc 1 13 5\n add.u32 %r1, %tx, 1;\n cvt.u64.u32 %res, %r1;"
        )
    };
    let (v, rep) = run_snippet_cfg(&body(64), "", 64, "", &[], 0);
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    assert_eq!(v, (1..=64).collect::<Vec<u64>>());
    // A guard that does not hold is no trap either.
    let (_, rep) = run_snippet_cfg("setp.gt.u32 %p1, %tx, 100;\n @%p1 trap;", "", 64, "", &[], 0);
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    // Threads 37 and up trap: the first of them is named, at the trap's line.
    let (_, rep) = run_snippet_cfg(&body(37), "", 64, "", &[], 0);
    assert!(!rep.completed);
    assert_eq!(rep.findings.len(), 1, "{:?}", rep.findings);
    let f = &rep.findings[0];
    assert_eq!(f.kind, FindingKind::Assertion);
    assert_eq!(f.source, Some(SourceLocation { file: "snippet.cu".into(), line: 12 }));
    assert_eq!(f.thread, [37, 0, 0]);
    assert!(f.message.contains("__trap()") && f.message.contains("unspecified launch failure"), "{}", f.message);
}

#[test]
fn registers_declared_in_inline_ptx_blocks_are_local_to_each_block_and_serve_as_addresses() {
    // Two `asm("{ .reg .u64 ga; … [ga] … }")` statements, as NVRTC pastes them: the same name
    // declared in each block, named without `%`, used as an address; a third block nests one.
    let body = "ld.param.u64 %rd1, [out];\n mul.wide.u32 %rd2, %tx, 8;\n add.s64 %rd3, %rd1, %rd2;\n \
        { .reg .u64 ga; cvta.to.global.u64 ga, %rd3; st.global.u64 [ga], 7; }\n \
        { .reg .u64 ga; .reg .b32 t<2>; cvta.to.global.u64 ga, %rd3; ld.global.u32 t0, [ga]; \
          { .reg .u64 ga; mov.u64 ga, 5; cvt.u32.u64 t1, ga; } add.u32 t0, t0, t1; cvt.u64.u32 %res, t0; }";
    let (v, rep) = run_snippet_cfg(body, "", 32, "", &[], 0);
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    assert_eq!(v, vec![12; 32]);
}
