//! Reads of shared memory no thread of the block wrote are findings only where their value is
//! used: stored to global memory, used as an address, compared, or passed to an atomic — found
//! through arithmetic, moves, vector elements, shuffles and calls, and reported at the read's line.

use super::instructions::run_snippet_cfg;
use crate::*;

const SM: &str = ".shared .align 4 .b8 sm[256];";

/// An unwritten-shared finding as the tests compare it: line, thread, use, message.
type Found = (u32, [u32; 3], ValueUse, String);

/// `body` run by 32 threads (its first line is `.cu` line 10; `%res` is stored to global memory
/// at line 99): the unwritten-shared findings, and how many more occurrences.
fn unwritten(body: &str) -> (Vec<Found>, u64) {
    let (_, rep) = run_snippet_cfg(body, SM, 32, "", &[], 0);
    assert!(rep.completed, "{:?}", rep.findings);
    let found = rep
        .findings
        .iter()
        .map(|f| {
            assert_eq!(f.kind, FindingKind::UninitializedShared, "{f:?}");
            let read = f.unwritten.as_ref().expect("what was read");
            (f.source.as_ref().unwrap().line, f.thread, read.used, f.message.clone())
        })
        .collect();
    (found, rep.findings_dropped)
}

#[test]
fn a_value_computed_from_an_unwritten_read_is_reported_at_the_read_where_it_is_stored() {
    let (found, dropped) = unwritten(
        "ld.shared.u32 %r1, [sm+8];\n .loc 1 20 1\n add.u32 %r2, %r1, 3;\n mul.lo.u32 %r3, %r2, %r2;\n cvt.u64.u32 %res, %r3;",
    );
    assert_eq!(found.len(), 1, "{found:?}");
    let (line, thread, used, message) = &found[0];
    assert_eq!((*line, *thread, *used), (10, [0, 0, 0], ValueUse::GlobalStore));
    assert_eq!(
        message,
        "read of shared memory (offset 8, in `sm`) that no thread of the block has written; its value reaches a store to global memory at line 99"
    );
    assert_eq!(dropped, 31, "the 32 lanes read on one line: one finding, 31 more occurrences");
}

#[test]
fn moves_carry_the_value_and_overwriting_it_ends_it() {
    let (found, _) =
        unwritten("ld.shared.u32 %r1, [sm+8];\n mov.u32 %r2, %r1;\n mov.b32 %r3, %r2;\n cvt.u64.u32 %res, %r3;");
    assert_eq!(found.iter().map(|f| (f.0, f.2)).collect::<Vec<_>>(), [(10, ValueUse::GlobalStore)]);
    // Moved, then overwritten before the store: never used.
    let (found, _) =
        unwritten("ld.shared.u32 %r1, [sm+8];\n mov.u32 %r2, %r1;\n mov.u32 %r2, 7;\n cvt.u64.u32 %res, %r2;");
    assert!(found.is_empty(), "{found:?}");
    // Overwritten by a load of written memory.
    let (found, _) = unwritten(
        "ld.shared.u32 %r1, [sm+8];\n setp.eq.u32 %p1, %tx, 0;\n @%p1 st.shared.u32 [sm+16], 5;\n bar.sync 0;\n ld.shared.u32 %r1, [sm+16];\n cvt.u64.u32 %res, %r1;",
    );
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn a_select_passes_on_the_operand_it_picks() {
    // Lane 0 picks the unwritten value, the other lanes 7.
    let (found, dropped) = unwritten(
        "ld.shared.u32 %r1, [sm+8];\n setp.eq.u32 %p1, %tx, 0;\n selp.b32 %r2, %r1, 7, %p1;\n cvt.u64.u32 %res, %r2;",
    );
    assert_eq!(found.iter().map(|f| (f.0, f.1, f.2)).collect::<Vec<_>>(), [(10, [0, 0, 0], ValueUse::GlobalStore)]);
    assert_eq!(dropped, 0);
}

#[test]
fn an_unwritten_value_used_as_an_address_is_reported() {
    // A shared store's address.
    let (found, _) = unwritten(
        "ld.shared.u32 %r1, [sm+8];\n and.b32 %r2, %r1, 252;\n setp.eq.u32 %p1, %tx, 0;\n .loc 1 30 1\n @%p1 st.shared.u32 [%r2], %tx;",
    );
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].0, found[0].2), (10, ValueUse::Address));
    assert!(found[0].3.ends_with("its value reaches the address of a memory access at line 30"), "{}", found[0].3);
    // A global store's address: it may write the outputs.
    let (found, _) = unwritten(
        "ld.shared.u32 %r1, [sm+8];\n cvt.u64.u32 %rd1, %r1;\n ld.param.u64 %rd2, [out];\n add.s64 %rd3, %rd2, %rd1;\n .loc 1 31 1\n st.global.u32 [%rd3], 0;",
    );
    assert_eq!((found[0].0, found[0].2), (10, ValueUse::StoreAddress));
    assert!(ValueUse::StoreAddress.writes_output() && !ValueUse::Address.writes_output());
}

