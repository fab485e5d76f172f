//! The command line (see the course contract): one typed subcommand per job, each with its own
//! flags and its own `--help`; `grader 7.4` is short for `grader grade 7.4`. Each command's
//! arguments live in its file under `commands/`; this file names the commands and dispatches.
//! Commands return an [`Outcome`] or an [`Error`]; `main` alone turns those into exit statuses.

use std::ffi::OsString;
use std::io::Write;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::commands::{self, grade::Format, Output};
use crate::course::{sections, Course};
use crate::error::{Error, Outcome, Result};
use crate::t;

mod help;
mod usage;
pub use help::{clap_words, print_clap_answer};

/// Grade the course's CUDA kernels (PMPP chapters 7 and 8) with no GPU needed.
#[derive(Debug, Parser)]
#[command(name = "grader", bin_name = "grader", subcommand_required = true, arg_required_else_help = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// The grader's language: en, zh-Hans, zh-Hant or a locale (default: LC_ALL, LC_MESSAGES, LANG)
    #[arg(long, global = true, value_name = "LANG")]
    pub lang: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Grade one section (`grader 7.4` is the same as `grader grade 7.4`).
    Grade(commands::grade::Args),
    /// Grade every section, in course order.
    All(commands::all::Args),
    /// Every section, its title, where you stand, and whether your kernel passes its visible tests.
    List(commands::list::Args),
    /// The next hint for a section, or its first N hints.
    Hint(commands::hint::Args),
    /// Regrade the section you work on each time you save its kernel.cu.
    Watch(commands::watch::Args),
    /// Put a section's stub back in place (after asking).
    Reset(commands::reset::Args),
    /// The course book as HTML (built with mdBook, installed on first use); --open, --serve to read it.
    Book(commands::book::Args),
    /// For instructors: every solution passes, every stub fails, every wrong kernel fails for its stated reason.
    Verify(commands::verify::Args),
    /// For instructors: a Gradescope autograder zip for one section.
    Bundle(commands::bundle::Args),
    /// For instructors: PrairieLearn questions graded externally, their entrypoint and the grading image's Dockerfile.
    Prairielearn(commands::prairielearn::Args),
    /// With a GPU: time kernels on inputs far beyond the L2, beside a device-to-device copy.
    Time(commands::time::Args),
    /// With a GPU: one launch of the metrics case for Nsight Compute, and the emulator's counts as JSON (tools/ncu-crosscheck).
    Profile(commands::profile::Args),
    /// Where the kernel's memory traffic comes from, line by line, on the metrics case (no GPU needed).
    Traffic(commands::traffic::Args),
    /// For maintainers: run one fixture per CUDA device built-in (grader/coverage/) and compare it with a GPU's recorded output.
    Coverage(commands::coverage::Args),
    /// `grader <SECTION> …`: read as `grader grade <SECTION> …`.
    #[command(external_subcommand)]
    Section(Vec<OsString>),
}

impl Command {
    /// Whether the command prints JSON (or Gradescope's JSON): no colours, then.
    pub fn machine_readable(&self) -> bool {
        match self {
            Command::Grade(a) => a.format != Format::Text,
            Command::All(a) => a.format != Output::Text,
            Command::List(a) => a.format != Output::Text,
            Command::Traffic(a) => a.format != Output::Text,
            Command::Coverage(a) => a.format != Output::Text,
            _ => false,
        }
    }
}

/// Options that take a value, for reading `grader --backend gpu list` as `grader list --backend gpu`.
const VALUE_OPTIONS: &[&str] = &[
    "--lang",
    "--backend",
    "--compiler",
    "--format",
    "--seed",
    "--kernel",
    "--results",
    "--output",
    "--cases",
    "--data",
];

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

/// The value of `--lang` (`--lang X` or `--lang=X`), read before the parser runs, so that its
/// own messages are already in that language. `book --lang all` (the book in every language)
/// names none: the grader then speaks the environment's.
pub fn lang_flag(args: &[OsString]) -> Option<String> {
    let mut it = args.iter().skip(1).filter_map(|a| a.to_str());
    let mut value = None;
    while let Some(a) = it.next() {
        if a == "--" {
            break;
        }
        if a == "--lang" {
            value = it.next().map(str::to_string);
            break;
        }
        if let Some(v) = a.strip_prefix("--lang=") {
            value = Some(v.to_string());
            break;
        }
    }
    value.filter(|v| !(v.eq_ignore_ascii_case("all") && command_word(args) == Some("book")))
}

/// The command's name: the first word that is neither an option nor an option's value.
fn command_word(args: &[OsString]) -> Option<&str> {
    let mut it = args.iter().skip(1).filter_map(|a| a.to_str());
    while let Some(a) = it.next() {
        if !a.starts_with('-') {
            return Some(a);
        }
        if VALUE_OPTIONS.contains(&a) {
            it.next();
        }
    }
    None
}

