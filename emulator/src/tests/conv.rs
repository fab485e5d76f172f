//! The course's convolution kernels, compiled by NVRTC 12.9 (`testdata/*.ptx`), against a CPU
//! reference, with exact counts and the sanitizer.

use super::*;

const BASIC: &str = include_str!("../testdata/basic.ptx");
const TILED: &str = include_str!("../testdata/tiled.ptx");
const STENCIL1D: &str = include_str!("../testdata/stencil1d.ptx");

fn close(a: &[f32], b: &[f32]) {
    assert_eq!(a.len(), b.len());
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        assert!((x - y).abs() <= 1e-3 * (1.0 + y.abs()), "element {i}: {x} vs {y}");
    }
}

fn run_basic(w: usize, h: usize, r: usize, threads: usize) -> (Vec<f32>, LaunchReport) {
    let m = Module::parse(BASIC).unwrap();
    let n = image(w * h, 1);
    let f = image((2 * r + 1) * (2 * r + 1), 2);
    let mut mem = DeviceMemory::new();
    let dn = mem.alloc_f32(&n).unwrap();
    let df = mem.alloc_f32(&f).unwrap();
    let dp = mem.alloc_zeroed(4 * w * h).unwrap();
    let rep = launch(
        &m,
        &Launch {
            kernel: "convolution_2D_basic_kernel",
            config: LaunchConfig {
                grid: [w.div_ceil(16) as u32, h.div_ceil(16) as u32, 1],
                block: [16, 16, 1],
                dynamic_shared_bytes: 0,
            },
            args: &[
                KernelArg::Ptr(dn),
                KernelArg::Ptr(df),
                KernelArg::Ptr(dp),
                KernelArg::I32(r as i32),
                KernelArg::I32(w as i32),
                KernelArg::I32(h as i32),
            ],
            constants: &[],
        },
        &mut mem,
        &opts(threads),
    )
    .unwrap();
    let out = mem.read_f32(dp, w * h).unwrap();
    close(&out, &conv2d(&n, &f, r, w, h));
    (out, rep)
}

#[test]
fn basic_conv_matches_cpu_and_counts() {
    let (_, rep) = run_basic(40, 24, 2, 1);
    assert!(rep.completed);
    assert!(rep.findings.is_empty(), "{:?}", rep.findings);
    // Every in-bounds tap is one f32 load of N and one of F and one fma.
    let (w, h, r) = (40i64, 24i64, 2i64);
    let mut taps = 0u64;
    for row in 0..h {
        for col in 0..w {
            for dr in -r..=r {
                for dc in -r..=r {
                    if (0..h).contains(&(row + dr)) && (0..w).contains(&(col + dc)) {
                        taps += 1;
                    }
                }
            }
        }
    }
    assert_eq!(rep.metrics.flops, 2 * taps);
    assert_eq!(rep.metrics.global_load_bytes, 8 * taps);
    assert_eq!(rep.metrics.global_store_bytes, 4 * 40 * 24);
    assert_eq!(rep.metrics.threads, 48 * 32);
    assert_eq!(rep.metrics.blocks, 6);
    // N and F read completely.
    assert_eq!(rep.metrics.unique_global_load_bytes, 4 * (40 * 24 + 25));
}

fn run_tiled(w: usize, h: usize, threads: usize, ptx: &str) -> (Vec<f32>, Vec<f32>, LaunchReport) {
    run_tiled_with(w, h, ptx, &opts(threads))
}

