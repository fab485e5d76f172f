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

/// `twice` and `square` are reached through pointers (one taken with `mov`, both in a table),
/// `pair` takes two arguments, `unused` never has its address taken. Lane t calls
/// `table[t % 2](t)`; with `bad` 1 the pointer is null, with 2 it is `pair`'s; lanes below 16
/// then call `twice(t)` again through a guarded call.
const INDIRECT: &str = r#"
.version 8.8
.target sm_75
.address_size 64
.func (.param .b32 func_retval0) twice(.param .b32 twice_param_0)
{
    .reg .b32 %r<3>;
    ld.param.b32 %r1, [twice_param_0];
    add.s32 %r2, %r1, %r1;
    st.param.b32 [func_retval0+0], %r2;
    ret;
}
.func (.param .b32 func_retval0) square(.param .b32 square_param_0)
{
    .reg .b32 %r<3>;
    .loc 1 4 1
    ld.param.b32 %r1, [square_param_0];
    mul.lo.s32 %r2, %r1, %r1;
    st.param.b32 [func_retval0+0], %r2;
    ret;
}
.func (.param .b32 func_retval0) pair(.param .b32 pair_param_0, .param .b32 pair_param_1)
{
    .reg .b32 %r<2>;
    ld.param.b32 %r1, [pair_param_0];
    st.param.b32 [func_retval0+0], %r1;
    ret;
}
.func (.param .b32 func_retval0) unused(.param .b32 unused_param_0)
{
    ret;
}
.global .align 8 .u64 table[2] = {twice, square};
.visible .entry k(.param .u64 out, .param .u32 bad)
{
    .reg .pred %p<4>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<10>;
    .loc 1 10 1
    mov.u32 %r1, %tid.x;
    and.b32 %r2, %r1, 1;
    mul.wide.u32 %rd1, %r2, 8;
    mov.u64 %rd2, table;
    add.s64 %rd3, %rd2, %rd1;
    ld.global.u64 %rd4, [%rd3];
    ld.param.u32 %r3, [bad];
    setp.eq.u32 %p1, %r3, 1;
    @%p1 mov.u64 %rd4, 0;
    setp.eq.u32 %p2, %r3, 2;
    mov.u64 %rd5, pair;
    @%p2 mov.u64 %rd4, %rd5;
    .loc 1 12 1
    { // callseq 0, 0
    .param .b32 param0;
    st.param.b32 [param0+0], %r1;
    .param .b32 retval0;
    prototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);
    call (retval0), %rd4, (param0), prototype_0;
    ld.param.b32 %r4, [retval0+0];
    } // callseq 0
    .loc 1 13 1
    mov.u32 %r5, 0;
    mov.u64 %rd6, twice;
    setp.lt.u32 %p3, %r1, 16;
    { // callseq 1, 0
    .param .b32 param0;
    st.param.b32 [param0+0], %r1;
    .param .b32 retval0;
    prototype_1 : .callprototype (.param .b32 _) _ (.param .b32 _);
    @%p3 call (retval0), %rd6, (param0), prototype_1;
    @%p3 ld.param.b32 %r5, [retval0+0];
    } // callseq 1
    .loc 1 14 1
    ld.param.u64 %rd7, [out];
    cvta.to.global.u64 %rd7, %rd7;
    mul.wide.u32 %rd8, %r1, 8;
    add.s64 %rd9, %rd7, %rd8;
    st.global.v2.u32 [%rd9], {%r4, %r5};
    ret;
}
.file 1 "pointers.cu"
"#;

fn run_indirect(bad: u32) -> (Vec<u32>, LaunchReport) {
    let m = Module::parse(INDIRECT).unwrap_or_else(|e| panic!("{e}"));
    let mut mem = DeviceMemory::new();
    let out = mem.alloc_zeroed(8 * 32).unwrap();
    let launch_of = Launch {
        kernel: "k",
        config: LaunchConfig { grid: [1, 1, 1], block: [32, 1, 1], dynamic_shared_bytes: 0 },
        args: &[KernelArg::Ptr(out), KernelArg::U32(bad)],
        constants: &[],
    };
    let rep = launch(&m, &launch_of, &mut mem, &opts(1)).unwrap();
    let words = mem.read_bytes(out, 8 * 32).unwrap();
    (words.chunks_exact(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect(), rep)
}

#[test]
fn calls_through_function_pointers_reach_the_function_the_pointer_holds() {
    let (v, rep) = run_indirect(0);
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    for t in 0..32u32 {
        let through_table = if t % 2 == 0 { 2 * t } else { t * t };
        let guarded = if t < 16 { 2 * t } else { 0 };
        assert_eq!((v[2 * t as usize], v[2 * t as usize + 1]), (through_table, guarded), "thread {t}");
    }
}

#[test]
fn a_call_through_a_pointer_that_holds_no_such_function_stops_the_launch_at_the_call() {
    for (bad, says) in [(1, "a null function pointer"), (2, "which is no function")] {
        let (_, rep) = run_indirect(bad);
        assert!(!rep.completed);
        assert_eq!(rep.findings.len(), 1, "{:?}", rep.findings);
        let f = &rep.findings[0];
        assert_eq!(f.kind, FindingKind::OutOfBounds);
        assert_eq!(f.source, Some(SourceLocation { file: "pointers.cu".into(), line: 12 }));
        assert_eq!(f.thread, [0, 0, 0]);
        assert!(f.message.contains(says), "{}", f.message);
    }
}
