//! What students' kernels call: `printf` (compared with the C library's own formatting),
//! `assert`, and device functions the compiler did not inline (parameters, return values,
//! local arrays, nested and recursive calls, findings inside them).

use crate::common::*;
use emulator::{DeviceMemory, FindingKind, KernelArg, Options, PrintfLine};

/// C's snprintf of one format and its arguments (as promoted at a C call site).
#[cfg(unix)]
macro_rules! c_format {
    ($fmt:literal $(, $arg:expr)* $(,)?) => {{
        extern "C" {
            fn snprintf(buf: *mut std::ffi::c_char, n: usize, fmt: *const std::ffi::c_char, ...) -> std::ffi::c_int;
        }
        let mut buf = vec![0u8; 512];
        let fmt = std::ffi::CString::new($fmt).unwrap();
        // SAFETY: the buffer is 512 bytes and snprintf writes at most that many.
        let n = unsafe { snprintf(buf.as_mut_ptr() as *mut _, buf.len(), fmt.as_ptr() $(, $arg)*) };
        buf.truncate(n as usize);
        String::from_utf8(buf).unwrap()
    }};
}

fn texts(lines: &[PrintfLine]) -> Vec<String> {
    lines.iter().map(|l| l.text.clone()).collect()
}

fn print_values(threads: usize) -> emulator::LaunchReport {
    let module = module("printf");
    let mut mem = DeviceMemory::new();
    let input: Vec<f32> = (0..100).map(|i| i as f32 * 0.25).collect();
    let din = mem.alloc_f32(&input).unwrap();
    let report = run_with(
        &module,
        "print_values",
        cfg([2, 1, 1], [64, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::I32(100)],
        &[],
        &mut mem,
        &options(threads),
    );
    assert_clean("print_values", &report);
    report
}

#[cfg(unix)]
#[test]
fn printf_formats_like_c_in_block_then_thread_then_program_order() {
    let report = print_values(1);
    let early = |t: i32, i: i32| {
        let x = i as f64 * 0.25;
        c_format!("early %d: %+08.3f %o %X %#x %e\n", t, x, i, i * 4096, i, x * 1e10)
    };
    let late = |t: i32, i: i32| {
        let x = i as f64 * 0.25;
        let ok = c"ok";
        c_format!(
            "late %d: in[%d] = %f %.3e %g|%5.2f|%-4d|%x|%s|%c|%%\n",
            t,
            i,
            x,
            x,
            x,
            x,
            i,
            i * 255,
            ok.as_ptr(),
            65 + i % 26
        )
    };
    let (ab, cd, xyz) = (c"ab", c"cd", c"xyz");
    let wide = c_format!(
        "wide %lld %llu %ld %hd %hhu %5s|%-5s|%.2s %p %a\n",
        -100_000_000_000i64,
        u64::MAX,
        -7i64,
        70000i32,
        300i32,
        ab.as_ptr(),
        cd.as_ptr(),
        xyz.as_ptr(),
        std::ptr::null::<u8>(),
        1.5f64
    );
    let star = c_format!("star %*d|%-*d|%.*f\n", 6i32, 42i32, 4i32, 7i32, 2i32, 1.23456f64);
    let expected = vec![
        // Block 0: thread 0 printed after the barrier, yet comes first; then its later calls.
        early(0, 0),
        wide,
        "no newline".to_string(),
        star,
        early(16, 16),
        late(32, 32),
        late(48, 48),
        // Block 1 (element 112 is past n: no line).
        early(0, 64),
        early(16, 80),
        late(32, 96),
    ];
    assert_eq!(texts(&report.printf), expected);
    let who: Vec<([u32; 3], [u32; 3])> = report.printf.iter().map(|l| (l.block, l.thread)).collect();
    assert_eq!(who[0], ([0, 0, 0], [0, 0, 0]));
    assert_eq!(who[5], ([0, 0, 0], [32, 0, 0]));
    assert_eq!(who[9], ([1, 0, 0], [32, 0, 0]));
    assert_eq!(report.printf_dropped, 0);
}

#[test]
fn printf_output_does_not_depend_on_worker_threads() {
    let one = print_values(1);
    for threads in [2, 4] {
        assert_eq!(print_values(threads).printf, one.printf, "{threads} workers");
    }
}

#[test]
fn printf_is_capped_and_keeps_the_first_lines_in_order() {
    let module = module("printf");
    let mut mem = DeviceMemory::new();
    // 4 blocks × 256 threads × 3 lines = 3072 calls; the report keeps 50.
    let opts = Options { max_printf_lines: 50, ..options(2) };
    let report =
        run_with(&module, "print_many", cfg([4, 1, 1], [256, 1, 1]), &[KernelArg::I32(3)], &[], &mut mem, &opts);
    assert_clean("print_many", &report);
    assert_eq!(report.printf.len(), 50);
    assert_eq!(report.printf_dropped, 3072 - 50);
    let expected: Vec<String> = (0..50).map(|c| format!("t{} k{}\n", c / 3, c % 3)).collect();
    assert_eq!(texts(&report.printf), expected);
    assert!(report.printf.iter().all(|l| l.block == [0, 0, 0]));
}

#[test]
fn a_failing_assert_is_a_finding_that_stops_the_launch() {
    let module = module("assert");
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&[1.0; 200]).unwrap();
    let dout = mem.alloc_zeroed(800).unwrap();
    let args = |limit| [KernelArg::Ptr(din), KernelArg::Ptr(dout), KernelArg::I32(200), KernelArg::I32(limit)];
    // Holds everywhere: a clean run.
    run_clean(&module, "checked_copy", cfg([4, 1, 1], [64, 1, 1]), &args(1000), &[], &mut mem);
    assert_eq!(mem.read_f32(dout, 200).unwrap(), vec![1.0; 200]);
    // Fails from element 150 on: block 2, thread 22 is the first thread to fail.
    let report =
        run_with(&module, "checked_copy", cfg([4, 1, 1], [64, 1, 1]), &args(150), &[], &mut mem, &Options::default());
    let f = findings_of(&report, FindingKind::Assertion);
    assert_eq!(f.len(), 1, "{:#?}", report.findings);
    assert_finding_file(f[0], "assert.cu");
    assert_eq!(finding_line(f[0]), marker_line("assert.cu", "assert"));
    assert_eq!((f[0].block, f[0].thread), ([2, 0, 0], [22, 0, 0]));
    assert!(f[0].message.contains("i < limit"), "{}", f[0].message);
    assert!(f[0].message.contains("checked_copy"), "{}", f[0].message);
    assert!(!report.completed);
    assert_eq!(FindingKind::Assertion.as_str(), "assertion");
}

