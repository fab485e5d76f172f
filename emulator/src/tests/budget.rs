//! The instruction budget: an endless loop ends with a `Timeout` finding, a launch stops when
//! asked, and raises the stop flag itself when it runs past its budget.

use super::instructions::run_snippet_cfg;
use super::*;

#[test]
fn endless_loop_times_out() {
    let body = "$L_forever:\n add.u32 %r1, %r1, 1;\n bra.uni $L_forever;";
    let (_, rep) = run_snippet_cfg(body, "", 32, "", &[], 0);
    assert!(!rep.completed);
    assert_eq!(rep.findings[0].kind, FindingKind::Timeout);
}

/// How long an endless loop takes to end with the default budget (4e9 lane-instructions).
/// Run with `cargo test -p emulator --release -- --ignored endless_loop_default_budget --nocapture`.
#[test]
#[ignore = "timing"]
fn endless_loop_default_budget() {
    let ptx = ".version 8.8\n.target sm_75\n.address_size 64\n.visible .entry spin(.param .u32 n)\n{\n .reg .b32 %r<4>;\n .reg .pred %p<2>;\n mov.u32 %r1, 0;\n$L_top:\n add.u32 %r1, %r1, 1;\n setp.ne.u32 %p1, %r1, 0;\n @%p1 bra $L_top;\n ret;\n}\n";
    let m = Module::parse(ptx).unwrap();
    let mut mem = DeviceMemory::new();
    let t = std::time::Instant::now();
    let rep = launch(
        &m,
        &Launch {
            kernel: "spin",
            config: LaunchConfig { grid: [64, 1, 1], block: [256, 1, 1], dynamic_shared_bytes: 0 },
            args: &[KernelArg::U32(0)],
            constants: &[],
        },
        &mut mem,
        &Options { threads: 1, ..Options::default() },
    )
    .unwrap();
    eprintln!("endless loop ended after {:?}: {:?}", t.elapsed(), rep.findings[0].kind);
    assert_eq!(rep.findings[0].kind, FindingKind::Timeout);
}

/// A launch another thread asks to stop (`Options::stop`) ends within a budget slice with a
/// `Timeout` finding that says so, long before its own budget; without the flag set, the same
/// launch spends its budget and says that instead.
#[test]
fn a_launch_stops_when_asked() {
    let ptx = ".version 8.8\n.target sm_75\n.address_size 64\n.visible .entry spin(.param .u32 n)\n{\n .reg .b32 %r<4>;\n .reg .pred %p<2>;\n mov.u32 %r1, 0;\n$L_top:\n add.u32 %r1, %r1, 1;\n setp.ne.u32 %p1, %r1, 0;\n @%p1 bra $L_top;\n ret;\n}\n";
    let m = Module::parse(ptx).unwrap();
    let run = |stop: bool, budget: u64| {
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(stop));
        let options = Options { instruction_budget: budget, stop: Some(flag), threads: 1, ..Options::default() };
        let launch_of = Launch {
            kernel: "spin",
            config: LaunchConfig { grid: [1, 1, 1], block: [32, 1, 1], dynamic_shared_bytes: 0 },
            args: &[KernelArg::U32(0)],
            constants: &[],
        };
        launch(&m, &launch_of, &mut DeviceMemory::new(), &options).unwrap()
    };
    let stopped = run(true, 1 << 30);
    assert!(!stopped.completed);
    assert_eq!(stopped.findings[0].kind, FindingKind::Timeout);
    assert!(stopped.findings[0].message.starts_with(crate::STOPPED_BY_ANOTHER_LAUNCH));
    assert!(stopped.metrics.lane_instructions <= (1 << 24) + 32, "{}", stopped.metrics.lane_instructions);
    let spent = run(false, 50_000_000);
    assert_eq!(spent.findings[0].kind, FindingKind::Timeout);
    assert!(spent.findings[0].message.contains("instruction budget: an endless loop?"));
}

/// A launch that runs past its budget raises the stop flag itself, the moment a block does, and
/// its own blocks do not obey it: its report is its own timeout, the same with any number of
/// workers.
#[test]
fn a_launch_past_its_budget_raises_the_stop_flag() {
    let ptx = ".version 8.8\n.target sm_75\n.address_size 64\n.visible .entry spin(.param .u32 n)\n{\n .reg .b32 %r<4>;\n .reg .pred %p<2>;\n mov.u32 %r1, 0;\n$L_top:\n add.u32 %r1, %r1, 1;\n setp.ne.u32 %p1, %r1, 0;\n @%p1 bra $L_top;\n ret;\n}\n";
    let m = Module::parse(ptx).unwrap();
    let mut spent = Vec::new();
    for threads in [1, 2, 4] {
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let options =
            Options { instruction_budget: 20_000_000, stop: Some(flag.clone()), threads, ..Options::default() };
        let launch_of = Launch {
            kernel: "spin",
            config: LaunchConfig { grid: [8, 1, 1], block: [32, 1, 1], dynamic_shared_bytes: 0 },
            args: &[KernelArg::U32(0)],
            constants: &[],
        };
        let r = launch(&m, &launch_of, &mut DeviceMemory::new(), &options).unwrap();
        assert!(flag.load(std::sync::atomic::Ordering::SeqCst), "{threads} workers");
        assert_eq!(r.findings.len(), 1, "{:?}", r.findings);
        assert!(r.findings[0].message.contains("instruction budget: an endless loop?"), "{:?}", r.findings);
        assert_eq!(r.findings[0].block, [0, 0, 0]);
        spent.push(r.metrics.lane_instructions);
    }
    assert!(spent.iter().all(|&s| s == spent[0] && s <= 20_000_000 + 32), "{spent:?}");
}

