//! The grader's commands, one file each. A command takes its own arguments (a clap `Args`
//! struct of its file) and the course, and returns an [`Outcome`] or an [`Error`]; it never
//! reaches into `cli` or into another command. What several commands share is here: the
//! options they have in common, choosing the backend and compiler, grading sections in turn.

pub mod all;
pub mod book;
pub mod bundle;
pub mod coverage;
pub mod grade;
pub mod hint;
pub mod list;
pub mod prairielearn;
pub mod profile;
pub mod reset;
pub mod time;
pub mod traffic;
pub mod verify;
pub mod watch;

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Args, ValueEnum};
use kernels::exercise::Section;
use rand::Rng;

use crate::backend::{self, BackendChoice};
use crate::course::{self, sections, KernelFile, Which};
use crate::error::{Error, Outcome, Result};
use crate::grade::{grade_isolated, Grader};
use crate::model::{RunReport, SectionReport};
use crate::render;
use crate::speed;
use crate::toolchain::{self, Compiler, CompilerChoice};

/// What a command can print: a report for people or one JSON object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Output {
    Text,
    Json,
}

/// Which file is graded as a section's kernel.
#[derive(Debug, Args)]
pub struct KernelChoice {
    /// Grade the reference solution (solutions/<section>/kernel.cu) instead of yours.
    #[arg(long, conflicts_with = "kernel")]
    pub solutions: bool,
    /// Grade this file as the section's kernel.
    #[arg(long, value_name = "FILE")]
    pub kernel: Option<PathBuf>,
}

impl KernelChoice {
    pub fn which(&self) -> Which<'_> {
        match (&self.kernel, self.solutions) {
            (Some(path), _) => Which::File(path),
            (None, true) => Which::Solution,
            (None, false) => Which::Exercise,
        }
    }
}

/// What compiles the kernel and where it runs.
#[derive(Debug, Args)]
pub struct Engine {
    /// Where kernels run: a GPU if usable (auto), the emulator, or a GPU.
    #[arg(long, value_enum, default_value = "auto")]
    pub backend: BackendChoice,
    /// What compiles kernel.cu to PTX: NVRTC where it exists or can be installed (auto), else clang; or either one by name.
    #[arg(long, value_enum, default_value = "auto")]
    pub compiler: CompilerChoice,
    /// The card the speed model speaks of: h100-sxm (the default without a GPU), h100-pcie, h200, a100-40gb, a100-80gb, l4, t4, rtx-4090, rtx-3090, rtx-3060-laptop. With a GPU, the card found.
    #[arg(long, value_name = "CARD", value_parser = card_arg)]
    pub card: Option<&'static speed::Card>,
}

/// clap's parser of `--card`.
pub fn card_arg(id: &str) -> std::result::Result<&'static speed::Card, String> {
    speed::cards::by_id(id).ok_or_else(|| {
        let known: Vec<&str> = speed::cards::ids().collect();
        crate::t!(cli_error_no_card, card = id, known = known.join(", "))
    })
}

impl Engine {
    /// The card the speed model uses: the one `--card` names, else the GPU's, else the reference.
    pub fn card(&self, backend: &dyn backend::Backend) -> speed::Card {
        self.card.copied().or_else(|| backend.card()).unwrap_or(*speed::cards::REFERENCE)
    }
}

/// A section named on the command line, checked against the registry when parsed.
#[derive(Clone, Copy)]
pub struct SectionArg(pub &'static dyn Section);

impl std::fmt::Debug for SectionArg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SectionArg({})", self.0.id())
    }
}

/// clap's parser of a [`SectionArg`].
pub fn section_arg(id: &str) -> std::result::Result<SectionArg, String> {
    sections::find(id).map(SectionArg).ok_or_else(|| sections::unknown(id))
}

