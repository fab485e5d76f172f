//! Planted bugs (fixtures/bugs/*.cu), one per finding kind: each test asserts the kind, the `.cu`
//! line (marked `// MARK:<tag>` in the fixture), the block and the thread. Also: launches that
//! cannot start give `LaunchError`, PTX the emulator does not know gives `LoadError`, never a panic.
//! compute-sanitizer on an H200 reports the same kind, line, block and thread for each planted bug
//! (fixtures/gpu/h200-sanitizer.txt), except the early return, which real hardware tolerates.

use crate::common::*;
use emulator::{launch, DeviceMemory, FindingKind, KernelArg, Launch, LaunchConfig, Module, Options};
use std::time::{Duration, Instant};

fn first_of(report: &emulator::LaunchReport, kind: FindingKind) -> &emulator::Finding {
    report
        .findings
        .iter()
        .find(|f| f.kind == kind)
        .unwrap_or_else(|| panic!("no {kind:?} finding in {:#?}", report.findings))
}

#[test]
fn out_of_bounds_global_read_is_reported_and_ends_the_launch() {
    let module = module("bugs/oob_global_read");
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&[1.0; 100]).unwrap();
    let dout = mem.alloc_zeroed(4 * 128).unwrap();
    // 128 threads on 100 elements, no bounds check: threads 100..127 read past `in`.
    let report = run_with(
        &module,
        "copy_no_check",
        cfg([1, 1, 1], [128, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout), KernelArg::I32(100)],
        &[],
        &mut mem,
        &Options::default(),
    );
    let f = first_of(&report, FindingKind::OutOfBounds);
    assert_finding_file(f, "oob_global_read.cu");
    assert_eq!(finding_line(f), marker_line("bugs/oob_global_read.cu", "read"));
    assert_eq!(f.block, [0, 0, 0]);
    assert_eq!(f.thread, [100, 0, 0], "the first thread past the end");
    // A fault is a finding, not an error: Ok with completed == false.
    assert!(!report.completed, "an out-of-bounds access ends the launch");
}

#[test]
fn out_of_bounds_global_read_in_a_later_block() {
    let module = module("bugs/oob_global_read");
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&[1.0; 100]).unwrap();
    let dout = mem.alloc_zeroed(4 * 128).unwrap();
    // Blocks of 32: block 3 holds threads 96..127; its thread 4 is element 100.
    let report = run_with(
        &module,
        "copy_no_check",
        cfg([4, 1, 1], [32, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout), KernelArg::I32(100)],
        &[],
        &mut mem,
        &Options::default(),
    );
    let f = first_of(&report, FindingKind::OutOfBounds);
    assert_eq!(finding_line(f), marker_line("bugs/oob_global_read.cu", "read"));
    assert_eq!((f.block, f.thread), ([3, 0, 0], [4, 0, 0]));
    assert!(!report.completed);
}

#[test]
fn out_of_bounds_shared_write() {
    let module = module("bugs/oob_shared_write");
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&[2.0; 64]).unwrap();
    let dout = mem.alloc_zeroed(4 * 64).unwrap();
    let report = run_with(
        &module,
        "shared_overflow",
        cfg([2, 1, 1], [64, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout)],
        &[],
        &mut mem,
        &Options::default(),
    );
    let f = first_of(&report, FindingKind::OutOfBounds);
    assert_finding_file(f, "oob_shared_write.cu");
    assert_eq!(finding_line(f), marker_line("bugs/oob_shared_write.cu", "write"));
    assert_eq!((f.block, f.thread), ([0, 0, 0], [32, 0, 0]), "thread 32 writes tile[32], one past the end");
    assert!(!report.completed);
}

#[test]
fn misaligned_int_load() {
    let module = module("bugs/misaligned");
    let mut mem = DeviceMemory::new();
    let bytes = mem.alloc_bytes(&[7u8; 64]).unwrap();
    let dout = mem.alloc_zeroed(4 * 8).unwrap();
    let report = run_with(
        &module,
        "misaligned_int",
        cfg([1, 1, 1], [8, 1, 1]),
        &[KernelArg::Ptr(bytes), KernelArg::Ptr(dout), KernelArg::I32(8)],
        &[],
        &mut mem,
        &Options::default(),
    );
    let f = first_of(&report, FindingKind::Misaligned);
    assert_finding_file(f, "misaligned.cu");
    assert_eq!(finding_line(f), marker_line("bugs/misaligned.cu", "load"));
    assert_eq!((f.block, f.thread), ([0, 0, 0], [0, 0, 0]));
    assert!(!report.completed);
}