#[test]
fn an_unwritten_value_that_decides_a_branch_is_reported() {
    let (found, _) =
        unwritten("ld.shared.u32 %r1, [sm+8];\n .loc 1 40 1\n setp.gt.u32 %p1, %r1, 5;\n @%p1 bra $L_skip;\n mov.u32 %r2, 1;\n$L_skip:");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].0, found[0].2), (10, ValueUse::Comparison));
    assert!(found[0].3.ends_with("reaches a comparison (a branch or a condition) at line 40"), "{}", found[0].3);
    assert!(!ValueUse::Comparison.writes_output());
    // Compared, then stored: the finding of the line is the store's, the one the verdicts
    // count (the comparison's lanes are more occurrences).
    let (found, dropped) =
        unwritten("ld.shared.u32 %r1, [sm+8];\n .loc 1 40 1\n setp.gt.u32 %p1, %r1, 5;\n cvt.u64.u32 %res, %r1;");
    assert_eq!(found.iter().map(|f| (f.0, f.2)).collect::<Vec<_>>(), [(10, ValueUse::GlobalStore)]);
    assert_eq!(dropped, 63);
}

#[test]
fn an_unwritten_value_never_used_is_no_finding() {
    // Computed with, copied to another register and to shared memory (each thread its word
    // from offset 64), never used.
    let slot = "mul.wide.u32 %rd1, %tx, 4;\n mov.u64 %rd2, sm;\n add.s64 %rd3, %rd2, %rd1;\n";
    let (found, _) =
        unwritten(&format!("{slot} ld.shared.u32 %r1, [sm+8];\n add.u32 %r2, %r1, 1;\n st.shared.u32 [%rd3+64], %r2;"));
    assert!(found.is_empty(), "{found:?}");
    // The copy in shared memory stays unwritten: reading and storing it is a finding there.
    let (found, _) = unwritten(&format!(
        "{slot} ld.shared.u32 %r1, [sm+8];\n st.shared.u32 [%rd3+64], %r1;\n bar.sync 0;\n .loc 1 50 1\n ld.shared.u32 %r2, [%rd3+64];\n cvt.u64.u32 %res, %r2;"
    ));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, 50);
    assert!(found[0].3.contains("(offset 64, in `sm`) that holds a copy of shared memory"), "{}", found[0].3);
}

#[test]
fn each_element_of_a_vector_load_is_followed_on_its_own() {
    // Each thread writes the first word of its 8-byte pair and loads the pair: the second word
    // was never written.
    let load = "mul.wide.u32 %rd1, %tx, 8;\n mov.u64 %rd2, sm;\n add.s64 %rd3, %rd2, %rd1;\n st.shared.u32 [%rd3], %tx;\n .loc 1 60 1\n ld.shared.v2.u32 {%r1, %r2}, [%rd3];\n";
    let (found, _) = unwritten(&format!("{load} cvt.u64.u32 %res, %r1;"));
    assert!(found.is_empty(), "{found:?}");
    let (_, rep) = run_snippet_cfg(&format!("{load} cvt.u64.u32 %res, %r2;"), SM, 32, "", &[], 0);
    let f = &rep.findings[0];
    assert_eq!((f.source.as_ref().unwrap().line, f.thread), (60, [0, 0, 0]));
    let read = f.unwritten.as_ref().unwrap();
    assert_eq!((read.offset, read.bytes, read.unwritten_bytes), (4, 4, 128), "{f:?}");
}

#[test]
fn a_shuffle_passes_the_value_to_other_lanes() {
    // Every lane but 3 writes its word; each reads its own; lane 3's value goes to every lane.
    let body = "mul.wide.u32 %rd1, %tx, 4;\n mov.u64 %rd2, sm;\n add.s64 %rd3, %rd2, %rd1;\n setp.ne.u32 %p1, %tx, 3;\n @%p1 st.shared.u32 [%rd3], %tx;\n .loc 1 70 1\n ld.shared.u32 %r1, [%rd3];\n .loc 1 71 1\n shfl.sync.idx.b32 %r2, %r1, 3, 31, -1;\n cvt.u64.u32 %res, %r2;";
    let (found, dropped) = unwritten(body);
    assert_eq!(found.iter().map(|f| (f.0, f.1)).collect::<Vec<_>>(), [(70, [3, 0, 0])]);
    assert_eq!(dropped, 31, "every lane stores lane 3's value");
    // Without the shuffle, only lane 3 uses it.
    let (found, dropped) = unwritten(&body.replace("shfl.sync.idx.b32 %r2, %r1, 3, 31, -1;", "mov.u32 %r2, %r1;"));
    assert_eq!((found.len(), dropped), (1, 0));
}