/// The parser, with the section list (from the registry) in the help of every command that
/// takes a section.
pub fn command() -> clap::Command {
    let ids = sections::ids().join(" ");
    let section_help = t!(cli_section, ids = &ids);
    let sections_help = t!(cli_sections, ids = &ids);
    let mut cmd = help::localize(Cli::command())
        .override_usage("grader <SECTION> [OPTIONS]\n       grader <COMMAND> [OPTIONS]")
        .after_help(format!(
            "{}\n\n{}",
            t!(cli_sections_line, ids = &ids),
            help::examples(
                t!(cli_examples_heading),
                &[
                    "cargo run -p grader -- list",
                    "cargo run -p grader -- 7.4",
                    "cargo run -p grader -- 7.4 --solutions",
                    "cargo run -p grader -- 7.4 --kernel my.cu",
                    "cargo run -p grader -- all --solutions",
                    "cargo run -p grader -- hint 7.4",
                    "cargo run -p grader -- traffic 7.4",
                    "cargo run -p grader -- watch",
                    "cargo run -p grader -- reset 7.4",
                    "cargo run -p grader -- book --open",
                    "cargo run -p grader -- verify",
                    "cargo run -p grader -- bundle 7.4 --cases private.toml",
                    "cargo run -p grader -- 7.4 --format gradescope --results results.json",
                ]
            )
        ))
        .mut_subcommand("grade", |sub| {
            sub.after_help(help::examples(
                t!(cli_examples_heading),
                &[
                    "grader 7.4",
                    "grader 7.4 --solutions",
                    "grader 7.4 --kernel my.cu",
                    "grader 7.4 --format json --seed 1234",
                    "grader 7.4 --format gradescope --results results.json",
                    "grader 7.4 --format prairielearn --results /grade/results/results.json --data /grade/data/data.json",
                ],
            ))
        })
        .mut_subcommand("prairielearn", |sub| {
            sub.after_help(help::examples(
                t!(cli_example_heading),
                &["grader prairielearn all --out pl-course --image ghcr.io/my-course/pmpp-grader:2026"],
            ))
        });
    for name in command_names() {
        let (one, list) = (section_help.clone(), sections_help.clone());
        cmd = cmd.mut_subcommand(&name, |sub| {
            let ids: Vec<String> = sub.get_arguments().map(|a| a.get_id().to_string()).collect();
            match ids.iter().find(|id| *id == "section" || *id == "sections") {
                // A list of sections also takes `all` (time, prairielearn).
                Some(id) if id == "sections" => sub.mut_arg(id, |a| a.help(list)),
                Some(id) => sub.mut_arg(id, |a| a.help(one)),
                None => sub,
            }
        });
    }
    cmd
}

impl Cli {
    /// The parser as derived, before [`command`] names the sections and speaks the language.
    #[cfg(test)]
    pub(crate) fn command_for_tests() -> clap::Command {
        let mut cmd = Cli::command();
        cmd.build();
        cmd
    }
}

/// The commands' names, from the parser (the one list of them).
pub fn command_names() -> Vec<String> {
    Cli::command().get_subcommands().map(|s| s.get_name().to_string()).filter(|n| n != "help").collect()
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
    let course = Course::locate();
    let outcome = match command {
        Command::Grade(args) => commands::grade::run(&args, &course),
        Command::All(args) => commands::all::run(&args, &course),
        Command::List(args) => commands::list::run(&args, &course),
        Command::Hint(args) => commands::hint::run(&args, &course),
        Command::Watch(args) => commands::watch::run(&args, &course),
        Command::Reset(args) => commands::reset::run(&args, &course),
        Command::Book(args) => commands::book::run(&args, &course),
        Command::Verify(args) => commands::verify::run(&args, &course),
        Command::Bundle(args) => commands::bundle::run(&args, &course),
        Command::Prairielearn(args) => commands::prairielearn::run(&args, &course),
        Command::Time(args) => commands::time::run(&args, &course),
        Command::Profile(args) => commands::profile::run(&args, &course),
        Command::Traffic(args) => commands::traffic::run(&args, &course),
        Command::Coverage(args) => commands::coverage::run(&args, &course),
        // parse() reads `grader <SECTION>` as `grader grade <SECTION>`; a command built by hand too.
        Command::Section(args) => {
            let command = parse(std::iter::once(OsString::from("grader")).chain(args))
                .map_err(|e| Error::Usage(e.to_string()))?;
            return run(command);
        }
    };
    let _ = std::io::stdout().flush();
    outcome.map_err(|e| match e {
        // A mistyped command reads as a section: say both.
        Error::UnknownSection(message) => {
            Error::UnknownSection(crate::t!(cmd_or_a_command, message = message, commands = command_names().join(", ")))
        }
        e => e,
    })
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::backend::BackendChoice;
    use crate::commands::grade::Args as GradeArgs;

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
    fn book_lang_all_names_no_language_to_speak() {
        let flag = |args: &[&str]| {
            let args: Vec<OsString> =
                std::iter::once("grader").chain(args.iter().copied()).map(OsString::from).collect();
            lang_flag(&args)
        };
        assert_eq!(flag(&["book", "--lang", "all"]), None);
        assert_eq!(flag(&["--lang", "all", "book"]), None);
        assert_eq!(flag(&["book", "--lang=all", "--out", "x"]), None);
        assert_eq!(flag(&["book", "--lang", "zh-Hant"]).as_deref(), Some("zh-Hant"));
        // Elsewhere `all` is no language: negotiation refuses it.
        assert_eq!(flag(&["7.4", "--lang", "all"]).as_deref(), Some("all"));
        assert_eq!(flag(&["7.4", "--kernel", "book", "--lang", "all"]).as_deref(), Some("all"));
        let Command::Book(b) = parse_ok(&["book", "--lang", "all"]) else { panic!("book") };
        assert_eq!(b.lang.as_deref(), Some("all"));
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