#[test]
fn functions_that_are_not_inlined_run_with_parameters_returns_locals_and_recursion() {
    let module = module("helpers");
    let mut mem = DeviceMemory::new();
    let n = 70;
    let input = random_f32(&mut rng(5), n);
    let din = mem.alloc_f32(&input).unwrap();
    let dout = mem.alloc_zeroed(8 * n).unwrap();
    let dfib = mem.alloc_zeroed(4 * n).unwrap();
    let args = [KernelArg::Ptr(din), KernelArg::Ptr(dout), KernelArg::Ptr(dfib), KernelArg::I32(n as i32)];
    let report = run_clean(&module, "helpers", cfg([3, 1, 1], [32, 1, 1]), &args, &[], &mut mem);
    let tap = |i: i64| if i < 0 || i >= n as i64 { 0.0 } else { input[i as usize] };
    let out = mem.read_f32(dout, 2 * n).unwrap();
    for i in 0..n {
        let w = [tap(i as i64 - 1), tap(i as i64), tap(i as i64 + 1)];
        let sum = w[0] * 0.25 + w[1] * 0.5 + w[2] * 0.25;
        assert!((out[2 * i] - sum).abs() <= 1e-6, "window_sum at {i}: {} vs {sum}", out[2 * i]);
        assert_eq!(out[2 * i + 1], input[i], "tap at {i}");
    }
    let fib = |k: usize| [0, 1, 1, 2, 3, 5, 8, 13][k];
    assert_eq!(read_u32(&mem, dfib, n), (0..n).map(|i| fib(i % 8)).collect::<Vec<u32>>());
    // Call parameters are not memory traffic; the helper's loads are counted as anywhere else:
    // one load of `in` per tap inside the bounds (3 per window, 1 more for the pair), no stores
    // to local memory but the window array's.
    let inside =
        (0..n as i64).map(|i| (i - 1..=i + 1).filter(|&j| j >= 0 && j < n as i64).count() as u64 + 1).sum::<u64>();
    assert_eq!(report.metrics.global_load_bytes, 4 * inside);
    assert_eq!(report.metrics.global_store_bytes, 4 * 3 * n as u64);
}

