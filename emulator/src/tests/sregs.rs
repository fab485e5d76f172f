//! The special registers that describe the GPU (`%nsmid`, `%smid`, `%nwarpid`) and its clocks:
//! values an H100 could give, so that a kernel cannot tell the emulator from a GPU; and
//! `%warpid`, which a GPU gives otherwise: a finding.

use super::*;

/// Run `body` in `blocks` blocks of `block` threads on `threads` workers; every thread stores
/// `%res` (64 bits) to out[global thread index]. The stored values and the report.
pub(super) fn run_grid(body: &str, blocks: u32, block: u32, threads: usize) -> (Vec<u64>, LaunchReport) {
    let ptx = format!(
        r#"
.version 8.8
.target sm_75
.address_size 64

.visible .entry t(
    .param .u64 out
)
{{
    .reg .pred %p<8>;
    .reg .b32 %r<16>;
    .reg .b64 %rd<16>;
    .reg .b64 %res;
    .reg .b64 %outp;
    .reg .b64 %off;
    .reg .b32 %gid;
    mov.u32 %r15, %ctaid.x;
    mov.u32 %r14, %ntid.x;
    mov.u32 %r13, %tid.x;
    mad.lo.u32 %gid, %r15, %r14, %r13;
    mov.u64 %res, 0;
    .loc 1 10 1
{body}
    .loc 1 99 1
    ld.param.u64 %outp, [out];
    cvta.to.global.u64 %outp, %outp;
    mul.wide.u32 %off, %gid, 8;
    add.s64 %outp, %outp, %off;
    st.global.u64 [%outp], %res;
    ret;
}}
.file 1 "sregs.cu"
"#
    );
    let m = Module::parse(&ptx).unwrap_or_else(|e| panic!("{e}\n{ptx}"));
    let mut mem = DeviceMemory::new();
    let n = (blocks * block) as usize;
    let out = mem.alloc_zeroed(8 * n).unwrap();
    let rep = launch(
        &m,
        &Launch {
            kernel: "t",
            config: LaunchConfig { grid: [blocks, 1, 1], block: [block, 1, 1], dynamic_shared_bytes: 0 },
            args: &[KernelArg::Ptr(out)],
            constants: &[],
        },
        &mut mem,
        &Options { instruction_budget: 100_000_000, ..opts(threads) },
    )
    .unwrap();
    let bytes = mem.read_bytes(out, 8 * n).unwrap();
    (bytes.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect(), rep)
}

/// `%res` of every thread, from a launch that must complete with no finding (but that it
/// stores values a GPU gives otherwise: `Unportable`).
fn values(body: &str, blocks: u32, block: u32) -> Vec<u64> {
    let (v, rep) = run_grid(body, blocks, block, 1);
    assert!(rep.completed && rep.findings.iter().all(|f| f.kind == FindingKind::Unportable), "{:?}", rep.findings);
    v
}

#[test]
fn an_h100_has_132_sms_of_64_warp_slots() {
    let v = values("mov.u32 %r1, %nsmid;\n mov.u32 %r2, %nwarpid;\n mov.b64 %res, {%r1, %r2};", 2, 64);
    assert!(v.iter().all(|&x| x == (64 << 32) | 132), "{:x?}", &v[..2]);
}

#[test]
fn blocks_are_spread_over_every_sm() {
    // 300 blocks of 64 threads: %smid of thread 0 of each.
    let v = values("mov.u32 %r1, %smid;\n cvt.u64.u32 %res, %r1;", 300, 64);
    let sms: Vec<u64> = v.chunks(64).map(|b| b[0]).collect();
    assert!(v.chunks(64).all(|b| b.iter().all(|&s| s == b[0])), "one SM per block");
    assert!(sms.iter().all(|&s| s < 132));
    let used: std::collections::BTreeSet<u64> = sms.iter().copied().collect();
    assert_eq!(used.len(), 132, "the first 132 blocks fill every SM");
    assert_ne!(sms[0], sms[1], "neighbouring blocks on different SMs");
    assert_eq!(sms[..132], sms[132..264], "the next wave reuses them in the same order");
}