#[test]
fn missing_syncthreads_in_tiled_convolution_is_a_race() {
    let module = module("bugs/missing_sync");
    let (w, h) = (40usize, 30usize);
    let mut rng = rng(40);
    let n = random_f32(&mut rng, w * h);
    let f = random_f32(&mut rng, 25);
    let fb = f32_bytes(&f);
    let mut mem = DeviceMemory::new();
    let dn = mem.alloc_f32(&n).unwrap();
    let dp = mem.alloc_zeroed(4 * w * h).unwrap();
    let report = run_with(
        &module,
        "convolution_tiled_2D_const_mem_kernel",
        cfg([2, 2, 1], [32, 32, 1]),
        &[KernelArg::Ptr(dn), KernelArg::Ptr(dp), KernelArg::I32(w as i32), KernelArg::I32(h as i32)],
        &[("F", &fb)],
        &mut mem,
        &Options::default(),
    );
    // Whatever order the emulator runs warps in, some thread reads a tile cell another thread
    // writes with no barrier between: the race must be reported (the output may even be right).
    let races = findings_of(&report, FindingKind::Race);
    assert!(!races.is_empty(), "no race reported: {:#?}", report.findings);
    let lines = [
        marker_line("bugs/missing_sync.cu", "write"),
        marker_line("bugs/missing_sync.cu", "write-ghost"),
        marker_line("bugs/missing_sync.cu", "read"),
    ];
    for r in &races {
        assert_finding_file(r, "missing_sync.cu");
        assert!(lines.contains(&finding_line(r)), "race at line {} is not a tile access ({lines:?})", finding_line(r));
        assert!(r.block[0] < 2 && r.block[1] < 2 && r.block[2] == 0, "block {:?}", r.block);
        assert!(r.thread[0] < 32 && r.thread[1] < 32 && r.thread[2] == 0, "thread {:?}", r.thread);
    }
    // The first finding is in the first block the emulator reports (deterministic order).
    assert_eq!(report.findings[0].block, [0, 0, 0]);
}

#[test]
fn write_after_read_hazard() {
    let module = module("bugs/war_hazard");
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&(0..64).map(|i| i as f32).collect::<Vec<_>>()).unwrap();
    let dout = mem.alloc_zeroed(4 * 128).unwrap();
    let report = run_with(
        &module,
        "war_hazard",
        cfg([1, 1, 1], [64, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout)],
        &[],
        &mut mem,
        &Options::default(),
    );
    let f = first_of(&report, FindingKind::Race);
    assert_finding_file(f, "war_hazard.cu");
    // Thread t < 32 reads tile[t + 32] while thread t + 32 overwrites it: whichever comes second
    // is reported, at its own line.
    let (read, write) = (marker_line("bugs/war_hazard.cu", "read"), marker_line("bugs/war_hazard.cu", "write"));
    let line = finding_line(f);
    assert!(line == read || line == write, "race at line {line}, expected {read} or {write}");
    assert_eq!(f.block, [0, 0, 0]);
    if line == write {
        assert!((32..64).contains(&f.thread[0]), "writer is a thread of warp 1: {:?}", f.thread);
    } else {
        assert!(f.thread[0] < 32, "reader is a thread of warp 0: {:?}", f.thread);
    }
    assert_eq!(f.thread[1..], [0, 0]);
    // Not fatal: the launch completes and the output is still produced.
    assert!(report.completed);
}

