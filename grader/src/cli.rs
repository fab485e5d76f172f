//! The command line (see the course contract): grade a section, all of them, list them, show
//! hints. Exit status: 0 every graded section passed, 1 one failed, 2 the grader could not run.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use clap::{Parser, ValueEnum};
use kernels::exercise::Section;
use rand::Rng;

use crate::backend::{self, BackendChoice};
use crate::compiler::{self, Compiler, CompilerChoice};
use crate::grade::{Fatal, Grader, KernelFile, RunReport, SectionReport};
use crate::{report, sections, workspace};

pub const EXIT_PASSED: i32 = 0;
pub const EXIT_FAILED: i32 = 1;
pub const EXIT_CANNOT_RUN: i32 = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
    /// Gradescope's autograder results.json (one section; see --results).
    Gradescope,
}

/// Grade the course's CUDA kernels (PMPP chapters 7 and 8) with no GPU needed.
#[derive(Debug, Parser)]
#[command(
    name = "grader",
    after_help = "Examples:\n  cargo run -p grader -- list\n  cargo run -p grader -- 7.4\n  cargo run -p grader -- 7.4 --solutions\n  cargo run -p grader -- 7.4 --kernel my.cu\n  cargo run -p grader -- all --solutions\n  cargo run -p grader -- hint 7.4\n  cargo run -p grader -- watch\n  cargo run -p grader -- reset 7.4\n  cargo run -p grader -- verify\n  cargo run -p grader -- bundle 7.4 --cases private.toml\n  cargo run -p grader -- 7.4 --format gradescope --results results.json"
)]
pub struct Cli {
    /// A section id (7.2 7.3 7.4 7.5 1d 8.2 8.3 8.4 8.5), `all`, `list`, `hint <id>`, `watch [id]`,
    /// `reset <id>`; for instructors `verify`, `bundle <id>`; with a GPU `time [ids|all]
    /// [--write-docs]` (timings on inputs beyond the L2; `profile <id>` is tools/ncu-crosscheck's).
    pub command: String,
    /// For `hint`: the section id, then how many hints to show (default 1).
    pub rest: Vec<String>,
    /// Grade the reference solution (solutions/<section>/kernel.cu) instead of yours.
    #[arg(long, conflicts_with = "kernel")]
    pub solutions: bool,
    /// Grade this file as the section's kernel.
    #[arg(long, value_name = "FILE")]
    pub kernel: Option<PathBuf>,
    /// Where kernels run: a GPU if usable (auto), the emulator, or a GPU.
    #[arg(long, value_enum, default_value = "auto")]
    pub backend: BackendChoice,
    /// What compiles kernel.cu to PTX: NVRTC where it exists or can be installed (auto), else
    /// clang; or either one by name.
    #[arg(long, value_enum, default_value = "auto")]
    pub compiler: CompilerChoice,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// The seed of the hidden tests (printed by every run, so a failure can be reproduced).
    #[arg(long)]
    pub seed: Option<u64>,
    /// `--format gradescope`: write results.json here (default: stdout). Written even when the
    /// kernel cannot be graded.
    #[arg(long, value_name = "FILE")]
    pub results: Option<PathBuf>,
    /// `bundle`: where to write the autograder zip (default autograder-<id>.zip).
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Also grade an instructor's private hidden cases from this TOML/JSON file (format: grader/src/cases_file.rs).
    #[arg(long, value_name = "FILE")]
    pub cases: Option<PathBuf>,
    /// Also measure each section's other configurations (7.4: the textbook's 32x32 tiles with a 9x9 filter, 8x8 tiles with a 5x5 filter).
    #[arg(long)]
    pub variants: bool,
    /// `reset`: restore the stub without asking.
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// `time`: also write the table to docs/gpu-timing.md.
    #[arg(long)]
    pub write_docs: bool,
}

/// The message of the last panic, for the "internal error" report (the default hook's
/// backtrace text would only confuse a student).
static LAST_PANIC: Mutex<String> = Mutex::new(String::new());

fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let msg = match (info.payload().downcast_ref::<&str>(), info.payload().downcast_ref::<String>()) {
            (Some(s), _) => s.to_string(),
            (_, Some(s)) => s.clone(),
            _ => "unknown panic".to_string(),
        };
        let place = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        *LAST_PANIC.lock().unwrap_or_else(|p| p.into_inner()) = format!("{msg}{place}");
    }));
}

