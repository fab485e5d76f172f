//! What several test modules share: gradings too costly to repeat per module.

use std::process::{Command, Output};
use std::sync::OnceLock;

/// The grader binary, speaking English whatever the locale of the machine that runs the tests
/// (their expectations are English; `wrong_reports` asks for Chinese where it means to).
pub fn grader() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_grader"));
    for v in ["LC_ALL", "LC_MESSAGES", "LANGUAGE"] {
        c.env_remove(v);
    }
    c.env("LANG", "C.UTF-8");
    c
}

/// `grader all --solutions --compiler nvrtc --format json --seed 1 --variants`, run once for the
/// binary: e2e checks it, the clang tests compare clang's counts with it, the book's measured
/// figures are rendered from it, and the variants test reads 7.4's variants in it.
pub fn all_solutions_with_nvrtc() -> &'static Output {
    static OUT: OnceLock<Output> = OnceLock::new();
    OUT.get_or_init(|| {
        grader()
            .args(["all", "--solutions", "--compiler", "nvrtc", "--format", "json", "--seed", "1", "--variants"])
            .env("PMPP_NO_PROGRESS", "1")
            .output()
            .expect("the grader binary runs")
    })
}
