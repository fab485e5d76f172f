//! `cp.async` as NVRTC emits it for `__pipeline_memcpy_async` (`cp.async.ca.shared.global
//! [%r], [%rd], size, %r_src_size;`), `__pipeline_commit` (`cp.async.commit_group;`) and
//! `__pipeline_wait_prior(n)` (`cp.async.wait_group n;`): the source is read (and counted as a
//! global load) when the copy issues, the shared destination written when the thread waits.

use crate::*;

/// Kernel `k(in, out, n)` with `body` between the parameters loaded (%rdin, %rdout: global
/// addresses; %n) and `ret`, and `decls` among the declarations.
fn kernel(decls: &str, body: &str) -> Module {
    let ptx = format!(
        r#"
.version 8.8
.target sm_90
.address_size 64

.visible .entry k(
    .param .u64 k_in,
    .param .u64 k_out,
    .param .u32 k_n
)
{{
    .reg .pred %p<8>;
    .reg .b32 %r<32>;
    .reg .b64 %rd<32>;
    .reg .f32 %f<16>;
    .reg .b64 %rdin;
    .reg .b64 %rdout;
    .reg .b32 %n;
    .reg .b32 %tx;
    {decls}
    ld.param.u64 %rdin, [k_in];
    ld.param.u64 %rdout, [k_out];
    ld.param.u32 %n, [k_n];
    cvta.to.global.u64 %rdout, %rdout;
    mov.u32 %tx, %tid.x;
{body}
    ret;
}}
.file 1 "copy.cu"
"#
    );
    Module::parse(&ptx).unwrap_or_else(|e| panic!("{e}\n{ptx}"))
}

/// Run `k` on `input` with `n`, `grid` blocks of `block` threads: the output (`out_len`
/// floats, zeroed first) and the report.
fn run(m: &Module, input: &[f32], n: u32, (grid, block): (u32, u32), out_len: usize) -> (Vec<f32>, LaunchReport) {
    let mut mem = DeviceMemory::new();
    let a = mem.alloc_f32(input).unwrap();
    let out = mem.alloc_zeroed(4 * out_len).unwrap();
    let rep = launch(
        m,
        &Launch {
            kernel: "k",
            config: LaunchConfig { grid: [grid, 1, 1], block: [block, 1, 1], dynamic_shared_bytes: 0 },
            args: &[KernelArg::Ptr(a), KernelArg::Ptr(out), KernelArg::U32(n)],
            constants: &[],
        },
        &mut mem,
        &Options { threads: 1, ..Options::default() },
    )
    .unwrap();
    let bytes = mem.read_bytes(out, 4 * out_len).unwrap();
    (bytes.chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect(), rep)
}

/// `out[g] = 2 * in[g]` through a double buffer `buf[2][64]`: each block of 64 threads copies
/// %n tiles of 64 floats, the next tile in flight while it works on this one
/// (`__pipeline_wait_prior(1)`), the last one after `__pipeline_wait_prior(0)`. Each thread
/// reads only the slot it copied, so no barrier is needed.
const DOUBLE_BUFFER: &str = r#"
    mov.u32 %r3, %ctaid.x;
    mul.lo.u32 %r4, %r3, %n;
    shl.b32 %r4, %r4, 6;
    add.u32 %r5, %r4, %tx;
    mul.wide.u32 %rd3, %r5, 4;
    add.s64 %rd4, %rdin, %rd3;
    mov.u32 %r6, buf;
    shl.b32 %r7, %tx, 2;
    add.u32 %r8, %r6, %r7;
    mov.u32 %r9, 4;
    .loc 1 20 1
    cp.async.ca.shared.global [%r8], [%rd4], 4, %r9;
    .loc 1 21 1
    cp.async.commit_group;
    mov.u32 %r10, 0;
LOOP:
    add.u32 %r11, %r10, 1;
    setp.lt.u32 %p1, %r11, %n;
    add.s64 %rd5, %rd4, 256;
    @!%p1 bra LAST;
    and.b32 %r12, %r11, 1;
    shl.b32 %r12, %r12, 8;
    add.u32 %r13, %r8, %r12;
    .loc 1 22 1
    cp.async.ca.shared.global [%r13], [%rd5], 4, %r9;
    cp.async.commit_group;
    .loc 1 23 1
    cp.async.wait_group 1;
    bra.uni WORK;
LAST:
    .loc 1 24 1
    cp.async.wait_group 0;
