//! Each check on hand-made events, against hand-worked findings.

use super::*;
use crate::ir::{Op, Reg, Space};
use crate::module::Module;

/// A kernel whose instructions sit on `.cu` lines 10 to 16: a store, a copy (a load whose value
/// is only stored back to shared memory, and that store), a load, a sum with its value, the
/// sum's store to global memory, `ret`.
fn kernel() -> crate::ir::Kernel {
    let ptx = r#"
.version 8.8
.target sm_75
.address_size 64
.visible .entry t()
{
    .reg .b32 %r<6>;
    .reg .b64 %rd<2>;
    .shared .align 4 .b8 _ZZ1tE1s[64];
    .loc 1 10 1
    st.shared.u32 [_ZZ1tE1s], %r1;
    .loc 1 11 1
    ld.shared.u32 %r2, [_ZZ1tE1s+8];
    .loc 1 12 1
    st.shared.u32 [_ZZ1tE1s+16], %r2;
    .loc 1 13 1
    ld.shared.u32 %r3, [_ZZ1tE1s];
    .loc 1 14 1
    add.u32 %r4, %r3, 1;
    .loc 1 15 1
    st.global.u32 [%rd1], %r4;
    .loc 1 16 1
    ret;
}
.file 1 "k.cu"
"#;
    Module::parse(ptx).unwrap().data.kernels.remove(0)
}

/// The register a scalar load or store moves.
fn value_of(k: &crate::ir::Kernel, pc: usize) -> [Reg; 1] {
    match k.code[pc].op {
        Op::Ld { d, .. } => [d[0]],
        Op::St { s, .. } => [s[0]],
        _ => panic!("not a load or store"),
    }
}

/// The first instruction on `.cu` line `line`.
fn pc_of(k: &crate::ir::Kernel, line: u32) -> usize {
    k.locs.iter().position(|l| l.source.as_ref().is_some_and(|s| s.line == line)).unwrap()
}

fn ctx(k: &crate::ir::Kernel, max_findings: usize) -> CheckCtx<'_> {
    CheckCtx {
        kernel: k,
        block: [64, 1, 1],
        shared_bytes: 64,
        const_bytes: 0,
        max_findings,
        stop: None,
        end: Default::default(),
        unportable: &[],
        hazards: true,
    }
}

/// One lane's 32-bit access to shared memory.
fn one_lane<'a>(pc: usize, tid: u32, offsets: &'a [u32; 32], store: bool, values: &'a [Reg]) -> SharedAccess<'a> {
    let lane = 1 << (tid % 32);
    SharedAccess {
        pc,
        base_tid: tid / 32 * 32,
        mask: lane,
        lanes: lane,
        offsets,
        bytes: 4,
        store,
        ascending: false,
        in_a_row: false,
        values,
    }
}

fn messages(checks: &mut Checks) -> (Vec<(FindingKind, u32, String)>, u64) {
    let (found, dropped) = checks.take_findings();
    (found.into_iter().map(|f| (f.kind, f.source.unwrap().line, f.message)).collect(), dropped)
}

/// Thread `tid` runs the instructions on `.cu` lines `lines` alone, as the executor tells it.
fn run_lines(checks: &mut Checks, cx: &CheckCtx, tid: u32, lines: &[u32]) {
    let base_tid = tid / 32 * 32;
    for &line in lines {
        if checks.follows_values(base_tid) {
            checks.follow_values(cx, pc_of(cx.kernel, line), base_tid, 1 << (tid % 32), &[]);
        }
    }
}