pub(crate) fn cannot_run(msg: &str) -> i32 {
    eprintln!("{} {msg}", colored::Colorize::bold(colored::Colorize::red("error:")));
    EXIT_CANNOT_RUN
}

pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { EXIT_CANNOT_RUN } else { EXIT_PASSED };
        }
    };
    if cli.format != Format::Text || (!std::io::stdout().is_terminal() && std::env::var_os("CLICOLOR_FORCE").is_none())
    {
        colored::control::set_override(false);
    }
    // Colours on Windows' console need its virtual-terminal mode (Windows 10 and later).
    #[cfg(windows)]
    let _ = colored::control::set_virtual_terminal(true);
    install_panic_hook();
    let code = run(&cli);
    let _ = std::io::stdout().flush();
    code
}

fn unknown_section(id: &str) -> i32 {
    cannot_run(&format!(
        "unknown section `{id}`. Sections: {} (or `all`, `list`, `hint <id>`, `watch`, `reset <id>`, `verify`, `bundle <id>`)",
        sections::ids().join(", ")
    ))
}

pub fn run(cli: &Cli) -> i32 {
    // Gradescope mode answers with a results file whatever goes wrong, even finding the course.
    if cli.format == Format::Gradescope {
        let seed = cli.seed.unwrap_or_else(|| rand::thread_rng().gen_range(1..100_000));
        return crate::gradescope::command(
            &cli.command,
            cli.kernel.as_deref(),
            cli.cases.as_deref(),
            cli.backend,
            seed,
            cli.results.as_deref(),
        );
    }
    let root = match workspace::find_root() {
        Ok(r) => r,
        Err(e) => return cannot_run(&e),
    };
    match cli.command.as_str() {
        "hint" => hint(cli, &root),
        "reset" => reset(cli, &root),
        "list" => list(cli, &root),
        "verify" => verify(cli, &root),
        "watch" => crate::watch::command(&root, cli.rest.first().map(String::as_str), cli.backend, cli.seed),
        "bundle" => crate::bundle::command(
            &root,
            cli.rest.first().map(String::as_str),
            cli.output.as_deref(),
            cli.cases.as_deref(),
        ),
        // GPU only: time the kernels on large inputs; `profile` is tools/ncu-crosscheck's.
        "time" => crate::timing::time_command(cli, &root),
        "profile" => crate::timing::profile_command(cli, &root),
        "all" => {
            if cli.kernel.is_some() {
                return cannot_run(
                    "--kernel grades one file as one section: name the section (e.g. `7.4 --kernel my.cu`)",
                );
            }
            grade_sections(cli, &root, sections::all())
        }
        id => match sections::find(id) {
            Some(s) => grade_sections(cli, &root, vec![s]),
            None => unknown_section(id),
        },
    }
}

fn hint(cli: &Cli, root: &std::path::Path) -> i32 {
    let Some(id) = cli.rest.first() else {
        return cannot_run("which section? e.g. `cargo run -p grader -- hint 7.4`");
    };
    let Some(section) = sections::find(id) else {
        return unknown_section(id);
    };
    // No count: one more hint than last time (remembered in .progress.json).
    let wanted = match cli.rest.get(1).map(|n| n.parse::<usize>()) {
        None => None,
        Some(Ok(n)) if n >= 1 => Some(n),
        Some(_) => return cannot_run("the number of hints must be a positive number, e.g. `hint 7.4 2`"),
    };
    print!("{}", crate::hint::run(root, section, wanted));
    EXIT_PASSED
}

/// `reset <id> [--yes]`: the section's stub back in place, after asking.
fn reset(cli: &Cli, root: &std::path::Path) -> i32 {
    let Some(id) = cli.rest.first() else {
        return cannot_run("which section? e.g. `cargo run -p grader -- reset 7.4`");
    };
    let Some(section) = sections::find(id) else {
        return unknown_section(id);
    };
    let stdin = std::io::stdin();
    match crate::progress::reset(root, section, cli.yes, &mut stdin.lock(), &mut std::io::stdout()) {
        Ok(_) => EXIT_PASSED,
        Err(e) => cannot_run(&e),
    }
}

