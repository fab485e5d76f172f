//! GPU timing (`time`) and the ncu cross-check's launch (`profile`).
//!
//! `time` grades each kernel on the GPU first (a kernel that fails its tests is not timed), then
//! launches it on the section's timing case (2D: 8192×8192, r = 2; 3D: 512³; 1D: 2^26, all far
//! beyond the L2 cache): a few warm-up launches, then the median of [`RUNS`] launches timed with
//! device events. Effective bandwidth counts the inputs read once and the output written once;
//! it is set against a device-to-device copy timed the same way in the same run, and the
//! speed-up is over the chapter's basic kernel (7.2 for chapter 7, 8.2 for chapter 8; the 1D
//! stencil has no baseline).

use std::fmt::Write as _;

use kernels::exercise::CaseRng;
use kernels::exercise::{Case, Section};
use rand::SeedableRng;
use serde::Serialize;

use super::KernelChoice;
use crate::backend::emulator::EmulatorBackend;
use crate::backend::gpu::{self, compulsory_bytes, GpuBackend, COPY_BYTES, RUNS, WARMUPS};
use crate::backend::SourceUnit;
use crate::build::{self, Builder};
use crate::course::{self, sections, Course, KernelFile};
use crate::error::{Error, Outcome, Result};
use crate::grade::Grader;
use crate::model::SectionReport;
use crate::speed::{self, Prediction};
use crate::toolchain::{nvrtc, Compiler};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The sections to time, or `all` (the default).
    #[arg(value_name = "SECTION")]
    pub sections: Vec<String>,
    #[command(flatten)]
    pub kernel: KernelChoice,
    /// The seed of the timing data (default 7).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Also write the table to docs/gpu-timing.md (the card's own part of it).
    #[arg(long)]
    pub write_docs: bool,
    /// Without a GPU, the card the speed model speaks of (default h100-sxm; `grade --help` lists them).
    #[arg(long, value_name = "CARD", value_parser = super::card_arg)]
    pub card: Option<&'static speed::Card>,
    /// Time kernels that fail their tests too, without checking their outputs on the timing
    /// case (the speed model's corpus, tools/gpu/speed-corpus.sh); kernels that hang, fault or
    /// stop on the emulator are still not launched.
    #[arg(long)]
    pub unchecked: bool,
    /// With `--unchecked`: time without grading on the emulator first (no model in the rows), for a
    /// list known to run (the corpus on a second card: its rows' model comes from a run without a
    /// GPU, joined by `tools/speed-corpus-merge`). Hidden: not for students.
    #[arg(long, hide = true, requires = "unchecked")]
    pub timing_only: bool,
    /// One JSON object per row on stdout instead of the table.
    #[arg(long)]
    pub jsonl: bool,
    /// Time the kernels this file lists, one `SECTION:FILE` a line, in one run (the corpus:
    /// one CUDA context, and one timing case per section in turn).
    #[arg(long, value_name = "LIST", conflicts_with_all = ["sections", "kernel", "solutions"])]
    pub list: Option<std::path::PathBuf>,
}

/// The sections and kernel files to time: those named, or those of `--list`.
fn chosen_kernels(args: &Args, root: &std::path::Path) -> Result<Vec<(&'static dyn Section, KernelFile)>> {
    let Some(list) = &args.list else {
        let chosen = sections_named(&args.sections)?;
        return chosen.into_iter().map(|s| Ok((s, course::kernel_file(root, s, args.kernel.which())?))).collect();
    };
    let text =
        std::fs::read_to_string(list).map_err(|e| Error::Usage(format!("cannot read {}: {e}", list.display())))?;
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (id, file) = l
                .split_once(':')
                .ok_or_else(|| Error::Usage(format!("{}: `{l}` is not SECTION:FILE", list.display())))?;
            let section = sections::find(id).ok_or_else(|| Error::Usage(sections::unknown(id)))?;
            Ok((section, course::kernel_file(root, section, course::Which::File(std::path::Path::new(file)))?))
        })
        .collect()
}