#[test]
fn shared_hazards_and_unwritten_reads_are_found_once_per_line() {
    let k = kernel();
    let cx = ctx(&k, 16);
    let (st, ld) = (pc_of(&k, 10), pc_of(&k, 13));
    let (stored, loaded) = (value_of(&k, st), value_of(&k, ld));
    let mut checks = Checks::default();
    checks.begin_block(&cx, [0, 0, 0], 0, u64::MAX, 2);
    let at0 = [0u32; 32];
    let at8 = [8u32; 32];
    // Thread 1 writes offset 0; thread 40 (another warp) reads it with no barrier: a race.
    checks.shared(&cx, &one_lane(st, 1, &at0, true, &stored));
    checks.shared(&cx, &one_lane(ld, 40, &at0, false, &loaded));
    // Offset 8 was never written: a finding once its value is used, on the line of the read...
    checks.shared(&cx, &one_lane(ld, 41, &at8, false, &loaded));
    // ... a second race on that line is not.
    checks.shared(&cx, &one_lane(ld, 42, &at0, false, &loaded));
    // After a barrier, the read is ordered after the write.
    let pcs = [0u32; 32];
    checks.barrier(&cx, 2, |_| WarpAtBarrier { base_tid: 0, waiting: 1, exited: 0, pc: &pcs });
    checks.shared(&cx, &one_lane(ld, 43, &at0, false, &loaded));
    assert!(!checks.follows_values(0), "warp 0 read nothing unwritten");
    assert!(checks.follows_values(32));
    run_lines(&mut checks, &cx, 41, &[14, 15]);
    let (found, dropped) = messages(&mut checks);
    assert_eq!(
        found,
        [
            (
                FindingKind::Race,
                13,
                "read-after-write race on shared memory (offset 0, element 0 of `s` counting row by row): thread (1,0,0) accessed it earlier, at line 10, with no __syncthreads() in between".to_string()
            ),
            (
                FindingKind::UninitializedShared,
                13,
                "read of shared memory (offset 8, in `s`) that no thread of the block has written; its value reaches a store to global memory at line 15".to_string()
            ),
        ]
    );
    assert_eq!(dropped, 1);
}

#[test]
fn an_unwritten_value_is_a_finding_only_where_it_is_used() {
    let k = kernel();
    let cx = ctx(&k, 16);
    let (ld, st, read) = (pc_of(&k, 11), pc_of(&k, 12), pc_of(&k, 13));
    let (copied, stored, loaded) = (value_of(&k, ld), value_of(&k, st), value_of(&k, read));
    let mut checks = Checks::default();
    checks.begin_block(&cx, [0, 0, 0], 0, u64::MAX, 1);
    let (at8, at16) = ([8u32; 32], [16u32; 32]);
    // Copying unwritten offset 8 to offset 16 is no finding, nor is a read never used (thread
    // 6); reading the copy and storing a sum with it to global memory (thread 5) is.
    checks.shared(&cx, &one_lane(ld, 3, &at8, false, &copied));
    checks.shared(&cx, &one_lane(st, 3, &at16, true, &stored));
    checks.shared(&cx, &one_lane(read, 6, &at8, false, &loaded));
    assert!(messages(&mut checks).0.is_empty());
    let pcs = [0u32; 32];
    checks.barrier(&cx, 1, |_| WarpAtBarrier { base_tid: 0, waiting: 1, exited: 0, pc: &pcs });
    checks.shared(&cx, &one_lane(read, 5, &at16, false, &loaded));
    run_lines(&mut checks, &cx, 5, &[14, 15]);
    let (mut found, _) = checks.take_findings();
    assert_eq!(found.len(), 1);
    let f = found.remove(0);
    assert!(f.message.contains("(offset 16, in `s`) that holds a copy of shared memory"), "{f:?}");
    assert_eq!((f.source.unwrap().line, f.thread), (13, [5, 0, 0]));
    let read = f.unwritten.expect("what was read");
    assert_eq!((read.offset, read.bytes, read.copy, read.used), (16, 4, true, crate::detail::ValueUse::GlobalStore));
    assert_eq!(read.array.map(|a| (a.name, a.offset, a.bytes)), Some(("s".to_string(), 0, 64)));
    // Offset 16 was written, with a copy: none of the 64 bytes holds a value.
    assert_eq!(read.unwritten_bytes, 64);
    assert_eq!(read.used_at.map(|l| l.line), Some(15));
}

