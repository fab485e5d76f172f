//! `traffic <id>`: where a kernel's memory traffic comes from, line by line, and how many times
//! each input element was loaded (a heat map per input buffer), on the section's metrics case:
//! the emulator's exact counts, no GPU needed. The per-line sums are the launch's totals.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Serialize;

use kernels::exercise::{Arg, Buffer, Case, Section};

use crate::backend::emulator::EmulatorBackend;
use crate::backend::{Backend, BlockView, Program};
use crate::cli::{KernelChoice, Output, TrafficArgs};
use crate::compiler::Compiler;
use crate::error::{Error, Outcome, Result};
use crate::grade::{cases_for, Grader, KernelFile, LineReport, MetricsReport, SectionReport};
use crate::isolate::grade_isolated;

/// `--format json`: one object.
#[derive(Serialize)]
struct TrafficJson<'a> {
    section: &'a str,
    case: &'a str,
    metrics: &'a MetricsReport,
    lines: &'a [LineReport],
    buffers: &'a [BufferReuse],
    block: &'a block::BlockSummary,
}

/// How many times each element of one input buffer was loaded from global memory.
#[derive(Clone, Debug, Serialize)]
pub struct BufferReuse {
    /// The kernel's parameter the buffer is passed as (`N`, `in`, …), as its source names it.
    pub name: String,
    pub elements: usize,
    /// x, y, z extents (an output-sized input takes the output's shape).
    pub shape: [usize; 3],
    /// The z plane the maps show (the middle one unless chosen; 0 in 2D).
    pub plane: usize,
    pub loads_per_element: LoadStats,
    #[serde(skip)]
    pub counts: Vec<u32>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LoadStats {
    pub min: u32,
    pub mean: f64,
    pub max: u32,
    /// Loads over elements loaded at least once: how many times the compulsory traffic.
    pub times_compulsory: f64,
}

impl BufferReuse {
    /// "N (1048576 elements)"
    pub fn label(&self) -> String {
        format!("{} ({} elements)", self.name, self.elements)
    }

    /// The counts of the plane the maps show.
    pub fn plane_counts(&self) -> &[u32] {
        let n = self.shape[0] * self.shape[1];
        &self.counts[self.plane * n..(self.plane + 1) * n]
    }
}

impl LoadStats {
    pub fn of(counts: &[u32]) -> LoadStats {
        let total: u64 = counts.iter().map(|&c| c as u64).sum();
        let touched = counts.iter().filter(|&&c| c > 0).count().max(1);
        LoadStats {
            min: counts.iter().copied().min().unwrap_or(0),
            mean: total as f64 / counts.len().max(1) as f64,
            max: counts.iter().copied().max().unwrap_or(0),
            times_compulsory: total as f64 / touched as f64,
        }
    }
}

/// The input buffers of the section's metrics case and their loads per element.
/// `plane` chooses the z plane the maps of a 3D buffer show (the middle one by default).
/// The section's metrics case, launched as the file chooses, and the file compiled for the
/// emulator: what `traffic`'s views run.
pub struct MetricsRun {
    pub case: Case,
    pub program: Box<dyn Program>,
    /// The kernel's parameter names, as its definition gives them.
    names: Vec<String>,
}

impl MetricsRun {
    pub fn new(section: &dyn Section, file: &KernelFile, compiler: Compiler, seed: u64) -> Result<MetricsRun> {
        let (mut case, _) = cases_for(section, seed, false).pop().ok_or("the section has no metrics case")?;
        let source = std::fs::read(&file.path).map_err(|e| Error(format!("cannot read {}: {e}", file.display)))?;
        let arch = EmulatorBackend.arch();
        crate::chosen_launch::place_one(section, compiler, &arch, &source, &file.display, &mut case)?;
        let ptx = compiler
            .compile(&source, &file.display, &arch, &case.defines)
            .map_err(|f| Error(format!("{} does not compile: {}", file.display, f.log)))?;
        let program = EmulatorBackend.load_named(&ptx, &file.display)?;
        let names = parameter_names(&String::from_utf8_lossy(&source), section.kernel_name());
        Ok(MetricsRun { case, program, names })
    }

    /// The name of the kernel parameter buffer `i` is passed as.
    fn buffer_name(&self, i: usize) -> String {
        let argument = self.case.args.iter().position(|a| matches!(a, Arg::Buffer(b) if *b == i)).unwrap_or(i);
        match self.names.get(argument).filter(|n| !n.is_empty()) {
            Some(n) => n.clone(),
            None => format!("argument {}", argument + 1),
        }
    }