/// The seed of the timing data when none is given.
pub const DEFAULT_SEED: u64 = 7;

/// One row of the table.
#[derive(Clone, Debug, Serialize)]
pub struct TimingRow {
    pub section: String,
    pub kernel: String,
    pub case: String,
    /// Why it was not timed (fails its tests, no timing case, a GPU error, no GPU).
    pub skipped: Option<String>,
    pub median_ms: Option<f64>,
    pub min_ms: Option<f64>,
    pub bytes: u64,
    pub gb_per_s: Option<f64>,
    pub fraction_of_copy: Option<f64>,
    pub baseline: Option<String>,
    pub speedup: Option<f64>,
    pub registers: Option<u32>,
    pub local_bytes: Option<u32>,
    /// Whether the kernel passed its tests and targets on the emulator (`--unchecked` and
    /// without a GPU: the grading the model comes from).
    pub passed_on_emulator: Option<bool>,
    /// The speed model's bound and estimate for the reference GPU, from the emulator's counts.
    pub model: Option<Prediction>,
}

fn sections_named(rest: &[String]) -> Result<Vec<&'static dyn Section>> {
    if rest.is_empty() || rest.iter().any(|r| r == "all") {
        return Ok(sections::all());
    }
    rest.iter().map(|id| sections::find(id).ok_or_else(|| Error::Usage(sections::unknown(id)))).collect()
}

/// Time one kernel file on a section's timing case.
struct Timer<'a> {
    backend: &'a GpuBackend,
    /// The grading's builder: the timing case's PTX comes from the same cache.
    builder: &'a Builder<'a>,
    seed: u64,
    unchecked: bool,
    /// The last timing case made (hundreds of MB to make): kernels of one section share it.
    last_case: std::cell::RefCell<Option<(&'static str, Case)>>,
}

struct Timed {
    times: Vec<f32>,
    bytes: u64,
    case: String,
    registers: Option<u32>,
    local_bytes: Option<u32>,
}

impl Timer<'_> {
    fn time(&self, section: &dyn Section, file: &KernelFile) -> Result<Timed> {
        let mut case = {
            let mut last = self.last_case.borrow_mut();
            match last.as_ref() {
                Some((id, case)) if *id == section.id() => case.clone(),
                _ => {
                    *last = None;
                    let case = section
                        .timing_case(&mut CaseRng::seed_from_u64(self.seed))
                        .ok_or_else(|| Error::Usage("the section has no timing case".into()))?;
                    *last = Some((section.id(), case.clone()));
                    case
                }
            }
        };
        let source = build::read_kernel(file)?;
        let ptx = self.builder.compile_case(section, file, &source, &mut case)?;
        let unit = SourceUnit { source: &source, name: &file.display, defines: &case.defines };
        let program = self.backend.load_program(&ptx, &unit)?;
        // Every launch's output is checked on the big case too (see gpu::TIMING_METHOD), so a
        // kernel that breaks only at this size, or skips work once it has done it, is not timed.
        let times = if self.unchecked {
            program.time_unchecked(section.kernel_name(), &case, WARMUPS, RUNS)?
        } else {
            program.time(section.kernel_name(), &case, WARMUPS, RUNS)?
        };
        let resources = crate::backend::Program::resources(&program, section.kernel_name());
        Ok(Timed {
            times,
            bytes: compulsory_bytes(&case),
            case: case.name.trim_start_matches("timing: ").to_string(),
            registers: resources.as_ref().map(|r| r.registers_per_thread),
            local_bytes: resources.as_ref().map(|r| r.local_bytes_per_thread),
        })
    }
}

fn ms(times: &[f32]) -> f64 {
    gpu::median(times) as f64
}

