//! `grade <SECTION>` (or `grader <SECTION>`): one section graded, as text, the contract's JSON,
//! or Gradescope's `results.json` (see `render::gradescope`).

use std::path::{Path, PathBuf};

use clap::ValueEnum;
use kernels::exercise::{Case, Section};

use super::{Engine, Grading, KernelChoice, Output};
use crate::course::{self, sections, Course, KernelFile};
use crate::error::{Error, Outcome, Result};
use crate::grade::{grade_isolated, Grader};
use crate::model::SectionReport;
use crate::render::gradescope::{from_report, not_graded, Results};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
    /// Gradescope's autograder results.json (see --results).
    Gradescope,
}

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  grader 7.4\n  grader 7.4 --solutions\n  grader 7.4 --kernel my.cu\n  \
                        grader 7.4 --format json --seed 1234\n  grader 7.4 --format gradescope --results results.json")]
pub struct Args {
    /// The section to grade.
    #[arg(value_name = "SECTION")]
    pub section: String,
    #[command(flatten)]
    pub kernel: KernelChoice,
    #[command(flatten)]
    pub engine: Engine,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// The seed of the hidden tests (printed by every run, so a failure can be reproduced).
    #[arg(long)]
    pub seed: Option<u64>,
    /// With --format gradescope: write results.json here (default: stdout), even when the kernel cannot be graded.
    #[arg(long, value_name = "FILE")]
    pub results: Option<PathBuf>,
    /// Also grade an instructor's private hidden cases from this TOML/JSON file (format: grader/src/course/cases_file.rs).
    #[arg(long, value_name = "FILE")]
    pub cases: Option<PathBuf>,
    /// Also measure the section's other configurations (7.4: the textbook's 32x32 tiles with a 9x9 filter, 8x8 tiles with a 5x5 filter).
    #[arg(long)]
    pub variants: bool,
}

pub fn run(args: &Args, course: &Course) -> Result<Outcome> {
    if args.results.is_some() && args.format != Format::Gradescope {
        return Err(Error::Usage(
            "--results is where --format gradescope writes results.json: add `--format gradescope`".into(),
        ));
    }
    // Gradescope mode answers with a results file whatever goes wrong, even finding the course.
    if args.format == Format::Gradescope {
        return gradescope(args, course);
    }
    let root = course.root()?;
    let section =
        sections::find(&args.section).ok_or_else(|| Error::UnknownSection(sections::unknown(&args.section)))?;
    let how = Grading {
        engine: &args.engine,
        output: if args.format == Format::Json { Output::Json } else { Output::Text },
        seed: args.seed,
        cases: args.cases.as_deref(),
        variants: args.variants,
        record: !args.kernel.solutions && args.kernel.kernel.is_none(),
    };
    let file = course::kernel_file(root, section, args.kernel.which())?;
    super::grade_sections(&how, root, vec![(section, file)])
}

/// Gradescope's results file, to `to` or stdout.
fn write(results: &Results, to: Option<&Path>) -> Result<()> {
    let text = serde_json::to_string_pretty(results)
        .map_err(|e| Error::Internal(format!("cannot encode results: {e}")))?
        + "\n";
    match to {
        Some(path) => {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)
                    .map_err(|e| Error::Course(format!("cannot create {}: {e}", dir.display())))?;
            }
            std::fs::write(path, text).map_err(|e| Error::Course(format!("cannot write {}: {e}", path.display())))
        }
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// Grade one section for Gradescope and write its results (to `--results`, else stdout),
/// whatever happens: a submission that cannot be graded gets score 0 and the reason, and the
/// command then ends with that reason as its error.
fn gradescope(args: &Args, course: &Course) -> Result<Outcome> {
    let seed = args.seed.unwrap_or_else(super::fresh_seed);
    let section = sections::find(&args.section);
    // The instructor's cases, read once: graded, and counted whether or not the kernel compiles.
    let all_private = match &args.cases {
        Some(path) => course::cases_file::load(path),
        None => Ok(Vec::new()),
    };
    let private: Vec<Case> = match (&all_private, section) {
        (Ok(cases), Some(section)) => {
            cases.iter().filter(|(id, _)| *id == section.id()).map(|(_, c)| c.clone()).collect()
        }
        _ => Vec::new(),
    };
    let graded = match section {
        None => Err(Error::Usage(format!(
            "unknown section `{}` (gradescope mode grades one of: {})",
            args.section,
            sections::ids().join(", ")
        ))),
        Some(section) => all_private.and_then(|cases| grade(args, course, section, seed, cases)),
    };
    let results = match &graded {
        Ok(r) => from_report(section.expect("graded sections exist"), r, &private),
        Err(why) => {
            not_graded(section, seed, &private, &format!("The autograder could not grade this submission: {why}"))
        }
    };
    write(&results, args.results.as_deref())?;
    graded.map(|r| Outcome::from_passed(r.passed))
}

fn grade(
    args: &Args,
    course: &Course,
    section: &dyn Section,
    seed: u64,
    private_cases: Vec<(&'static str, Case)>,
) -> Result<SectionReport> {
    let path: PathBuf = match &args.kernel.kernel {
        Some(p) => p.clone(),
        None if args.kernel.solutions => course::solution_path(course.root()?, section),
        None => course::exercise_path(course.root()?, section),
    };
    if !path.is_file() {
        return Err(Error::Course(format!("No kernel.cu was submitted (looked for {}).", path.display())));
    }
    let display =
        path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_else(|| path.display().to_string());
    let (backend, compiler) = super::prepare(&args.engine)?;
    let mut grader = Grader::new(backend.as_ref(), compiler);
    grader.variants = args.variants;
    grader.private_cases = private_cases;
    grade_isolated(&grader, section, &KernelFile { path, display }, seed, false)
}