    /// A buffer's shape: the output's when it has as many elements, else one row.
    fn shape(&self, elements: usize) -> [usize; 3] {
        if elements == self.case.expected.len() {
            self.case.shape
        } else {
            [elements, 1, 1]
        }
    }
}

pub fn reuse(
    section: &dyn Section,
    file: &KernelFile,
    compiler: Compiler,
    seed: u64,
    plane: Option<usize>,
) -> Result<Vec<BufferReuse>> {
    let run = MetricsRun::new(section, file, compiler, seed)?;
    let case = &run.case;
    let loads = run.program.element_loads(section.kernel_name(), case)?;
    let mut buffers = Vec::new();
    for (i, (buffer, counts)) in case.buffers.iter().zip(loads).enumerate() {
        if !matches!(buffer, Buffer::Input(_) | Buffer::InOut(_)) || counts.iter().all(|&c| c == 0) {
            continue;
        }
        let shape = run.shape(counts.len());
        let name = run.buffer_name(i);
        let plane = match plane {
            None => shape[2] / 2,
            Some(z) if z < shape[2] => z,
            Some(z) if shape[2] == 1 => {
                return Err(Error(format!("--plane {z}: section {}'s buffers are not 3D", section.id())))
            }
            Some(z) => {
                return Err(Error(format!("--plane {z}: {name} has planes 0 to {} in the metrics case", shape[2] - 1)))
            }
        };
        let elements = counts.len();
        buffers.push(BufferReuse { name, elements, shape, plane, loads_per_element: LoadStats::of(&counts), counts });
    }
    Ok(buffers)
}

/// The names of the kernel's parameters as the source declares them (`float *N` → `N`); empty
/// when the declaration cannot be found.
pub fn parameter_names(source: &str, kernel: &str) -> Vec<String> {
    // The definition: `void <kernel>(`, not a mention in a comment.
    let needle = format!("{kernel}(");
    let Some(at) = source.match_indices(&needle).map(|(i, _)| i).find(|&i| source[..i].trim_end().ends_with("void"))
    else {
        return Vec::new();
    };
    let list = &source[at + needle.len()..];
    let Some(end) = list.find(')') else { return Vec::new() };
    list[..end]
        .split(',')
        .map(|p| {
            let p = p.split('=').next().unwrap_or(p);
            let word = p.trim().rsplit(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or("");
            word.to_string()
        })
        .collect()
}

pub mod block;
mod maps;
pub mod svg;

pub use maps::{corner, heat_map};

pub fn command(args: &TrafficArgs, root: &Path) -> Result<Outcome> {
    let section = args.section.0;
    let which = KernelChoice { solutions: args.kernel.solutions, kernel: args.kernel.kernel.clone() };
    let file = crate::cli::kernel_file(&which, root, section)?;
    let engine = crate::cli::Engine { backend: crate::backend::BackendChoice::Emulator, compiler: args.compiler };
    let (backend, compiler) = crate::cli::prepare(&engine)?;
    let grader = Grader::new(backend.as_ref(), compiler);
    let seed = args.seed.unwrap_or(1);
    let report = grade_isolated(&grader, section, &file, seed, false)?;
    let Some(metrics) = &report.metrics else {
        return Err(Error(format!(
            "{} did not run the metrics case to the end (fix what `cargo run -p grader -- {}` reports first)",
            file.display,
            section.id()
        )));
    };
    let buffers = reuse(section, &file, compiler, seed, args.plane)?;
    let run = MetricsRun::new(section, &file, compiler, seed)?;
    let (default_block, default_thread) = block::default_watch(&run.case);
    let watched_block =
        args.block.as_deref().map(block::parse_coords).transpose().map_err(|e| Error(format!("--block {e}")))?;
    let watched_thread =
        args.thread.as_deref().map(block::parse_coords).transpose().map_err(|e| Error(format!("--thread {e}")))?;
    let (b, t) = (watched_block.unwrap_or(default_block), watched_thread.unwrap_or(default_thread));
    let view = run.program.block_view(section.kernel_name(), &run.case, b, t).map_err(|e| {
        let g = run.case.geometry;
        Error(format!("{} (the metrics case launches {:?} blocks of {:?} threads)", e.0, g.grid, g.block))
    })?;
    let drawn = drawn_buffers(&run, &view);
    let summary = block::summary(&view, &drawn);
    match args.format {
        Output::Json => {
            let json = TrafficJson {
                section: section.id(),
                case: &metrics.case,
                metrics,
                lines: &metrics.lines,
                buffers: &buffers,
                block: &summary,
            };
            let text = serde_json::to_string_pretty(&json).map_err(|e| Error(format!("cannot write JSON: {e}")))?;
            println!("{text}");
        }
        Output::Text => {
            print!("{}", table(&report, metrics));
            for b in &buffers {
                print!("\n{}", heat_map(b, 64, 24));
                if b.shape[1] > 1 {
                    print!("{}", corner(b, 64, 32));
                }
            }
            print!("\n{}", block::render(&view, &drawn, run.case.geometry.block[0]));
            if watched_block.is_none() {
                println!("  (another block: --block X,Y[,Z]; another thread: --thread X,Y[,Z])");
            }
        }
    }
    if let Some(dir) = &args.svg {
        for path in write_svgs(dir, section, &file, &buffers)? {
            eprintln!("wrote {}", path.display());
        }
        let [x, y, z] = view.block;
        let path = dir.join(format!("{}-block-{x}-{y}-{z}.svg", section.id()));
        let title = format!("{} {} — {}", section.id(), section.title(), file.display);
        std::fs::write(&path, svg::block_view(&title, &view, &drawn, run.case.geometry.block[0]))
            .map_err(|e| Error(format!("cannot write {}: {e}", path.display())))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(Outcome::from_passed(report.passed))
}

/// The input buffers the block loaded from, as the block view draws them.
fn drawn_buffers<'v>(run: &MetricsRun, view: &'v BlockView) -> Vec<block::Drawn<'v>> {
    run.case
        .buffers
        .iter()
        .enumerate()
        .filter(|(i, b)| matches!(b, Buffer::Input(_) | Buffer::InOut(_)) && !view.global[*i].is_empty())
        .map(|(i, b)| {
            let len = match b {
                Buffer::Input(d) | Buffer::InOut(d) => d.len(),
                Buffer::OutputF32(n) | Buffer::OutputI32(n) => *n,
            };
            block::Drawn { name: run.buffer_name(i), shape: run.shape(len), loads: &view.global[i] }
        })
        .collect()
}

/// Each buffer's reuse map as `<dir>/<section>-<parameter>.svg`; the paths written.
pub fn write_svgs(
    dir: &Path,
    section: &dyn Section,
    file: &KernelFile,
    buffers: &[BufferReuse],
) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir).map_err(|e| Error(format!("cannot create {}: {e}", dir.display())))?;
    let mut written = Vec::new();
    for b in buffers {
        let path = dir.join(format!("{}-{}.svg", section.id(), b.name.replace(' ', "-")));
        let title = format!("{} {} — {}", section.id(), section.title(), file.display);
        std::fs::write(&path, svg::reuse_map(&title, b))
            .map_err(|e| Error(format!("cannot write {}: {e}", path.display())))?;
        written.push(path);
    }
    Ok(written)
}