#[test]
fn write_after_write_by_two_threads() {
    let module = module("bugs/waw");
    let mut mem = DeviceMemory::new();
    let dout = mem.alloc_zeroed(4 * 64).unwrap();
    let report = run_with(
        &module,
        "waw_race",
        cfg([1, 1, 1], [64, 1, 1]),
        &[KernelArg::Ptr(dout)],
        &[],
        &mut mem,
        &Options::default(),
    );
    let f = first_of(&report, FindingKind::Race);
    assert_finding_file(f, "waw.cu");
    assert_eq!(finding_line(f), marker_line("bugs/waw.cu", "write"));
    assert_eq!(f.block, [0, 0, 0]);
    assert!(f.thread == [0, 0, 0] || f.thread == [32, 0, 0], "the writers are threads 0 and 32, got {:?}", f.thread);
    assert_eq!(findings_of(&report, FindingKind::Race).len(), 1, "one racing pair: {:#?}", report.findings);
}

#[test]
fn read_of_shared_memory_nobody_wrote() {
    let module = module("bugs/uninit_shared");
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&[1.0; 64]).unwrap();
    let dout = mem.alloc_zeroed(4 * 64).unwrap();
    let report = run_with(
        &module,
        "uninit_read",
        cfg([1, 1, 1], [64, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout)],
        &[],
        &mut mem,
        &Options::default(),
    );
    let f = first_of(&report, FindingKind::UninitializedShared);
    assert_finding_file(f, "uninit_shared.cu");
    assert_eq!(finding_line(f), marker_line("bugs/uninit_shared.cu", "read"));
    assert_eq!((f.block, f.thread), ([0, 0, 0], [32, 0, 0]));
    // Only threads 32..63 read unwritten cells; none of the first warp.
    for g in findings_of(&report, FindingKind::UninitializedShared) {
        assert!(g.thread[0] >= 32, "{g:#?}");
    }
}

#[test]
fn unwritten_shared_value_used_in_arithmetic_is_reported() {
    let module = module("bugs/uninit_copy");
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&[1.0; 64]).unwrap();
    let dout = mem.alloc_zeroed(4 * 64).unwrap();
    let report = run_with(
        &module,
        "uninit_add",
        cfg([1, 1, 1], [64, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout)],
        &[],
        &mut mem,
        &Options::default(),
    );
    let f = first_of(&report, FindingKind::UninitializedShared);
    assert_finding_file(f, "uninit_copy.cu");
    assert_eq!(finding_line(f), marker_line("bugs/uninit_copy.cu", "add"));
    assert_eq!((f.block, f.thread), ([0, 0, 0], [32, 0, 0]));
    assert_eq!(report.findings.len(), 1, "{:#?}", report.findings);
}

#[test]
fn copy_of_unwritten_shared_is_reported_where_the_copy_is_used() {
    let module = module("bugs/uninit_copy");
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&[1.0; 64]).unwrap();
    let dout = mem.alloc_zeroed(4 * 64).unwrap();
    let report = run_with(
        &module,
        "uninit_copy_then_use",
        cfg([1, 1, 1], [64, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout)],
        &[],
        &mut mem,
        &Options::default(),
    );
    // b[32..63] are copies of unwritten a[32..63]; thread t reads b[63 - t], so threads 0..31
    // use them. The copy itself (line `copy`) is not a finding.
    let found = findings_of(&report, FindingKind::UninitializedShared);
    assert_eq!(found.len(), 1, "{:#?}", report.findings);
    let f = found[0];
    assert_finding_file(f, "uninit_copy.cu");
    assert_eq!(finding_line(f), marker_line("bugs/uninit_copy.cu", "use"));
    assert_eq!((f.block, f.thread), ([0, 0, 0], [0, 0, 0]));
    assert!(f.message.contains("copy"), "{}", f.message);
    assert_eq!(report.findings.len(), 1, "no race either: {:#?}", report.findings);
    // Threads 0..31 read b[63..32]: 32 bad reads, one kept and 31 counted as dropped.
    assert_eq!(report.findings_dropped, 31);
}

#[test]
fn barrier_inside_a_branch_only_some_threads_take() {
    let module = module("bugs/partial_barrier");
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&[1.0; 64]).unwrap();
    let dout = mem.alloc_zeroed(4 * 64).unwrap();
    let report = run_with(
        &module,
        "partial_barrier",
        cfg([1, 1, 1], [64, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout)],
        &[],
        &mut mem,
        &Options::default(),
    );
    let f = first_of(&report, FindingKind::Barrier);
    assert_finding_file(f, "partial_barrier.cu");
    assert_eq!(finding_line(f), marker_line("bugs/partial_barrier.cu", "barrier"));
    assert_eq!(f.block, [0, 0, 0]);
    // Either the first thread that skipped the barrier (16) or the first that waits (0).
    assert!(f.thread == [16, 0, 0] || f.thread == [0, 0, 0], "thread {:?}", f.thread);
}

