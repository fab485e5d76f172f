//! emulator-bench: how fast the emulator runs the textbook's tiled 2D convolution (section 7.4:
//! 32×32 input tiles, 5×5 filter in constant memory) on one core with the sanitizer on, beside
//! numba's CUDA simulator running the same kernel (tools/numba_conv_bench.py) and the same
//! convolution as a native C loop (tools/native_conv_bench.c, built with the machine's cc -O2).
//!
//!   cargo run -p emulator --bin emulator-bench -- [--short] [--checks-cost] [--baseline-code]
//!
//! Full: a 1024×1024 image on the emulator (three runs, the median reported), 64×64 on numba.
//! --short (CI): 256×256 and 28×28, one run each, no native C run.
//! --checks-cost: what the shared-memory checks (races, unwritten reads and their taint) cost:
//! the same launch with them on and off, alternating, five times each (the medians and their
//! ratio), instead of the comparison with numba.
//! --baseline-code: the executor's baseline x86-64 compilation even where the CPU has AVX2 and
//! FMA (`Options::baseline_code`), to measure what the other one gains.
//! Exit status: 0 when the emulator's outputs (and the peers', when they ran) are correct, 1 when they
//! are wrong, 2 when the emulator could not run the kernel.

use emulator::{launch, DeviceMemory, KernelArg, Launch, LaunchConfig, Module, Options};
use std::process::{Command, ExitCode};
use std::time::Instant;

const PTX: &str = include_str!("../../fixtures/ptx/conv2d_tiled.ptx");
const KERNEL: &str = "convolution_tiled_2D_const_mem_kernel";
const RADIUS: usize = 2;
const IN_TILE_DIM: usize = 32;
const OUT_TILE_DIM: usize = IN_TILE_DIM - 2 * RADIUS;

/// A small deterministic generator (the bench has no rand dependency): values in [-1, 1).
struct Lcg(u64);

impl Lcg {
    fn next_f32(&mut self) -> f32 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    }
}

struct EmulatorRun {
    seconds: f64,
    lane_instructions: u64,
    outputs: usize,
    findings: usize,
    max_error_ratio: f64,
}

/// The bench's image (`size`²) and 5×5 filter, the same for every run and peer.
fn inputs(size: usize) -> (Vec<f32>, Vec<f32>) {
    let mut rng = Lcg(2024);
    let image: Vec<f32> = (0..size * size).map(|_| rng.next_f32()).collect();
    let filter: Vec<f32> = (0..25).map(|_| rng.next_f32()).collect();
    (image, filter)
}

/// The worst error of `got` against an f64 convolution, as a share of its bound: 26 · 2^-24 ·
/// Σ|terms| for 25 f32 multiply-adds (see emulator/tests/common). At most 1 when correct.
fn max_error_ratio(image: &[f32], filter: &[f32], got: &[f32], size: usize) -> f64 {
    // A row of outputs at a time, tap by tap (each output's terms in the filter's order): loops
    // without bounds tests, so that the check costs the bench little beside the launch.
    let (mut exact, mut magnitude) = (vec![0.0f64; size], vec![0.0f64; size]);
    let mut worst = 0.0f64;
    for row in 0..size {
        exact.fill(0.0);
        magnitude.fill(0.0);
        for fr in 0..5 {
            let Some(r) = (row + fr).checked_sub(2).filter(|&r| r < size) else { continue };
            let pixels = &image[r * size..(r + 1) * size];
            for fc in 0..5 {
                let tap = filter[fr * 5 + fc] as f64;
                // Outputs whose tap column `col + fc - 2` is in the image.
                let (first, last) = (2usize.saturating_sub(fc).min(size), (size + 2).saturating_sub(fc).min(size));
                if first >= last {
                    continue;
                }
                let source = &pixels[first + fc - 2..last + fc - 2];
                for ((e, m), &p) in exact[first..last].iter_mut().zip(&mut magnitude[first..last]).zip(source) {
                    let t = tap * p as f64;
                    *e += t;
                    *m += t.abs();
                }
            }
        }
        for col in 0..size {
            let bound = 26.0 * f32::EPSILON as f64 / 2.0 * magnitude[col] + 1e-30;
            worst = worst.max((got[row * size + col] as f64 - exact[col]).abs() / bound);
        }
    }
    worst
}