fn run_tiled_with(w: usize, h: usize, ptx: &str, options: &Options) -> (Vec<f32>, Vec<f32>, LaunchReport) {
    let m = Module::parse(ptx).unwrap();
    let n = image(w * h, 3);
    let f = image(25, 4);
    let fb: Vec<u8> = f.iter().flat_map(|v| v.to_le_bytes()).collect();
    let mut mem = DeviceMemory::new();
    let dn = mem.alloc_f32(&n).unwrap();
    let dp = mem.alloc_zeroed(4 * w * h).unwrap();
    let cpu0 = thread_cpu_ns();
    let rep = launch(
        &m,
        &Launch {
            kernel: "convolution_tiled_2D_const_mem_kernel",
            config: LaunchConfig {
                grid: [w.div_ceil(28) as u32, h.div_ceil(28) as u32, 1],
                block: [32, 32, 1],
                dynamic_shared_bytes: 0,
            },
            args: &[KernelArg::Ptr(dn), KernelArg::Ptr(dp), KernelArg::I32(w as i32), KernelArg::I32(h as i32)],
            constants: &[("F", &fb)],
        },
        &mut mem,
        options,
    )
    .unwrap();
    let out = mem.read_f32(dp, w * h).unwrap();
    if w * h >= 1 << 20 {
        eprintln!("launch alone: {} ms of thread CPU time", (thread_cpu_ns() - cpu0) / 1_000_000);
    }
    (out, conv2d(&n, &f, 2, w, h), rep)
}

#[test]
fn tiled_conv_matches_cpu_counts_and_is_clean() {
    let (out, want, rep) = run_tiled(100, 60, 1, TILED);
    close(&out, &want);
    assert!(rep.completed);
    assert!(rep.findings.is_empty(), "{:?}", rep.findings);
    let m = &rep.metrics;
    assert_eq!(m.flops, 2 * 25 * 100 * 60);
    assert_eq!(m.static_shared_bytes, 4096);
    assert_eq!(m.const_load_bytes, 4 * 25 * 100 * 60);
    assert_eq!(m.shared_load_bytes, 4 * 25 * 100 * 60);
    assert_eq!(m.global_load_bytes, 4 * m.global_loads);
    assert_eq!(m.max_global_loads_per_thread, 1);
    assert_eq!(m.unique_global_load_bytes, 4 * 100 * 60);
    assert_eq!(m.barriers, 4 * 3); // one per block (block-level count)
    assert_eq!(m.shared_bank_conflicts, 0);
}

#[test]
fn thread_count_does_not_change_anything() {
    let (o1, _, r1) = run_tiled(150, 90, 1, TILED);
    let (o4, _, r4) = run_tiled(150, 90, 4, TILED);
    assert_eq!(o1, o4);
    assert_eq!(r1.metrics, r4.metrics);
    let bad = TILED.replace("bar.sync \t0;", "");
    let (_, _, b1) = run_tiled(150, 90, 1, &bad);
    let (_, _, b4) = run_tiled(150, 90, 3, &bad);
    assert_eq!(b1.findings, b4.findings);
    assert_eq!(b1.findings_dropped, b4.findings_dropped);
    assert_eq!(b1.metrics, b4.metrics);
}

#[test]
fn missing_barrier_is_caught() {
    let bad = TILED.replace("bar.sync \t0;", "");
    assert_ne!(bad, TILED);
    let (_, _, rep) = run_tiled(100, 60, 1, &bad);
    let kinds: Vec<FindingKind> = rep.findings.iter().map(|f| f.kind).collect();
    assert!(kinds.contains(&FindingKind::Race), "{:?}", rep.findings);
    let race = rep.findings.iter().find(|f| f.kind == FindingKind::Race).unwrap();
    let src = race.source.as_ref().unwrap();
    assert_eq!(src.file, "kernels/tiled.cu");
    assert!(src.line == 9 || src.line == 11 || src.line == 21, "{race:?}");
    assert_eq!(race.block, [0, 0, 0]);
}

