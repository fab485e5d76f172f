//! `grade <SECTION>` (or `grader <SECTION>`): one section graded, as text, the contract's JSON,
//! or a course platform's `results.json`: Gradescope's (see `render::gradescope`) or
//! PrairieLearn's (see `render::prairielearn`).

use std::path::{Path, PathBuf};

use clap::ValueEnum;
use kernels::exercise::{Case, Section};

use super::{Engine, Grading, KernelChoice, Output};
use crate::backend::{Views, Watch};
use crate::course::{self, sections, Course, KernelFile};
use crate::error::{Error, Outcome, Result};
use crate::grade::isolate::isolated;
use crate::grade::Grader;
use crate::model::SectionReport;
use crate::render::gradescope::{from_report, not_graded};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
    /// Gradescope's autograder results.json (see --results).
    Gradescope,
    /// PrairieLearn's external-grader results.json (see --results and --data).
    Prairielearn,
}

impl Format {
    /// A course platform's results file, written whatever happens.
    fn is_platform(self) -> bool {
        matches!(self, Format::Gradescope | Format::Prairielearn)
    }
}

#[derive(Debug, clap::Args)]
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
    /// With --format gradescope or prairielearn: write results.json here (default: stdout), even when the kernel cannot be graded.
    #[arg(long, value_name = "FILE")]
    pub results: Option<PathBuf>,
    /// With --format prairielearn: the question's data.json; its `params.seed`, when it has one, is the seed of the hidden tests (else --seed).
    #[arg(long, value_name = "FILE")]
    pub data: Option<PathBuf>,
    /// Also grade an instructor's private hidden cases from this TOML/JSON file (format: grader/src/course/cases_file.rs).
    #[arg(long, value_name = "FILE")]
    pub cases: Option<PathBuf>,
    /// Also measure the section's other configurations (7.4: the textbook's 32x32 tiles with a 9x9 filter, 8x8 tiles with a 5x5 filter).
    #[arg(long)]
    pub variants: bool,
}

pub fn run(args: &Args, course: &Course) -> Result<Outcome> {
    if args.results.is_some() && !args.format.is_platform() {
        return Err(Error::Usage(crate::t!(cmd_results_needs_platform)));
    }
    if args.data.is_some() && args.format != Format::Prairielearn {
        return Err(Error::Usage(crate::t!(cmd_data_needs_prairielearn)));
    }
    // A platform's mode answers with a results file whatever goes wrong, even finding the course.
    if args.format.is_platform() {
        return for_platform(args, course);
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

/// A platform's results file, to `to` or stdout.
fn write(results: &impl serde::Serialize, to: Option<&Path>) -> Result<()> {
    let text = serde_json::to_string_pretty(results)
        .map_err(|e| Error::Internal(crate::t!(cmd_cannot_encode_results, error = e.to_string())))?
        + "\n";
    match to {
        Some(path) => {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(|e| {
                    Error::Course(crate::t!(
                        file_cannot_create,
                        path = dir.display().to_string(),
                        error = e.to_string()
                    ))
                })?;
            }
            std::fs::write(path, text).map_err(|e| {
                Error::Course(crate::t!(file_cannot_write, path = path.display().to_string(), error = e.to_string()))
            })
        }
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// Grade one section for a course platform and write its results (to `--results`, else
/// stdout), whatever happens: a submission that cannot be graded gets score 0 and the reason
/// (on PrairieLearn, not charged as an attempt), and the command then ends with that reason as
/// its error.
fn for_platform(args: &Args, course: &Course) -> Result<Outcome> {
    let data_seed = args.data.as_deref().and_then(seed_in_data);
    let seed = data_seed.or(args.seed).unwrap_or_else(super::fresh_seed);
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
        None => Err(Error::Usage(crate::t!(
            cmd_platform_unknown_section,
            id = &args.section,
            mode = if args.format == Format::Prairielearn { "prairielearn" } else { "gradescope" },
            sections = sections::ids().join(", ")
        ))),
        Some(section) => all_private.and_then(|cases| grade(args, course, section, seed, cases)),
    };
    let could_not = |why: &Error| crate::t!(cmd_could_not_grade, error = why.to_string());
    match args.format {
        Format::Prairielearn => {
            use crate::render::prairielearn;
            let results = match &graded {
                Ok(g) => {
                    let section = section.expect("graded sections exist");
                    let images = match &g.metrics_run {
                        Some(launch) if prairielearn::traffic_missed(&g.report) => {
                            prairielearn::traffic_images(section, &g.file, launch)
                        }
                        _ => Vec::new(),
                    };
                    prairielearn::from_report(section, &g.report, &private, images)
                }
                Err(why) => prairielearn::not_graded(section, seed, &private, &could_not(why), vec![why.to_string()]),
            };
            write(&results, args.results.as_deref())?;
        }
        _ => {
            let results = match &graded {
                Ok(g) => from_report(section.expect("graded sections exist"), &g.report, &private),
                Err(why) => not_graded(section, seed, &private, &could_not(why)),
            };
            write(&results, args.results.as_deref())?;
        }
    }
    graded.map(|g| Outcome::from_passed(g.report.passed))
}

/// `params.seed` of PrairieLearn's data.json, when it is there and a whole number.
fn seed_in_data(path: &Path) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    let data: serde_json::Value = serde_json::from_str(&text).ok()?;
    let seed = &data["params"]["seed"];
    seed.as_u64().or_else(|| seed.as_str().and_then(|s| s.trim().parse().ok()))
}

/// A platform's grading, and what its views need.
struct PlatformGrading {
    report: SectionReport,
    file: KernelFile,
    metrics_run: Option<(Case, crate::backend::Outcome)>,
}

fn grade(
    args: &Args,
    course: &Course,
    section: &dyn Section,
    seed: u64,
    private_cases: Vec<(&'static str, Case)>,
) -> Result<PlatformGrading> {
    let path: PathBuf = match &args.kernel.kernel {
        Some(p) => p.clone(),
        None if args.kernel.solutions => course::solution_path(course.root()?, section),
        None => course::exercise_path(course.root()?, section),
    };
    if !path.is_file() {
        return Err(Error::Course(crate::t!(cmd_nothing_submitted, path = path.display().to_string())));
    }
    let display =
        path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_else(|| path.display().to_string());
    let (backend, compiler) = super::prepare(&args.engine)?;
    let mut grader = Grader::new(backend.as_ref(), compiler);
    grader.card = args.engine.card(backend.as_ref());
    grader.variants = args.variants;
    grader.private_cases = private_cases;
    let file = KernelFile { path, display };
    // PrairieLearn's results draw the traffic views of the metrics case's launch.
    let views = if args.format == Format::Prairielearn {
        Views { loads_per_element: true, block: Some(Watch::default()) }
    } else {
        Views::default()
    };
    let graded = isolated(section, || grader.grade_with_views(section, &file, seed, false, views))?;
    Ok(PlatformGrading { report: graded.report, file, metrics_run: graded.metrics_run })
}