/// Read `%clock64` into %rd1, loop `n` times (three instructions a trip), read it into %rd2.
fn around_a_loop(clock: &str, n: u32) -> String {
    format!(
        "mov.u64 %rd1, {clock};\n mov.u32 %r1, 0;\n L1:\n add.u32 %r1, %r1, 1;\n setp.lt.u32 %p1, %r1, {n};\n \
         @%p1 bra L1;\n mov.u64 %rd2, {clock};"
    )
}

#[test]
fn the_global_timer_is_a_date_in_nanoseconds_that_advances_with_the_work() {
    let v = values(&format!("{}\n sub.u64 %res, %rd2, %rd1;", around_a_loop("%globaltimer", 1000)), 1, 32);
    // 1000 trips of 3 warp instructions, about 4 cycles each at 1.755 GHz: about 7 µs.
    assert!(v.iter().all(|&ns| (5_000..10_000).contains(&ns)), "{v:?}");
    let now = values("mov.u64 %res, %globaltimer;", 1, 32)[0];
    assert!((1_700_000_000_000_000_000..1_900_000_000_000_000_000).contains(&now), "{now}: in 2026");
    let (lo, hi) = (
        values("mov.u32 %r1, %globaltimer_lo;\n cvt.u64.u32 %res, %r1;", 1, 32)[0],
        values("mov.u32 %r1, %globaltimer_hi;\n cvt.u64.u32 %res, %r1;", 1, 32)[0],
    );
    assert_eq!(hi, now >> 32, "the halves of the same time");
    assert!(lo.abs_diff(now & 0xffff_ffff) < 100, "{lo} {now}");
}

#[test]
fn the_cycle_counter_advances_with_the_work_and_is_never_small() {
    let v = values(&format!("{}\n sub.u64 %res, %rd2, %rd1;", around_a_loop("%clock64", 1000)), 1, 32);
    assert!(v.iter().all(|&c| (10_000..20_000).contains(&c)), "about 4 cycles a warp instruction: {v:?}");
    let start = values("mov.u64 %res, %clock64;", 1, 32)[0];
    assert!(start > 1 << 32, "a GPU that has been up a while: {start}");
    let hi = values("mov.u32 %r1, %clock_hi;\n cvt.u64.u32 %res, %r1;", 1, 32)[0];
    assert_eq!(hi, start >> 32);
    // %clock, 32 bits: only their difference means something, and it grows too.
    let low = "mov.u32 %r2, %clock;\n add.u32 %r3, %r2, 0;\n add.u32 %r3, %r3, 1;\n mov.u32 %r4, %clock;\n \
               sub.u32 %r5, %r4, %r2;\n cvt.u64.u32 %res, %r5;";
    assert!(values(low, 1, 32).iter().all(|&d| d > 0 && d < 100), "{:?}", values(low, 1, 32));
}

#[test]
fn warps_read_their_own_clock_and_agree_after_a_barrier() {
    // Warp 0 loops 1000 times before the barrier; warp 1 goes straight to it.
    let body = |res: &str| {
        format!(
            "setp.ge.u32 %p2, %gid, 32;\n mov.u32 %r1, 0;\n @%p2 bra AT;\n L1:\n add.u32 %r1, %r1, 1;\n \
             setp.lt.u32 %p1, %r1, 1000;\n @%p1 bra L1;\n AT:\n mov.u64 %rd1, %clock64;\n bar.sync 0;\n \
             mov.u64 %rd2, %clock64;\n mov.u64 %res, {res};"
        )
    };
    let (before, after) = (values(&body("%rd1"), 1, 64), values(&body("%rd2"), 1, 64));
    assert!(before[32] + 10_000 < before[0], "warp 1 reached the barrier early: {} {}", before[32], before[0]);
    assert!(after[32] >= before[0] && after[0] >= before[0], "and left it with warp 0");
    assert!(after[32].abs_diff(after[0]) < 100, "{} {}", after[32], after[0]);
}

