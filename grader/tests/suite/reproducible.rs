//! One seed, one report, whatever the number of cores: the JSON of a grading on one thread, on
//! every core and on more threads than cores (their timing then differs most) is the same byte
//! for byte, wall times aside. The kernels are those whose reports used to vary: launches that
//! end early (a fault, or a budget spent) beside blocks still running, and kernels that never
//! end, where which test runs out first used to decide the others' verdicts. Every `grader/wrong`
//! kernel and `all --solutions` are compared by `tools/same-on-any-cores`, too slow for the suite.

use std::path::Path;

/// (section, kernel, what used to vary).
const KERNELS: &[(&str, &str, &str)] = &[
    ("7.2", "grader/wrong/7.2/ghost-cells-read.cu", "the outputs of a launch stopped by a fault"),
    ("7.2", "grader/wrong/7.2/inner-loop-wrong-increment.cu", "which test a kernel that never ends stops"),
    ("8.5", "grader/wrong/8.5/loop-never-advances.cu", "the occurrences and outputs of an endless loop"),
];

/// The JSON report of `kernel` on `threads` worker threads (`None`: one per core), its wall
/// times left out.
fn report(section: &str, kernel: &str, threads: Option<&str>) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut command = crate::common::grader();
    command
        .args([section, "--kernel", kernel, "--format", "json", "--seed", "1", "--backend", "emulator"])
        .args(["--compiler", "nvrtc"])
        .current_dir(root)
        .env("PMPP_NO_PROGRESS", "1");
    match threads {
        Some(n) => command.env("RAYON_NUM_THREADS", n),
        None => command.env_remove("RAYON_NUM_THREADS"),
    };
    let out = command.output().unwrap();
    assert!(out.status.code().is_some_and(|c| c <= 1), "{kernel}: {}", String::from_utf8_lossy(&out.stderr));
    let json = String::from_utf8(out.stdout).unwrap();
    json.lines().filter(|l| !l.trim_start().starts_with("\"seconds\":")).collect::<Vec<_>>().join("\n")
}

#[test]
fn a_report_is_the_same_on_any_number_of_cores() {
    for (section, kernel, varied) in KERNELS {
        let one = report(section, kernel, Some("1"));
        assert!(one.contains("\"passed\": false"), "{kernel} fails");
        for threads in [None, Some("8")] {
            let other = report(section, kernel, threads);
            assert!(
                one == other,
                "{kernel} on {} threads differs from one ({varied}):\n{}",
                threads.unwrap_or("all"),
                first_difference(&one, &other)
            );
        }
    }
}

/// The first line where two reports differ, with its neighbours.
fn first_difference(a: &str, b: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let at = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
    let from = at.saturating_sub(3);
    format!(
        "one thread:\n{}\nthe other:\n{}",
        a[from..(at + 3).min(a.len())].join("\n"),
        b[from..(at + 3).min(b.len())].join("\n")
    )
}
