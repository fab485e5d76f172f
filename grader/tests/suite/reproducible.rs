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

/// 7.2's solution with `float Pvalue;` and no zero: an H200 computed every output right (nvcc 13,
/// sm_90: the sum sat in the register `%tid.y` had been read into, a denormal as a float), so it
/// passes here, the same on any number of cores. Its register used to hold what the worker's
/// previous block left.
#[test]
fn an_accumulator_read_before_it_is_written_passes_as_on_an_h200_on_any_number_of_cores() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let solution = std::fs::read_to_string(root.join("solutions/7.2-basic/kernel.cu")).unwrap();
    let kernel = solution.replace("float Pvalue = 0.0f;", "float Pvalue;");
    assert_ne!(kernel, solution, "the solution's accumulator is no longer `float Pvalue = 0.0f;`");
    let path = std::env::temp_dir().join(format!("uninitialized-accumulator-{}.cu", std::process::id()));
    std::fs::write(&path, kernel).unwrap();
    let path = path.to_str().unwrap();
    let one = report("7.2", path, Some("1"));
    assert!(one.contains("\"passed\": true"), "it fails:\n{one}");
    for threads in [None, Some("8")] {
        let other = report("7.2", path, threads);
        assert!(one == other, "on {} threads: {}", threads.unwrap_or("all"), first_difference(&one, &other));
    }
    std::fs::remove_file(path).ok();
}