#[test]
fn a_later_wave_of_blocks_reads_a_later_time() {
    let v = values("mov.u64 %res, %globaltimer;", 264, 32);
    let (first, second) = (v[0], v[132 * 32]);
    assert!(second > first, "block 132 runs after block 0 on the same SM: {first} {second}");
    assert_eq!(v[32], first, "block 1 starts with block 0");
}

#[test]
fn the_registers_read_the_same_whatever_the_number_of_host_threads() {
    let body = format!(
        "{}\n mov.u32 %r2, %smid;\n mov.u64 %rd3, %globaltimer;\n cvt.u64.u32 %rd4, %r2;\n \
         xor.b64 %res, %rd2, %rd3;\n xor.b64 %res, %res, %rd4;\n xor.b64 %res, %res, %rd1;",
        around_a_loop("%clock64", 50)
    );
    let (one, rep1) = run_grid(&body, 700, 64, 1);
    let (four, rep4) = run_grid(&body, 700, 64, 4);
    assert!(rep1.completed && rep4.completed);
    assert_eq!(one, four);
}

#[test]
fn reading_warpid_is_an_unportable_finding_at_its_line_and_the_launch_goes_on() {
    let (v, rep) = run_grid("mov.u32 %r1, %warpid;\n cvt.u64.u32 %res, %r1;", 3, 128, 1);
    assert!(rep.completed, "not a fault");
    assert_eq!(v.chunks(32).map(|w| w[31]).collect::<Vec<_>>(), [0, 1, 2, 3].repeat(3), "the warp's rank");
    let read: Vec<&Finding> = rep.findings.iter().filter(|f| f.detail == Detail::WarpId).collect();
    let [f] = read.as_slice() else { panic!("one finding for the line: {:?}", rep.findings) };
    assert_eq!(f.kind, FindingKind::Unportable);
    assert_eq!(f.kind.as_str(), "unportable");
    assert_eq!(f.source, Some(SourceLocation { file: "sregs.cu".into(), line: 10 }));
    assert!(f.message.contains("use threadIdx.x / warpSize"), "{}", f.message);
    assert_eq!((f.block, f.thread), ([0, 0, 0], [0, 0, 0]));
    assert!(rep.findings_dropped > 0, "the other warps' reads are counted");
}

#[test]
fn warpid_read_other_than_by_mov_is_refused_with_its_name() {
    let ptx = ".version 8.8\n.target sm_75\n.address_size 64\n.visible .entry t()\n{\n .reg .b32 %r<3>;\n \
               add.u32 %r1, %warpid, 1;\n ret;\n}\n";
    let e = Module::parse(ptx).err().expect("refused");
    assert!(e.message.contains("`%warpid` can be read only by a mov (mov.u32 %r1, %warpid)"), "{}", e.message);
}

/// Each thread of one block of 32 stores the eight 32-bit values `body` leaves in %r1..%r8,
/// with 100 bytes of static shared memory and `dynamic` bytes of dynamic shared memory.
fn shared_sizes(body: &str, dynamic: u32) -> Vec<u32> {
    let ptx = format!(
        r#"
.version 8.8
.target sm_90
.address_size 64
.extern .shared .align 16 .b8 dyn[];

.visible .entry t(.param .u64 out)
{{
    .reg .b32 %r<9>;
    .reg .b64 %rd<4>;
    .shared .align 4 .b8 tile[100];
{body}
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r0, %tid.x;
    mul.wide.u32 %rd2, %r0, 32;
    add.s64 %rd1, %rd1, %rd2;
    st.global.v4.u32 [%rd1], {{%r1, %r2, %r3, %r4}};
    st.global.v4.u32 [%rd1+16], {{%r5, %r6, %r7, %r8}};
    ret;
}}
"#
    );
    let m = Module::parse(&ptx).unwrap_or_else(|e| panic!("{e}\n{ptx}"));
    let mut mem = DeviceMemory::new();
    let out = mem.alloc_zeroed(32 * 32).unwrap();
    let rep = launch(
        &m,
        &Launch {
            kernel: "t",
            config: LaunchConfig { grid: [1, 1, 1], block: [32, 1, 1], dynamic_shared_bytes: dynamic },
            args: &[KernelArg::Ptr(out)],
            constants: &[],
        },
        &mut mem,
        &opts(1),
    )
    .unwrap();
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    let bytes = mem.read_bytes(out, 32 * 32).unwrap();
    let v: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
    assert!(v.chunks(8).all(|t| t == &v[..8]), "the same in every thread");
    v[..8].to_vec()
}