/// Findings after which a kernel is not launched on a GPU, even unchecked: it may hang or fault.
fn unsafe_to_launch(r: &SectionReport) -> Option<String> {
    use ::emulator::FindingKind as K;
    let bad = [K::Timeout, K::Barrier, K::OutOfBounds, K::Misaligned, K::CallDepth, K::Assertion, K::Unportable];
    if let Some(f) = r.findings.iter().find(|f| bad.contains(&f.kind)) {
        return Some(format!("not timed: {} on the emulator", f.kind));
    }
    if !r.compile.ok {
        return Some("not timed: does not compile".into());
    }
    r.problem.as_ref().map(|p| format!("not timed: {}", p.message.to_string().lines().next().unwrap_or_default()))
}

/// The kernel graded on the emulator: whether it passed, and what the speed model says.
fn model_row(grader: &Grader, section: &dyn Section, file: &KernelFile, seed: u64) -> Result<SectionReport> {
    grader.grade(section, file, seed, false)
}

fn empty_row(section: &dyn Section, file: &KernelFile) -> TimingRow {
    TimingRow {
        section: section.id().to_string(),
        kernel: file.display.clone(),
        case: String::new(),
        skipped: None,
        median_ms: None,
        min_ms: None,
        bytes: 0,
        gb_per_s: None,
        fraction_of_copy: None,
        baseline: course::baseline_of(section).map(|b| b.id().to_string()),
        speedup: None,
        registers: None,
        local_bytes: None,
        passed_on_emulator: None,
        model: None,
    }
}