/// The per-line table, lines with memory or floating-point work only, and the totals.
pub fn table(report: &SectionReport, m: &MetricsReport) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}  {} — {} — metrics case {}", report.section, report.title, report.kernel, m.case);
    let _ = writeln!(
        s,
        "OP/B {:.2}: {} FLOPs over {} bytes loaded from global memory, for {} outputs\n",
        m.op_per_byte, m.flops, m.global_load_bytes, m.output_elements
    );
    let rows: Vec<&LineReport> = m
        .lines
        .iter()
        .filter(|l| l.global_loads + l.global_store_bytes + l.shared_load_bytes + l.shared_store_bytes + l.flops > 0)
        .collect();
    let src_w =
        rows.iter().map(|l| l.source.as_deref().unwrap_or("").chars().count().min(48)).max().unwrap_or(0).max(6);
    let _ = writeln!(
        s,
        "{:>5}  {:src_w$}  {:>12} {:>9} {:>11} {:>9} {:>11} {:>9} {:>12}",
        "line", "source", "loads/output", "requests", "sectors/req", "stores B", "shared B", "conflicts", "FLOPs"
    );
    let per_output = |n: u64| n as f64 / m.output_elements.max(1) as f64;
    for l in rows {
        let source: String = l.source.as_deref().unwrap_or("").chars().take(48).collect();
        let sectors = if l.global_load_requests == 0 {
            "—".to_string()
        } else {
            format!("{:.1}", l.global_load_sectors as f64 / l.global_load_requests as f64)
        };
        let _ = writeln!(
            s,
            "{:>5}  {source:src_w$}  {:>12} {:>9} {:>11} {:>9} {:>11} {:>9} {:>12}",
            l.line,
            trim_float(per_output(l.global_loads)),
            l.global_load_requests,
            sectors,
            l.global_store_bytes,
            l.shared_load_bytes + l.shared_store_bytes,
            l.shared_bank_conflicts,
            l.flops
        );
    }
    let loads: u64 = m.lines.iter().map(|l| l.global_loads).sum();
    let _ = writeln!(
        s,
        "{:>5}  {:src_w$}  {:>12} {:>9} {:>11} {:>9} {:>11} {:>9} {:>12}",
        "all",
        "",
        trim_float(per_output(loads)),
        m.global_load_requests,
        if m.global_load_requests == 0 {
            "—".to_string()
        } else {
            format!("{:.1}", m.global_load_sectors as f64 / m.global_load_requests as f64)
        },
        m.global_store_bytes,
        m.lines.iter().map(|l| l.shared_load_bytes + l.shared_store_bytes).sum::<u64>(),
        m.shared_bank_conflicts,
        m.flops
    );
    s.push_str(
        "\nloads/output: thread-level global loads of the line per output element; sectors/req: 32-byte\n\
         sectors per warp-level load (4 is ideal for a full warp's 4-byte loads); shared B: shared\n\
         bytes loaded and stored; conflicts: extra wavefronts from bank conflicts.\n",
    );
    s
}

/// 25 rather than 25.00, 0.5 rather than 0.50.
fn trim_float(v: f64) -> String {
    let t = format!("{v:.2}");
    t.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameter_names_come_from_the_declaration() {
        let src = "// conv(float *X, int y) in a comment comes first\n\
                   extern \"C\" __global__ void conv(float *N, const float* __restrict__ F, float * P, int r) {}";
        assert_eq!(parameter_names(src, "conv"), ["N", "F", "P", "r"]);
        assert!(parameter_names(src, "missing").is_empty());
    }
}