#[test]
fn endless_recursion_is_a_finding_not_a_hang() {
    let module = module("helpers");
    let mut mem = DeviceMemory::new();
    let dout = mem.alloc_zeroed(4 * 32).unwrap();
    // next[k] = -1: every walk ends after one level (walk(-1) + walk(-2) = 2).
    let ends = mem.alloc_i32(&[-1; 32]).unwrap();
    run_clean(
        &module,
        "runaway",
        cfg([1, 1, 1], [32, 1, 1]),
        &[KernelArg::Ptr(ends), KernelArg::Ptr(dout)],
        &[],
        &mut mem,
    );
    assert_eq!(mem.read_i32(dout, 32).unwrap(), vec![2; 32]);
    // next[k] = k: walk(k) calls walk(k) for ever.
    let cycle = mem.alloc_i32(&(0..32).collect::<Vec<i32>>()).unwrap();
    let report = run_with(
        &module,
        "runaway",
        cfg([1, 1, 1], [32, 1, 1]),
        &[KernelArg::Ptr(cycle), KernelArg::Ptr(dout)],
        &[],
        &mut mem,
        &Options::default(),
    );
    let f = findings_of(&report, FindingKind::CallDepth);
    assert_eq!(f.len(), 1, "{:#?}", report.findings);
    assert_eq!(finding_line(f[0]), marker_line("helpers.cu", "walk"));
    assert!(f[0].message.contains("recursion"), "{}", f[0].message);
    assert!(!report.completed);
}

#[test]
fn a_race_inside_a_helper_names_the_helper_line_and_the_call() {
    let module = module("bugs/helper_race");
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&[1.0; 64]).unwrap();
    let dout = mem.alloc_zeroed(256).unwrap();
    let report = run_with(
        &module,
        "helper_race",
        cfg([1, 1, 1], [64, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout)],
        &[],
        &mut mem,
        &Options::default(),
    );
    let f = findings_of(&report, FindingKind::Race);
    assert!(!f.is_empty(), "{:#?}", report.findings);
    assert_eq!(finding_line(f[0]), marker_line("bugs/helper_race.cu", "read"));
    let calls: Vec<u32> = f[0].called_from.iter().map(|c| c.line).collect();
    assert_eq!(calls, vec![marker_line("bugs/helper_race.cu", "call")]);
}

#[test]
fn an_out_of_bounds_read_inside_a_helper_names_the_helper_line_and_the_call() {
    let module = module("bugs/helper_oob");
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&[1.0; 64]).unwrap();
    let dout = mem.alloc_zeroed(256).unwrap();
    let report = run_with(
        &module,
        "helper_oob",
        cfg([2, 1, 1], [32, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout), KernelArg::I32(64)],
        &[],
        &mut mem,
        &Options::default(),
    );
    let f = findings_of(&report, FindingKind::OutOfBounds);
    assert_eq!(f.len(), 1, "{:#?}", report.findings);
    assert_eq!(finding_line(f[0]), marker_line("bugs/helper_oob.cu", "load"));
    assert_eq!(
        f[0].called_from.iter().map(|c| c.line).collect::<Vec<_>>(),
        vec![marker_line("bugs/helper_oob.cu", "call")]
    );
    assert_eq!((f[0].block, f[0].thread), ([0, 0, 0], [0, 0, 0]));
    assert!(!report.completed);
}