fn run_emulator(size: usize, hazard_checks: bool) -> Result<EmulatorRun, String> {
    let module = Module::parse(PTX).map_err(|e| format!("the fixture PTX does not load: {e}"))?;
    let (image, filter) = inputs(size);
    let filter_bytes: Vec<u8> = filter.iter().flat_map(|v| v.to_le_bytes()).collect();
    let mut mem = DeviceMemory::new();
    let err = |e: emulator::LaunchError| e.message;
    let d_in = mem.alloc_f32(&image).map_err(err)?;
    let d_out = mem.alloc_zeroed(4 * size * size).map_err(err)?;
    let blocks = size.div_ceil(OUT_TILE_DIM) as u32;
    let args = [KernelArg::Ptr(d_in), KernelArg::Ptr(d_out), KernelArg::I32(size as i32), KernelArg::I32(size as i32)];
    let config = LaunchConfig {
        grid: [blocks, blocks, 1],
        block: [IN_TILE_DIM as u32, IN_TILE_DIM as u32, 1],
        dynamic_shared_bytes: 0,
    };
    let baseline_code = std::env::args().any(|a| a == "--baseline-code");
    let options = Options { threads: 1, hazard_checks, baseline_code, ..Options::default() };
    let start = Instant::now();
    let report = launch(
        &module,
        &Launch { kernel: KERNEL, config, args: &args, constants: &[("F", &filter_bytes)] },
        &mut mem,
        &options,
    )
    .map_err(err)?;
    let seconds = start.elapsed().as_secs_f64();
    if !report.completed {
        return Err(format!("the launch did not complete: {:?}", report.findings));
    }
    let got = mem.read_f32(d_out, size * size).map_err(err)?;
    let max_error_ratio = max_error_ratio(&image, &filter, &got, size);
    Ok(EmulatorRun {
        seconds,
        lane_instructions: report.metrics.lane_instructions,
        outputs: size * size,
        findings: report.findings.len(),
        max_error_ratio,
    })
}

struct NativeRun {
    seconds: f64,
    repeats: u32,
    compiler: String,
    max_error_ratio: f64,
}

/// The same convolution as a C loop (tools/native_conv_bench.c), built with the machine's C
/// compiler (CC, else cc) at -O2 and run on one core: the peer the course's goal for the
/// emulator is set against (at most 3× its time).
fn run_native(size: usize) -> Result<NativeRun, String> {
    let source = ["tools/native_conv_bench.c", concat!(env!("CARGO_MANIFEST_DIR"), "/../tools/native_conv_bench.c")]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .ok_or("tools/native_conv_bench.c not found: run from the repository root")?;
    let dir = std::env::temp_dir().join(format!("emulator-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let result = (|| {
        let compiler = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
        let exe = dir.join("native_conv_bench");
        let built = Command::new(&compiler)
            .args(["-O2", "-o"])
            .arg(&exe)
            .arg(source)
            .arg("-lm")
            .output()
            .map_err(|e| format!("no C compiler ({compiler}: {e}); set CC"))?;
        if !built.status.success() {
            return Err(format!("{compiler} -O2 {source} failed: {}", String::from_utf8_lossy(&built.stderr)));
        }
        let (image, filter) = inputs(size);
        let bytes: Vec<u8> = image.iter().chain(&filter).flat_map(|v| v.to_le_bytes()).collect();
        let (input, output) = (dir.join("input.bin"), dir.join("output.bin"));
        std::fs::write(&input, bytes).map_err(|e| format!("{}: {e}", input.display()))?;
        let run = Command::new(&exe)
            .arg(size.to_string())
            .arg(&input)
            .arg(&output)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
        let line = String::from_utf8_lossy(&run.stdout).to_string();
        let words: Vec<&str> = line.split_whitespace().collect();
        let (Some(seconds), Some(repeats)) =
            (words.get(1).and_then(|w| w.parse().ok()), words.get(3).and_then(|w| w.parse().ok()))
        else {
            return Err(format!("unexpected output: {line}{}", String::from_utf8_lossy(&run.stderr)));
        };
        let out = std::fs::read(&output).map_err(|e| format!("{}: {e}", output.display()))?;
        let got: Vec<f32> = out.chunks_exact(4).map(|b| f32::from_le_bytes(b.try_into().unwrap())).collect();
        if got.len() != size * size {
            return Err(format!("{} outputs, not {}", got.len(), size * size));
        }
        let version = Command::new(&compiler).arg("--version").output().ok();
        let compiler = version
            .and_then(|v| String::from_utf8_lossy(&v.stdout).lines().next().map(str::to_string))
            .unwrap_or(compiler);
        Ok(NativeRun { seconds, repeats, compiler, max_error_ratio: max_error_ratio(&image, &filter, &got, size) })
    })();
    let _ = std::fs::remove_dir_all(&dir);
    result
}

