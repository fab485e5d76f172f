//! What several test modules share: gradings too costly to repeat per module.

use std::process::{Command, Output};
use std::sync::OnceLock;

/// `grader all --solutions --compiler nvrtc --format json --seed 1 --variants`, run once for the
/// binary: e2e checks it, the clang tests compare clang's counts with it, the book's measured
/// figures are rendered from it, and the variants test reads 7.4's variants in it.
pub fn all_solutions_with_nvrtc() -> &'static Output {
    static OUT: OnceLock<Output> = OnceLock::new();
    OUT.get_or_init(|| {
        Command::new(env!("CARGO_BIN_EXE_grader"))
            .args(["all", "--solutions", "--compiler", "nvrtc", "--format", "json", "--seed", "1", "--variants"])
            .env("PMPP_NO_PROGRESS", "1")
            .output()
            .expect("the grader binary runs")
    })
}
