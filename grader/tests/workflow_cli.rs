//! The workflow's command lines parse as documented, and its usage errors exit 2 with a message.

use std::path::PathBuf;
use std::process::Command;

use clap::Parser;
use grader::cli::{Cli, Format};

fn parse(args: &[&str]) -> Cli {
    Cli::try_parse_from(std::iter::once("grader").chain(args.iter().copied())).unwrap()
}

#[test]
fn workflow_command_lines_parse() {
    let c = parse(&["bundle", "7.4", "--output", "ag.zip", "--cases", "private.toml"]);
    assert_eq!((c.command.as_str(), c.rest.clone()), ("bundle", vec!["7.4".to_string()]));
    assert_eq!((c.output, c.cases), (Some(PathBuf::from("ag.zip")), Some(PathBuf::from("private.toml"))));
    let c = parse(&["7.4", "--format", "gradescope", "--results", "out/results.json"]);
    assert_eq!((c.format, c.results), (Format::Gradescope, Some(PathBuf::from("out/results.json"))));
    assert!(parse(&["reset", "7.4", "--yes"]).yes);
    assert!(parse(&["reset", "7.4", "-y"]).yes);
    assert!(!parse(&["reset", "7.4"]).yes);
    assert_eq!(parse(&["watch"]).command, "watch");
    assert_eq!(parse(&["verify", "--seed", "9"]).seed, Some(9));
}

#[test]
fn no_progress_bar_for_machines() {
    // JSON/Gradescope output, and test runs (stderr is captured, not a terminal).
    assert!(!grader::bar::wanted(false));
    assert!(!grader::bar::wanted(true));
    assert!(grader::bar::tests(false).is_none());
}

fn run(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_grader")).args(args).output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).to_string())
}

#[test]
fn workflow_usage_errors_say_what_to_do() {
    let (code, err) = run(&["reset"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("which section?"), "{err}");
    let (code, err) = run(&["reset", "9.9", "--yes"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("unknown section `9.9`"), "{err}");
    let (code, err) = run(&["bundle"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("bundle 7.4"), "{err}");
    let (code, err) = run(&["hint", "7.4", "zero"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("positive number"), "{err}");
    let (code, err) = run(&["watch", "9.9"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("unknown section `9.9`"), "{err}");
}