struct NumbaRun {
    outputs_per_second: f64,
    seconds: f64,
    outputs: u64,
    correct: bool,
}

/// Pulls `"key": number` out of the script's one-line JSON (no JSON crate in this package).
fn json_number(line: &str, key: &str) -> Option<f64> {
    let at = line.find(&format!("\"{key}\":"))? + key.len() + 3;
    let rest = line[at..].trim_start();
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    rest[..end].trim().parse().ok()
}

fn run_numba(size: usize) -> Result<NumbaRun, String> {
    // From the repository root (how the bench is meant to be run), else where it was built.
    let script = ["tools/numba_conv_bench.py", concat!(env!("CARGO_MANIFEST_DIR"), "/../tools/numba_conv_bench.py")]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .ok_or("tools/numba_conv_bench.py not found: run from the repository root")?;
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    let out = Command::new(&python)
        .arg(script)
        .args(["--size", &size.to_string()])
        .env("NUMBA_ENABLE_CUDASIM", "1")
        .output()
        .map_err(|e| {
            format!("cannot run {python}: {e}; set PYTHON to a Python 3 that has numba (`pip install numba numpy`)")
        })?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout.lines().last().unwrap_or("");
    if out.status.code() == Some(3) || line.contains("\"error\"") {
        return Err("numba is not importable: install it with `pip install numba numpy`".to_string());
    }
    let (Some(ops), Some(seconds), Some(outputs)) =
        (json_number(line, "outputs_per_second"), json_number(line, "seconds"), json_number(line, "outputs"))
    else {
        return Err(format!("unexpected output from {script}: {stdout}{}", String::from_utf8_lossy(&out.stderr)));
    };
    Ok(NumbaRun {
        outputs_per_second: ops,
        seconds,
        outputs: outputs as u64,
        correct: line.contains("\"correct\": true"),
    })
}

