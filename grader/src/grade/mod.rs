//! Grading one section: compile the student's file for each distinct set of defines, run the
//! visible cases, the hidden ones (from the seed) and the metrics case, then check the targets.
//! The result is plain data ([`SectionReport`]), printed as text or as the contract's JSON.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

#[cfg(test)]
use kernels::exercise::Visibility;
use kernels::exercise::{Arg, Buffer, Case, Data, Metric, Section, Target};
use rand::rngs::StdRng;
use rand::SeedableRng;
use rayon::prelude::*;
use serde::Serialize;

use crate::backend::{Backend, Finding, KernelResources, LoadFailure, Metrics, Outcome, Program, SourceUnit};
use crate::chosen_launch::{self, LaunchProblem};
use crate::compare::{compare, Mismatch};
use crate::compiler::Compiler;
use crate::error::{Error, Result};
use crate::nvrtc::CompileFailure;

#[derive(Clone, Debug, Serialize)]
pub struct RunReport {
    pub sections: Vec<SectionReport>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SectionReport {
    pub section: String,
    pub title: String,
    pub kernel: String,
    pub backend: String,
    /// What compiled the kernel to PTX ("NVRTC 12.9", "clang 22.1.8").
    pub compiler: String,
    pub seed: u64,
    pub passed: bool,
    pub compile: CompileReport,
    pub tests: Vec<TestReport>,
    pub metrics: Option<MetricsReport>,
    pub targets: Vec<TargetReport>,
    /// The kernel timed on a GPU for a speed target (the challenges, GPU backend only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speed: Option<crate::backend::Speed>,
    /// Other configurations measured with `--variants`; absent without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variants: Option<Vec<VariantReport>>,
    pub findings: Vec<FindingReport>,
    /// Findings beyond those listed (repeats of a listed one, or past the emulator's cap).
    pub findings_more: u64,
    /// Why the kernel could not be run at all, when it compiled (e.g. the entry is missing).
    pub problem: Option<String>,
    /// Only the visible cases were run (the `list` command's quick check).
    pub visible_only: bool,
    pub seconds: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct CompileReport {
    pub ok: bool,
    /// NVRTC's errors with their source lines (warnings left out).
    pub log: String,
    /// The `-D` defines of the compilation that failed.
    pub defines: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct TestReport {
    pub name: String,
    pub visibility: String,
    pub passed: bool,
    pub message: String,
    pub size: String,
    pub metrics_case: bool,
    pub mismatch: Option<Mismatch>,
    /// What the kernel printed with `printf` (the first calls, in block, thread and program order).
    pub printf: Vec<PrintfReport>,
    /// `printf` calls beyond those listed.
    pub printf_more: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct PrintfReport {
    pub block: [u32; 3],
    pub thread: [u32; 3],
    pub text: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct MetricsReport {
    pub case: String,
    pub flops: u64,
    pub global_load_bytes: u64,
    pub op_per_byte: f64,
    pub global_load_requests: u64,
    pub global_load_sectors: u64,
    pub global_store_bytes: u64,
    pub shared_bytes_per_block: u64,
    pub other_float_ops: u64,
    pub unique_global_load_bytes: u64,
    pub shared_bank_conflicts: u64,
    pub barriers: u64,
    pub threads: u64,
    pub blocks: u64,
    pub output_elements: u64,
    /// Registers, spills and shared bytes on the GPU (GPU backend only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpu: Option<KernelResources>,
    /// What each line of the kernel did on the metrics case (lines with work only; their sums
    /// are the totals above).
    pub lines: Vec<LineReport>,
    /// Metrics the section shows but does not grade (e.g. the challenges' loads per output).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shown: Vec<ShownMetric>,
}

/// One source line's share of the metrics case: where the traffic comes from.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct LineReport {
    /// The file as the student names it, and the line (0: code with no source line).
    pub file: String,
    pub line: u32,
    /// The line's text, when it is the kernel's own file.
    pub source: Option<String>,
    pub warp_instructions: u64,
    pub global_loads: u64,
    pub global_load_bytes: u64,
    pub global_load_requests: u64,
    pub global_load_sectors: u64,
    pub global_store_bytes: u64,
    pub shared_load_bytes: u64,
    pub shared_store_bytes: u64,
    pub shared_bank_conflicts: u64,
    pub flops: u64,
}

/// One `--variants` configuration: its metrics beside the textbook's formula value.
#[derive(Clone, Debug, Serialize)]
pub struct VariantReport {
    pub label: String,
    pub flops: u64,
    pub global_load_bytes: u64,
    pub op_per_byte: f64,
    pub textbook: Option<f64>,
    /// Output right, run complete, no findings.
    pub passed: bool,
    /// Why it failed, when it did.
    pub message: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct TargetReport {
    pub name: String,
    pub op: String,
    pub target: f64,
    pub measured: Option<f64>,
    pub textbook: Option<f64>,
    pub passed: bool,
    pub advice: String,
    /// Why the target was not measured and does not count ("needs a GPU").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skipped: Option<String>,
}

/// A metric measured and shown but not graded.
#[derive(Clone, Debug, Serialize)]
pub struct ShownMetric {
    pub name: String,
    pub measured: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct FindingReport {
    pub kind: String,
    pub message: String,
    pub file: Option<String>,
    pub line: Option<u32>,
    pub block: [u32; 3],
    pub thread: [u32; 3],
    /// The test it happened in.
    pub case: String,
    /// The student's source line, when known.
    pub source_line: Option<String>,
    /// When the line is inside a function: where it was called from ("kernel.cu:30"),
    /// innermost first.
    pub called_from: Vec<String>,
    /// How many findings of this kind at this line, over all tests.
    pub count: u64,
}

/// The student's file: where it is, and how it is named in messages.
#[derive(Clone, Debug)]
pub struct KernelFile {
    pub path: PathBuf,
    /// Relative to the course root when inside it ("exercises/7.4-halo-tiling/kernel.cu").
    pub display: String,
}

/// A set of `-D` defines, as a case gives them.
pub type Defines = Vec<(String, String)>;

/// PTX (or why not) per source, program name, defines and architecture.
type PtxCache = Mutex<HashMap<(Vec<u8>, String, Defines, String), Result<String, CompileFailure>>>;

/// Compiles and runs; caches PTX per (source, defines, arch) for the whole run.
pub struct Grader<'a> {
    pub backend: &'a dyn Backend,
    pub compiler: Compiler,
    ptx_cache: PtxCache,
    /// An instructor's private hidden cases (`--cases`), by section id: run after the hidden ones.
    pub private_cases: Vec<(&'static str, Case)>,
    /// Progress (the bar): called with (0, n) when a section's n tests are known, then (1, 0) as
    /// each finishes, from several threads at once.
    pub on_progress: Option<Box<dyn Fn(u64, u64) + Send + Sync + 'a>>,
    /// Also run each section's [`Section::metrics_variants`] (`--variants`).
    pub variants: bool,
    /// Time the kernel for a speed target where the backend can (a GPU); `time` turns it off,
    /// it times every kernel itself.
    pub speed_targets: bool,
}

pub fn defines_text(defines: &[(String, String)]) -> String {
    defines.iter().map(|(k, v)| format!("-D{k}={v}")).collect::<Vec<_>>().join(" ")
}

pub fn size_text(shape: [usize; 3]) -> String {
    match shape {
        [x, 1, 1] => format!("{x}"),
        [x, y, 1] => format!("{x}×{y}"),
        [x, y, z] => format!("{x}×{y}×{z}"),
    }
}

/// The `extern "C"` declaration the cases call, from their arguments.
pub fn expected_signature(kernel: &str, case: &Case) -> String {
    let params: Vec<&str> = case
        .args
        .iter()
        .map(|a| match a {
            Arg::Buffer(i) => match case.buffers.get(*i) {
                Some(Buffer::Input(Data::I32(_)) | Buffer::InOut(Data::I32(_)) | Buffer::OutputI32(_)) => "int *",
                _ => "float *",
            },
            Arg::I32(_) => "int",
            Arg::U32(_) => "unsigned int",
            Arg::F32(_) => "float",
        })
        .collect();
    format!("extern \"C\" __global__ void {kernel}({})", params.join(", "))
}

pub fn target_name(metric: Metric) -> &'static str {
    metric.as_str()
}

/// The measured value of a target's metric on the metrics case (`None`: measured by timing on a
/// GPU, not by counting).
pub fn measure(metric: Metric, m: &Metrics, case: &Case) -> Option<f64> {
    let ratio = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    Some(match metric {
        Metric::OpPerByte => m.op_per_byte(),
        Metric::SharedBytesPerBlock => m.shared_bytes_per_block() as f64,
        Metric::GlobalLoadBytesPerOutput => m.global_load_bytes as f64 / case.expected.len().max(1) as f64,
        Metric::ThreadsPerBlock => case.geometry.block.iter().map(|&d| d as f64).product(),
        Metric::GlobalLoadSectorsPerRequest => ratio(m.global_load_sectors, m.global_load_requests),
        Metric::SharedBankConflictsPerRequest => ratio(m.shared_bank_conflicts, m.shared_requests),
        Metric::LocalMemoryBytes => (m.local_load_bytes + m.local_store_bytes) as f64,
        Metric::ActiveLanePercent => 100.0 * ratio(m.lane_instructions, 32 * m.warp_instructions),
        Metric::PercentOfCopy => return None,
    })
}

pub fn evaluate_targets(targets: &[Target], measured: Option<(&Metrics, &Case)>) -> Vec<TargetReport> {
    targets
        .iter()
        .map(|t| {
            let value = measured.and_then(|(m, c)| measure(t.metric, m, c));
            // A speed target is timed on a GPU (`time_speed_targets`); elsewhere it is not held
            // against the kernel, and the report says so.
            let skipped = (t.metric.needs_gpu() && measured.is_some()).then(|| "needs a GPU".to_string());
            TargetReport {
                name: target_name(t.metric).to_string(),
                op: t.compare.as_str().to_string(),
                target: t.value,
                measured: value,
                textbook: t.textbook,
                passed: skipped.is_some() || value.is_some_and(|v| t.compare.holds(v, t.value)),
                advice: t.advice.to_string(),
                skipped,
            }
        })
        .collect()
}

fn metrics_report(label: &str, m: &Metrics, case: &Case) -> MetricsReport {
    MetricsReport {
        case: label.to_string(),
        flops: m.flops,
        global_load_bytes: m.global_load_bytes,
        op_per_byte: m.op_per_byte(),
        global_load_requests: m.global_load_requests,
        global_load_sectors: m.global_load_sectors,
        global_store_bytes: m.global_store_bytes,
        shared_bytes_per_block: m.shared_bytes_per_block(),
        other_float_ops: m.other_float_ops,
        unique_global_load_bytes: m.unique_global_load_bytes,
        shared_bank_conflicts: m.shared_bank_conflicts,
        barriers: m.barriers,
        threads: m.threads,
        blocks: m.blocks,
        output_elements: case.expected.len() as u64,
        gpu: None,
        lines: Vec::new(),
        shown: Vec::new(),
    }
}

/// The emulator's per-line counts as the report gives them: the student's file name, the
/// line's text.
fn line_reports(counts: &[::emulator::LineCounts], kernel: &KernelFile, source: &[&str]) -> Vec<LineReport> {
    let canonical = kernel.path.canonicalize().ok();
    counts
        .iter()
        .map(|c| {
            // NVRTC may record the name joined to its working directory.
            let own = c.file == kernel.display
                || std::path::Path::new(&c.file).ends_with(&kernel.display)
                || (canonical.is_some() && std::path::Path::new(&c.file).canonicalize().ok() == canonical);
            LineReport {
                file: if own { kernel.display.clone() } else { c.file.clone() },
                line: c.line,
                source: if own {
                    source.get((c.line as usize).wrapping_sub(1)).map(|s| s.trim().to_string())
                } else {
                    None
                },
                warp_instructions: c.warp_instructions,
                global_loads: c.global_loads,
                global_load_bytes: c.global_load_bytes,
                global_load_requests: c.global_load_requests,
                global_load_sectors: c.global_load_sectors,
                global_store_bytes: c.global_store_bytes,
                shared_load_bytes: c.shared_load_bytes,
                shared_store_bytes: c.shared_store_bytes,
                shared_bank_conflicts: c.shared_bank_conflicts,
                flops: c.flops,
            }
        })
        .collect()
}

/// One test's verdict from its outcome.
pub fn judge(case: &Case, outcome: &Outcome) -> (bool, String, Option<Mismatch>) {
    let mismatch = compare(&case.expected, &outcome.output, case.tolerance, case.shape);
    let mut notes = Vec::new();
    if let Some(m) = &mismatch {
        let unwritten = if m.all_unwritten { " (never written)" } else { "" };
        notes.push(format!("{} of {} elements wrong{unwritten}", m.wrong, m.total));
    }
    let n = outcome.findings.len() as u64 + outcome.findings_dropped;
    if !outcome.completed {
        let kind = outcome.findings.first().map(|f| f.kind.as_str()).unwrap_or("a fault");
        notes.push(format!("stopped by {kind} (see findings)"));
    } else if n > 0 {
        notes.push(format!("{n} finding{} (see findings)", if n == 1 { "" } else { "s" }));
    }
    let passed = mismatch.is_none() && outcome.completed && outcome.findings.is_empty();
    (passed, notes.join("; "), mismatch)
}

/// The cases in the order they are reported, each flagged when it is the metrics case (last).
/// Hidden and metrics data depend on the seed alone, so `7.4 --seed N` reproduces what
/// `all --seed N` ran for 7.4.
pub fn cases_for(section: &dyn Section, seed: u64, visible_only: bool) -> Vec<(Case, bool)> {
    let mut cases: Vec<(Case, bool)> = section.visible_cases().into_iter().map(|c| (c, false)).collect();
    if !visible_only {
        let mut rng = StdRng::seed_from_u64(seed);
        cases.extend(section.hidden_cases(&mut rng).into_iter().map(|c| (c, false)));
        cases.push((section.metrics_case(&mut rng), true));
    }
    cases
}

impl<'a> Grader<'a> {
    pub fn new(backend: &'a dyn Backend, compiler: Compiler) -> Self {
        Grader {
            backend,
            compiler,
            ptx_cache: Mutex::new(HashMap::new()),
            private_cases: Vec::new(),
            on_progress: None,
            variants: false,
            speed_targets: true,
        }
    }

    fn compile(&self, source: &[u8], name: &str, defines: &[(String, String)]) -> Result<String, CompileFailure> {
        let arch = self.backend.arch();
        let key = (source.to_vec(), name.to_string(), defines.to_vec(), arch.clone());
        if let Some(hit) = self.ptx_cache.lock().unwrap_or_else(|p| p.into_inner()).get(&key) {
            return hit.clone();
        }
        let result = self.compiler.compile(source, name, &arch, defines);
        self.ptx_cache.lock().unwrap_or_else(|p| p.into_inner()).insert(key, result.clone());
        result
    }

    pub fn grade(
        &self,
        section: &dyn Section,
        kernel: &KernelFile,
        seed: u64,
        visible_only: bool,
    ) -> Result<SectionReport, Error> {
        let start = Instant::now();
        let source = std::fs::read(&kernel.path)
            .map_err(|e| Error(format!("cannot read the kernel file {}: {e}", kernel.display)))?;
        // For showing the student's lines: any encoding, shown lossily.
        let text = String::from_utf8_lossy(crate::nvrtc::source_bytes(&source)).into_owned();
        let mut report = SectionReport {
            section: section.id().to_string(),
            title: section.title().to_string(),
            kernel: kernel.display.clone(),
            backend: self.backend.name().to_string(),
            compiler: self.compiler.short(),
            seed,
            passed: false,
            compile: CompileReport { ok: true, log: String::new(), defines: String::new() },
            tests: Vec::new(),
            metrics: None,
            targets: Vec::new(),
            speed: None,
            variants: None,
            findings: Vec::new(),
            findings_more: 0,
            problem: None,
            visible_only,
            seconds: 0.0,
        };

        let mut cases = cases_for(section, seed, visible_only);
        if !visible_only {
            // Before the metrics case, which stays last.
            let private =
                self.private_cases.iter().filter(|(id, _)| *id == section.id()).map(|(_, c)| (c.clone(), false));
            let at = cases.len() - 1;
            cases.splice(at..at, private);
        }
        if let Some(progress) = &self.on_progress {
            progress(0, cases.len() as u64);
        }

        // Every distinct set of defines compiled side by side; the steps below then find them
        // in the cache.
        let compiled = chosen_launch::compiled_source(section, &source);
        let mut define_sets: Vec<&Defines> = Vec::new();
        for (case, _) in &cases {
            if !define_sets.contains(&&case.defines) {
                define_sets.push(&case.defines);
            }
        }
        define_sets.par_iter().for_each(|d| {
            let _ = self.compile(&compiled, &kernel.display, d);
        });

        // A challenge section launches what the file chooses.
        let compile = |src: &[u8], defines: &[(String, String)]| {
            self.compile(src, &kernel.display, defines)
                .map_err(|f| CompileFailure { log: self.compiler.errors_only(&f.log) })
        };
        let mut chosen: Vec<&mut Case> = cases.iter_mut().map(|(c, _)| c).collect();
        if let Err(LaunchProblem(why)) = chosen_launch::place(section, &compile, &source, &kernel.display, &mut chosen)
        {
            return Ok(self.unrunnable(report, section, start, why));
        }

        // One compilation per distinct set of defines.
        let mut programs: Vec<(Defines, Box<dyn Program>)> = Vec::new();
        for (case, _) in &cases {
            if programs.iter().any(|(d, _)| *d == case.defines) {
                continue;
            }
            match self.compile(&compiled, &kernel.display, &case.defines) {
                Ok(ptx) => {
                    let unit = SourceUnit { source: &source, name: &kernel.display, defines: &case.defines };
                    match self.backend.load_source(&ptx, &unit) {
                        Ok(program) => programs.push((case.defines.clone(), program)),
                        // PTX the emulator cannot run (a construct it does not support, a call
                        // to a function defined nowhere): the section fails with the construct
                        // and the line, like a compile error.
                        Err(LoadFailure::Kernel(e)) => return Ok(self.unrunnable(report, section, start, e.0)),
                        // The grader's own failure (a GPU driver that refuses the module): the
                        // section cannot be graded (exit 2), in the driver's words.
                        Err(LoadFailure::Grader(e)) => {
                            return Err(Error(format!("cannot grade {} ({}): {e}", section.id(), kernel.display)))
                        }
                    }
                }
                Err(failure) => {
                    report.compile = CompileReport {
                        ok: false,
                        log: self.compiler.errors_only(&failure.log),
                        defines: defines_text(&case.defines),
                    };
                    report.targets = evaluate_targets(&section.targets(), None);
                    report.seconds = start.elapsed().as_secs_f64();
                    return Ok(report);
                }
            }
        }

        // The entry must be there, under its C name.
        let kernel_name = section.kernel_name();
        if let Some((_, program)) = programs.first() {
            let entries = program.entries();
            if !entries.iter().any(|e| e == kernel_name) {
                let (case, _) = &cases[0];
                let mut msg = format!(
                    "{} has no kernel named `{kernel_name}`. The grader launches:\n    {}\n",
                    kernel.display,
                    expected_signature(kernel_name, case)
                );
                if entries.is_empty() {
                    msg.push_str("but the file defines no __global__ kernel at all.");
                } else {
                    msg.push_str(&format!("Kernels found: {}.", entries.join(", ")));
                    if entries.iter().any(|e| e.contains(kernel_name)) {
                        msg.push_str(" The name is C++-mangled: declare the kernel `extern \"C\"`.");
                    }
                }
                return Ok(self.unrunnable(report, section, start, msg));
            }
            // Parameters that do not match the contract: said once, here, not in every test.
            let launched = &cases[0].0.args;
            if let Some(declared) = program.param_sizes(kernel_name) {
                if declared.len() != launched.len() || declared.iter().zip(launched).any(|(&d, a)| d != arg_size(a)) {
                    let msg = format!(
                        "`{kernel_name}` in {} takes {} parameter{} (sizes in bytes: {}), but the grader launches it as:\n    {}\n\
                         Give the kernel exactly these parameters, in this order (names are yours to choose).",
                        kernel.display,
                        declared.len(),
                        if declared.len() == 1 { "" } else { "s" },
                        declared.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", "),
                        expected_signature(kernel_name, &cases[0].0)
                    );
                    return Ok(self.unrunnable(report, section, start, msg));
                }
            }
        }
        // More shared memory than a block may have (without the opt-in no test launch makes):
        // a GPU refuses to launch it; the emulator must too.
        for (defines, program) in &programs {
            let Some(static_bytes) = program.static_shared_bytes(kernel_name) else { continue };
            let case = cases.iter().map(|(c, _)| c).find(|c| c.defines == *defines).expect("compiled for a case");
            let dynamic = launchable(program.as_ref(), kernel_name, case).geometry.dynamic_shared_bytes as u64;
            if static_bytes + dynamic > MAX_SHARED_BYTES_PER_BLOCK {
                let msg = format!(
                    "`{kernel_name}` in {} uses {} bytes of shared memory per block{}: a block may have at most {} (48 KB).\n\
                     A GPU refuses to launch it. Make the shared arrays smaller (a smaller tile).",
                    kernel.display,
                    crate::report::thousands(static_bytes + dynamic),
                    if defines.is_empty() { String::new() } else { format!(" (with {})", defines_text(defines)) },
                    crate::report::thousands(MAX_SHARED_BYTES_PER_BLOCK)
                );
                return Ok(self.unrunnable(report, section, start, msg));
            }
            // `__launch_bounds__` below the section's block: the GPU refuses every launch.
            let refusal = cases
                .iter()
                .filter(|(c, _)| c.defines == *defines)
                .find_map(|(c, _)| program.launch_refusal(kernel_name, c.geometry.block));
            if let Some(why) = refusal {
                let msg = format!(
                    "`{kernel_name}` in {}: {why}. A GPU refuses such a launch (\"invalid argument\"). \
                     The bounds must allow the section's blocks, or be left out.",
                    kernel.display
                );
                return Ok(self.unrunnable(report, section, start, msg));
            }
        }

        // Run the tests side by side (the emulator also spreads blocks over cores), then the big
        // metrics case. A kernel that never ends costs one instruction budget: once a test runs
        // out of it, the tests not started yet are not run, those running stop (see the emulator
        // backend), and so is the metrics case, which would take minutes to say the same.
        let stop = std::sync::atomic::AtomicBool::new(false);
        let run = |case: &Case| -> Result<Outcome> {
            let (_, program) = programs.iter().find(|(d, _)| *d == case.defines).expect("compiled above");
            let outcome = if stop.load(std::sync::atomic::Ordering::Relaxed) {
                Err(Error::new("not run: an earlier test did not finish (timeout)"))
            } else {
                program.run(kernel_name, &launchable(program.as_ref(), kernel_name, case))
            };
            let timeout = |o: &Outcome| o.findings.iter().any(|f| f.kind == ::emulator::FindingKind::Timeout);
            let stopped =
                |o: &Outcome| o.findings.iter().any(|f| f.message.starts_with(::emulator::STOPPED_BY_ANOTHER_LAUNCH));
            let outcome = match outcome {
                Ok(o) if stopped(&o) => Err(Error::new("not finished: stopped when another test ran out of time")),
                other => other,
            };
            if outcome.as_ref().is_ok_and(timeout) {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
            if let Some(progress) = &self.on_progress {
                progress(1, 0);
            }
            outcome
        };
        let mut outcomes: Vec<Result<Outcome>> =
            cases.par_iter().filter(|(_, is_metrics)| !is_metrics).map(|(c, _)| run(c)).collect();
        let timed_out = stop.load(std::sync::atomic::Ordering::Relaxed);
        for (case, _) in cases.iter().filter(|(_, is_metrics)| *is_metrics) {
            outcomes.push(if timed_out {
                Err(Error::new("not run: an earlier test did not finish (timeout)"))
            } else {
                run(case)
            });
        }

        let lines: Vec<&str> = text.lines().collect();
        let mut seen: HashMap<(String, Option<String>, Option<u32>), usize> = HashMap::new();
        for ((case, is_metrics), outcome) in cases.iter().zip(&outcomes) {
            let mut test = TestReport {
                name: case.name.clone(),
                visibility: case.visibility.as_str().to_string(),
                passed: false,
                message: String::new(),
                size: size_text(case.shape),
                metrics_case: *is_metrics,
                mismatch: None,
                printf: Vec::new(),
                printf_more: 0,
            };
            match outcome {
                Err(e) => test.message = e.to_string(),
                Ok(o) => {
                    let (passed, message, mismatch) = judge(case, o);
                    test.passed = passed;
                    test.message = message;
                    test.mismatch = mismatch;
                    test.printf = o.printf.iter().map(printf_line).collect();
                    test.printf_more = o.printf_dropped;
                    collect_findings(
                        &mut report,
                        &mut seen,
                        &o.findings,
                        o.findings_dropped,
                        &case.name,
                        &lines,
                        kernel,
                    );
                    if *is_metrics {
                        if let Some(m) = &o.metrics {
                            let mut metrics = metrics_report(section.metrics_case_label(), m, case);
                            metrics.lines = line_reports(&o.lines, kernel, &lines);
                            metrics.shown = section
                                .shown_metrics()
                                .into_iter()
                                .filter_map(|s| {
                                    let measured = measure(s, m, case)?;
                                    Some(ShownMetric { name: s.as_str().to_string(), measured })
                                })
                                .collect();
                            report.metrics = Some(metrics);
                            report.targets = evaluate_targets(&section.targets(), Some((m, case)));
                        }
                    }
                }
            }
            report.tests.push(test);
        }
        // On a GPU: what the device made of the metrics case's compilation.
        if let (Some(m), Some((case, _))) = (report.metrics.as_mut(), cases.iter().find(|(_, is_metrics)| *is_metrics))
        {
            m.gpu = programs.iter().find(|(d, _)| *d == case.defines).and_then(|(_, p)| p.resources(kernel_name));
        }
        if !visible_only && report.targets.is_empty() {
            report.targets = evaluate_targets(&section.targets(), None);
        }
        if self.speed_targets && self.backend.times_kernels() && report.targets.iter().any(|t| t.skipped.is_some()) {
            self.time_speed_targets(&mut report, section, &source, kernel, seed);
        }
        if self.variants && !visible_only && report.metrics.is_some() {
            report.variants = Some(self.run_variants(section, &source, kernel, seed));
        }
        report.passed = report.compile.ok
            && report.problem.is_none()
            && report.tests.iter().all(|t| t.passed)
            && report.findings.is_empty()
            && report.targets.iter().all(|t| t.passed);
        report.seconds = start.elapsed().as_secs_f64();
        Ok(report)
    }
}

/// Shared memory a block may use without the opt-in (`cudaFuncAttributeMaxDynamicSharedMemorySize`).
pub const MAX_SHARED_BYTES_PER_BLOCK: u64 = 48 * 1024;

/// The case as it is launched: a kernel with no `extern __shared__` array gets no dynamic shared
/// memory (static arrays are as valid a choice; the 1D exercise says so). Decided per program,
/// since defines can add or remove the array.
fn launchable(program: &dyn Program, kernel: &str, case: &Case) -> Case {
    let mut case = case.clone();
    if program.declares_dynamic_shared(kernel) == Some(false) {
        case.geometry.dynamic_shared_bytes = 0;
    }
    case
}

/// Bytes a launch argument takes in the parameter buffer.
fn arg_size(a: &Arg) -> usize {
    match a {
        Arg::Buffer(_) => 8,
        Arg::I32(_) | Arg::U32(_) | Arg::F32(_) => 4,
    }
}

/// One `printf` call as the reports show it: who printed it, and the text without its final
/// newline.
fn printf_line(p: &::emulator::PrintfLine) -> PrintfReport {
    PrintfReport { block: p.block, thread: p.thread, text: p.text.strip_suffix('\n').unwrap_or(&p.text).to_string() }
}

impl Grader<'_> {
    /// A section that compiled but cannot be run: it fails with `why` (exit 1).
    fn unrunnable(
        &self,
        mut report: SectionReport,
        section: &dyn Section,
        start: Instant,
        why: String,
    ) -> SectionReport {
        report.problem = Some(why);
        report.targets = evaluate_targets(&section.targets(), None);
        report.seconds = start.elapsed().as_secs_f64();
        report
    }

    /// Time the kernel on the section's timing case where the backend can (a GPU), once its
    /// tests pass and the sanitizer is quiet, and judge the speed targets with it.
    fn time_speed_targets(
        &self,
        report: &mut SectionReport,
        section: &dyn Section,
        source: &[u8],
        kernel: &KernelFile,
        seed: u64,
    ) {
        if !report.tests.iter().all(|t| t.passed) || !report.findings.is_empty() {
            return;
        }
        let Some(mut case) = section.timing_case(&mut StdRng::seed_from_u64(seed)) else { return };
        let arch = self.backend.arch();
        let timed = chosen_launch::place_one(section, self.compiler, &arch, source, &kernel.display, &mut case)
            .and_then(|()| {
                self.compile(&chosen_launch::compiled_source(section, source), &kernel.display, &case.defines).map_err(
                    |f| Error(format!("does not compile for the timing case: {}", self.compiler.errors_only(&f.log))),
                )
            })
            .map(|ptx| {
                let unit = SourceUnit { source, name: &kernel.display, defines: &case.defines };
                self.backend.speed(&ptx, &unit, section.kernel_name(), &case)
            });
        let speed = match timed {
            Ok(None) => return,
            Ok(Some(Ok(speed))) => Ok(speed),
            Ok(Some(Err(e))) | Err(e) => Err(e),
        };
        for t in report.targets.iter_mut().filter(|t| t.skipped.is_some()) {
            let target = section.targets().into_iter().find(|x| x.metric.as_str() == t.name);
            match (&speed, target) {
                (Ok(s), Some(target)) => {
                    t.measured = Some(s.percent_of_copy);
                    t.passed = target.compare.holds(s.percent_of_copy, target.value);
                    t.skipped = None;
                }
                (Err(e), _) => {
                    t.skipped = Some(format!("not timed: {e}"));
                    t.passed = false;
                }
                _ => {}
            }
        }
        report.speed = speed.ok();
    }

    /// The section's other configurations, one after another (each is as big as the metrics
    /// case). Their own seed stream, so the graded cases do not change with `--variants`.
    fn run_variants(&self, section: &dyn Section, source: &[u8], kernel: &KernelFile, seed: u64) -> Vec<VariantReport> {
        let mut rng = StdRng::seed_from_u64(seed ^ 0x5641_5249_414e_5453);
        let mut reports = Vec::new();
        for variant in section.metrics_variants(&mut rng) {
            let case = &variant.case;
            let mut report = VariantReport {
                label: variant.label.clone(),
                flops: 0,
                global_load_bytes: 0,
                op_per_byte: 0.0,
                textbook: variant.textbook_op_per_byte,
                passed: false,
                message: String::new(),
            };
            match self.compile(source, &kernel.display, &case.defines) {
                Err(failure) => {
                    report.message = format!(
                        "does not compile with {}: {}",
                        defines_text(&case.defines),
                        self.compiler.errors_only(&failure.log)
                    )
                }
                Ok(ptx) => {
                    let unit = SourceUnit { source, name: &kernel.display, defines: &case.defines };
                    let program = match self.backend.load_source(&ptx, &unit) {
                        Ok(p) => p,
                        Err(e) => {
                            report.message = Error::from(e).0;
                            reports.push(report);
                            continue;
                        }
                    };
                    let case = launchable(program.as_ref(), section.kernel_name(), case);
                    match program.run(section.kernel_name(), &case) {
                        Err(e) => report.message = e.0,
                        Ok(o) => {
                            let (passed, message, _) = judge(&case, &o);
                            report.passed = passed;
                            // A variant's findings are not listed with the tests', so no pointer to them.
                            report.message = message.replace(" (see findings)", "");
                            if let Some(m) = &o.metrics {
                                report.flops = m.flops;
                                report.global_load_bytes = m.global_load_bytes;
                                report.op_per_byte = m.op_per_byte();
                            }
                        }
                    }
                }
            }
            reports.push(report);
        }
        reports
    }
}

/// Add a test's findings to the section's list, one entry per (kind, file, line).
fn collect_findings(
    report: &mut SectionReport,
    seen: &mut HashMap<(String, Option<String>, Option<u32>), usize>,
    findings: &[Finding],
    dropped: u64,
    case: &str,
    lines: &[&str],
    kernel: &KernelFile,
) {
    // NVRTC may record the file with an absolute path: name it as the student does.
    let canonical = kernel.path.canonicalize().ok();
    let student_name = |file: &str| -> String {
        let same = file == kernel.display
            || std::path::Path::new(file).ends_with(&kernel.display)
            || (canonical.is_some() && std::path::Path::new(file).canonicalize().ok() == canonical);
        if same {
            kernel.display.clone()
        } else {
            file.to_string()
        }
    };
    // A finding inside one of the grader's headers (a cooperative-groups `sync`) belongs to the
    // student's line that called it: the header's frames are dropped.
    let in_course_header = |file: &str| {
        let path = std::path::Path::new(file);
        file != kernel.display && crate::nvrtc::device_headers().iter().any(|(name, _)| path.ends_with(name))
    };
    report.findings_more += dropped;
    for f in findings {
        let mut f = f.clone();
        while f.source.as_ref().is_some_and(|s| in_course_header(&s.file)) && !f.called_from.is_empty() {
            f.source = Some(f.called_from.remove(0));
        }
        let file = f.source.as_ref().map(|s| student_name(&s.file));
        let line = f.source.as_ref().map(|s| s.line);
        let key = (f.kind.as_str().to_string(), file.clone(), line);
        if let Some(&i) = seen.get(&key) {
            report.findings[i].count += 1;
            continue;
        }
        seen.insert(key, report.findings.len());
        report.findings.push(FindingReport {
            kind: f.kind.as_str().to_string(),
            message: f.message.clone(),
            file,
            line,
            block: f.block,
            thread: f.thread,
            case: case.to_string(),
            source_line: line.and_then(|l| lines.get((l as usize).wrapping_sub(1))).map(|s| s.trim_end().to_string()),
            called_from: f.called_from.iter().map(|c| format!("{}:{}", student_name(&c.file), c.line)).collect(),
            count: 1,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernels::exercise::{Compare, Geometry, Tolerance};

    fn tiny_case() -> Case {
        Case {
            name: "tiny".into(),
            visibility: Visibility::Visible,
            defines: vec![],
            geometry: Geometry { grid: [1, 1, 1], block: [4, 1, 1], dynamic_shared_bytes: 0 },
            buffers: vec![Buffer::Input(Data::I32(vec![1, 2, 3, 4])), Buffer::OutputI32(4)],
            args: vec![Arg::Buffer(0), Arg::Buffer(1), Arg::I32(4)],
            constants: vec![],
            output: 1,
            expected: Data::I32(vec![1, 2, 3, 4]),
            shape: [4, 1, 1],
            tolerance: Tolerance::Exact,
        }
    }

    fn outcome(output: Vec<i32>, findings: Vec<Finding>, completed: bool) -> Outcome {
        Outcome {
            output: Data::I32(output),
            metrics: None,
            findings,
            findings_dropped: 0,
            completed,
            printf: vec![],
            printf_dropped: 0,
            lines: vec![],
        }
    }

    #[test]
    fn hidden_cases_depend_on_the_seed_alone() {
        let s = section_7_2::section();
        let a = cases_for(s, 42, false);
        let b = cases_for(s, 42, false);
        let c = cases_for(s, 43, false);
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert!(a.last().unwrap().1, "the metrics case comes last");
        assert_eq!(a.iter().filter(|(_, m)| *m).count(), 1);
        let visible = cases_for(s, 42, true);
        assert!(visible.iter().all(|(c, m)| c.visibility == Visibility::Visible && !m));
    }

    #[test]
    fn a_test_passes_only_when_right_complete_and_clean() {
        let case = tiny_case();
        assert!(judge(&case, &outcome(vec![1, 2, 3, 4], vec![], true)).0);
        let (passed, msg, m) = judge(&case, &outcome(vec![1, 2, 3, kernels::exercise::I32_POISON], vec![], true));
        assert!(!passed);
        assert_eq!(msg, "1 of 4 elements wrong (never written)");
        assert_eq!(m.unwrap().first[0].at, [3, 0, 0]);
        let finding = Finding {
            kind: ::emulator::FindingKind::Race,
            message: "x".into(),
            source: None,
            called_from: vec![],
            block: [0; 3],
            thread: [1, 0, 0],
        };
        let (passed, msg, _) = judge(&case, &outcome(vec![1, 2, 3, 4], vec![finding.clone()], true));
        assert!(!passed, "a correct output with a race still fails");
        assert_eq!(msg, "1 finding (see findings)");
        let (passed, msg, _) = judge(&case, &outcome(vec![1, 2, 3, 4], vec![finding], false));
        assert!(!passed);
        assert_eq!(msg, "stopped by race (see findings)");
    }

    #[test]
    fn signature_comes_from_the_arguments() {
        assert_eq!(expected_signature("k", &tiny_case()), "extern \"C\" __global__ void k(int *, int *, int)");
    }

    #[test]
    fn targets_measure_and_compare() {
        let case = tiny_case();
        let m = Metrics {
            flops: 50,
            global_load_bytes: 100,
            static_shared_bytes: 1024,
            dynamic_shared_bytes: 8,
            ..Default::default()
        };
        let targets = [
            Target {
                metric: Metric::OpPerByte,
                compare: Compare::AtLeast,
                value: 0.5,
                textbook: Some(0.5),
                advice: "a",
            },
            Target {
                metric: Metric::SharedBytesPerBlock,
                compare: Compare::AtMost,
                value: 1024.0,
                textbook: None,
                advice: "b",
            },
            Target {
                metric: Metric::GlobalLoadBytesPerOutput,
                compare: Compare::Equal,
                value: 25.0,
                textbook: None,
                advice: "c",
            },
            Target {
                metric: Metric::ThreadsPerBlock,
                compare: Compare::Equal,
                value: 4.0,
                textbook: None,
                advice: "d",
            },
        ];
        let r = evaluate_targets(&targets, Some((&m, &case)));
        let got: Vec<(Option<f64>, bool)> = r.iter().map(|t| (t.measured, t.passed)).collect();
        assert_eq!(got, vec![(Some(0.5), true), (Some(1032.0), false), (Some(25.0), true), (Some(4.0), true)]);
        assert!(evaluate_targets(&targets, None).iter().all(|t| !t.passed && t.measured.is_none()));
    }
}