WORK:
    and.b32 %r14, %r10, 1;
    shl.b32 %r14, %r14, 8;
    add.u32 %r15, %r8, %r14;
    .loc 1 25 1
    ld.shared.f32 %f1, [%r15];
    add.f32 %f2, %f1, %f1;
    shl.b32 %r16, %r10, 6;
    add.u32 %r17, %r5, %r16;
    mul.wide.u32 %rd7, %r17, 4;
    add.s64 %rd8, %rdout, %rd7;
    .loc 1 26 1
    st.global.f32 [%rd8], %f2;
    mov.u32 %r10, %r11;
    mov.u64 %rd4, %rd5;
    @%p1 bra LOOP;
"#;

const BUF: &str = ".shared .align 16 .b8 buf[512];";

fn input(n: usize) -> Vec<f32> {
    (0..n).map(|i| i as f32 * 0.5 - 7.0).collect()
}

#[test]
fn a_double_buffered_copy_is_right_and_counted_as_the_loads_it_makes() {
    let (blocks, tiles) = (3u32, 5u32);
    let total = (blocks * tiles * 64) as usize;
    let data = input(total);
    let (out, rep) = run(&kernel(BUF, DOUBLE_BUFFER), &data, tiles, (blocks, 64), total);
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    assert_eq!(out, data.iter().map(|x| x + x).collect::<Vec<_>>());
    let m = &rep.metrics;
    // Every float read once from global memory, one request of 4 sectors per warp and tile.
    let requests = (blocks * 2 * tiles) as u64;
    assert_eq!(m.global_load_bytes, 4 * total as u64);
    assert_eq!(m.global_loads, total as u64);
    assert_eq!(m.global_load_requests, requests);
    assert_eq!((m.global_load_sectors, m.global_load_uncoalesced_sectors), (4 * requests, 0));
    // Written to shared memory when waited for, then read once: a store and a load a float.
    assert_eq!((m.shared_store_bytes, m.shared_load_bytes), (4 * total as u64, 4 * total as u64));
    assert_eq!(m.shared_requests, 2 * requests);
    assert_eq!(m.shared_bank_conflicts, 0);
}

#[test]
fn the_copy_counts_as_the_ld_global_it_replaces() {
    // The same copy with a plain load and store: the same global counts.
    let direct = DOUBLE_BUFFER
        .replace(
            "cp.async.ca.shared.global [%r8], [%rd4], 4, %r9;",
            "ld.global.f32 %f9, [%rd4];\n st.shared.f32 [%r8], %f9;",
        )
        .replace(
            "cp.async.ca.shared.global [%r13], [%rd5], 4, %r9;",
            "ld.global.f32 %f9, [%rd5];\n st.shared.f32 [%r13], %f9;",
        )
        .replace("cp.async.commit_group;", "")
        .replace("cp.async.wait_group 1;", "")
        .replace("cp.async.wait_group 0;", "");
    let data = input(2 * 4 * 64);
    let (a, rep_async) = run(&kernel(BUF, DOUBLE_BUFFER), &data, 4, (2, 64), data.len());
    let (b, rep_direct) = run(&kernel(BUF, &direct), &data, 4, (2, 64), data.len());
    assert_eq!(a, b);
    let (x, y) = (&rep_async.metrics, &rep_direct.metrics);
    let global = |m: &Metrics| {
        (m.global_load_bytes, m.global_loads, m.global_load_requests, m.global_load_sectors, m.unique_global_load_bytes)
    };
    assert_eq!(global(x), global(y));
    assert_eq!((x.shared_store_bytes, x.shared_load_bytes), (y.shared_store_bytes, y.shared_load_bytes));
}

#[test]
fn the_cache_and_prefetch_hints_copy_the_same() {
    let hinted = DOUBLE_BUFFER
        .replace(
            "cp.async.ca.shared.global [%r8], [%rd4], 4, %r9;",
            "cp.async.ca.shared::cta.global.L2::128B [%r8], [%rd4], 4, %r9;",
        )
        .replace(
            "cp.async.ca.shared.global [%r13], [%rd5], 4, %r9;",
            "cp.async.ca.shared.global.L2::cache_hint.L2::256B [%r13], [%rd5], 4, %r9, %rd20;",
        );
    assert_ne!(hinted, DOUBLE_BUFFER);
    let data = input(2 * 3 * 64);
    let (a, rep_hinted) = run(&kernel(BUF, &hinted), &data, 3, (2, 64), data.len());
    let (b, rep) = run(&kernel(BUF, DOUBLE_BUFFER), &data, 3, (2, 64), data.len());
    assert!(rep_hinted.findings.is_empty(), "{:?}", rep_hinted.findings);
    assert_eq!(a, b);
    assert_eq!(rep_hinted.metrics.global_load_bytes, rep.metrics.global_load_bytes);
}