/// Which file a section is graded from.
pub(crate) fn kernel_file(cli: &Cli, root: &std::path::Path, section: &dyn Section) -> Result<KernelFile, String> {
    let path = match &cli.kernel {
        Some(p) => p.clone(),
        None if cli.solutions => root.join("solutions").join(section.dir()).join("kernel.cu"),
        None => root.join("exercises").join(section.dir()).join("kernel.cu"),
    };
    if !path.is_file() {
        return Err(format!("kernel file not found: {}", path.display()));
    }
    let display = match &cli.kernel {
        // The path as the student typed it reads best in messages.
        Some(p) => p.display().to_string(),
        None => workspace::display_path(root, &path),
    };
    Ok(KernelFile { path, display })
}

fn prepare(cli: &Cli) -> Result<(Box<dyn backend::Backend>, Compiler), i32> {
    let backend = backend::select(cli.backend).map_err(|e| cannot_run(&e.0))?;
    // A GPU compiles its own binary with NVRTC: there, auto means NVRTC.
    let choice = match (cli.compiler, backend.name()) {
        (CompilerChoice::Auto, "gpu") => CompilerChoice::Nvrtc,
        (c, _) => c,
    };
    let compiler = compiler::select(choice, true).map_err(|e| cannot_run(&e))?;
    Ok((backend, compiler))
}

/// Grade one section behind catch_unwind: a bug in the grader or the emulator is reported as an
/// internal error (exit 2), never as the student's failure.
fn grade_one(
    grader: &Grader,
    section: &dyn Section,
    file: &KernelFile,
    seed: u64,
    visible_only: bool,
) -> Result<SectionReport, Fatal> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| grader.grade(section, file, seed, visible_only))) {
        Ok(r) => r,
        Err(_) => {
            let msg = LAST_PANIC.lock().unwrap_or_else(|p| p.into_inner()).clone();
            Err(Fatal(format!("internal error while grading {} ({msg}); please report it", section.id())))
        }
    }
}

fn grade_sections(cli: &Cli, root: &std::path::Path, chosen: Vec<&'static dyn Section>) -> i32 {
    if !cli.rest.is_empty() {
        return cannot_run(&format!("unexpected argument `{}`", cli.rest[0]));
    }
    // Every file must exist before anything is compiled.
    let mut files = Vec::new();
    for s in &chosen {
        match kernel_file(cli, root, *s) {
            Ok(f) => files.push(f),
            Err(e) => return cannot_run(&e),
        }
    }
    let (backend, compiler) = match prepare(cli) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let seed = cli.seed.unwrap_or_else(|| rand::thread_rng().gen_range(1..100_000));
    let mut grader = Grader::new(backend.as_ref(), compiler);
    grader.variants = cli.variants;
    if let Some(path) = &cli.cases {
        match crate::cases_file::load(path) {
            Ok(cases) => grader.private_cases = cases,
            Err(e) => return cannot_run(&e),
        }
    }
    let start = Instant::now();
    let mut reports = Vec::new();
    let bar = crate::bar::tests(crate::bar::wanted(cli.format == Format::Text));
    if let Some(b) = bar.clone() {
        grader.on_progress = Some(Box::new(move |done, more| {
            b.inc_length(more);
            b.inc(done);
        }));
    }
    for (section, file) in chosen.iter().zip(&files) {
        crate::bar::grading(&bar, *section);
        let graded = grade_one(&grader, *section, file, seed, false);
        match graded {
            Ok(r) => {
                if cli.format == Format::Text {
                    crate::bar::println(&bar, &report::section(&r, true));
                }
                reports.push(r);
            }
            Err(Fatal(msg)) => return cannot_run(&msg),
        }
    }
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    record_progress(cli, root, &reports);
    let total = start.elapsed().as_secs_f64();
    match cli.format {
        Format::Text => {
            if reports.len() > 1 {
                print!("{}", report::footer(&reports, total));
            }
        }
        Format::Json | Format::Gradescope => {
            let run = RunReport { sections: reports.clone() };
            match serde_json::to_string_pretty(&run) {
                Ok(s) => println!("{s}"),
                Err(e) => return cannot_run(&format!("cannot write the JSON report: {e}")),
            }
        }
    }
    if reports.iter().all(|r| r.passed) {
        EXIT_PASSED
    } else {
        EXIT_FAILED
    }
}

