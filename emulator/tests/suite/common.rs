//! Shared helpers for the emulator's integration tests: fixture loading, launching, CPU-side
//! tolerances and marker lines in the planted-bug sources.
#![allow(dead_code)]

use emulator::{
    launch, DeviceMemory, DevicePtr, Finding, FindingKind, KernelArg, Launch, LaunchConfig, LaunchReport, Module,
    Options,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;

/// The stencil coefficients the fixtures were compiled with (tools/regen-fixtures passes the
/// same values as -Dc0=... -Dc6=...).
pub const STENCIL_COEFFS: [f32; 7] = [0.5, 0.0625, 0.125, 0.03125, 0.0703125, 0.09375, 0.1171875];

pub fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// Read a committed fixture file (e.g. "ptx/conv1d.ptx", "bugs/waw.cu").
pub fn fixture_text(rel: &str) -> String {
    let path = fixtures_dir().join(rel);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read fixture {} ({e}); run tools/regen-fixtures", path.display()))
}

/// Parse the PTX of a fixture: `name` is the .cu stem, "bugs/<stem>" for planted bugs.
pub fn module(name: &str) -> Module {
    let rel = match name.strip_prefix("bugs/") {
        Some(stem) => format!("bugs/ptx/{stem}.ptx"),
        None => format!("ptx/{name}.ptx"),
    };
    Module::parse(&fixture_text(&rel)).unwrap_or_else(|e| panic!("{rel} does not load: {e}"))
}

/// The 1-based line of the .cu fixture holding `// MARK:<tag>`.
pub fn marker_line(cu_rel: &str, tag: &str) -> u32 {
    let src = fixture_text(cu_rel);
    let needle = format!("MARK:{tag}");
    // The tag must end there: "MARK:write" does not match "MARK:write-ghost".
    let marks = |l: &str| l.split_whitespace().any(|word| word == needle);
    let hits: Vec<usize> = src.lines().enumerate().filter(|(_, l)| marks(l)).map(|(i, _)| i + 1).collect();
    assert_eq!(hits.len(), 1, "{cu_rel} must hold exactly one {needle}");
    hits[0] as u32
}

pub fn rng(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

pub fn random_f32(rng: &mut StdRng, n: usize) -> Vec<f32> {
    (0..n).map(|_| rng.gen_range(-1.0f32..1.0)).collect()
}

pub fn cfg(grid: [u32; 3], block: [u32; 3]) -> LaunchConfig {
    LaunchConfig { grid, block, dynamic_shared_bytes: 0 }
}

pub fn options(threads: usize) -> Options {
    Options { threads, ..Options::default() }
}

/// Launch and insist the launch started; the report is returned whatever it found.
///
/// Every launch runs twice, the second time on a copy of the memory with
/// `Options::slow_memory_path` (every access lane by lane) and `Options::baseline_code` (the
/// executor compiled for any x86-64, where the first run had the AVX2 one): the fast paths must
/// produce the same memory, counts, findings and printf as the general path, on every fixture
/// kernel, and the two compilations the same.
pub fn run_with(
    module: &Module,
    kernel: &str,
    config: LaunchConfig,
    args: &[KernelArg],
    constants: &[(&str, &[u8])],
    mem: &mut DeviceMemory,
    opts: &Options,
) -> LaunchReport {
    let mut slow_mem = mem.clone();
    let go = |mem: &mut DeviceMemory, opts: &Options| {
        launch(module, &Launch { kernel, config, args, constants }, mem, opts)
            .unwrap_or_else(|e| panic!("launch of {kernel} failed: {e}"))
    };
    let report = go(mem, opts);
    let slow = go(&mut slow_mem, &Options { slow_memory_path: true, baseline_code: true, ..opts.clone() });
    assert_same_on_both_paths(kernel, (&report, mem), (&slow, &slow_mem));
    report
}

/// The fast run (fast memory paths, the AVX2 executor where the CPU has it) against the slow
/// one (lane by lane, the baseline executor): everything a launch produces must agree.
pub fn assert_same_on_both_paths(
    what: &str,
    fast: (&LaunchReport, &DeviceMemory),
    slow: (&LaunchReport, &DeviceMemory),
) {
    let ((f, fm), (s, sm)) = (fast, slow);
    assert_eq!(f.metrics, s.metrics, "{what}: the fast run (fast memory paths, AVX2 executor) and the slow one (lane by lane, baseline executor) count differently");
    assert_eq!(f.findings, s.findings, "{what}: the fast and slow runs find differently");
    assert_eq!((f.completed, f.findings_dropped), (s.completed, s.findings_dropped), "{what}: completion differs");
    assert_eq!(f.printf, s.printf, "{what}: printf differs");
    assert_eq!(f.lines, s.lines, "{what}: the per-line counts differ");
    assert_eq!(f.element_loads, s.element_loads, "{what}: the per-element loads differ");
    // A faulting launch's memory is not defined (the fault stops it mid-way on either path).
    if f.completed {
        assert!(fm == sm, "{what}: the fast and slow runs leave different memory");
    }
}

/// Launch with default options and require a clean, completed run.
pub fn run_clean(
    module: &Module,
    kernel: &str,
    config: LaunchConfig,
    args: &[KernelArg],
    constants: &[(&str, &[u8])],
    mem: &mut DeviceMemory,
) -> LaunchReport {
    let report = run_with(module, kernel, config, args, constants, mem, &Options::default());
    assert_clean(kernel, &report);
    report
}

pub fn assert_clean(what: &str, report: &LaunchReport) {
    assert!(report.findings.is_empty(), "{what}: unexpected findings: {:#?}", report.findings);
    assert!(report.completed, "{what}: launch did not complete");
}

pub fn f32_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

pub fn read_u32(mem: &DeviceMemory, ptr: DevicePtr, n: usize) -> Vec<u32> {
    mem.read_i32(ptr, n).expect("read back").into_iter().map(|x| x as u32).collect()
}

pub fn read_f64(mem: &DeviceMemory, ptr: DevicePtr, n: usize) -> Vec<f64> {
    let b = mem.read_bytes(ptr, 8 * n).expect("read back");
    b.chunks_exact(8).map(|c| f64::from_le_bytes(c.try_into().unwrap())).collect()
}

/// Compare float results against a reference computed in f64 together with the sum of the
/// magnitudes of its terms. A chain of n f32 additions / fused multiply-adds rounds at most n
/// times, each by at most 2^-24 of the running magnitude, which never exceeds the sum of |terms|;
/// so |device - exact| <= (n + 1) * 2^-24 * sum|terms|. The reference's own f64 error is
/// negligible beside that.
pub fn assert_close_bound(what: &str, got: &[f32], exact: &[f64], magnitude: &[f64], terms: usize) {
    assert_eq!(got.len(), exact.len(), "{what}: length");
    let eps = (terms as f64 + 1.0) * f32::EPSILON as f64 / 2.0;
    for (idx, ((g, e), m)) in got.iter().zip(exact).zip(magnitude).enumerate() {
        let bound = eps * m + 1e-30;
        assert!(
            ((*g as f64) - e).abs() <= bound,
            "{what}: element {idx}: emulator {g}, reference {e} (allowed error {bound:e})"
        );
    }
}

/// The findings of one kind.
pub fn findings_of(report: &LaunchReport, kind: FindingKind) -> Vec<&Finding> {
    report.findings.iter().filter(|f| f.kind == kind).collect()
}

pub fn finding_line(f: &Finding) -> u32 {
    f.source.as_ref().map(|s| s.line).unwrap_or_else(|| panic!("finding without source location: {f:#?}"))
}

pub fn assert_finding_file(f: &Finding, cu_name: &str) {
    let src = f.source.as_ref().unwrap_or_else(|| panic!("finding without source location: {f:#?}"));
    assert!(src.file.ends_with(cu_name), "finding names file {:?}, expected …{cu_name}", src.file);
}