/// A kernel that passes an unwritten value to a function (not inlined by the compiler): with
/// `use_result` it stores what the function returns, otherwise it drops it.
fn through_a_call(use_result: bool) -> LaunchReport {
    let store = if use_result { "cvt.u64.u32 %rd1, %r2;" } else { "mov.u64 %rd1, 0;" };
    let ptx = format!(
        r#"
.version 8.8
.target sm_75
.address_size 64
.func (.param .b32 func_retval0) id(.param .b32 id_param_0)
{{
    .reg .b32 %r<3>;
    .loc 1 3 1
    ld.param.b32 %r1, [id_param_0];
    add.u32 %r2, %r1, 1;
    st.param.b32 [func_retval0+0], %r2;
    ret;
}}
.visible .entry k(.param .u64 out)
{{
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    .shared .align 4 .b8 sm[64];
    .loc 1 10 1
    ld.shared.u32 %r1, [sm+8];
    .loc 1 11 1
    {{
    .param .b32 param0;
    st.param.b32 [param0+0], %r1;
    .param .b32 retval0;
    call.uni (retval0), id, (param0);
    ld.param.b32 %r2, [retval0+0];
    }}
    .loc 1 12 1
    {store}
    ld.param.u64 %rd2, [out];
    cvta.to.global.u64 %rd2, %rd2;
    st.global.u64 [%rd2], %rd1;
    ret;
}}
.file 1 "call.cu"
"#
    );
    let m = Module::parse(&ptx).unwrap_or_else(|e| panic!("{e}"));
    let mut mem = DeviceMemory::new();
    let out = mem.alloc_zeroed(8).unwrap();
    let launch_of = Launch {
        kernel: "k",
        config: LaunchConfig { grid: [1, 1, 1], block: [1, 1, 1], dynamic_shared_bytes: 0 },
        args: &[KernelArg::Ptr(out)],
        constants: &[],
    };
    launch(&m, &launch_of, &mut mem, &Options::default()).unwrap()
}

#[test]
fn a_value_passed_to_a_function_is_followed_through_its_parameter_and_result() {
    let rep = through_a_call(true);
    assert_eq!(rep.findings.len(), 1, "{:?}", rep.findings);
    let f = &rep.findings[0];
    assert_eq!((f.kind, f.source.as_ref().unwrap().line), (FindingKind::UninitializedShared, 10));
    assert!(f.message.ends_with("reaches a store to global memory at line 12"), "{}", f.message);
    let rep = through_a_call(false);
    assert!(rep.findings.is_empty(), "the result is dropped: {:?}", rep.findings);
}

/// Block 0 only compares an unwritten value, block 1 stores it: the launch keeps block 1's
/// finding of the line, whose value reached the output.
#[test]
fn of_the_findings_of_one_line_the_launch_keeps_one_that_reached_the_outputs() {
    let ptx = r#"
.version 8.8
.target sm_75
.address_size 64
.visible .entry k(.param .u64 out)
{
    .reg .pred %p<3>;
    .reg .b32 %r<3>;
    .reg .b64 %rd<2>;
    .shared .align 4 .b8 sm[64];
    .loc 1 10 1
    ld.shared.u32 %r1, [sm+8];
    mov.u32 %r2, %ctaid.x;
    setp.eq.u32 %p1, %r2, 0;
    @%p1 bra $L_compare;
    .loc 1 12 1
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    st.global.u32 [%rd1], %r1;
    bra.uni $L_end;
$L_compare:
    .loc 1 14 1
    setp.gt.u32 %p2, %r1, 5;
$L_end:
    ret;
}
.file 1 "blocks.cu"
"#;
    let m = Module::parse(ptx).unwrap_or_else(|e| panic!("{e}"));
    let mut mem = DeviceMemory::new();
    let out = mem.alloc_zeroed(4).unwrap();
    let launch_of = Launch {
        kernel: "k",
        config: LaunchConfig { grid: [2, 1, 1], block: [1, 1, 1], dynamic_shared_bytes: 0 },
        args: &[KernelArg::Ptr(out)],
        constants: &[],
    };
    let rep = launch(&m, &launch_of, &mut mem, &Options::default()).unwrap();
    assert_eq!(rep.findings.len(), 1, "{:?}", rep.findings);
    let f = &rep.findings[0];
    assert_eq!((f.block, f.source.as_ref().unwrap().line), ([1, 0, 0], 10));
    assert_eq!(f.unwritten.as_ref().unwrap().used, ValueUse::GlobalStore);
    assert!(f.reaches_output());
    assert_eq!(rep.findings_dropped, 1, "block 0's comparison");
}