#[test]
fn early_return_before_a_barrier() {
    let module = module("bugs/early_return");
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&[1.0; 64]).unwrap();
    let dout = mem.alloc_zeroed(4 * 64).unwrap();
    let report = run_with(
        &module,
        "early_return",
        cfg([1, 1, 1], [64, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout), KernelArg::I32(40)],
        &[],
        &mut mem,
        &Options::default(),
    );
    let f = first_of(&report, FindingKind::Barrier);
    assert_finding_file(f, "early_return.cu");
    assert_eq!(finding_line(f), marker_line("bugs/early_return.cu", "barrier"));
    assert_eq!(f.block, [0, 0, 0]);
    // Either the first thread that left (40) or the first that waits (0) is a fair culprit.
    assert!(f.thread == [40, 0, 0] || f.thread == [0, 0, 0], "thread {:?}", f.thread);
}

#[test]
fn early_return_is_fine_when_the_whole_block_returns() {
    // n = 64: nobody returns early; no finding. Guards against flagging every exit.
    let module = module("bugs/early_return");
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&[1.0; 64]).unwrap();
    let dout = mem.alloc_zeroed(4 * 64).unwrap();
    // With n = 64 the kernel reads tile[(t+1) % 40] for every t < 64: all written. Clean.
    run_clean(
        &module,
        "early_return",
        cfg([1, 1, 1], [64, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout), KernelArg::I32(64)],
        &[],
        &mut mem,
    );
}

#[test]
fn infinite_loop_times_out_quickly() {
    let module = module("bugs/infinite_loop");
    let mut mem = DeviceMemory::new();
    let flag = mem.alloc_i32(&[0]).unwrap();
    let dout = mem.alloc_zeroed(4 * 64).unwrap();
    let opts = Options { instruction_budget: 2_000_000, ..Options::default() };
    let start = Instant::now();
    let report = run_with(
        &module,
        "spin_forever",
        cfg([2, 1, 1], [64, 1, 1]),
        &[KernelArg::Ptr(flag), KernelArg::Ptr(dout)],
        &[],
        &mut mem,
        &opts,
    );
    let took = start.elapsed();
    assert!(took < Duration::from_secs(5), "timeout took {took:?}");
    let f = first_of(&report, FindingKind::Timeout);
    assert!(!report.completed);
    // The budget is a bound on the work done, give or take one warp-instruction per worker.
    assert!(
        report.metrics.lane_instructions <= 2_000_000 + 64 * 32,
        "ran {} lane-instructions",
        report.metrics.lane_instructions
    );
    if let Some(src) = &f.source {
        assert!(src.file.ends_with("infinite_loop.cu"));
        assert_eq!(src.line, marker_line("bugs/infinite_loop.cu", "loop"));
    }
}

#[test]
fn findings_beyond_the_first_are_counted_once_per_access() {
    let module = module("bugs/uninit_shared");
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&[1.0; 64]).unwrap();
    let dout = mem.alloc_zeroed(4 * 64 * 4).unwrap();
    // 4 blocks; in each, threads 32..63 make one 4-byte read of an unwritten cell: 128 bad
    // accesses in all. The emulator may keep one finding per (kind, line), but every bad access is
    // either kept or counted as dropped, once (not once per byte).
    let opts = Options { max_findings: 3, ..Options::default() };
    let report = run_with(
        &module,
        "uninit_read",
        cfg([4, 1, 1], [64, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout)],
        &[],
        &mut mem,
        &opts,
    );
    assert!((1..=3).contains(&report.findings.len()), "{:#?}", report.findings);
    assert_eq!((report.findings[0].block, report.findings[0].thread), ([0, 0, 0], [32, 0, 0]), "the first in order");
    assert_eq!(
        report.findings.len() as u64 + report.findings_dropped,
        128,
        "kept {} + dropped {}",
        report.findings.len(),
        report.findings_dropped
    );
}

