//! What several test modules share: gradings too costly to repeat per module, the course as
//! shipped, and the language the tests expect.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// `command` speaking English whatever the locale of the machine that runs the tests: the
/// grader's language is the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set (and GNU's
/// `LANGUAGE` before them), so those are cleared and `LANG` is set to C. For the grader binary
/// and for the scripts that run it (Gradescope's `run_autograder`, PrairieLearn's entrypoint),
/// whose child inherits the environment.
pub fn in_english(command: &mut Command) -> &mut Command {
    for v in ["LC_ALL", "LC_MESSAGES", "LANGUAGE"] {
        command.env_remove(v);
    }
    command.env("LANG", "C.UTF-8")
}

/// The grader binary, speaking English whatever the locale of the machine that runs the tests
/// (their expectations are English; `wrong_reports` asks for Chinese where it means to).
pub fn grader() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_grader"));
    in_english(&mut c);
    c
}

/// A section's stub as the course ships it: the text built into the grader, which `grader
/// reset` restores. Never this checkout's `exercises/<dir>/kernel.cu`: a student who did the
/// course has solved it there.
pub fn stub(dir: &str) -> &'static str {
    grader::course::sections::STUBS
        .iter()
        .find(|(d, _)| *d == dir)
        .map(|(_, text)| *text)
        .unwrap_or_else(|| panic!("no section in directory {dir}"))
}

/// A course as shipped, for the tests that grade the stubs: the workspace manifest and, in
/// `exercises/`, every section's [`stub`] (made once for the test binary, in a temporary
/// directory). Run the grader with this as its working directory to grade the stubs whatever
/// this checkout's `exercises/` holds.
pub fn shipped_course() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let root = tempfile::Builder::new().prefix("grader-shipped-course-").tempdir().unwrap().keep();
        let here = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        std::fs::copy(here.join("Cargo.toml"), root.join("Cargo.toml")).unwrap();
        for (dir, text) in grader::course::sections::STUBS {
            let section = root.join("exercises").join(dir);
            std::fs::create_dir_all(&section).unwrap();
            std::fs::write(section.join("kernel.cu"), text).unwrap();
        }
        root
    })
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
