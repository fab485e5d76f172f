//! End to end: `bundle 7.4` writes a Gradescope autograder zip; unpacked in a temporary
//! /autograder, its `run_autograder` grades a submission with the already-built grader (paths
//! overridden by env vars) and leaves a results.json, for a solution, a wrong kernel, a kernel
//! that does not compile and a missing submission. Needs NVRTC, like the other end-to-end tests.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").canonicalize().unwrap()
}

fn unzip(zip_path: &Path, into: &Path) -> Vec<String> {
    let mut archive = zip::ZipArchive::new(std::fs::File::open(zip_path).unwrap()).unwrap();
    let mut names = Vec::new();
    for i in 0..archive.len() {
        let mut f = archive.by_index(i).unwrap();
        let name = f.name().unwrap().to_string();
        let out = into.join(&name);
        std::fs::create_dir_all(out.parent().unwrap()).unwrap();
        let mut w = std::fs::File::create(&out).unwrap();
        std::io::copy(&mut f, &mut w).unwrap();
        #[cfg(unix)]
        if let Some(mode) = f.unix_mode() {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&out, std::fs::Permissions::from_mode(mode)).unwrap();
        }
        names.push(name);
    }
    names
}

/// Runs run_autograder with `submission` (None: nothing submitted); returns results.json.
fn autograde(ag: &Path, submission: Option<&str>) -> Value {
    let sub = ag.join("submission");
    let _ = std::fs::remove_dir_all(&sub);
    std::fs::create_dir_all(sub.join("nested")).unwrap();
    if let Some(text) = submission {
        std::fs::write(sub.join("nested").join("kernel.cu"), text).unwrap();
    }
    // run_autograder's grader inherits the environment: English, as the tests expect.
    let out = crate::common::in_english(&mut Command::new(ag.join("source").join("run_autograder")))
        .env("AUTOGRADER_ROOT", ag)
        .env("GRADER_BIN", env!("CARGO_BIN_EXE_grader"))
        .env("CI", "1")
        .output()
        .unwrap();
    assert!(out.status.success(), "run_autograder always exits 0: {}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(ag.join("results").join("results.json")).expect("results.json written");
    serde_json::from_str(&text).unwrap()
}

fn max(v: &Value) -> f64 {
    v["tests"].as_array().unwrap().iter().map(|t| t["max_score"].as_f64().unwrap()).sum()
}

fn check_shape(v: &Value) {
    let tests = v["tests"].as_array().unwrap();
    let sum: f64 = tests.iter().map(|t| t["score"].as_f64().unwrap()).sum();
    assert_eq!(v["score"].as_f64().unwrap(), sum, "the score is the sum of the tests'");
    for t in tests {
        assert!(["visible", "after_published"].contains(&t["visibility"].as_str().unwrap()), "{t}");
        assert!(["passed", "failed"].contains(&t["status"].as_str().unwrap()), "{t}");
        assert!(t["name"].as_str().unwrap().starts_with("7.4 "), "{t}");
        assert!(t["output"].is_string());
    }
    assert!(tests.iter().any(|t| t["visibility"] == "after_published"), "hidden cases are hidden until published");
}

#[test]
#[cfg_attr(windows, ignore = "run_autograder is a shell script for Gradescope's Linux image")]
fn a_bundle_grades_submissions_into_results_json() {
    let tmp = tempfile::tempdir().unwrap();
    let zip_path = tmp.path().join("ag.zip");
    let out = crate::common::grader().args(["bundle", "7.4", "--output"]).arg(&zip_path).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

    let ag = tmp.path().join("autograder");
    let names = unzip(&zip_path, &ag.join("source"));
    for must in [
        "setup.sh",
        "run_autograder",
        "Cargo.toml",
        "Cargo.lock",
        "grader/src/cli.rs",
        "emulator/src/types.rs",
        "emulator/src/probe/metrics.rs",
        "exercises/7.4-halo-tiling/kernel.cu",
    ] {
        assert!(names.iter().any(|n| n == must), "{must} missing from the bundle");
    }
    for n in &names {
        assert!(
            !n.starts_with("solutions/")
                && !n.starts_with("grader/wrong/")
                && !n.contains("target/")
                && !n.starts_with(".git"),
            "{n} must not ship"
        );
    }
    let run = std::fs::read_to_string(ag.join("source/run_autograder")).unwrap();
    assert!(run.contains("SECTION=\"7.4\"") && !run.contains("@SECTION@"));
    // Gradescope's image and GitHub Classroom's workflow install the NVRTC a student's first run does.
    let nvrtc = format!("{}=={}", grader::toolchain::nvrtc::WHEEL, grader::toolchain::nvrtc::WHEEL_VERSION);
    let setup = std::fs::read_to_string(ag.join("source/setup.sh")).unwrap();
    assert!(setup.contains(&nvrtc) && !setup.contains("@NVRTC_VERSION@"), "{setup}");
    let classroom = std::fs::read_to_string(root().join("grader/classroom/classroom.yml")).unwrap();
    assert!(classroom.contains(&nvrtc), "grader/classroom/classroom.yml installs another NVRTC than {nvrtc}");
    let stub = std::fs::read_to_string(ag.join("source/exercises/7.4-halo-tiling/kernel.cu")).unwrap();
    assert_eq!(
        stub,
        grader::course::sections::stub(section_7_4::section()).unwrap(),
        "the stub as shipped, not this checkout's"
    );

    let solution = std::fs::read_to_string(root().join("solutions/7.4-halo-tiling/kernel.cu")).unwrap();
    let good = autograde(&ag, Some(&solution));
    check_shape(&good);
    let total = max(&good);
    assert!(total >= 10.0, "tests + targets + sanitizer: {good}");
    assert_eq!(good["score"].as_f64().unwrap(), total, "the solution gets every point: {good}");
    let board = good["leaderboard"].as_array().unwrap();
    assert_eq!(board[0]["name"], "OP/B");
    assert!(board[0]["value"].as_f64().unwrap() > 8.0, "{board:?}");

    let wrong = std::fs::read_to_string(root().join("grader/wrong/7.4/missing-syncthreads.cu")).unwrap();
    let bad = autograde(&ag, Some(&wrong));
    check_shape(&bad);
    assert_eq!(max(&bad), total, "every submission is scored out of the same total");
    assert!(bad["score"].as_f64().unwrap() < total);
    let sanitizer =
        bad["tests"].as_array().unwrap().iter().find(|t| t["name"] == "7.4 sanitizer: no findings").unwrap();
    assert_eq!(sanitizer["score"], 0.0);
    assert!(sanitizer["output"].as_str().unwrap().contains("race at kernel.cu:"), "{sanitizer}");

    let broken = autograde(&ag, Some("extern \"C\" __global__ void f( {"));
    check_shape(&broken);
    assert_eq!((broken["score"].as_f64().unwrap(), max(&broken)), (0.0, total));
    assert!(broken["output"].as_str().unwrap().contains("does not compile"), "{broken}");

    let missing = autograde(&ag, None);
    assert_eq!((missing["score"].as_f64().unwrap(), max(&missing)), (0.0, total));
    assert!(missing["output"].as_str().unwrap().contains("No kernel.cu was submitted"), "{missing}");
}

#[test]
#[cfg_attr(windows, ignore = "run_autograder is a shell script for Gradescope's Linux image")]
fn the_grader_failing_to_start_still_leaves_results() {
    let tmp = tempfile::tempdir().unwrap();
    let zip_path = tmp.path().join("ag.zip");
    let out = crate::common::grader().args(["bundle", "1d", "--output"]).arg(&zip_path).output().unwrap();
    assert!(out.status.success());
    let ag = tmp.path().join("autograder");
    unzip(&zip_path, &ag.join("source"));
    std::fs::create_dir_all(ag.join("submission")).unwrap();
    let out = Command::new(ag.join("source/run_autograder"))
        .env("AUTOGRADER_ROOT", &ag)
        .env("GRADER_BIN", ag.join("no-such-grader"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_str(&std::fs::read_to_string(ag.join("results/results.json")).unwrap()).unwrap();
    assert_eq!(v["score"], 0);
    assert!(v["output"].as_str().unwrap().contains("autograder itself failed"), "{v}");
}

#[test]
fn private_cases_are_graded_and_bad_files_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let cases = tmp.path().join("cases.toml");
    std::fs::write(
        &cases,
        "[[case]]\nsection = \"7.4\"\nwidth = 70\nheight = 3\nradius = 3\nseed = 42\nname = \"strip\"\n",
    )
    .unwrap();
    let out = crate::common::grader()
        .args(["7.4", "--solutions", "--backend", "emulator", "--format", "json", "--seed", "5", "--cases"])
        .arg(&cases)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let tests = v["sections"][0]["tests"].as_array().unwrap();
    let private = tests.iter().position(|t| t["name"] == "private: strip").expect("the private case ran");
    assert_eq!(tests[private]["visibility"], "hidden");
    assert_eq!(private, tests.len() - 3, "after the hidden cases, before the two metrics cases");

    std::fs::write(&cases, "[[case]]\nsection = \"7.4\"\nwidth = 70\n").unwrap();
    let out = crate::common::grader().args(["7.4", "--solutions", "--cases"]).arg(&cases).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("case 1 (section 7.4): this section needs `height`"));
}

/// A bundle with private cases: a kernel that includes the cases file (by its absolute path, by
/// `..`, through a macro) is refused before the compiler opens it, the results hold none of its
/// lines, and it is scored out of the same total as a kernel that compiles (private cases
/// counted either way).
#[test]
#[cfg_attr(windows, ignore = "run_autograder is a shell script for Gradescope's Linux image")]
fn a_kernel_cannot_read_the_private_cases_and_is_scored_out_of_the_same_total() {
    let tmp = tempfile::tempdir().unwrap();
    let cases = tmp.path().join("cases.toml");
    let secret = "# instructor: the hidden strip is SECRET-NOTE-91b2";
    std::fs::write(
        &cases,
        format!(
            "{secret}\n[[case]]\nsection = \"7.4\"\nwidth = 70\nheight = 3\nradius = 3\nseed = 42\nname = \"strip\"\n"
        ),
    )
    .unwrap();
    let zip_path = tmp.path().join("ag.zip");
    let out = crate::common::grader()
        .args(["bundle", "7.4", "--cases"])
        .arg(&cases)
        .arg("--output")
        .arg(&zip_path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let ag = tmp.path().join("autograder");
    unzip(&zip_path, &ag.join("source"));
    let private = ag.join("source").join("private-cases.toml");
    assert!(std::fs::read_to_string(&private).unwrap().contains("SECRET-NOTE-91b2"), "the cases travel in the zip");

    let solution = std::fs::read_to_string(root().join("solutions/7.4-halo-tiling/kernel.cu")).unwrap();
    let good = autograde(&ag, Some(&solution));
    let total = max(&good);
    assert_eq!(good["score"].as_f64().unwrap(), total, "{good}");
    assert!(good["tests"].as_array().unwrap().iter().any(|t| t["name"].as_str().unwrap().contains("private: strip")));

    let absolute = private.display().to_string();
    for include in [
        format!("#include \"{absolute}\""),
        "#include \"../../source/private-cases.toml\"".to_string(),
        format!("#define CASES \"{absolute}\"\n#include CASES"),
    ] {
        let kernel = format!("{include}\n{solution}");
        let results = autograde(&ag, Some(&kernel));
        let text = results.to_string();
        assert!(!text.contains("SECRET-NOTE"), "the results show the private cases: {text}");
        assert!(text.contains("the grader did not open it"), "{text}");
        assert_eq!((results["score"].as_f64().unwrap(), max(&results)), (0.0, total), "{include}");
    }
}