#[test]
fn max_findings_caps_the_findings_kept() {
    // The racy tiled convolution has hazards on several lines (tile writes, tile reads) in every
    // block: with max_findings 1 exactly one is kept, the rest counted.
    let module = module("bugs/missing_sync");
    let (w, h) = (64usize, 64usize);
    let n = random_f32(&mut rng(41), w * h);
    let fb = f32_bytes(&random_f32(&mut rng(42), 25));
    let mut mem = DeviceMemory::new();
    let dn = mem.alloc_f32(&n).unwrap();
    let dp = mem.alloc_zeroed(4 * w * h).unwrap();
    let opts = Options { max_findings: 1, ..Options::default() };
    let report = run_with(
        &module,
        "convolution_tiled_2D_const_mem_kernel",
        cfg([3, 3, 1], [32, 32, 1]),
        &[KernelArg::Ptr(dn), KernelArg::Ptr(dp), KernelArg::I32(w as i32), KernelArg::I32(h as i32)],
        &[("F", &fb)],
        &mut mem,
        &opts,
    );
    assert_eq!(report.findings.len(), 1);
    assert!(report.findings_dropped > 0);
    let opts = Options { max_findings: 100, ..Options::default() };
    let mut mem = DeviceMemory::new();
    let dn = mem.alloc_f32(&n).unwrap();
    let dp = mem.alloc_zeroed(4 * w * h).unwrap();
    let all = run_with(
        &module,
        "convolution_tiled_2D_const_mem_kernel",
        cfg([3, 3, 1], [32, 32, 1]),
        &[KernelArg::Ptr(dn), KernelArg::Ptr(dp), KernelArg::I32(w as i32), KernelArg::I32(h as i32)],
        &[("F", &fb)],
        &mut mem,
        &opts,
    );
    assert!(all.findings.len() >= 2, "hazards on more than one line: {:#?}", all.findings);
    assert_eq!(all.findings[0], report.findings[0], "the cap keeps the first finding");
    assert_eq!(all.findings.len() as u64 + all.findings_dropped, 1 + report.findings_dropped, "same total either way");
}

// ---------------------------------------------------------------------------------------------
// Launches that cannot start, PTX that cannot load

fn launch_err(grid: [u32; 3], block: [u32; 3], dynamic_shared_bytes: u32) -> emulator::LaunchError {
    let module = module("metrics_probe");
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_zeroed(64).unwrap();
    let dout = mem.alloc_zeroed(64).unwrap();
    let config = LaunchConfig { grid, block, dynamic_shared_bytes };
    match launch(
        &module,
        &Launch { kernel: "add_one", config, args: &[KernelArg::Ptr(din), KernelArg::Ptr(dout)], constants: &[] },
        &mut mem,
        &Options::default(),
    ) {
        Ok(r) => panic!("launch {config:?} should not start, it ran: {:?}", r.findings),
        Err(e) => e,
    }
}

#[test]
fn absurd_geometry_is_a_launch_error() {
    for (grid, block, dynamic) in [
        ([u32::MAX, u32::MAX, u32::MAX], [32, 1, 1], 0), // 2^96 blocks
        ([1, 1, 1], [2048, 1, 1], 0),                    // more than 1024 threads per block
        ([1, 1, 1], [0, 1, 1], 0),                       // empty block
        ([0, 1, 1], [32, 1, 1], 0),                      // empty grid
        ([1, 1, 1], [32, 1, 1], 1 << 30),                // 1 GiB of dynamic shared memory
    ] {
        let e = launch_err(grid, block, dynamic);
        assert!(!e.message.is_empty(), "empty message for {grid:?} {block:?}");
    }
}

#[test]
fn absurd_allocation_is_an_error() {
    let mut mem = DeviceMemory::new();
    assert!(mem.alloc_zeroed(1 << 50).is_err(), "a petabyte allocation should fail cleanly");
    assert!(mem.alloc_zeroed(usize::MAX).is_err());
    let p = mem.alloc_zeroed(16).unwrap();
    assert!(mem.read_bytes(p, 17).is_err(), "reading past an allocation from the host");
    assert!(mem.write_bytes(p, &[0; 17]).is_err(), "writing past an allocation from the host");
    assert!(mem.read_bytes(emulator::DevicePtr(p.0 + 1_000_000), 4).is_err());
}

