//! The command line (see the course contract): one typed subcommand per job, each with its own
//! flags and its own `--help`; `grader 7.4` is short for `grader grade 7.4`. Commands return an
//! [`Outcome`] or an [`Error`]; `main` alone turns those into exit statuses.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use kernels::exercise::Section;
use rand::Rng;

use crate::backend::{self, BackendChoice};
use crate::compiler::{self, Compiler, CompilerChoice};
use crate::error::{Error, Outcome, Result};
use crate::grade::{Grader, KernelFile, RunReport, SectionReport};
use crate::isolate::grade_isolated;
use crate::{report, sections, workspace};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
    /// Gradescope's autograder results.json (see --results).
    Gradescope,
}

/// What `all` and `list` can print: a report for people or one JSON object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Output {
    Text,
    Json,
}

/// Grade the course's CUDA kernels (PMPP chapters 7 and 8) with no GPU needed.
#[derive(Debug, Parser)]
#[command(name = "grader", bin_name = "grader", subcommand_required = true, arg_required_else_help = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Grade one section (`grader 7.4` is the same as `grader grade 7.4`).
    Grade(GradeArgs),
    /// Grade every section, in course order.
    All(AllArgs),
    /// Every section, its title, where you stand, and whether your kernel passes its visible tests.
    List(ListArgs),
    /// The next hint for a section, or its first N hints.
    Hint(HintArgs),
    /// Regrade the section you work on each time you save its kernel.cu.
    Watch(WatchArgs),
    /// Put a section's stub back in place (after asking).
    Reset(ResetArgs),
    /// For instructors: every solution passes, every stub fails, every wrong kernel fails for its stated reason.
    Verify(VerifyArgs),
    /// For instructors: a Gradescope autograder zip for one section.
    Bundle(BundleArgs),
    /// With a GPU: time kernels on inputs far beyond the L2, beside a device-to-device copy.
    Time(TimeArgs),
    /// With a GPU: one launch of the metrics case for Nsight Compute, and the emulator's counts as JSON (tools/ncu-crosscheck).
    Profile(ProfileArgs),
    /// Where the kernel's memory traffic comes from, line by line, on the metrics case (no GPU needed).
    Traffic(TrafficArgs),
    /// For maintainers: run one fixture per CUDA device built-in (grader/coverage/) and compare it with a GPU's recorded output.
    Coverage(CoverageArgs),
    /// `grader <SECTION> …`: read as `grader grade <SECTION> …`.
    #[command(external_subcommand)]
    Section(Vec<OsString>),
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

