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
use kernels::exercise::Section;
use rand::SeedableRng;
use serde::Serialize;

use super::KernelChoice;
use crate::backend::gpu::{self, compulsory_bytes, GpuBackend, COPY_BYTES, RUNS, WARMUPS};
use crate::backend::SourceUnit;
use crate::build::{self, Builder};
use crate::course::{self, sections, Course, KernelFile};
use crate::error::{Error, Outcome, Result};
use crate::grade::Grader;
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
    /// Also write the table to docs/gpu-timing.md.
    #[arg(long)]
    pub write_docs: bool,
}

/// The seed of the timing data when none is given.
pub const DEFAULT_SEED: u64 = 7;

/// One row of the table.
#[derive(Clone, Debug, Serialize)]
pub struct TimingRow {
    pub section: String,
    pub kernel: String,
    pub case: String,
    /// Why it was not timed (fails its tests, no timing case, a GPU error).
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
        let mut case = section
            .timing_case(&mut CaseRng::seed_from_u64(self.seed))
            .ok_or_else(|| Error::Usage("the section has no timing case".into()))?;
        let source = build::read_kernel(file)?;
        let ptx = self.builder.compile_case(section, file, &source, &mut case)?;
        let unit = SourceUnit { source: &source, name: &file.display, defines: &case.defines };
        let program = self.backend.load_program(&ptx, &unit)?;
        // Every launch's output is checked on the big case too (see gpu::TIMING_METHOD), so a
        // kernel that breaks only at this size, or skips work once it has done it, is not timed.
        let times = program.time(section.kernel_name(), &case, WARMUPS, RUNS)?;
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

pub fn run(args: &Args, course: &Course) -> Result<Outcome> {
    let root = course.root()?;
    let chosen = sections_named(&args.sections)?;
    let files =
        chosen.iter().map(|s| course::kernel_file(root, *s, args.kernel.which())).collect::<Result<Vec<_>>>()?;
    let backend = gpu::open().map_err(|e| e.map_message(|m| format!("`time` needs a GPU: {m}")))?;
    let nvrtc = nvrtc::get(true)?;
    let dev = backend.device;
    let copy = gpu::copy_bandwidth(dev, COPY_BYTES, RUNS)
        .map_err(|e| e.map_message(|m| format!("cannot measure the copy bandwidth: {m}")))?;
    let seed = args.seed.unwrap_or(DEFAULT_SEED);
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
    let timer = Timer { backend: &backend, builder: &grader.builder, seed };
    let mut baselines: Vec<(String, Result<f64>)> = Vec::new();
    let mut rows = Vec::new();
    let mut all_ok = true;
    for (section, file) in chosen.iter().zip(&files) {
        eprintln!("timing {} ({})…", section.id(), file.display);
        let mut row = TimingRow {
            section: section.id().to_string(),
            kernel: file.display.clone(),
            case: String::new(),
            skipped: None,
            median_ms: None,
            min_ms: None,
            bytes: 0,
            gb_per_s: None,
            fraction_of_copy: None,
            baseline: course::baseline_of(*section).map(|b| b.id().to_string()),
            speedup: None,
            registers: None,
            local_bytes: None,
        };
        let graded = grader.grade(*section, file, seed, false);
        match graded {
            Err(e) => row.skipped = Some(format!("not graded: {e}")),
            Ok(r) if !r.passed => row.skipped = Some("not timed: fails its tests or targets".into()),
            Ok(_) => match timer.time(*section, file) {
                Err(e) => row.skipped = Some(e.to_string()),
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
            },
        }
        if row.skipped.is_some() {
            all_ok = false;
        }
        if let (Some(base), Some(m)) = (course::baseline_of(*section), row.median_ms) {
            if !baselines.iter().any(|(b, _)| b == base.id()) {
                let file = KernelFile::in_course(root, course::solution_path(root, base));
                baselines.push((base.id().to_string(), timer.time(base, &file).map(|t| ms(&t.times))));
            }
            if let Some((_, Ok(b))) = baselines.iter().find(|(b, _)| b == base.id()) {
                row.speedup = Some(b / m);
            }
        }
        rows.push(row);
    }
    let table = markdown_table(&dev.name, copy, &rows);
    println!("{table}");
    if args.write_docs {
        let path = root.join("docs").join("gpu-timing.md");
        let doc = timing_doc(&dev.name, dev.compute_capability, dev.l2_bytes, seed, &table, args.kernel.solutions);
        std::fs::write(&path, doc).map_err(|e| Error::Course(format!("cannot write {}: {e}", path.display())))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(Outcome::from_passed(all_ok))
}

pub fn markdown_table(device: &str, copy: f64, rows: &[TimingRow]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "Device: {device}; device-to-device copy: {:.0} GB/s (bytes read + written).\n", copy / 1e9);
    s.push_str("| section | case | ms (median) | GB/s | % of copy | speed-up | over | regs | local B |\n");
    s.push_str("|---|---|--:|--:|--:|--:|---|--:|--:|\n");
    for r in rows {
        match (&r.skipped, r.median_ms) {
            (None, Some(m)) => {
                let _ = writeln!(
                    s,
                    "| {} | {} | {:.3} | {:.0} | {:.0}% | {} | {} | {} | {} |",
                    r.section,
                    r.case,
                    m,
                    r.gb_per_s.unwrap_or(0.0),
                    100.0 * r.fraction_of_copy.unwrap_or(0.0),
                    r.speedup.map(|x| format!("{x:.2}×")).unwrap_or_else(|| "n/a".into()),
                    r.baseline.as_deref().unwrap_or("no baseline"),
                    r.registers.map(|x| x.to_string()).unwrap_or_default(),
                    r.local_bytes.map(|x| x.to_string()).unwrap_or_default(),
                );
            }
            (why, _) => {
                let _ = writeln!(
                    s,
                    "| {} | — | — | — | — | — | {} | | |",
                    r.section,
                    why.as_deref().unwrap_or("not timed")
                );
            }
        }
    }
    s
}

fn timing_doc(device: &str, cc: (i32, i32), l2: u64, seed: u64, table: &str, solutions: bool) -> String {
    let which = if solutions { "the reference solutions (`solutions/`)" } else { "the kernels in `exercises/`" };
    format!(
        "# GPU timings\n\n\
         Generated by `cargo run --release -p grader -- time all{} --write-docs` on {device} \
         (compute capability {}.{}, {} MB L2), timing {which}. Do not edit by hand.\n\n\
         Method: each kernel first passes its tests on the GPU (the emulator's sanitizer runs before \
         every launch); then the section's timing case — 2D: 8192×8192 image, r = 2; 3D: 512³ grid; \
         1D: 2^26 ints, all far larger than the L2 — is launched {WARMUPS} times to warm up and {RUNS} \
         times timed with device events; the table gives the median. Every launch is made on a freshly \
         loaded module, with its inputs restored, its output poisoned and the L2 cleared before it, and \
         its output checked after it (see [Untrusted kernels](limits.md#honest-timing)). GB/s is the effective bandwidth: \
         the inputs read once plus the output written once, over the median time. `% of copy` sets it \
         against a device-to-device copy of 1 GiB timed the same way in the same run (counting bytes \
         read and written): the practical ceiling for a kernel that must move those bytes. The speed-up \
         is over the chapter's basic kernel (7.2's reference for chapter 7 and challenge-2d, 8.2's for chapter 8 and challenge-3d) on \
         the same data; the 1D stencil has none. `regs` and `local B` are the compiled kernel's \
         registers and local (spill) bytes per thread. Data seed {seed}.\n\n{table}\n\
         OP/B and every other count in the course stay the emulator's, exact on every backend; these \
         times are what those counts mean on one real card.\n",
        if solutions { " --solutions" } else { "" },
        cc.0,
        cc.1,
        l2 >> 20
    )
}