#[test]
fn mismatched_launches_are_errors() {
    let module = module("conv2d_tiled");
    let mut mem = DeviceMemory::new();
    let d = mem.alloc_zeroed(4096).unwrap();
    let f = [0u8; 100];
    let good_args = [KernelArg::Ptr(d), KernelArg::Ptr(d), KernelArg::I32(4), KernelArg::I32(4)];
    let try_launch = |kernel: &str, args: &[KernelArg], constants: &[(&str, &[u8])], mem: &mut DeviceMemory| {
        launch(
            &module,
            &Launch { kernel, config: cfg([1, 1, 1], [32, 32, 1]), args, constants },
            mem,
            &Options::default(),
        )
    };
    assert!(try_launch("no_such_kernel", &good_args, &[("F", &f)], &mut mem).is_err(), "unknown kernel");
    assert!(
        try_launch("convolution_tiled_2D_const_mem_kernel", &good_args[..3], &[("F", &f)], &mut mem).is_err(),
        "too few args"
    );
    assert!(
        try_launch(
            "convolution_tiled_2D_const_mem_kernel",
            &[KernelArg::I32(0), KernelArg::Ptr(d), KernelArg::I32(4), KernelArg::I32(4)],
            &[("F", &f)],
            &mut mem
        )
        .is_err(),
        "a 4-byte argument for an 8-byte pointer parameter"
    );
    assert!(
        try_launch("convolution_tiled_2D_const_mem_kernel", &good_args, &[("G", &f)], &mut mem).is_err(),
        "unknown constant"
    );
    assert!(
        try_launch("convolution_tiled_2D_const_mem_kernel", &good_args, &[("F", &[0u8; 101])], &mut mem).is_err(),
        "constant larger than its symbol"
    );
    // And the right launch does run.
    let report =
        try_launch("convolution_tiled_2D_const_mem_kernel", &good_args, &[("F", &f)], &mut mem).expect("good launch");
    assert_clean("good launch", &report);
}

#[test]
fn module_reports_kernels_constants_and_shared() {
    let m = module("conv2d_tiled");
    let k = m.kernel("convolution_tiled_2D_const_mem_kernel").expect("kernel listed");
    assert_eq!(k.param_sizes, vec![8, 8, 4, 4]);
    assert_eq!(k.static_shared_bytes, 4096);
    assert_eq!(m.constant_symbols(), vec![("F".to_string(), 100)]);
    let h = module("histogram");
    let mut names: Vec<String> = h.kernels().into_iter().map(|k| k.name).collect();
    names.sort();
    assert_eq!(names, vec!["histogram_global", "histogram_shared"]);
    assert_eq!(h.kernel("histogram_shared").unwrap().static_shared_bytes, 64);
}

#[test]
fn unknown_opcode_is_a_load_error_with_the_line() {
    let ptx = fixture_text("ptx/metrics_probe.ptx");
    // Hand-edit: turn the first add.f32 into an instruction that does not exist.
    let (idx, line) =
        ptx.lines().enumerate().find(|(_, l)| l.trim_start().starts_with("add.f32")).expect("fixture has an add.f32");
    let edited: String = ptx
        .lines()
        .enumerate()
        .map(|(i, l)| if i == idx { line.replace("add.f32", "frobnicate.f32") } else { l.to_string() })
        .collect::<Vec<_>>()
        .join("\n");
    let err = Module::parse(&edited).err().expect("an unknown opcode must not load");
    assert_eq!(err.ptx_line, idx + 1, "{err}");
    assert!(err.message.contains("frobnicate"), "the message should name the instruction: {err}");
    // The .loc before it ties it to metrics_probe.cu's `out[i] = in[i] + 1.0f;`.
    if let Some(src) = &err.source {
        assert!(src.file.ends_with("metrics_probe.cu"));
        assert_eq!(src.line, 6);
    }
}