#[test]
fn without_the_hazard_checks_a_race_goes_unseen_and_nothing_else_changes() {
    // The switch exists to measure what the checks cost: it must turn them off, and only them.
    let off = Options { hazard_checks: false, ..opts(1) };
    let bad = TILED.replace("bar.sync \t0;", "");
    let (_, _, seen) = run_tiled_with(100, 60, &bad, &opts(1));
    let (_, _, unseen) = run_tiled_with(100, 60, &bad, &off);
    assert!(seen.findings.iter().any(|f| f.kind == FindingKind::Race), "{:?}", seen.findings);
    assert!(unseen.findings.is_empty(), "{:?}", unseen.findings);
    let (on_out, want, on) = run_tiled_with(100, 60, TILED, &opts(1));
    let (off_out, _, off) = run_tiled_with(100, 60, TILED, &off);
    assert_eq!(on_out, off_out);
    assert!(on_out.iter().zip(&want).all(|(g, w)| (g - w).abs() <= 1e-4 * (1.0 + w.abs())));
    assert_eq!(on.metrics, off.metrics);
    assert!(on.findings.is_empty() && off.findings.is_empty());
}

#[test]
fn stencil1d_with_dynamic_shared() {
    let m = Module::parse(STENCIL1D).unwrap();
    let n = 1000usize;
    let a: Vec<i32> = (0..n as i32).map(|i| (i * 7919) % 1000 - 300).collect();
    let mut mem = DeviceMemory::new();
    let da = mem.alloc_i32(&a).unwrap();
    let dc = mem.alloc_zeroed(4 * n).unwrap();
    let run = |mem: &mut DeviceMemory, dyn_bytes: u32| {
        launch(
            &m,
            &Launch {
                kernel: "stencil1D_kernel",
                config: LaunchConfig {
                    grid: [n.div_ceil(256) as u32, 1, 1],
                    block: [256, 1, 1],
                    dynamic_shared_bytes: dyn_bytes,
                },
                args: &[KernelArg::Ptr(da), KernelArg::Ptr(dc), KernelArg::I32(n as i32)],
                constants: &[],
            },
            mem,
            &opts(1),
        )
        .unwrap()
    };
    let rep = run(&mut mem, 258 * 4);
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    let c = mem.read_i32(dc, n).unwrap();
    for i in 0..n {
        let l = a[i.saturating_sub(1)];
        let r = a[(i + 1).min(n - 1)];
        assert_eq!(c[i], (l + a[i] + r) / 3, "index {i}");
    }
    assert_eq!(rep.metrics.dynamic_shared_bytes, 258 * 4);
    // Too little dynamic shared memory: thread 255 writes s_data[256], one past the end.
    let rep = run(&mut mem, 256 * 4);
    assert!(!rep.completed);
    assert_eq!(rep.findings[0].kind, FindingKind::OutOfBounds);
    assert_eq!(rep.findings[0].source.as_ref().unwrap().line, 5);
    assert_eq!(rep.findings[0].thread, [255, 0, 0]);
}

/// The speed requirement: 1024×1024, 5×5 filter, sanitizer on, one core, under a second.
/// Run with `cargo test -p emulator --release -- --ignored tiled_conv_speed --nocapture`.
#[test]
#[ignore = "timing: run in release on an idle machine"]
fn tiled_conv_speed() {
    let t = std::time::Instant::now();
    let cpu0 = thread_cpu_ns();
    let (out, want, rep) = run_tiled(1024, 1024, 1, TILED);
    let dt = t.elapsed();
    eprintln!("CPU time of this thread (launch + CPU reference + setup): {} ms", (thread_cpu_ns() - cpu0) / 1_000_000);
    close(&out, &want);
    eprintln!(
        "1024x1024 tiled conv, 1 thread: {:?}, {} lane-instructions, {} warp-instructions",
        dt, rep.metrics.lane_instructions, rep.metrics.warp_instructions
    );
    let t = std::time::Instant::now();
    let _ = run_tiled(1024, 1024, 0, TILED);
    eprintln!("all cores: {:?}", t.elapsed());
}

/// CPU time of the calling thread (Linux), so timings mean something on a busy machine.
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|v| v.parse().ok()))
        .unwrap_or(0)
}