/// The backend and the compiler a command asked for.
pub fn prepare(engine: &Engine) -> Result<(Box<dyn backend::Backend>, Compiler)> {
    let backend = backend::select(engine.backend)?;
    // A GPU compiles its own binary with NVRTC: there, auto means NVRTC.
    let choice = match (engine.compiler, backend.name()) {
        (CompilerChoice::Auto, "gpu") => CompilerChoice::Nvrtc,
        (c, _) => c,
    };
    let compiler = toolchain::select(choice, true)?;
    Ok((backend, compiler))
}

/// A fresh seed for the hidden tests (printed by every run, so a failure can be reproduced).
pub fn fresh_seed() -> u64 {
    rand::thread_rng().gen_range(1..100_000)
}

pub fn print_json(value: &impl serde::Serialize) -> Result<()> {
    let text = serde_json::to_string_pretty(value)
        .map_err(|e| Error::Internal(crate::t!(cmd_cannot_write_json, error = e.to_string())))?;
    println!("{text}");
    Ok(())
}

/// How `grade` and `all` grade their sections.
pub struct Grading<'a> {
    pub engine: &'a Engine,
    pub output: Output,
    pub seed: Option<u64>,
    pub cases: Option<&'a Path>,
    pub variants: bool,
    /// Whether the grade counts in .progress.json (the student's own files only).
    pub record: bool,
}

/// Grades the sections in turn (a progress bar on a terminal), then prints the report.
pub fn grade_sections(how: &Grading, root: &Path, chosen: Vec<(&'static dyn Section, KernelFile)>) -> Result<Outcome> {
    let (backend, compiler) = prepare(how.engine)?;
    let seed = how.seed.unwrap_or_else(fresh_seed);
    let mut grader = Grader::new(backend.as_ref(), compiler);
    grader.card = how.engine.card(backend.as_ref());
    grader.variants = how.variants;
    if let Some(path) = how.cases {
        grader.private_cases = course::cases_file::load(path)?;
    }
    let start = Instant::now();
    let mut reports = Vec::new();
    let bar = render::bar::tests(render::bar::wanted(how.output == Output::Text));
    if let Some(b) = bar.clone() {
        grader.on_progress = Some(Box::new(move |done, more| {
            b.inc_length(more);
            b.inc(done);
        }));
    }
    // Sections side by side on the emulator (their reports come in course order); one at a time
    // where kernels are timed (a GPU).
    let at_once = if backend.times_kernels() { 1 } else { crate::grade::side_by_side::at_once() };
    let grade_one = |(section, file): &(&'static dyn Section, KernelFile)| {
        render::bar::grading(&bar, *section);
        grade_isolated(&grader, *section, file, seed, false)
    };
    let mut failed = None;
    crate::grade::side_by_side::in_order(&chosen, at_once, grade_one, &mut |_, r| match r {
        Ok(r) if failed.is_none() => {
            if how.output == Output::Text {
                render::bar::println(&bar, &render::section(&r, true));
            }
            reports.push(r);
        }
        Ok(_) => {}
        Err(e) => {
            failed.get_or_insert(e);
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if how.record {
        record_progress(root, &reports);
    }
    match how.output {
        Output::Text if reports.len() > 1 => print!("{}", render::footer(&reports, start.elapsed().as_secs_f64())),
        Output::Text => {}
        Output::Json => print_json(&RunReport { sections: reports.clone() })?,
    }
    Ok(Outcome::from_passed(reports.iter().all(|r| r.passed)))
}

/// A full grading of the student's own files counts in .progress.json. Progress that cannot be
/// saved is only a note: the grade itself stands.
fn record_progress(root: &Path, reports: &[SectionReport]) {
    if !course::progress::recording() {
        return;
    }
    let saved = course::progress::Progress::load(root).and_then(|mut p| {
        for r in reports {
            p.record_grade(&r.section, r.passed, !r.not_measured.is_empty());
        }
        p.save(root)
    });
    if let Err(e) = saved {
        eprintln!("{}", crate::t!(cmd_progress_not_saved, error = e.to_string()));
    }
}
