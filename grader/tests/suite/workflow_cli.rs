//! The command line through the real binary: every command's `--help` (snapshots), misplaced
//! and bad flags rejected with exit 2 (snapshots of the messages), the documented command lines
//! parsed into their commands, and the exit statuses of the contract.

use std::path::PathBuf;

use grader::cli::{parse, Command as Cmd};
use grader::commands::{grade::Format, Output};

fn parsed(args: &[&str]) -> Cmd {
    parse(std::iter::once("grader").chain(args.iter().copied())).unwrap()
}

/// Exit status, stdout, stderr.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out =
        crate::common::grader().args(args).env("PMPP_NO_PROGRESS", "1").env_remove("CLICOLOR_FORCE").output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn workflow_command_lines_parse() {
    let Cmd::Bundle(b) = parsed(&["bundle", "7.4", "--output", "ag.zip", "--cases", "private.toml"]) else { panic!() };
    assert_eq!(b.section.0.id(), "7.4");
    assert_eq!((b.output, b.cases), (Some(PathBuf::from("ag.zip")), Some(PathBuf::from("private.toml"))));
    let Cmd::Grade(g) = parsed(&["7.4", "--format", "gradescope", "--results", "out/results.json"]) else { panic!() };
    assert_eq!((g.format, g.results), (Format::Gradescope, Some(PathBuf::from("out/results.json"))));
    for (args, yes) in
        [(&["reset", "7.4", "--yes"][..], true), (&["reset", "7.4", "-y"], true), (&["reset", "7.4"], false)]
    {
        let Cmd::Reset(r) = parsed(args) else { panic!() };
        assert_eq!(r.yes, yes, "{args:?}");
    }
    let Cmd::Watch(w) = parsed(&["watch"]) else { panic!() };
    assert!(w.section.is_none());
    let Cmd::Verify(v) = parsed(&["verify", "--seed", "9"]) else { panic!() };
    assert_eq!(v.seed, 9);
    let Cmd::Time(t) = parsed(&["time", "7.4", "8.3", "--write-docs", "--solutions"]) else { panic!() };
    assert_eq!(
        (t.sections, t.write_docs, t.kernel.solutions),
        (vec!["7.4".to_string(), "8.3".to_string()], true, true)
    );
    let Cmd::List(l) = parsed(&["list", "--format", "json"]) else { panic!() };
    assert_eq!(l.format, Output::Json);
}

#[test]
fn no_progress_bar_for_machines() {
    // JSON/Gradescope output, and test runs (stderr is captured, not a terminal).
    assert!(!grader::render::bar::wanted(false));
    assert!(!grader::render::bar::wanted(true));
    assert!(grader::render::bar::tests(false).is_none());
}

const COMMANDS: &[&str] = &[
    "grade",
    "all",
    "list",
    "hint",
    "watch",
    "reset",
    "book",
    "verify",
    "bundle",
    "prairielearn",
    "time",
    "profile",
    "traffic",
    "coverage",
];

#[test]
fn every_command_has_its_own_help() {
    let (code, top, _) = run(&["--help"]);
    assert_eq!(code, Some(0));
    for c in COMMANDS {
        assert!(top.contains(&format!("  {c} ")), "top-level help lists {c}:\n{top}");
    }
    assert!(top.contains("Sections: 7.2 7.3 7.4 7.5 1d 8.2 8.3 8.4 8.5"), "{top}");
    insta::assert_snapshot!("help", top);
    for c in COMMANDS {
        let (code, help, err) = run(&[c, "--help"]);
        assert_eq!(code, Some(0), "{c} --help: {err}");
        assert!(help.contains(&format!("Usage: grader {c}")), "{c}:\n{help}");
        insta::assert_snapshot!(format!("help_{c}"), help);
    }
    // `grader 7.4 --help` is grading's help.
    let (code, help, _) = run(&["7.4", "--help"]);
    assert_eq!((code, help.contains("Usage: grader grade")), (Some(0), true));
}

/// Usage mistakes, each of another kind of clap's errors: an unknown argument (with clap's tip),
/// a misspelt one (a similar name), an unknown section, a missing value, a value not among the
/// possible ones, one a parser refuses (the card's, clap's range), a missing argument, two that
/// exclude each other, one given twice.
const USAGE_MISTAKES: &[&[&str]] = &[
    &["7.2", "--bogus"],
    &["7.4", "--sed", "3"],
    &["nosuch"],
    &["7.2", "--seed"],
    &["7.4", "--backend", "tpu"],
    &["time", "7.2", "--card", "x"],
    &["prairielearn", "7.4", "--out", "pl", "--timeout", "900"],
    &["hint"],
    &["7.4", "--solutions", "--kernel", "a.cu"],
    &["7.4", "--seed", "1", "--seed", "2"],
];