/// The timeout of a 32-thread launch of `body` (PTX with `.loc` lines of file 1): its line, the
/// lines it was called from, and the levels of loops inside its loop.
fn timeout_place(body: &str) -> (u32, Vec<u32>, u32) {
    let ptx = format!(
        ".version 8.8\n.target sm_75\n.address_size 64\n.visible .entry k()\n{{\n .reg .b32 %r<8>;\n .reg .pred %p<4>;\n mov.u32 %r1, 0;\n mov.u32 %r2, 0;\n{body}\n ret;\n}}\n.file 1 \"/t/k.cu\"\n"
    );
    let m = Module::parse(&ptx).unwrap();
    let launch_of = Launch {
        kernel: "k",
        config: LaunchConfig { grid: [1, 1, 1], block: [32, 1, 1], dynamic_shared_bytes: 0 },
        args: &[],
        constants: &[],
    };
    let options = Options { instruction_budget: 1_000_000, threads: 1, ..Options::default() };
    let r = launch(&m, &launch_of, &mut DeviceMemory::new(), &options).unwrap();
    assert_eq!((r.findings.len(), r.findings[0].kind), (1, FindingKind::Timeout), "{:?}", r.findings);
    let f = &r.findings[0];
    (f.source.as_ref().unwrap().line, f.called_from.iter().map(|s| s.line).collect(), f.loops_inside)
}

/// A timeout is placed on the loop that did not end, at its head's line in the function it is
/// in, wherever in it the budget ran out: not on a line-0 instruction (`:0`), not on an inner
/// loop that ends each time, nor on a legitimate outer loop around the endless one, nor in the
/// helpers a loop calls; a loop inside a helper is the helper's line, called from the kernel's.
/// An endless outer loop whose first line is its inner loop's says it has a loop inside.
#[test]
fn a_timeout_is_placed_on_the_loop_that_did_not_end() {
    // Lines 4-5 (the head's), and compiler code of no line (the budget runs out anywhere in it).
    let no_line = "$L_top:\n .loc 1 0 5\n add.u32 %r1, %r1, 1;\n .loc 1 5 9\n add.u32 %r2, %r1, 1;\n .loc 1 0 5\n mov.u32 %r3, %r2;\n .loc 1 4 5\n bra.uni $L_top;";
    assert_eq!(timeout_place(no_line), (5, vec![], 0));
    // An outer loop (line 4) around an inner one (lines 5-6, head 6) that never ends on the third
    // round.
    let nest = |inner_ends: &str| {
        format!("$L_outer:\n .loc 1 4 5\n add.u32 %r1, %r1, 1;\n mov.u32 %r2, 0;\n$L_inner:\n .loc 1 6 9\n add.u32 %r2, %r2, 1;\n setp.lt.u32 %p1, %r2, 100;\n setp.eq.u32 %p2, %r1, {inner_ends};\n or.pred %p1, %p1, %p2;\n .loc 1 5 9\n @%p1 bra $L_inner;\n .loc 1 4 5\n bra.uni $L_outer;")
    };
    assert_eq!(timeout_place(&nest("3")), (6, vec![], 0), "the inner loop never ends");
    assert_eq!(timeout_place(&nest("0")), (4, vec![], 1), "the outer loop never ends");
    // The same, going round by an early branch back: the inner loop is still inside it.
    let early = "$L_outer:\n .loc 1 4 5\n add.u32 %r1, %r1, 1;\n setp.ne.u32 %p3, %r1, 0;\n @%p3 bra $L_outer;\n mov.u32 %r2, 0;\n$L_inner:\n .loc 1 6 9\n add.u32 %r2, %r2, 1;\n setp.lt.u32 %p1, %r2, 100;\n .loc 1 5 9\n @%p1 bra $L_inner;\n .loc 1 4 5\n bra.uni $L_outer;";
    assert_eq!(timeout_place(early), (4, vec![], 1), "an outer loop that went round one way");
    // A loop on line 9 whose body is two helpers inlined from it (lines 2 and 6).
    let around = "$L_top:\n .loc 1 9 5\n .loc 1 2 3, function_name $L__info_string0, inlined_at 1 9 5\n add.u32 %r1, %r1, 1;\n .loc 1 6 3, function_name $L__info_string1, inlined_at 1 9 5\n add.u32 %r2, %r2, 1;\n bra.uni $L_top;";
    assert_eq!(timeout_place(around), (9, vec![], 0));
    // A loop inside a helper (lines 5-6, head 6) called from line 9; NVRTC sometimes drops the
    // `inlined_at` of one of its lines (line 7 here).
    let inside = "$L_top:\n .loc 1 6 3, function_name $L__info_string1, inlined_at 1 9 5\n add.u32 %r2, %r2, 1;\n .loc 1 7 3\n add.u32 %r3, %r2, 1;\n .loc 1 5 3, function_name $L__info_string1, inlined_at 1 9 5\n bra.uni $L_top;";
    assert_eq!(timeout_place(inside), (6, vec![9], 0));
}