#[test]
fn the_names_of_static_shared_arrays_are_their_own() {
    use super::taint::plain_name;
    assert_eq!(plain_name("_ZZ35convolution_tiled_2D_const_mem_kernelE3N_s"), "N_s");
    assert_eq!(plain_name("_ZZ14stencil_kernelPfS_jE8inCurr_s"), "inCurr_s");
    assert_eq!(plain_name("_ZZ4funcvE4tile_0"), "tile");
    assert_eq!(plain_name("sm"), "sm");
    assert_eq!(plain_name("_ZZbroken"), "_ZZbroken");
}

#[test]
fn barriers_reached_by_part_of_the_block_or_at_two_places() {
    let k = kernel();
    let cx = ctx(&k, 16);
    let (a, b) = (pc_of(&k, 10) as u32, pc_of(&k, 11) as u32);
    let mut checks = Checks::default();
    checks.begin_block(&cx, [0, 0, 0], 0, u64::MAX, 2);
    let mut pcs0 = [a; 32];
    pcs0[7] = b;
    let pcs1 = [a; 32];
    checks.barrier(&cx, 2, |w| match w {
        0 => WarpAtBarrier { base_tid: 0, waiting: u32::MAX, exited: 0, pc: &pcs0 },
        _ => WarpAtBarrier { base_tid: 32, waiting: !1, exited: 1, pc: &pcs1 },
    });
    let (found, _) = messages(&mut checks);
    assert_eq!(found.len(), 2);
    assert_eq!((found[0].0, found[0].1), (FindingKind::Barrier, 10));
    assert!(found[0].2.contains("thread (32,0,0) had already exited"), "{found:?}");
    assert_eq!(
        found[1],
        (
            FindingKind::Barrier,
            11,
            "threads of one block wait at different __syncthreads() (line 10 and line 11)".into()
        )
    );
}

#[test]
fn the_budget_stops_at_the_instruction_that_passes_it() {
    let k = kernel();
    let cx = ctx(&k, 16);
    let mut checks = Checks::default();
    checks.begin_block(&cx, [0, 0, 0], 0, 40, 1);
    assert_eq!(checks.instruction(&cx, 0, 0, u32::MAX), Ok(()));
    assert_eq!(checks.instruction(&cx, 1, 0, 0xFF00), Ok(()), "40 lane-instructions: all of the budget");
    assert_eq!(checks.instruction(&cx, 1, 0, 0x1_0000), Err(Stop));
    assert_eq!(checks.lane_instructions(), 41);
    let (found, _) = messages(&mut checks);
    assert_eq!((found[0].0, found[0].1), (FindingKind::Timeout, 11));
}

#[test]
fn faults_are_worded_by_the_bounds_check_and_capped_by_max_findings() {
    let k = kernel();
    let cx = ctx(&k, 1);
    let mut checks = Checks::default();
    checks.begin_block(&cx, [2, 0, 0], 0, u64::MAX, 1);
    let oob = BadAccess::OutOfBounds { space: Space::Shared, addr: 64, size: 4, store: true };
    assert_eq!(checks.fault(&cx, 0, 3, oob), Stop);
    checks.fault(&cx, 1, 3, BadAccess::Misaligned { space: Space::Global, addr: 0x1001, size: 4 });
    let (found, dropped) = checks.take_findings();
    assert_eq!(dropped, 1, "max_findings = 1");
    assert_eq!(
        found[0].message,
        "out-of-bounds write of 4 bytes in shared memory: shared offset 64 (the block has 64 bytes of shared memory)"
    );
    assert_eq!((found[0].block, found[0].thread), ([2, 0, 0], [3, 0, 0]));
    assert_eq!(bounds::alignment(8), 8);
    assert_eq!(bounds::alignment(32), 16);
}
