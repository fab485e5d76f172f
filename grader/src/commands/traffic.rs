//! `traffic <id>`: where a kernel's memory traffic comes from, line by line, how many times each
//! input element was loaded (a heat map per input buffer), and one block's tile, on the
//! section's metrics case: the emulator's exact counts, no GPU needed. The per-line sums are the
//! launch's totals. All of it comes from the grading's own launch of the metrics case.

use std::path::{Path, PathBuf};

use serde::Serialize;

use kernels::exercise::Section;

use super::{Engine, KernelChoice, Output, SectionArg};
use crate::backend::emulator::EmulatorBackend;
use crate::backend::{BackendChoice, BlockView, Views, Watch};
use crate::build::Builder;
use crate::course::{self, Course, KernelFile};
use crate::error::{Error, Outcome, Result};
use crate::grade::Grader;
use crate::model::{BufferReuse, LineReport, MetricsReport, SectionReport};
use crate::render::block;
use crate::render::buffers::{kernel_parameter_names, Launched};
use crate::render::maps::{corner, heat_map};
use crate::render::svg;
use crate::t;
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
    case: &'a crate::i18n::Text,
    metrics: &'a MetricsReport,
    lines: &'a [LineReport],
    buffers: &'a [BufferReuse],
    block: &'a block::BlockSummary,
}

pub fn run(args: &Args, course: &Course) -> Result<Outcome> {
    let section = args.section.0;
    let file = course::kernel_file(course.root()?, section, args.kernel.which())?;
    let coords = |what: &str, text: &Option<String>| {
        text.as_deref().map(block::parse_coords).transpose().map_err(|e| Error::Usage(format!("{what} {e}")))
    };
    let watch = Watch { block: coords("--block", &args.block)?, thread: coords("--thread", &args.thread)? };
    let engine = Engine { backend: BackendChoice::Emulator, compiler: args.compiler, card: None };
    let (backend, compiler) = super::prepare(&engine)?;
    let grader = Grader::new(backend.as_ref(), compiler);
    let seed = args.seed.unwrap_or(1);
    let views = Views { loads_per_element: true, block: Some(watch) };
    let graded =
        crate::grade::isolate::isolated(section, || grader.grade_with_views(section, &file, seed, false, views))?;
    let report = &graded.report;
    let (Some(metrics), Some((case, outcome))) = (&report.metrics, graded.metrics_run) else {
        return Err(Error::Kernel(t!(
            report_traffic_no_metrics_run,
            kernel = file.display.to_string(),
            section = section.id()
        )));
    };
    let launched = Launched { case: &case, names: kernel_parameter_names(&file, section)? };
    let buffers = launched.reuse(section, outcome.views.loads_per_element.unwrap_or_default(), args.plane)?;
    let view = outcome.views.block.ok_or_else(|| {
        let (b, t) = watch.resolve(&case);
        let g = case.geometry;
        Error::Usage(t!(
            report_traffic_block_outside,
            block = format!("{b:?}"),
            thread = format!("{t:?}"),
            grid = format!("{:?}", g.grid),
            threads = format!("{:?}", g.block)
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
        Output::Text => print!("{}", text(report, metrics, &buffers, &view, &drawn, case.geometry.block[0], watch)),
    }
    if let Some(dir) = &args.svg {
        for path in write_svgs(dir, section, &file, &buffers)? {
            eprintln!("{}", t!(report_wrote, path = path.display().to_string()));
        }
        let [x, y, z] = view.block;
        let path = dir.join(format!("{}-block-{x}-{y}-{z}.svg", section.id()));
        let title =
            format!("{} {} — {}", section.id(), crate::course::sections::title_in_language(section), file.display);
        std::fs::write(&path, svg::block_view(&title, &view, &drawn, case.geometry.block[0])).map_err(|e| {
            Error::Course(t!(file_cannot_write, path = path.display().to_string(), error = e.to_string()))
        })?;
        eprintln!("{}", t!(report_wrote, path = path.display().to_string()));
    }
    Ok(Outcome::from_passed(report.passed))
}

/// What `traffic` prints: the per-line table, each input buffer's maps, the watched block's view,
/// and how to watch another where none was named (the book's samples cut it too).
pub fn text(
    report: &SectionReport,
    metrics: &MetricsReport,
    buffers: &[BufferReuse],
    view: &BlockView,
    drawn: &[block::Drawn],
    block_x: u32,
    watch: Watch,
) -> String {
    let mut s = crate::render::traffic::table(report, metrics);
    for b in buffers {
        s.push_str(&format!("\n{}", heat_map(b, 64, 24)));
        if b.shape[1] > 1 {
            s.push_str(&corner(b, 64, 32));
        }
    }
    s.push_str(&format!("\n{}", block::render(view, drawn, block_x)));
    if watch.block.is_none() {
        s.push_str(&format!("  {}\n", t!(report_traffic_another_block)));
    }
    s
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

/// Each buffer's reuse map as `<dir>/<section>-<parameter>.svg`; the paths written.
pub fn write_svgs(
    dir: &Path,
    section: &dyn Section,
    file: &KernelFile,
    buffers: &[BufferReuse],
) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Error::Course(t!(file_cannot_create, path = dir.display().to_string(), error = e.to_string())))?;
    let mut written = Vec::new();
    for b in buffers {
        let path = dir.join(format!("{}-{}.svg", section.id(), b.name.replace(' ', "-")));
        let title =
            format!("{} {} — {}", section.id(), crate::course::sections::title_in_language(section), file.display);
        std::fs::write(&path, svg::reuse_map(&title, b)).map_err(|e| {
            Error::Course(t!(file_cannot_write, path = path.display().to_string(), error = e.to_string()))
        })?;
        written.push(path);
    }
    Ok(written)
}