#[test]
fn garbage_is_a_load_error_not_a_panic() {
    for text in
        ["", "hello", ".version 8.5\n.target sm_75\n.entry k( {", "\u{0}\u{1}binary", ".visible .entry k()\n{\n\tret\n"]
    {
        let _ = Module::parse(text); // may load (an empty module) or fail, but must not panic
    }
    assert!(Module::parse(
        ".version 8.5\n.target sm_75\n.address_size 64\n.visible .entry k()\n{\n\tbogus.op %r1;\n}\n"
    )
    .is_err());
}

// ---------------------------------------------------------------------------------------------
// Warp-level synchronisation and the instruction budget

#[test]
fn syncwarp_orders_an_exchange_inside_a_warp() {
    let module = module("warp_sync");
    let input: Vec<f32> = (0..32).map(|i| i as f32).collect();
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&input).unwrap();
    let dout = mem.alloc_zeroed(128).unwrap();
    run_clean(
        &module,
        "exchange_synced",
        cfg([1, 1, 1], [32, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout)],
        &[],
        &mut mem,
    );
    assert_eq!(mem.read_f32(dout, 32).unwrap(), (0..32).map(|i| (i ^ 1) as f32).collect::<Vec<_>>());
}

#[test]
fn exchange_inside_a_warp_without_syncwarp_is_a_race() {
    // Since Volta the lanes of a warp may run apart: reading a neighbour's cell with no
    // __syncwarp() / __syncthreads() after its write is a read-after-write hazard.
    let module = module("warp_sync");
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&[1.0; 32]).unwrap();
    let dout = mem.alloc_zeroed(128).unwrap();
    let report = run_with(
        &module,
        "exchange_racy",
        cfg([1, 1, 1], [32, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout)],
        &[],
        &mut mem,
        &Options::default(),
    );
    let f = first_of(&report, FindingKind::Race);
    assert_finding_file(f, "warp_sync.cu");
    assert_eq!(finding_line(f), marker_line("warp_sync.cu", "read"));
    assert_eq!(f.block, [0, 0, 0]);
    assert!(f.thread[0] < 32);
}

#[test]
fn instruction_budget_is_for_the_whole_launch() {
    // Block 0 runs 40 000 iterations (10 000 trips of a 7-instruction unrolled body: about 2.2 M
    // lane-instructions); the 999 other blocks about 500 each. 4 M covers the total (≈ 2.7 M):
    // no timeout, even though block 0 alone needs far more than 4 M / 1000 blocks.
    let module = module("uneven_work");
    let mut mem = DeviceMemory::new();
    let dout = mem.alloc_zeroed(4 * 32 * 1000).unwrap();
    let opts = Options { instruction_budget: 4_000_000, ..Options::default() };
    let report = run_with(
        &module,
        "uneven_work",
        cfg([1000, 1, 1], [32, 1, 1]),
        &[KernelArg::Ptr(dout), KernelArg::I32(40_000)],
        &[],
        &mut mem,
        &opts,
    );
    assert!(
        report.metrics.lane_instructions < 4_000_000,
        "the whole launch ran {} lane-instructions",
        report.metrics.lane_instructions
    );
    assert_clean("uneven_work within budget", &report);
    let mut acc = 0.0f32;
    for _ in 0..40_000 {
        acc = acc.mul_add(0.5, 1.0);
    }
    let out = mem.read_f32(dout, 64).unwrap();
    assert_eq!((out[0], out[40]), (acc, 0.0));
    // And a budget below the total does time out.
    let opts = Options { instruction_budget: 1_000_000, ..Options::default() };
    let report = run_with(
        &module,
        "uneven_work",
        cfg([1000, 1, 1], [32, 1, 1]),
        &[KernelArg::Ptr(dout), KernelArg::I32(40_000)],
        &[],
        &mut mem,
        &opts,
    );
    assert!(!report.completed);
    assert!(findings_of(&report, FindingKind::Timeout).len() == 1, "{:#?}", report.findings);
}