#[test]
fn reading_the_destination_before_waiting_reads_unwritten_memory_at_the_read_line() {
    let body = r#"
    mul.wide.u32 %rd3, %tx, 4;
    add.s64 %rd4, %rdin, %rd3;
    mov.u32 %r6, buf;
    shl.b32 %r7, %tx, 2;
    add.u32 %r8, %r6, %r7;
    .loc 1 30 1
    cp.async.ca.shared.global [%r8], [%rd4], 4, 4;
    cp.async.commit_group;
    .loc 1 31 1
    ld.shared.f32 %f1, [%r8];
    .loc 1 32 1
    cp.async.wait_group 0;
    add.s64 %rd8, %rdout, %rd3;
    .loc 1 33 1
    st.global.f32 [%rd8], %f1;
"#;
    let (_, rep) = run(&kernel(BUF, body), &input(32), 32, (1, 32), 32);
    assert!(rep.completed);
    let [f] = rep.findings.as_slice() else { panic!("one finding: {:?}", rep.findings) };
    assert_eq!(f.kind, FindingKind::UninitializedShared);
    assert_eq!(f.source.as_ref().map(|s| s.line), Some(31), "{}", f.message);
    assert_eq!(rep.findings_dropped, 31, "every lane read before its copy landed");
    // Waiting first: nothing to say.
    let fixed = body
        .replace("cp.async.wait_group 0;", "")
        .replace("cp.async.commit_group;", "cp.async.commit_group;\n cp.async.wait_group 0;");
    let (out, rep) = run(&kernel(BUF, &fixed), &input(32), 32, (1, 32), 32);
    assert!(rep.findings.is_empty(), "{:?}", rep.findings);
    assert_eq!(out, input(32));
}

#[test]
fn reading_another_threads_copy_without_a_barrier_is_a_race() {
    // Thread t waits for its own copy, then reads thread t+1's slot.
    let body = r#"
    mul.wide.u32 %rd3, %tx, 4;
    add.s64 %rd4, %rdin, %rd3;
    mov.u32 %r6, buf;
    shl.b32 %r7, %tx, 2;
    add.u32 %r8, %r6, %r7;
    .loc 1 40 1
    cp.async.ca.shared.global [%r8], [%rd4], 4, 4;
    cp.async.wait_all;
    add.u32 %r9, %tx, 1;
    and.b32 %r9, %r9, 31;
    shl.b32 %r9, %r9, 2;
    add.u32 %r9, %r6, %r9;
    BARRIER
    .loc 1 41 1
    ld.shared.f32 %f1, [%r9];
    add.s64 %rd8, %rdout, %rd3;
    st.global.f32 [%rd8], %f1;
"#;
    let (_, rep) = run(&kernel(BUF, &body.replace("BARRIER", "")), &input(64), 64, (1, 64), 64);
    let races: Vec<_> = rep.findings.iter().filter(|f| f.kind == FindingKind::Race).collect();
    assert_eq!(races.len(), 1, "{:?}", rep.findings);
    assert_eq!(races[0].source.as_ref().map(|s| s.line), Some(41));
    // With `__syncthreads()` after the waits, the copies are ordered before the reads.
    let (out, rep) = run(&kernel(BUF, &body.replace("BARRIER", "bar.sync 0;")), &input(64), 64, (1, 64), 64);
    assert!(rep.findings.is_empty(), "{:?}", rep.findings);
    let data = input(64);
    let expected: Vec<f32> = (0..64).map(|t| data[(t + 1) % 32]).collect();
    assert_eq!(out, expected);
}

/// Each of 32 threads copies 16 bytes (4 floats) of the first %n floats, the bytes past %n
/// zero-filled (`src-size` = what is left, clamped to 0..16), then stores its four floats.
const ZERO_FILL: &str = r#"
    shl.b32 %r1, %tx, 4;
    shl.b32 %r2, %n, 2;
    sub.s32 %r3, %r2, %r1;
    max.s32 %r3, %r3, 0;
    min.s32 %r3, %r3, 16;
    cvt.u64.u32 %rd3, %r1;
    add.s64 %rd4, %rdin, %rd3;
    mov.u32 %r6, buf;
    add.u32 %r8, %r6, %r1;
    .loc 1 50 1
    cp.async.cg.shared.global [%r8], [%rd4], 16, %r3;
    .loc 1 51 1
    cp.async.wait_all;
    ld.shared.v4.f32 {%f1, %f2, %f3, %f4}, [%r8];
    add.s64 %rd8, %rdout, %rd3;
    st.global.v4.f32 [%rd8], {%f1, %f2, %f3, %f4};