/// Under a Chinese locale the help (clap's own words included), `grader time` without a GPU and
/// clap's usage errors say no English sentence: only code, file names, flags and names are ASCII.
#[test]
fn a_chinese_locale_gets_no_english_sentence() {
    for locale in ["zh_CN.UTF-8", "zh_TW.UTF-8"] {
        let mut runs: Vec<Vec<&str>> = vec![vec!["--help"], vec!["-h"], vec!["help"], vec!["time", "challenge-2d"]];
        for c in COMMANDS {
            runs.push(vec![c, "--help"]);
            runs.push(vec![c, "-h"]);
        }
        runs.push(vec!["7.4", "--help"]);
        runs.extend(USAGE_MISTAKES.iter().map(|args| args.to_vec()));
        for args in runs {
            let out = crate::common::grader()
                .args(&args)
                .env("LANG", locale)
                .env("PMPP_NO_PROGRESS", "1")
                .env_remove("CLICOLOR_FORCE")
                .output()
                .unwrap();
            let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
            // A usage mistake cannot be graded (2), on stderr, with the usage line where clap
            // gives one.
            let mistake = USAGE_MISTAKES.contains(&args.as_slice());
            assert_eq!(out.status.code(), Some(if mistake { 2 } else { 0 }), "{locale} {args:?}: {said}");
            if args == ["7.2", "--bogus"] {
                assert!(out.stdout.is_empty(), "{locale} {args:?}: {said}");
                assert!(said.contains("\n用法：grader grade <SECTION>\n"), "{locale} {args:?}: {said}");
            }
            assert!(
                said.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{locale} {args:?} speaks Chinese: {said}"
            );
            assert_eq!(grader::i18n::english_runs(&said), Vec::<String>::new(), "{locale} {args:?}:\n{said}");
        }
    }
}

#[test]
fn misplaced_and_bad_flags_are_usage_errors() {
    let cases: &[(&str, &[&str])] = &[
        ("hint_write_docs", &["hint", "7.4", "--write-docs"]),
        ("hint_zero", &["hint", "7.4", "0"]),
        ("hint_no_section", &["hint"]),
        ("reset_unknown_section", &["reset", "9.9", "--yes"]),
        ("reset_solutions", &["reset", "7.4", "--solutions"]),
        ("bundle_no_section", &["bundle"]),
        ("watch_unknown_section", &["watch", "9.9"]),
        ("list_seed", &["list", "--seed", "3"]),
        ("all_kernel", &["all", "--kernel", "a.cu"]),
        ("grade_bad_backend", &["7.4", "--backend", "tpu"]),
        ("grade_solutions_and_kernel", &["7.4", "--solutions", "--kernel", "a.cu"]),
        ("grade_typo", &["7.4", "--solution"]),
        ("verify_yes", &["verify", "--yes"]),
        ("prairielearn_no_out", &["prairielearn", "7.4"]),
        ("prairielearn_unknown_section", &["prairielearn", "9.9", "--out", "pl"]),
        ("prairielearn_timeout_too_long", &["prairielearn", "7.4", "--out", "pl", "--timeout", "900"]),
        ("grade_data_without_prairielearn", &["7.4", "--data", "data.json"]),
        ("book_port_without_serve", &["book", "--port", "3001"]),
        ("book_section", &["book", "7.4"]),
    ];
    for (name, args) in cases {
        let (code, out, err) = run(args);
        assert_eq!(code, Some(2), "{args:?} must exit 2:\n{err}");
        assert!(out.is_empty(), "{args:?} prints nothing on stdout");
        insta::assert_snapshot!(format!("usage_{name}"), err);
    }
}

#[test]
fn exit_statuses_follow_the_contract() {
    // 2: could not grade (unknown section, missing file, --results without gradescope).
    let (code, _, err) = run(&["9.9"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("unknown section `9.9`") && err.contains("Sections: 7.2"), "{err}");
    let (code, _, err) = run(&["7.4", "--kernel", "/nonexistent/k.cu", "--backend", "emulator"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("kernel file not found: /nonexistent/k.cu"), "{err}");
    let (code, _, err) = run(&["7.4", "--results", "r.json"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--format gradescope"), "{err}");
    // 0 and 1 (a passing and a failing grading) are e2e.rs's: they need a compiler.
}