/// A full grading of the student's own files counts in .progress.json (not --solutions, not
/// --kernel). Progress that cannot be saved is only a note: the grade itself stands.
fn record_progress(cli: &Cli, root: &std::path::Path, reports: &[SectionReport]) {
    if cli.solutions || cli.kernel.is_some() || !crate::progress::recording() {
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
fn verify(cli: &Cli, root: &std::path::Path) -> i32 {
    let (backend, compiler) = match prepare(cli) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let grader = Grader::new(backend.as_ref(), compiler);
    let seed = cli.seed.unwrap_or(1);
    eprintln!("verify: grading every solution, stub and wrong kernel with seed {seed} …");
    let rows = crate::verify::run(root, &grader, seed, &mut |row| {
        eprintln!("  {} {} {}", if row.ok { "ok" } else { "!!" }, row.section, row.kernel);
    });
    print!("{}", crate::verify::table(&rows));
    if rows.iter().all(|r| r.ok) {
        EXIT_PASSED
    } else {
        EXIT_FAILED
    }
}

/// Every section, its title, and whether the current kernel passes its visible tests.
fn list(cli: &Cli, root: &std::path::Path) -> i32 {
    let (backend, compiler) = match prepare(cli) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let grader = Grader::new(backend.as_ref(), compiler);
    let all = sections::all();
    let id_w = all.iter().map(|s| s.id().len()).max().unwrap_or(0);
    let title_w = all.iter().map(|s| s.title().chars().count()).max().unwrap_or(0);
    let which = if cli.solutions { "reference solutions" } else { "your kernels" };
    if cli.format == Format::Text {
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
    for s in all {
        let status = match kernel_file(cli, root, s) {
            Err(_) => colored::Colorize::yellow("no kernel.cu").to_string(),
            Ok(f) => match grade_one(&grader, s, &f, 0, true) {
                Ok(r) => {
                    let st = if r.passed {
                        colored::Colorize::green("✓ passes visible tests").to_string()
                    } else if !r.compile.ok {
                        colored::Colorize::red("✗ does not compile").to_string()
                    } else {
                        colored::Colorize::red("✗ not yet").to_string()
                    };
                    json.push(r);
                    st
                }
                Err(Fatal(msg)) => colored::Colorize::yellow(format!("? {msg}").as_str()).to_string(),
            },
        };
        if cli.format == Format::Text {
            let place = progress.place(s.id(), &ids);
            let label = format!("{:11}", place.label());
            let label = match place {
                crate::progress::Place::Done => colored::Colorize::green(label.as_str()).to_string(),
                crate::progress::Place::Current => {
                    colored::Colorize::bold(colored::Colorize::cyan(label.as_str())).to_string()
                }
                _ => label,
            };
            let arrow = if place == crate::progress::Place::Current { "→" } else { " " };
            println!("{arrow} {:id_w$}  {:title_w$}  {label}  {status}", s.id(), s.title());
        }
    }
    if cli.format == Format::Json {
        match serde_json::to_string_pretty(&RunReport { sections: json }) {
            Ok(s) => println!("{s}"),
            Err(e) => return cannot_run(&format!("cannot write the JSON report: {e}")),
        }
    }
    EXIT_PASSED
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("grader").chain(args.iter().copied()))
    }

    #[test]
    fn contract_command_lines_parse() {
        let c = parse(&["7.4"]).unwrap();
        assert_eq!((c.command.as_str(), c.solutions, c.kernel.clone(), c.seed), ("7.4", false, None, None));
        assert_eq!((c.backend, c.format), (BackendChoice::Auto, Format::Text));
        assert!(parse(&["7.4", "--solutions"]).unwrap().solutions);
        assert_eq!(parse(&["7.4", "--kernel", "my.cu"]).unwrap().kernel, Some(PathBuf::from("my.cu")));
        let c = parse(&["all", "--solutions", "--backend", "emulator", "--format", "json", "--seed", "1234"]).unwrap();
        assert_eq!(
            (c.command.as_str(), c.backend, c.format, c.seed),
            ("all", BackendChoice::Emulator, Format::Json, Some(1234))
        );
        assert_eq!(parse(&["--backend", "gpu", "list"]).unwrap().backend, BackendChoice::Gpu);
        assert_eq!(parse(&["hint", "7.4", "2"]).unwrap().rest, vec!["7.4", "2"]);
    }

    #[test]
    fn bad_command_lines_are_usage_errors() {
        for bad in [
            &[][..],
            &["7.4", "--backend", "tpu"],
            &["7.4", "--seed", "-3"],
            &["7.4", "--solutions", "--kernel", "a.cu"],
            &["7.4", "--format", "xml"],
        ] {
            let e = parse(bad).unwrap_err();
            assert!(e.use_stderr(), "{bad:?} should be a usage error (exit 2)");
        }
    }
}