#[test]
fn out_of_bounds_before_the_start_and_past_the_end_on_write() {
    let module = module("bugs/oob_more");
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&[1.0; 100]).unwrap();
    let dout = mem.alloc_zeroed(400).unwrap();
    let report = run_with(
        &module,
        "read_before_start",
        cfg([4, 1, 1], [32, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout), KernelArg::I32(100)],
        &[],
        &mut mem,
        &Options::default(),
    );
    let f = first_of(&report, FindingKind::OutOfBounds);
    assert_eq!(finding_line(f), marker_line("bugs/oob_more.cu", "read-before"));
    assert_eq!((f.block, f.thread), ([0, 0, 0], [0, 0, 0]), "thread 0 reads in[-1]");
    assert!(!report.completed);

    let mut mem = DeviceMemory::new();
    let dout = mem.alloc_zeroed(400).unwrap();
    let report = run_with(
        &module,
        "write_past_end",
        cfg([1, 1, 1], [128, 1, 1]),
        &[KernelArg::Ptr(dout)],
        &[],
        &mut mem,
        &Options::default(),
    );
    let f = first_of(&report, FindingKind::OutOfBounds);
    assert_eq!(finding_line(f), marker_line("bugs/oob_more.cu", "write-past"));
    assert_eq!((f.block, f.thread), ([0, 0, 0], [100, 0, 0]));
    assert!(!report.completed);
}

#[test]
fn uninitialized_dynamic_shared_memory() {
    let module = module("bugs/uninit_dynamic");
    let mut mem = DeviceMemory::new();
    let da = mem.alloc_i32(&[3; 64]).unwrap();
    let dc = mem.alloc_zeroed(256).unwrap();
    let config = LaunchConfig { grid: [1, 1, 1], block: [64, 1, 1], dynamic_shared_bytes: 66 * 4 };
    let report = run_with(
        &module,
        "stencil1D_no_halo",
        config,
        &[KernelArg::Ptr(da), KernelArg::Ptr(dc), KernelArg::I32(64)],
        &[],
        &mut mem,
        &Options::default(),
    );
    let f = first_of(&report, FindingKind::UninitializedShared);
    assert_finding_file(f, "uninit_dynamic.cu");
    assert_eq!(finding_line(f), marker_line("bugs/uninit_dynamic.cu", "read"));
    assert_eq!((f.block, f.thread), ([0, 0, 0], [0, 0, 0]), "thread 0 reads the missing left halo");
}

/// One `ld.shared` whose lane 0 races with thread 5's store and whose lane 1 reads past the end:
/// the lane that ran is checked before the fault that stops the others, on both memory paths.
#[test]
fn a_finding_of_an_earlier_lane_comes_before_the_fault_of_a_later_one() {
    let ptx = r#"
.version 8.8
.target sm_75
.address_size 64
.visible .entry lanes_then_fault(.param .u64 out)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<2>;
    .reg .pred %p<2>;
    .shared .align 4 .b8 s[64];
    .loc 1 5 1
    mov.u32 %r1, %tid.x;
    mul.lo.u32 %r2, %r1, 1024;
    .loc 1 6 1
    setp.eq.u32 %p1, %r1, 5;
    @%p1 st.shared.u32 [s], %r1;
    .loc 1 7 1
    ld.shared.u32 %r3, [%r2];
    .loc 1 8 1
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    st.global.u32 [%rd1], %r3;
    ret;
}
.file 1 "order.cu"
"#;
    let module = Module::parse(ptx).unwrap();
    let mut mem = DeviceMemory::new();
    let out = mem.alloc_zeroed(4).unwrap();
    let report = run_with(
        &module,
        "lanes_then_fault",
        cfg([1, 1, 1], [32, 1, 1]),
        &[KernelArg::Ptr(out)],
        &[],
        &mut mem,
        &Options::default(),
    );
    let found: Vec<_> =
        report.findings.iter().map(|f| (f.kind, finding_line(f), f.thread, f.message.as_str())).collect();
    assert_eq!(
        found,
        [
            (
                FindingKind::Race,
                7,
                [0, 0, 0],
                "read-after-write race on shared memory (offset 0, element 0 of `s` counting row by row): thread (5,0,0) accessed it earlier, at line 6, with no __syncthreads() in between"
            ),
            (
                FindingKind::OutOfBounds,
                7,
                [1, 0, 0],
                "out-of-bounds read of 4 bytes in shared memory: shared offset 1024 (the block has 64 bytes of shared memory)"
            ),
        ]
    );
    assert!(!report.completed);
}