pub fn run(args: &Args, course: &Course) -> Result<Outcome> {
    let root = course.root()?;
    let (chosen, files): (Vec<&'static dyn Section>, Vec<KernelFile>) = chosen_kernels(args, root)?.into_iter().unzip();
    let seed = args.seed.unwrap_or(DEFAULT_SEED);
    let backend = match gpu::open() {
        Ok(b) => b,
        Err(e) => return model_only(args, &chosen, &files, seed, &e.to_string()),
    };
    let nvrtc = nvrtc::get(true)?;
    let emulator = EmulatorBackend;
    let mut modeller = Grader::new(&emulator, Compiler::Nvrtc(nvrtc));
    modeller.card = args.card.copied().unwrap_or(backend.device.card);
    let dev = backend.device;
    let copy = gpu::copy_bandwidth(dev, COPY_BYTES, RUNS)
        .map_err(|e| e.map_message(|m| format!("cannot measure the copy bandwidth: {m}")))?;
    eprintln!(
        "{} (sm_{}{}, {} MB L2): device-to-device copy {:.0} GB/s (read + write)",
        dev.name,
        dev.compute_capability.0,
        dev.compute_capability.1,
        dev.l2_bytes >> 20,
        copy / 1e9
    );
    let mut grader = Grader::new(&backend, Compiler::Nvrtc(nvrtc));
    // The table below is the timing; a speed target is not a reason to leave a row out.
    grader.speed_targets = false;
    let timer = Timer {
        backend: &backend,
        builder: &grader.builder,
        seed,
        unchecked: args.unchecked,
        last_case: Default::default(),
    };
    let mut baselines: Vec<(String, Result<f64>)> = Vec::new();
    let mut rows = Vec::new();
    let mut all_ok = true;
    for (section, file) in chosen.iter().zip(&files) {
        eprintln!("timing {} ({})…", section.id(), file.display);
        let mut row = empty_row(*section, file);
        // Graded once: on the GPU (which counts with the emulator too, so the model comes with
        // it), or for the corpus on the emulator alone (nothing launched that may fault).
        let graded = if args.timing_only {
            Err(Error::Usage("timing only".into()))
        } else if args.unchecked {
            model_row(&modeller, *section, file, seed)
        } else {
            grader.grade(*section, file, seed, false)
        };
        if let Ok(r) = &graded {
            row.passed_on_emulator = args.unchecked.then_some(r.passed);
            row.model = r.speed_model.clone();
        }
        let ready = match &graded {
            Err(_) if args.timing_only => Ok(()),
            Err(e) => Err(format!("not graded: {e}")),
            Ok(r) if args.unchecked => unsafe_to_launch(r).map_or(Ok(()), Err),
            Ok(r) if !r.passed => Err("not timed: fails its tests or targets".into()),
            Ok(_) => Ok(()),
        };
        match ready.and_then(|()| timer.time(*section, file).map_err(|e| e.to_string())) {
            Err(why) => row.skipped = Some(why),
            Ok(t) => {
                let m = ms(&t.times);
                row.case = t.case;
                row.median_ms = Some(m);
                row.min_ms = t.times.iter().map(|&x| x as f64).reduce(f64::min);
                row.bytes = t.bytes;
                let bw = t.bytes as f64 / (m / 1e3);
                row.gb_per_s = Some(bw / 1e9);
                row.fraction_of_copy = Some(bw / copy);
                row.registers = t.registers;
                row.local_bytes = t.local_bytes;
            }
        }
        if row.skipped.is_some() {
            all_ok = false;
        }
        if let (Some(base), Some(m), false) = (course::baseline_of(*section), row.median_ms, args.unchecked) {
            if !baselines.iter().any(|(b, _)| b == base.id()) {
                let file = KernelFile::in_course(root, course::solution_path(root, base));
                baselines.push((base.id().to_string(), timer.time(base, &file).map(|t| ms(&t.times))));
            }
            if let Some((_, Ok(b))) = baselines.iter().find(|(b, _)| b == base.id()) {
                row.speedup = Some(b / m);
            }
        }
        if args.jsonl {
            println!("{}", serde_json::to_string(&row).unwrap_or_default());
        }
        // A fault on the device (an illegal address) leaves the CUDA context unusable: every
        // later launch would fail. The corpus script goes on in a new process.
        let faulted =
            row.skipped.as_deref().is_some_and(|s| s.contains("CUDA_ERROR_ILLEGAL") || s.contains("CUDA_ERROR_LAUNCH"));
        rows.push(row);
        if faulted && args.list.is_some() {
            eprintln!("the GPU faulted: stopping here (the context cannot launch again)");
            return Err(Error::Device("the GPU faulted on the last kernel".into()));
        }
    }
    if args.jsonl {
        return Ok(Outcome::from_passed(all_ok));
    }
    let table = markdown_table(&dev.name, copy, &rows);
    println!("{table}");
    if args.write_docs {
        let path = root.join("docs").join("gpu-timing.md");
        let part =
            timing_doc_part(&dev.name, dev.compute_capability, dev.l2_bytes, seed, &table, args.kernel.solutions);
        let doc = timing_doc(&std::fs::read_to_string(&path).unwrap_or_default(), &dev.name, &part);
        std::fs::write(&path, doc).map_err(|e| Error::Course(format!("cannot write {}: {e}", path.display())))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(Outcome::from_passed(all_ok))
}

/// Without a GPU: the table from the speed model, marked as such (the emulator grades each
/// kernel, and its counts give the bound and the estimate on the reference GPU).
fn model_only(
    args: &Args,
    chosen: &[&'static dyn Section],
    files: &[KernelFile],
    seed: u64,
    why: &str,
) -> Result<Outcome> {
    if args.write_docs || args.unchecked {
        return Err(Error::Usage(format!("`time --write-docs` and `--unchecked` need a GPU: {why}")));
    }
    let compiler = crate::toolchain::select(crate::toolchain::CompilerChoice::Auto, true)?;
    let emulator = EmulatorBackend;
    let mut grader = Grader::new(&emulator, compiler);
    grader.card = args.card.copied().unwrap_or(*speed::cards::REFERENCE);
    eprintln!("{}", crate::t!(cmd_time_no_gpu, why = why, card = grader.card.name));
    let mut rows = Vec::new();
    let mut all_ok = true;
    for (section, file) in chosen.iter().zip(files) {
        eprintln!("{}", crate::t!(cmd_time_modelling, section = section.id(), file = &file.display));
        let mut row = empty_row(*section, file);
        row.skipped = Some(crate::t!(cmd_time_row_no_gpu));
        match model_row(&grader, *section, file, seed) {
            Ok(r) => {
                row.passed_on_emulator = Some(r.passed);
                row.model = r.speed_model;
            }
            Err(e) => row.skipped = Some(crate::t!(cmd_time_row_not_graded, error = e.to_string())),
        }
        all_ok &= row.model.is_some();
        if args.jsonl {
            println!("{}", serde_json::to_string(&row).unwrap_or_default());
        }
        rows.push(row);
    }
    if !args.jsonl {
        println!("{}", model_table(&rows, &grader.card));
    }
    Ok(Outcome::from_passed(all_ok))
}

/// The model's table: no time was measured.
pub fn model_table(rows: &[TimingRow], card: &speed::Card) -> String {
    let mut s = String::new();
    let gpu = card.rates();
    let header = crate::t!(
        cmd_time_model_header,
        card = gpu.name,
        sms = format!("{}", gpu.sms),
        ghz = format!("{:.2}", gpu.max_clock_hz / 1e9),
        tbps = format!("{:.2}", gpu.dram_bytes_per_s / 1e12),
        copy = format!("{:.0}", gpu.copy_bytes_per_s / 1e9)
    );
    let _ = writeln!(s, "{header}\n");
    let _ = writeln!(s, "{}", crate::t!(cmd_time_model_columns));
    s.push_str("|---|---|--:|---|--:|---|\n");
    for r in rows {
        match &r.model {
            Some(p) => {
                let _ = writeln!(
                    s,
                    "| {} | {} | {:.0}% | {}{} | {:.0}% | ±{:.0}%, ±{:.0}% |",
                    r.section,
                    r.kernel,
                    p.at_most_percent_of_copy,
                    p.binding.words(),
                    p.binding_line.map(|l| crate::t!(cmd_time_model_line, line = l.to_string())).unwrap_or_default(),
                    p.estimate_percent_of_copy,
                    p.error_median_percent,
                    p.error_worst_percent
                );
            }
            None => {
                let _ = writeln!(
                    s,
                    "| {} | {} | — | {} | — | |",
                    r.section,
                    r.kernel,
                    r.skipped.clone().unwrap_or_else(|| crate::t!(cmd_time_no_model))
                );
            }
        }
    }
    s
}

pub fn markdown_table(device: &str, copy: f64, rows: &[TimingRow]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "Device: {device}; device-to-device copy: {:.0} GB/s (bytes read + written).\n", copy / 1e9);
    s.push_str("| section | case | ms (median) | GB/s | % of copy | speed-up | over | regs | local B | model: at most | model: estimate |\n");
    s.push_str("|---|---|--:|--:|--:|--:|---|--:|--:|--:|--:|\n");
    for r in rows {
        match (&r.skipped, r.median_ms) {
            (None, Some(m)) => {
                let _ = writeln!(
                    s,
                    "| {} | {} | {:.3} | {:.0} | {:.0}% | {} | {} | {} | {} | {} | {} |",
                    r.section,
                    r.case,
                    m,
                    r.gb_per_s.unwrap_or(0.0),
                    100.0 * r.fraction_of_copy.unwrap_or(0.0),
                    r.speedup.map(|x| format!("{x:.2}×")).unwrap_or_else(|| "n/a".into()),
                    r.baseline.as_deref().unwrap_or("no baseline"),
                    r.registers.map(|x| x.to_string()).unwrap_or_default(),
                    r.local_bytes.map(|x| x.to_string()).unwrap_or_default(),
                    r.model.as_ref().map(|p| format!("{:.0}%", p.at_most_percent_of_copy.floor())).unwrap_or_default(),
                    r.model.as_ref().map(|p| format!("{:.0}%", p.estimate_percent_of_copy)).unwrap_or_default(),
                );
            }
            (why, _) => {
                let _ = writeln!(
                    s,
                    "| {} | — | — | — | — | — | {} | | | | |",
                    r.section,
                    why.as_deref().unwrap_or("not timed")
                );
            }
        }
    }
    s
}

/// The page's heading and method, the same for every card.
fn timing_doc_head() -> String {
    format!(
        "# GPU timings\n\n\
         One part per card, each generated by `cargo run --release -p grader -- time all --solutions --write-docs` \
         on it (which rewrites its own part and keeps the others). Do not edit by hand.\n\n\
         Method: each kernel first passes its tests on the GPU (the emulator's sanitizer runs before \
         every launch); then the section's timing case — 2D: 8192×8192 image, r = 2; 3D: 512³ grid; \
         1D: 2^26 ints, all far larger than the L2 of every card the grader knows — is launched {WARMUPS} \
         times to warm up and {RUNS} times timed with device events; the table gives the median. Every \
         launch is made on a freshly loaded module, with its inputs restored, its output poisoned and the \
         L2 cleared before it, and its output checked after it (see [Untrusted kernels](limits.md#honest-timing)). \
         GB/s is the effective bandwidth: the inputs read once plus the output written once, over the median \
         time. `% of copy` sets it against a device-to-device copy of 1 GiB timed the same way in the same run \
         (counting bytes read and written): the practical ceiling for a kernel that must move those bytes. The \
         speed-up is over the chapter's basic kernel (7.2's reference for chapter 7 and challenge-2d, 8.2's for \
         chapter 8 and challenge-3d) on the same data; the 1D stencil has none. `regs` and `local B` are the \
         compiled kernel's registers and local (spill) bytes per thread. The last two columns are the \
         [speed model](speed-without-a-gpu.md)'s in the card's figures, from the emulator's counts: the bound \
         (no kernel with these counts can be faster on that card) and the estimate.\n\n\
         OP/B and every other count in the course stay the emulator's, exact on every backend; these times \
         are what those counts mean on real cards.\n"
    )
}

/// One card's part of the page.
fn timing_doc_part(device: &str, cc: (i32, i32), l2: u64, seed: u64, table: &str, solutions: bool) -> String {
    let which = if solutions { "the reference solutions (`solutions/`)" } else { "the kernels in `exercises/`" };
    format!(
        "## {device}\n\nCompute capability {}.{}, {} MB L2; timing {which}; data seed {seed}.\n\n{table}",
        cc.0,
        cc.1,
        l2 >> 20
    )
}

/// The page with this card's part put in place of its old one (or added), the others kept.
fn timing_doc(old: &str, device: &str, part: &str) -> String {
    let mut parts: Vec<(String, String)> = Vec::new();
    for chunk in old.split("\n## ").skip(1) {
        let name = chunk.lines().next().unwrap_or_default().trim().to_string();
        parts.push((name, format!("## {}", chunk.trim_end())));
    }
    match parts.iter_mut().find(|(name, _)| name == device) {
        Some(p) => p.1 = part.trim_end().to_string(),
        None => parts.push((device.to_string(), part.trim_end().to_string())),
    }
    let mut doc = timing_doc_head();
    for (_, text) in parts {
        doc.push('\n');
        doc.push_str(&text);
        doc.push('\n');
    }
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_docs_replaces_its_own_cards_part_and_keeps_the_others() {
        let part = |card: &str, ms: &str| timing_doc_part(card, (9, 0), 60 << 20, 7, &format!("| x | {ms} |\n"), true);
        let one = timing_doc("", "NVIDIA H100 80GB HBM3", &part("NVIDIA H100 80GB HBM3", "0.211"));
        let two = timing_doc(&one, "NVIDIA H200", &part("NVIDIA H200", "0.153"));
        let again = timing_doc(&two, "NVIDIA H200", &part("NVIDIA H200", "0.150"));
        assert!(two.starts_with(&timing_doc_head()));
        assert!(again.contains("| x | 0.211 |") && again.contains("| x | 0.150 |"), "{again}");
        assert!(!again.contains("0.153"));
        assert_eq!(again.matches("## NVIDIA H200").count(), 1);
        assert!(again.find("## NVIDIA H100").unwrap() < again.find("## NVIDIA H200").unwrap());
    }
}