fn main() -> ExitCode {
    let short = std::env::args().any(|a| a == "--short");
    let checks_cost = std::env::args().any(|a| a == "--checks-cost");
    let known = ["--short", "--checks-cost", "--baseline-code"];
    if let Some(bad) = std::env::args().skip(1).find(|a| !known.contains(&a.as_str())) {
        eprintln!("unknown argument {bad:?}\nusage: emulator-bench [--short] [--checks-cost] [--baseline-code]");
        return ExitCode::from(2);
    }
    let (emu_size, numba_size) = if short { (256, 28) } else { (1024, 64) };
    if checks_cost {
        return measure_checks_cost(emu_size);
    }

    println!("tiled 2D convolution (PMPP 7.4): IN_TILE_DIM {IN_TILE_DIM}, 5x5 filter in constant memory");
    // Three runs, the median reported: a shared machine's speed drifts from one second to the next.
    let runs = if short { 1 } else { 3 };
    let mut results = Vec::new();
    for _ in 0..runs {
        match run_emulator(emu_size, true) {
            Ok(r) => results.push(r),
            Err(e) => {
                eprintln!("emulator: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let times: Vec<String> = results.iter().map(|r| format!("{:.3}", r.seconds)).collect();
    results.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
    let emu = results.swap_remove(results.len() / 2);
    let emu_ops = emu.outputs as f64 / emu.seconds;
    let emu_correct = emu.max_error_ratio <= 1.0
        && emu.findings == 0
        && results.iter().all(|r| r.max_error_ratio <= 1.0 && r.findings == 0);
    println!("emulator, 1 core, sanitizer on, {emu_size}x{emu_size}:");
    if runs > 1 {
        println!("  wall time            {:.3} s (median of {runs} runs: {} s)", emu.seconds, times.join(", "));
    } else {
        println!("  wall time            {:.3} s", emu.seconds);
    }
    println!(
        "  lane-instructions    {} ({:.1} M/s)",
        emu.lane_instructions,
        emu.lane_instructions as f64 / emu.seconds / 1e6
    );
    println!("  outputs per second   {:.0}", emu_ops);
    println!(
        "  correct              {} (worst error {:.2} of its bound, {} findings)",
        emu_correct, emu.max_error_ratio, emu.findings
    );

    // Full mode only: the short mode's callgrind count (the emulator's guard) stays the
    // emulator's and the oracle's.
    let mut native_correct = true;
    match if short { Err("full mode only".to_string()) } else { run_native(emu_size) } {
        Ok(c) => {
            native_correct = c.max_error_ratio <= 1.0;
            println!("native C loop, 1 core, {emu_size}x{emu_size} ({}, -O2):", c.compiler);
            println!("  wall time            {:.6} s (median of {} runs)", c.seconds, c.repeats);
            println!("  outputs per second   {:.0}", emu.outputs as f64 / c.seconds);
            println!("  correct              {} (worst error {:.2} of its bound)", native_correct, c.max_error_ratio);
            println!("ratio (time, emulator / native C): {:.0}x   (goal: at most 3x)", emu.seconds / c.seconds);
        }
        Err(e) => println!("native C: skipped: {e}"),
    }

    let mut numba_correct = true;
    match run_numba(numba_size) {
        Ok(nb) => {
            numba_correct = nb.correct;
            println!("numba CUDA simulator, {numba_size}x{numba_size}:");
            println!("  wall time            {:.3} s ({} outputs)", nb.seconds, nb.outputs);
            println!("  outputs per second   {:.1}", nb.outputs_per_second);
            println!("  correct              {}", nb.correct);
            let ratio = emu_ops / nb.outputs_per_second;
            let target = if short { "short mode: small images, not the measured target" } else { "target >= 1000x" };
            println!("ratio (outputs/s, emulator / numba): {ratio:.0}x   ({target})");
        }
        Err(e) => println!("numba: skipped: {e}"),
    }
    if !short {
        println!("1024x1024 on one core in {:.3} s (target < 1 s)", emu.seconds);
    }
    if emu_correct && numba_correct && native_correct {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// The launch with the shared-memory checks on and off, alternating (a shared machine's speed
/// drifts), five times each: the medians, and what the checks add (the course's goal: at most 20%).
fn measure_checks_cost(size: usize) -> ExitCode {
    println!("tiled 2D convolution (PMPP 7.4), {size}x{size}, 1 core: shared-memory checks on and off");
    let (mut on, mut off) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        for (hazards, times) in [(true, &mut on), (false, &mut off)] {
            match run_emulator(size, hazards) {
                Ok(r) if r.max_error_ratio <= 1.0 && r.findings == 0 => times.push(r.seconds),
                Ok(r) => {
                    eprintln!(
                        "wrong outputs or findings: worst error {:.2} of its bound, {} findings",
                        r.max_error_ratio, r.findings
                    );
                    return ExitCode::from(1);
                }
                Err(e) => {
                    eprintln!("emulator: {e}");
                    return ExitCode::from(2);
                }
            }
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (on, off) = (median(&mut on), median(&mut off));
    println!("  checks on            {on:.3} s (median of 5)");
    println!("  checks off           {off:.3} s (median of 5)");
    println!("  the checks add       {:.0}% (goal: at most 20%)", (on / off - 1.0) * 100.0);
    ExitCode::SUCCESS
}