/// What compiles the kernel and where it runs.
#[derive(Debug, Args)]
pub struct Engine {
    /// Where kernels run: a GPU if usable (auto), the emulator, or a GPU.
    #[arg(long, value_enum, default_value = "auto")]
    pub backend: BackendChoice,
    /// What compiles kernel.cu to PTX: NVRTC where it exists or can be installed (auto), else clang; or either one by name.
    #[arg(long, value_enum, default_value = "auto")]
    pub compiler: CompilerChoice,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  grader 7.4\n  grader 7.4 --solutions\n  grader 7.4 --kernel my.cu\n  \
                        grader 7.4 --format json --seed 1234\n  grader 7.4 --format gradescope --results results.json")]
pub struct GradeArgs {
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
    /// Also grade an instructor's private hidden cases from this TOML/JSON file (format: grader/src/cases_file.rs).
    #[arg(long, value_name = "FILE")]
    pub cases: Option<PathBuf>,
    /// Also measure the section's other configurations (7.4: the textbook's 32x32 tiles with a 9x9 filter, 8x8 tiles with a 5x5 filter).
    #[arg(long)]
    pub variants: bool,
}

#[derive(Debug, Args)]
pub struct AllArgs {
    /// Grade the reference solutions instead of your kernels.
    #[arg(long)]
    pub solutions: bool,
    #[command(flatten)]
    pub engine: Engine,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Output,
    /// The seed of the hidden tests.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Also grade an instructor's private hidden cases from this TOML/JSON file.
    #[arg(long, value_name = "FILE")]
    pub cases: Option<PathBuf>,
    /// Also measure each section's other configurations.
    #[arg(long)]
    pub variants: bool,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Check the reference solutions instead of your kernels.
    #[arg(long)]
    pub solutions: bool,
    #[command(flatten)]
    pub engine: Engine,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Output,
}

#[derive(Debug, Args)]
pub struct HintArgs {
    // Indices fixed: `command()` sets SECTION's help, which moves it to the end of the list.
    #[arg(index = 1, value_name = "SECTION", value_parser = section_arg)]
    pub section: SectionArg,
    /// How many hints to show (default: one more than last time).
    #[arg(index = 2, value_name = "N", value_parser = hint_count)]
    pub count: Option<usize>,
}

#[derive(Debug, Args)]
pub struct WatchArgs {
    /// The section to start with (default: the first one not passed yet).
    #[arg(value_name = "SECTION", value_parser = section_arg)]
    pub section: Option<SectionArg>,
    #[command(flatten)]
    pub engine: Engine,
    /// The seed of the hidden tests (default: a fresh one per grading).
    #[arg(long)]
    pub seed: Option<u64>,
}

#[derive(Debug, Args)]
pub struct ResetArgs {
    #[arg(value_name = "SECTION", value_parser = section_arg)]
    pub section: SectionArg,
    /// Restore the stub without asking.
    #[arg(long, short = 'y')]
    pub yes: bool,
}

#[derive(Debug, Args)]
pub struct VerifyArgs {
    #[command(flatten)]
    pub engine: Engine,
    /// The seed of the hidden tests.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Only the kernels of one suite (grader/<SUITE>/), not the solutions and stubs.
    #[arg(long, value_name = "SUITE")]
    pub only: Option<crate::verify::Suite>,
}

#[derive(Debug, Args)]
pub struct BundleArgs {
    #[arg(value_name = "SECTION", value_parser = section_arg)]
    pub section: SectionArg,
    /// Where to write the autograder zip (default autograder-<id>.zip).
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Private hidden cases to grade every submission with (TOML/JSON; checked now).
    #[arg(long, value_name = "FILE")]
    pub cases: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct TimeArgs {
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

#[derive(Debug, Args)]
pub struct CoverageArgs {
    /// Where the fixtures run: the emulator (compared with the recorded GPU outputs), or a GPU (compared with the emulator).
    #[arg(long, value_enum, default_value = "emulator")]
    pub backend: crate::backend::BackendChoice,
    /// With --backend gpu: write the GPU's outputs to grader/coverage/recorded.json.
    #[arg(long)]
    pub record: bool,
    /// Also write the table as the book's page (docs/coverage.md).
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Output,
}

#[derive(Debug, Args)]
pub struct TrafficArgs {
    #[arg(value_name = "SECTION", value_parser = section_arg)]
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

#[derive(Debug, Args)]
pub struct ProfileArgs {
    #[arg(value_name = "SECTION", value_parser = section_arg)]
    pub section: SectionArg,
    #[command(flatten)]
    pub kernel: KernelChoice,
    /// The seed of the metrics case's data (default 7).
    #[arg(long)]
    pub seed: Option<u64>,
}

/// A section named on the command line, checked against the registry when parsed.
#[derive(Clone, Copy)]
pub struct SectionArg(pub &'static dyn Section);

impl std::fmt::Debug for SectionArg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SectionArg({})", self.0.id())
    }
}

fn section_arg(id: &str) -> std::result::Result<SectionArg, String> {
    sections::find(id).map(SectionArg).ok_or_else(|| sections::unknown(id))
}

fn hint_count(n: &str) -> std::result::Result<usize, String> {
    match n.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("the number of hints must be a positive number, e.g. `hint 7.4 2`".to_string()),
    }
}

/// Options that take a value, for reading `grader --backend gpu list` as `grader list --backend gpu`.
const VALUE_OPTIONS: &[&str] =
    &["--backend", "--compiler", "--format", "--seed", "--kernel", "--results", "--output", "--cases"];

/// Options written before the command move after it, where the command's own parser checks
/// them (the form earlier graders accepted).
fn command_first(args: Vec<OsString>) -> Vec<OsString> {
    let mut leading = Vec::new();
    let mut i = 1;
    while let Some(arg) = args.get(i).and_then(|a| a.to_str()) {
        if !arg.starts_with('-') || matches!(arg, "-h" | "--help" | "-V" | "--version") {
            break;
        }
        let takes_value = VALUE_OPTIONS.contains(&arg);
        let end = (i + if takes_value { 2 } else { 1 }).min(args.len());
        leading.extend_from_slice(&args[i..end]);
        i = end;
    }
    if leading.is_empty() || i >= args.len() {
        return args;
    }
    let mut out = vec![args[0].clone(), args[i].clone()];
    out.extend(leading);
    out.extend_from_slice(&args[i + 1..]);
    out
}

/// The parser, with the section list (from the registry) in its help.
pub fn command() -> clap::Command {
    let ids = sections::ids().join(" ");
    let section_help = format!("A section: {ids}");
    let mut cmd = Cli::command()
        .override_usage("grader <SECTION> [OPTIONS]\n       grader <COMMAND> [OPTIONS]")
        .after_help(format!(
            "Sections: {ids} (`grader <SECTION> --help` for grading's options)\n\n\
             Examples:\n  cargo run -p grader -- list\n  cargo run -p grader -- 7.4\n  \
             cargo run -p grader -- 7.4 --solutions\n  cargo run -p grader -- 7.4 --kernel my.cu\n  \
             cargo run -p grader -- all --solutions\n  cargo run -p grader -- hint 7.4\n  cargo run -p grader -- traffic 7.4\n  \
             cargo run -p grader -- watch\n  cargo run -p grader -- reset 7.4\n  cargo run -p grader -- verify\n  \
             cargo run -p grader -- bundle 7.4 --cases private.toml\n  \
             cargo run -p grader -- 7.4 --format gradescope --results results.json"
        ));
    for name in ["grade", "hint", "watch", "reset", "bundle", "profile", "time", "traffic"] {
        let help = section_help.clone();
        cmd = cmd.mut_subcommand(name, |sub| {
            let arg = if name == "time" { "sections" } else { "section" };
            sub.mut_arg(arg, |a| a.help(help))
        });
    }
    cmd
}

/// The command line read into a command; `--help`, `--version` and usage mistakes come back as
/// clap's error (its `exit_code` says which).
pub fn parse<I, T>(args: I) -> std::result::Result<Command, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString>,
{
    let mut args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    if args.is_empty() {
        args.push("grader".into());
    }
    let args = command_first(args);
    let cli = Cli::from_arg_matches(&command().try_get_matches_from(&args)?)?;
    match cli.command {
        Command::Section(rest) => {
            let again = [args[0].clone(), "grade".into()].into_iter().chain(rest);
            Ok(Cli::from_arg_matches(&command().try_get_matches_from(again)?)?.command)
        }
        command => Ok(command),
    }
}

pub fn run(command: Command) -> Result<Outcome> {
    if let Command::Grade(args) = &command {
        if args.results.is_some() && args.format != Format::Gradescope {
            return Err("--results is where --format gradescope writes results.json: add `--format gradescope`".into());
        }
        // Gradescope mode answers with a results file whatever goes wrong, even finding the course.
        if args.format == Format::Gradescope {
            return crate::gradescope::command(args);
        }
    }
    let root = workspace::find_root()?;
    let outcome = match command {
        Command::Grade(args) => {
            let section = sections::find(&args.section).ok_or_else(|| unknown_section(&args.section))?;
            let output = if args.format == Format::Json { Output::Json } else { Output::Text };
            let plan = Plan {
                engine: &args.engine,
                output,
                seed: args.seed,
                cases: args.cases.as_deref(),
                variants: args.variants,
                record: !args.kernel.solutions && args.kernel.kernel.is_none(),
            };
            let file = kernel_file(&args.kernel, &root, section)?;
            grade_sections(&plan, &root, vec![(section, file)])?
        }
        Command::All(args) => {
            let which = KernelChoice { solutions: args.solutions, kernel: None };
            let chosen = sections::all()
                .into_iter()
                .map(|s| kernel_file(&which, &root, s).map(|f| (s, f)))
                .collect::<Result<Vec<_>>>()?;
            let plan = Plan {
                engine: &args.engine,
                output: args.format,
                seed: args.seed,
                cases: args.cases.as_deref(),
                variants: args.variants,
                record: !args.solutions,
            };
            grade_sections(&plan, &root, chosen)?
        }
        Command::List(args) => list(&args, &root)?,
        Command::Hint(args) => {
            print!("{}", crate::hint::run(&root, args.section.0, args.count));
            Outcome::Passed
        }
        Command::Reset(args) => {
            let stdin = std::io::stdin();
            crate::progress::reset(&root, args.section.0, args.yes, &mut stdin.lock(), &mut std::io::stdout())?;
            Outcome::Passed
        }
        Command::Verify(args) => verify(&args, &root)?,
        Command::Watch(args) => crate::watch::command(&root, &args)?,
        Command::Bundle(args) => crate::bundle::command(&root, &args)?,
        Command::Time(args) => crate::timing::time_command(&args, &root)?,
        Command::Profile(args) => crate::timing::profile_command(&args, &root)?,
        Command::Traffic(args) => crate::traffic::command(&args, &root)?,
        Command::Coverage(args) => crate::coverage::command(&args, &root)?,
        // parse() reads `grader <SECTION>` as `grader grade <SECTION>`; a command built by hand too.
        Command::Section(args) => {
            let command =
                parse(std::iter::once(OsString::from("grader")).chain(args)).map_err(|e| Error(e.to_string()))?;
            return run(command);
        }
    };
    let _ = std::io::stdout().flush();
    Ok(outcome)
}

fn unknown_section(id: &str) -> Error {
    Error(format!(
        "{} (or a command: all, list, hint, watch, reset, verify, bundle, time; see `grader --help`)",
        sections::unknown(id)
    ))
}

/// Which file a section is graded from.
pub(crate) fn kernel_file(which: &KernelChoice, root: &Path, section: &dyn Section) -> Result<KernelFile> {
    let path = match &which.kernel {
        Some(p) => p.clone(),
        None if which.solutions => root.join("solutions").join(section.dir()).join("kernel.cu"),
        None => root.join("exercises").join(section.dir()).join("kernel.cu"),
    };
    if !path.is_file() {
        return Err(Error(format!("kernel file not found: {}", path.display())));
    }
    let display = match &which.kernel {
        // The path as the student typed it reads best in messages.
        Some(p) => p.display().to_string(),
        None => workspace::display_path(root, &path),
    };
    Ok(KernelFile { path, display })
}

/// The backend and the compiler a command asked for.
pub(crate) fn prepare(engine: &Engine) -> Result<(Box<dyn backend::Backend>, Compiler)> {
    let backend = backend::select(engine.backend)?;
    // A GPU compiles its own binary with NVRTC: there, auto means NVRTC.
    let choice = match (engine.compiler, backend.name()) {
        (CompilerChoice::Auto, "gpu") => CompilerChoice::Nvrtc,
        (c, _) => c,
    };
    let compiler = compiler::select(choice, true)?;
    Ok((backend, compiler))
}

/// How `grade` and `all` grade.
struct Plan<'a> {
    engine: &'a Engine,
    output: Output,
    seed: Option<u64>,
    cases: Option<&'a Path>,
    variants: bool,
    /// Whether the grade counts in .progress.json (the student's own files only).
    record: bool,
}

fn grade_sections(plan: &Plan, root: &Path, chosen: Vec<(&'static dyn Section, KernelFile)>) -> Result<Outcome> {
    let (backend, compiler) = prepare(plan.engine)?;
    let seed = plan.seed.unwrap_or_else(|| rand::thread_rng().gen_range(1..100_000));
    let mut grader = Grader::new(backend.as_ref(), compiler);
    grader.variants = plan.variants;
    if let Some(path) = plan.cases {
        grader.private_cases = crate::cases_file::load(path)?;
    }
    let start = Instant::now();
    let mut reports = Vec::new();
    let bar = crate::bar::tests(crate::bar::wanted(plan.output == Output::Text));
    if let Some(b) = bar.clone() {
        grader.on_progress = Some(Box::new(move |done, more| {
            b.inc_length(more);
            b.inc(done);
        }));
    }
    for (section, file) in &chosen {
        crate::bar::grading(&bar, *section);
        let r = grade_isolated(&grader, *section, file, seed, false)?;
        if plan.output == Output::Text {
            crate::bar::println(&bar, &report::section(&r, true));
        }
        reports.push(r);
    }
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if plan.record {
        record_progress(root, &reports);
    }
    match plan.output {
        Output::Text if reports.len() > 1 => print!("{}", report::footer(&reports, start.elapsed().as_secs_f64())),
        Output::Text => {}
        Output::Json => print_json(&RunReport { sections: reports.clone() })?,
    }
    Ok(Outcome::from_passed(reports.iter().all(|r| r.passed)))
}

fn print_json(value: &impl serde::Serialize) -> Result<()> {
    let text = serde_json::to_string_pretty(value).map_err(|e| Error(format!("cannot write the JSON report: {e}")))?;
    println!("{text}");
    Ok(())
}

/// A full grading of the student's own files counts in .progress.json. Progress that cannot be
/// saved is only a note: the grade itself stands.
fn record_progress(root: &Path, reports: &[SectionReport]) {
    if !crate::progress::recording() {
        return;
    }
    let saved = crate::progress::Progress::load(root).and_then(|mut p| {
        for r in reports {
            p.record_grade(&r.section, r.passed);
        }
        p.save(root)
    });
    if let Err(e) = saved {
        eprintln!("note: progress not saved: {e}");
    }
}

/// `verify`: solutions pass, stubs fail, wrong kernels fail for their stated reasons (a table).
fn verify(args: &VerifyArgs, root: &Path) -> Result<Outcome> {
    let (backend, compiler) = prepare(&args.engine)?;
    let grader = Grader::new(backend.as_ref(), compiler);
    eprintln!("verify: grading every solution, stub and wrong kernel with seed {} …", args.seed);
    let rows = crate::verify::run(root, &grader, args.seed, args.only, &mut |row| {
        eprintln!("  {} {} {}", if row.ok { "ok" } else { "!!" }, row.section, row.kernel);
    });
    print!("{}", crate::verify::table(&rows));
    Ok(Outcome::from_passed(rows.iter().all(|r| r.ok)))
}

/// Every section, its title, and whether the current kernel passes its visible tests.
fn list(args: &ListArgs, root: &Path) -> Result<Outcome> {
    use colored::Colorize;
    let (backend, compiler) = prepare(&args.engine)?;
    let grader = Grader::new(backend.as_ref(), compiler);
    let all = sections::all();
    let id_w = all.iter().map(|s| s.id().len()).max().unwrap_or(0);
    let title_w = all.iter().map(|s| s.title().chars().count()).max().unwrap_or(0);
    let which = if args.solutions { "reference solutions" } else { "your kernels" };
    let text = args.format == Output::Text;
    if text {
        println!("{}", compiler.describe());
        println!("sections ({which}; quick check: visible tests only — grade one with `cargo run -p grader -- <id>`)");
    }
    let mut json = Vec::new();
    // done / current / tried / not started, from .progress.json (full gradings only).
    let progress = crate::progress::Progress::load(root).unwrap_or_else(|e| {
        eprintln!("note: {e}");
        Default::default()
    });
    let ids = sections::ids();
    let which = KernelChoice { solutions: args.solutions, kernel: None };
    for s in all {
        let status = match kernel_file(&which, root, s) {
            Err(_) => "no kernel.cu".yellow().to_string(),
            Ok(f) => match grade_isolated(&grader, s, &f, 0, true) {
                Ok(r) => {
                    let st = if r.passed {
                        "✓ passes visible tests".green()
                    } else if !r.compile.ok {
                        "✗ does not compile".red()
                    } else {
                        "✗ not yet".red()
                    };
                    json.push(r);
                    st.to_string()
                }
                Err(e) => format!("? {e}").yellow().to_string(),
            },
        };
        if text {
            let place = progress.place(s.id(), &ids);
            let label = format!("{:11}", place.label());
            let label = match place {
                crate::progress::Place::Done => label.green().to_string(),
                crate::progress::Place::Current => label.cyan().bold().to_string(),
                _ => label,
            };
            let arrow = if place == crate::progress::Place::Current { "→" } else { " " };
            println!("{arrow} {:id_w$}  {:title_w$}  {label}  {status}", s.id(), s.title());
        }
    }
    if !text {
        print_json(&RunReport { sections: json })?;
    }
    Ok(Outcome::Passed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_ok(args: &[&str]) -> Command {
        parse(std::iter::once("grader").chain(args.iter().copied())).unwrap()
    }

    fn grade(args: &[&str]) -> GradeArgs {
        match parse_ok(args) {
            Command::Grade(g) => g,
            other => panic!("{args:?} is not a grading: {other:?}"),
        }
    }

    #[test]
    fn contract_command_lines_parse() {
        let c = grade(&["7.4"]);
        assert_eq!(
            (c.section.as_str(), c.kernel.solutions, c.kernel.kernel.clone(), c.seed),
            ("7.4", false, None, None)
        );
        assert_eq!((c.engine.backend, c.format), (BackendChoice::Auto, Format::Text));
        assert!(grade(&["7.4", "--solutions"]).kernel.solutions);
        assert!(grade(&["grade", "7.4", "--solutions"]).kernel.solutions);
        assert_eq!(grade(&["7.4", "--kernel", "my.cu"]).kernel.kernel, Some(PathBuf::from("my.cu")));
        let Command::All(a) =
            parse_ok(&["all", "--solutions", "--backend", "emulator", "--format", "json", "--seed", "1234"])
        else {
            panic!("all")
        };
        assert_eq!(
            (a.solutions, a.engine.backend, a.format, a.seed),
            (true, BackendChoice::Emulator, Output::Json, Some(1234))
        );
        let Command::List(l) = parse_ok(&["--backend", "gpu", "list"]) else { panic!("options before the command") };
        assert_eq!(l.engine.backend, BackendChoice::Gpu);
        let c = grade(&["--seed", "5", "7.4", "--solutions"]);
        assert_eq!((c.seed, c.kernel.solutions), (Some(5), true));
        let Command::Hint(h) = parse_ok(&["hint", "7.4", "2"]) else { panic!("hint") };
        assert_eq!((h.section.0.id(), h.count), ("7.4", Some(2)));
    }

    #[test]
    fn bad_command_lines_are_usage_errors() {
        for bad in [
            &[][..],
            &["7.4", "--backend", "tpu"],
            &["7.4", "--seed", "-3"],
            &["7.4", "--solutions", "--kernel", "a.cu"],
            &["7.4", "--format", "xml"],
            &["all", "--kernel", "a.cu"],
            &["all", "--format", "gradescope"],
            &["hint", "7.4", "--write-docs"],
            &["hint", "7.4", "0"],
            &["hint", "9.9"],
            &["hint"],
            &["reset", "7.4", "--solutions"],
            &["list", "--seed", "3"],
            &["bundle", "7.4", "--yes"],
        ] {
            let e = parse(std::iter::once("grader").chain(bad.iter().copied())).unwrap_err();
            assert!(e.use_stderr(), "{bad:?} should be a usage error (exit 2)");
        }
    }

    #[test]
    fn options_move_after_the_command_only_from_before_it() {
        let os = |v: &[&str]| v.iter().map(OsString::from).collect::<Vec<_>>();
        assert_eq!(command_first(os(&["g", "--backend", "gpu", "list"])), os(&["g", "list", "--backend", "gpu"]));
        assert_eq!(command_first(os(&["g", "--solutions", "7.4", "-y"])), os(&["g", "7.4", "--solutions", "-y"]));
        assert_eq!(command_first(os(&["g", "--seed=3", "all"])), os(&["g", "all", "--seed=3"]));
        assert_eq!(command_first(os(&["g", "7.4", "--seed", "3"])), os(&["g", "7.4", "--seed", "3"]));
        assert_eq!(command_first(os(&["g", "--help"])), os(&["g", "--help"]));
        assert_eq!(command_first(os(&["g", "--backend", "gpu"])), os(&["g", "--backend", "gpu"]));
    }
}
