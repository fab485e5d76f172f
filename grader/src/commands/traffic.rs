//! `traffic <id>`: where a kernel's memory traffic comes from, line by line, how many times each
//! input element was loaded (a heat map per input buffer), and one block's tile, on the
//! section's metrics case: the emulator's exact counts, no GPU needed. The per-line sums are the
//! launch's totals. All of it comes from the grading's own launch of the metrics case.

use std::path::{Path, PathBuf};

use serde::Serialize;

use kernels::exercise::{Arg, Buffer, Case, Section};

use super::{Engine, KernelChoice, Output, SectionArg};
use crate::backend::emulator::EmulatorBackend;
use crate::backend::{BackendChoice, BlockView, Views, Watch};
use crate::build::Builder;
use crate::course::{self, Course, KernelFile};
use crate::error::{Error, Outcome, Result};
use crate::grade::Grader;
use crate::model::{BufferReuse, LineReport, LoadStats, MetricsReport};
use crate::render::block;
use crate::render::maps::{corner, heat_map};
use crate::render::svg;
use crate::toolchain::{Compiler, CompilerChoice};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[arg(value_name = "SECTION", value_parser = super::section_arg)]
    pub section: SectionArg,
    #[command(flatten)]
    pub kernel: KernelChoice,
    /// What compiles kernel.cu to PTX.
    #[arg(long, value_enum, default_value = "auto")]
    pub compiler: CompilerChoice,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Output,
    /// The seed of the metrics case's data (default 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// 3D sections: the z plane the maps show (default: the middle one).
    #[arg(long, value_name = "Z")]
    pub plane: Option<usize>,
    /// Also write the maps as SVG files into this directory.
    #[arg(long, value_name = "DIR")]
    pub svg: Option<PathBuf>,
    /// The block whose tile and shared cells are drawn (default: the middle of the grid).
    #[arg(long, value_name = "X,Y[,Z]")]
    pub block: Option<String>,
    /// The thread of that block whose window is marked (default: the middle of the block).
    #[arg(long, value_name = "X,Y[,Z]")]
    pub thread: Option<String>,
}

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

/// The metrics case as launched, and the kernel's parameter names, as its definition gives them.
struct Launched<'c> {
    case: &'c Case,
    names: Vec<String>,
}

impl Launched<'_> {
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

    /// The input buffers and their loads per element; `plane` chooses the z plane the maps of a
    /// 3D buffer show (the middle one by default).
    fn reuse(&self, section: &dyn Section, loads: Vec<Vec<u32>>, plane: Option<usize>) -> Result<Vec<BufferReuse>> {
        let mut buffers = Vec::new();
        for (i, (buffer, counts)) in self.case.buffers.iter().zip(loads).enumerate() {
            if !matches!(buffer, Buffer::Input(_) | Buffer::InOut(_)) || counts.iter().all(|&c| c == 0) {
                continue;
            }
            let shape = self.shape(counts.len());
            let name = self.buffer_name(i);
            let plane = match plane {
                None => shape[2] / 2,
                Some(z) if z < shape[2] => z,
                Some(z) if shape[2] == 1 => {
                    return Err(Error::Usage(format!("--plane {z}: section {}'s buffers are not 3D", section.id())))
                }
                Some(z) => {
                    return Err(Error::Usage(format!(
                        "--plane {z}: {name} has planes 0 to {} in the metrics case",
                        shape[2] - 1
                    )))
                }
            };
            let elements = counts.len();
            let loads_per_element = LoadStats::of(&counts);
            buffers.push(BufferReuse { name, elements, shape, plane, loads_per_element, counts });
        }
        Ok(buffers)
    }

    /// The input buffers the block loaded from, as the block view draws them.
    fn drawn<'v>(&self, view: &'v BlockView) -> Vec<block::Drawn<'v>> {
        self.case
            .buffers
            .iter()
            .enumerate()
            .filter(|(i, b)| matches!(b, Buffer::Input(_) | Buffer::InOut(_)) && !view.global[*i].is_empty())
            .map(|(i, b)| {
                let len = match b {
                    Buffer::Input(d) | Buffer::InOut(d) => d.len(),
                    Buffer::OutputF32(n) | Buffer::OutputI32(n) => *n,
                };
                block::Drawn { name: self.buffer_name(i), shape: self.shape(len), loads: &view.global[i] }
            })
            .collect()
    }
}