#[test]
fn shared_memory_sizes_are_the_launchs_in_allocation_units_with_the_reserved_kib() {
    let body = "mov.u32 %r1, %dynamic_smem_size;\n mov.u32 %r2, %total_smem_size;\n mov.u32 %r3, %aggr_smem_size;\n \
                mov.u32 %r4, %reserved_smem_offset_begin;\n mov.u32 %r5, %reserved_smem_offset_end;\n \
                mov.u32 %r6, %reserved_smem_offset_cap;\n mov.u32 %r7, 0;\n mov.u32 %r8, 0;";
    // 100 static bytes, dynamic memory from 112 (its 16-byte alignment): 412 bytes, 4 units of
    // 128; with the 1 KiB the system reserves, the bytes themselves plus 1024 (an H200 read
    // 1824 for 800 static bytes: grader/coverage/registers).
    assert_eq!(shared_sizes(body, 300), [300, 512, 1436, 0, 1024, 1024, 0, 0]);
    // No dynamic memory: the static 100 bytes, one unit; the dynamic array's start (112, its
    // 16-byte alignment) is where the block's bytes end.
    assert_eq!(shared_sizes(body, 0)[..3], [0, 128, 1136]);
}

#[test]
fn a_launch_without_clusters_runs_each_block_as_a_cluster_of_one() {
    let body = "mov.u32 %r1, %clusterid.x;\n mov.u32 %r2, %nclusterid.x;\n mov.u32 %r3, %cluster_ctaid.x;\n \
                mov.u32 %r4, %cluster_nctaid.y;\n mov.u32 %r5, %cluster_ctarank;\n mov.u32 %r6, %cluster_nctarank;\n \
                mov.pred %p1, %is_explicit_cluster;\n selp.u32 %r7, 1, 0, %p1;\n mov.u64 %rd1, %current_graph_exec;\n \
                mad.lo.u32 %r8, %r1, 1000, %r2;\n mad.lo.u32 %r8, %r8, 10, %r3;\n mad.lo.u32 %r8, %r8, 10, %r4;\n \
                mad.lo.u32 %r8, %r8, 10, %r5;\n mad.lo.u32 %r8, %r8, 10, %r6;\n mad.lo.u32 %r8, %r8, 10, %r7;\n \
                cvt.u64.u32 %res, %r8;\n add.u64 %res, %res, %rd1;";
    let v = values(body, 3, 32);
    // Block b: clusterid b of 3, CTA (0, 0, 0) of (1, 1, 1) in it, rank 0 of 1, not explicit.
    for b in 0..3u64 {
        assert_eq!(v[b as usize * 32], (b * 1000 + 3) * 100_000 + 1010, "block {b}");
    }
}

#[test]
fn performance_monitor_and_driver_registers_are_refused_by_name() {
    for reg in ["%envreg3", "%pm0", "%pm7_64", "%reserved_smem_offset_1"] {
        let ptx = format!(
            ".version 8.8\n.target sm_90\n.address_size 64\n.visible .entry t()\n{{\n .reg .b64 %rd<3>;\n \
             mov.u64 %rd1, {reg};\n ret;\n}}\n"
        );
        let e = Module::parse(&ptx).err().expect("refused");
        assert!(e.message.contains(&format!("`{reg}` is not supported")), "{}", e.message);
        assert!(e.message.contains("no course kernel may depend"), "{}", e.message);
    }
}