"#;

#[test]
fn bytes_past_the_source_size_are_zeros_and_are_not_read() {
    // 70 floats, in an allocation of exactly 70: lanes 0-16 copy 16 bytes, lane 17 copies 8
    // (floats 68, 69) and zero-fills 8, lanes 18-31 read nothing.
    let data = input(70);
    let (out, rep) = run(&kernel(BUF, ZERO_FILL), &data, 70, (1, 32), 128);
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    let mut expected = data.clone();
    expected.resize(128, 0.0);
    assert_eq!(out, expected);
    let m = &rep.metrics;
    assert_eq!(m.global_load_bytes, 70 * 4, "only the bytes below src-size are read");
    assert_eq!((m.global_loads, m.global_load_requests), (18, 2), "17 whole copies, then one of 8 bytes");
    assert_eq!(m.shared_store_bytes, 32 * 16, "every lane writes its 16 bytes, zeros included");
}

#[test]
fn the_ignore_src_predicate_zero_fills_the_whole_copy() {
    let body = r#"
    mul.wide.u32 %rd3, %tx, 4;
    add.s64 %rd4, %rdin, %rd3;
    mov.u32 %r6, buf;
    shl.b32 %r7, %tx, 2;
    add.u32 %r8, %r6, %r7;
    setp.ge.u32 %p1, %tx, %n;
    cp.async.ca.shared.global [%r8], [%rd4], 4, %p1;
    cp.async.wait_all;
    ld.shared.f32 %f1, [%r8];
    add.s64 %rd8, %rdout, %rd3;
    st.global.f32 [%rd8], %f1;
"#;
    let data = input(20);
    let (out, rep) = run(&kernel(BUF, body), &data, 20, (1, 32), 32);
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    let mut expected = data.clone();
    expected.resize(32, 0.0);
    assert_eq!(out, expected);
    assert_eq!(rep.metrics.global_load_bytes, 20 * 4);
}

#[test]
fn a_source_past_the_end_is_out_of_bounds_at_the_copy() {
    // 64 threads copy from an array of 40 floats with no guard: thread 40 faults.
    let body = r#"
    mul.wide.u32 %rd3, %tx, 4;
    add.s64 %rd4, %rdin, %rd3;
    mov.u32 %r6, buf;
    shl.b32 %r7, %tx, 2;
    add.u32 %r8, %r6, %r7;
    .loc 1 60 1
    cp.async.ca.shared.global [%r8], [%rd4], 4, 4;
    cp.async.wait_all;
"#;
    let (_, rep) = run(&kernel(BUF, body), &input(40), 40, (1, 64), 64);
    assert!(!rep.completed);
    let [f] = rep.findings.as_slice() else { panic!("one finding: {:?}", rep.findings) };
    assert_eq!(f.kind, FindingKind::OutOfBounds);
    assert_eq!(f.source.as_ref().map(|s| s.line), Some(60));
    assert_eq!(f.thread, [40, 0, 0]);
}

#[test]
fn a_destination_outside_shared_memory_or_misaligned_stops_at_the_copy() {
    let body = |dst: &str| {
        format!(
            "mul.wide.u32 %rd3, %tx, 4;\n add.s64 %rd4, %rdin, %rd3;\n mov.u32 %r6, buf;\n shl.b32 %r7, %tx, 4;\n \
             add.u32 %r8, %r6, %r7;\n .loc 1 70 1\n cp.async.ca.shared.global [{dst}], [%rd4], 4, 4;\n cp.async.wait_all;"
        )
    };
    // 16 bytes a thread into 512: thread 32 is past the end.
    let (_, rep) = run(&kernel(BUF, &body("%r8")), &input(64), 64, (1, 64), 64);
    let [f] = rep.findings.as_slice() else { panic!("one finding: {:?}", rep.findings) };
    assert_eq!((f.kind, f.thread[0]), (FindingKind::OutOfBounds, 32));
    assert_eq!(f.source.as_ref().map(|s| s.line), Some(70));
    let (_, rep) = run(&kernel(BUF, &body("%r8+2")), &input(64), 64, (1, 8), 64);
    let [f] = rep.findings.as_slice() else { panic!("one finding: {:?}", rep.findings) };
    assert_eq!((f.kind, f.thread[0]), (FindingKind::Misaligned, 0));
}