pub fn run(args: &Args, course: &Course) -> Result<Outcome> {
    let section = args.section.0;
    let file = course::kernel_file(course.root()?, section, args.kernel.which())?;
    let coords = |what: &str, text: &Option<String>| {
        text.as_deref().map(block::parse_coords).transpose().map_err(|e| Error::Usage(format!("{what} {e}")))
    };
    let watch = Watch { block: coords("--block", &args.block)?, thread: coords("--thread", &args.thread)? };
    let engine = Engine { backend: BackendChoice::Emulator, compiler: args.compiler };
    let (backend, compiler) = super::prepare(&engine)?;
    let grader = Grader::new(backend.as_ref(), compiler);
    let seed = args.seed.unwrap_or(1);
    let views = Views { loads_per_element: true, block: Some(watch) };
    let graded =
        crate::grade::isolate::isolated(section, || grader.grade_with_views(section, &file, seed, false, views))?;
    let report = &graded.report;
    let (Some(metrics), Some((case, outcome))) = (&report.metrics, graded.metrics_run) else {
        return Err(Error::Kernel(format!(
            "{} did not run the metrics case to the end (fix what `cargo run -p grader -- {}` reports first)",
            file.display,
            section.id()
        )));
    };
    let launched = Launched { case: &case, names: kernel_parameter_names(&file, section)? };
    let buffers = launched.reuse(section, outcome.views.loads_per_element.unwrap_or_default(), args.plane)?;
    let view = outcome.views.block.ok_or_else(|| {
        let (b, t) = watch.resolve(&case);
        let g = case.geometry;
        Error::Usage(format!(
            "block {b:?} or its thread {t:?} is not in the launch (the metrics case launches {:?} blocks of {:?} threads)",
            g.grid, g.block
        ))
    })?;
    let drawn = launched.drawn(&view);
    let summary = block::summary(&view, &drawn);
    match args.format {
        Output::Json => super::print_json(&TrafficJson {
            section: section.id(),
            case: &metrics.case,
            metrics,
            lines: &metrics.lines,
            buffers: &buffers,
            block: &summary,
        })?,
        Output::Text => {
            print!("{}", crate::render::traffic::table(report, metrics));
            for b in &buffers {
                print!("\n{}", heat_map(b, 64, 24));
                if b.shape[1] > 1 {
                    print!("{}", corner(b, 64, 32));
                }
            }
            print!("\n{}", block::render(&view, &drawn, case.geometry.block[0]));
            if watch.block.is_none() {
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
        std::fs::write(&path, svg::block_view(&title, &view, &drawn, case.geometry.block[0]))
            .map_err(|e| Error::Course(format!("cannot write {}: {e}", path.display())))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(Outcome::from_passed(report.passed))
}

/// The input buffers of the metrics case and their loads per element, from one launch of it
/// alone (the book's reuse maps).
pub fn reuse(
    section: &dyn Section,
    file: &KernelFile,
    compiler: Compiler,
    seed: u64,
    plane: Option<usize>,
) -> Result<Vec<BufferReuse>> {
    let mut case = crate::plan::metrics_case(section, seed);
    let build = Builder::new(&EmulatorBackend, compiler).build_one(section, file, &mut case)?;
    let outcome = build.run(&case, Views { loads_per_element: true, block: None })?;
    let launched = Launched { case: &case, names: kernel_parameter_names(file, section)? };
    launched.reuse(section, outcome.views.loads_per_element.unwrap_or_default(), plane)
}

/// The kernel's parameter names, from its file.
fn kernel_parameter_names(file: &KernelFile, section: &dyn Section) -> Result<Vec<String>> {
    let source = crate::build::read_kernel(file)?;
    Ok(parameter_names(&String::from_utf8_lossy(&source), section.kernel_name()))
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

/// Each buffer's reuse map as `<dir>/<section>-<parameter>.svg`; the paths written.
pub fn write_svgs(
    dir: &Path,
    section: &dyn Section,
    file: &KernelFile,
    buffers: &[BufferReuse],
) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir).map_err(|e| Error::Course(format!("cannot create {}: {e}", dir.display())))?;
    let mut written = Vec::new();
    for b in buffers {
        let path = dir.join(format!("{}-{}.svg", section.id(), b.name.replace(' ', "-")));
        let title = format!("{} {} — {}", section.id(), section.title(), file.display);
        std::fs::write(&path, svg::reuse_map(&title, b))
            .map_err(|e| Error::Course(format!("cannot write {}: {e}", path.display())))?;
        written.push(path);
    }
    Ok(written)
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