#[test]
fn wait_group_1_leaves_the_latest_group_in_flight() {
    // Group 0 copies into buf[tid], group 1 into buf[128 + tid]; after wait_group 1 only the
    // first has landed: reading the second is a read of unwritten memory.
    let body = r#"
    mul.wide.u32 %rd3, %tx, 4;
    add.s64 %rd4, %rdin, %rd3;
    mov.u32 %r6, buf;
    shl.b32 %r7, %tx, 2;
    add.u32 %r8, %r6, %r7;
    cp.async.ca.shared.global [%r8], [%rd4], 4, 4;
    cp.async.commit_group;
    cp.async.ca.shared.global [%r8+128], [%rd4], 4, 4;
    cp.async.commit_group;
    cp.async.wait_group 1;
    .loc 1 80 1
    ld.shared.f32 %f1, [%r8];
    .loc 1 81 1
    ld.shared.f32 %f2, [%r8+128];
    add.f32 %f3, %f1, %f2;
    add.s64 %rd8, %rdout, %rd3;
    st.global.f32 [%rd8], %f3;
"#;
    let (_, rep) = run(&kernel(BUF, body), &input(32), 32, (1, 32), 32);
    assert!(rep.completed);
    let [f] = rep.findings.as_slice() else { panic!("one finding: {:?}", rep.findings) };
    assert_eq!(f.kind, FindingKind::UninitializedShared);
    assert_eq!(f.source.as_ref().map(|s| s.line), Some(81), "the second group's read, not the first's");
    assert_eq!(rep.metrics.shared_store_bytes, 2 * 32 * 4, "the second group lands when the block ends");
}

#[test]
fn bulk_copies_and_mbarrier_completion_are_refused_by_name() {
    for (inst, words) in [
        ("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1], 16, [%r2];", "bulk"),
        ("cp.async.mbarrier.arrive.b64 [%r1];", "mbarrier"),
    ] {
        let ptx = format!(
            ".version 8.8\n.target sm_90\n.address_size 64\n.visible .entry t()\n{{\n .reg .b32 %r<3>;\n \
             .reg .b64 %rd<3>;\n {inst}\n ret;\n}}\n"
        );
        let e = Module::parse(&ptx).err().expect("refused");
        let opcode = inst.split(' ').next().unwrap();
        assert!(e.message.contains(&format!("`{opcode}` is not supported")), "{}", e.message);
        assert!(e.message.contains(words), "{}", e.message);
    }
}

#[test]
fn a_misaligned_source_stops_at_the_copy() {
    // 16-byte copies from `in + 4`: not a multiple of 16.
    let body = r#"
    mul.wide.u32 %rd3, %tx, 16;
    add.s64 %rd4, %rdin, %rd3;
    mov.u32 %r6, buf;
    shl.b32 %r7, %tx, 4;
    add.u32 %r8, %r6, %r7;
    .loc 1 90 1
    cp.async.cg.shared.global [%r8], [%rd4+4], 16, 16;
    cp.async.wait_all;
"#;
    let (_, rep) = run(&kernel(BUF, body), &input(256), 256, (1, 32), 32);
    assert!(!rep.completed);
    let [f] = rep.findings.as_slice() else { panic!("one finding: {:?}", rep.findings) };
    assert_eq!((f.kind, f.thread[0]), (FindingKind::Misaligned, 0));
    assert_eq!(f.source.as_ref().map(|s| s.line), Some(90));
}

#[test]
fn a_destination_named_by_its_symbol_is_the_array_plus_the_offset() {
    // Thread 0 copies in[2], in[3] (8 bytes) to buf+8; every thread reads buf[2], buf[3]
    // after the wait and a barrier.
    let body = r#"
    setp.eq.u32 %p1, %tx, 0;
    @%p1 cp.async.ca.shared.global [buf+8], [%rdin+8], 8;
    cp.async.wait_all;
    bar.sync 0;
    ld.shared.v2.f32 {%f1, %f2}, [buf+8];
    add.f32 %f3, %f1, %f2;
    mul.wide.u32 %rd3, %tx, 4;
    add.s64 %rd8, %rdout, %rd3;
    st.global.f32 [%rd8], %f3;
"#;
    let data = input(8);
    let (out, rep) = run(&kernel(BUF, body), &data, 8, (1, 32), 32);
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    assert_eq!(out, vec![data[2] + data[3]; 32]);
    assert_eq!((rep.metrics.global_load_bytes, rep.metrics.shared_store_bytes), (8, 8));
}
