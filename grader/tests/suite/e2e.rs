//! End to end through the real binary: every reference solution passes, every stub fails, and
//! the exit status tells passed (0), failed (1) and could-not-run (2) apart. NVRTC is found (or
//! installed) by the grader itself, exactly as for a student.

use std::path::PathBuf;
use std::process::Output;

use serde_json::Value;

fn grader(args: &[&str]) -> Output {
    crate::common::grader().args(args).output().expect("the grader binary runs")
}

fn json_of(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}):\n{}\nstderr:\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// A scratch file for a kernel written by a test.
fn scratch(name: &str, source: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grader-e2e-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    path
}

#[test]
fn every_solution_passes() {
    let out = crate::common::all_solutions_with_nvrtc();
    let json = json_of(out);
    let sections = json["sections"].as_array().unwrap();
    let ids: Vec<&str> = sections.iter().map(|s| s["section"].as_str().unwrap()).collect();
    assert_eq!(ids, grader::course::sections::ids(), "every section, in course order");
    for s in sections {
        let id = s["section"].as_str().unwrap();
        assert_eq!(s["passed"], true, "solution of {id} fails: {s:#}");
        assert_eq!(s["compile"]["ok"], true);
        assert_eq!(s["seed"], 1);
        assert_eq!(s["backend"], "emulator");
        assert!(s["kernel"].as_str().unwrap().starts_with("solutions/"), "{id}");
        let tests = s["tests"].as_array().unwrap();
        assert!(tests.iter().any(|t| t["visibility"] == "visible"), "{id} has visible tests");
        assert!(tests.iter().any(|t| t["visibility"] == "hidden"), "{id} has hidden tests");
        let m = &s["metrics"];
        for field in [
            "flops",
            "global_load_bytes",
            "global_load_requests",
            "global_load_sectors",
            "global_store_bytes",
            "shared_bytes_per_block",
        ] {
            assert!(m[field].is_u64(), "{id}: metrics.{field}");
        }
        assert!(m["op_per_byte"].is_f64() && m["case"].is_string());
        assert!(m["global_load_bytes"].as_u64().unwrap() > 0, "{id} loads from global memory");
        let targets = s["targets"].as_array().unwrap();
        assert!(!targets.is_empty(), "{id} has targets");
        for t in targets {
            assert_eq!(t["passed"], true, "{id}: {t}");
            assert!(t["target"].is_f64() && t["op"].is_string() && t["name"].is_string());
            // Measured, or (a speed target without a GPU) skipped with the reason and the estimate.
            let not_graded =
                t["skipped"].as_str().is_some_and(|s| s.starts_with("not graded without a GPU (estimated "));
            assert!(t["measured"].is_f64() || not_graded, "{id}: {t}");
        }
        assert_eq!(s["findings"].as_array().unwrap().len(), 0, "{id}: a solution has no findings");
    }
    assert_eq!(out.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&out.stderr));
}

/// The stubs as shipped (in a course of their own: this checkout's may be solved).
#[test]
fn every_stub_fails() {
    let out = crate::common::grader()
        .args(["all", "--format", "json", "--seed", "11"])
        .current_dir(crate::common::shipped_course())
        .env("PMPP_NO_PROGRESS", "1")
        .output()
        .expect("the grader binary runs");
    let json = json_of(&out);
    let sections = json["sections"].as_array().unwrap();
    assert_eq!(sections.len(), grader::course::sections::ids().len());
    for s in sections {
        assert_eq!(s["passed"], false, "the stub of {} passes", s["section"]);
        assert!(s["kernel"].as_str().unwrap().starts_with("exercises/"));
        assert_eq!(s["compile"]["ok"], true, "the stub of {} compiles", s["section"]);
    }
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn seeds_are_printed_and_reproducible() {
    let a = json_of(&grader(&["1d", "--solutions", "--format", "json", "--seed", "77"]));
    let b = json_of(&grader(&["1d", "--solutions", "--format", "json", "--seed", "77"]));
    assert_eq!(a["sections"][0]["tests"], b["sections"][0]["tests"]);
    assert_eq!(a["sections"][0]["metrics"], b["sections"][0]["metrics"]);
    let text = grader(&["1d", "--solutions"]);
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert!(stdout.contains("rerun with --seed "), "{stdout}");
}

#[test]
fn unknown_section_lists_the_valid_ones() {
    let out = grader(&["9.9"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown section `9.9`") && err.contains("7.2") && err.contains("8.5"), "{err}");
}

#[test]
fn missing_kernel_file_cannot_run() {
    let out = grader(&["7.2", "--kernel", "/nonexistent/kernel.cu"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("kernel file not found: /nonexistent/kernel.cu"));
}

#[test]
fn usage_errors_cannot_run() {
    assert_eq!(grader(&[]).status.code(), Some(2));
    assert_eq!(grader(&["7.2", "--backend", "tpu"]).status.code(), Some(2));
    assert_eq!(grader(&["all", "--kernel", "x.cu"]).status.code(), Some(2));
    // Without a usable GPU, asking for one explicitly is an error (exit 2), not a silent fallback;
    // with one, the solution passes there too.
    let gpu = grader(&["7.2", "--solutions", "--backend", "gpu"]);
    match gpu.status.code() {
        Some(0) => {}
        Some(2) => {
            let err = String::from_utf8_lossy(&gpu.stderr);
            assert!(err.contains("--backend emulator"), "the error should say what to use instead: {err}");
        }
        other => panic!("--backend gpu exited {other:?}"),
    }
}

#[test]
fn compile_error_shows_file_and_line() {
    let path = scratch(
        "syntax.cu",
        "extern \"C\" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r, int width, int height) {\n\
         \x20   int col = blockIdx.x * blockDim.x + threadIdx.x\n\
         \x20   P[col] = N[col];\n}\n",
    );
    let p = path.to_str().unwrap();
    let out = grader(&["7.2", "--kernel", p, "--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "a compile error is the student's failure");
    let s = &json_of(&out)["sections"][0];
    assert_eq!(s["compile"]["ok"], false);
    let log = s["compile"]["log"].as_str().unwrap();
    assert!(log.contains(&format!("{p}(3): error")), "{log}");
    let text = String::from_utf8_lossy(&grader(&["7.2", "--kernel", p]).stdout).to_string();
    assert!(text.contains("compile error") && text.contains(&format!("{p}(3): error")), "{text}");
}

#[test]
fn a_c_plus_plus_name_is_explained() {
    let path = scratch(
        "mangled.cu",
        "__global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r, int width, int height) {}\n",
    );
    let out = grader(&["7.2", "--kernel", path.to_str().unwrap(), "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let problem = json_of(&out)["sections"][0]["problem"].as_str().unwrap().to_string();
    assert!(
        problem.contains(
            "extern \"C\" __global__ void convolution_2D_basic_kernel(float *, float *, float *, int, int, int)"
        ),
        "{problem}"
    );
    assert!(problem.contains("C++-mangled"), "{problem}");
}

#[test]
fn a_planted_out_of_bounds_write_is_found_with_its_line() {
    // The 7.2 solution without the bounds check on the output: threads past the image write.
    let path = scratch(
        "no_bounds.cu",
        "extern \"C\" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r, int width, int height) {\n\
         \x20   int outCol = blockIdx.x * blockDim.x + threadIdx.x;\n\
         \x20   int outRow = blockIdx.y * blockDim.y + threadIdx.y;\n\
         \x20   float Pvalue = 0.0f;\n\
         \x20   for (int fRow = 0; fRow < 2 * r + 1; fRow++)\n\
         \x20       for (int fCol = 0; fCol < 2 * r + 1; fCol++) {\n\
         \x20           int inRow = outRow - r + fRow, inCol = outCol - r + fCol;\n\
         \x20           if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width)\n\
         \x20               Pvalue += F[fRow * (2 * r + 1) + fCol] * N[inRow * width + inCol];\n\
         \x20       }\n\
         \x20   P[outRow * width + outCol] = Pvalue;\n\
         }\n",
    );
    let out = grader(&["7.2", "--kernel", path.to_str().unwrap(), "--format", "json", "--seed", "2"]);
    assert_eq!(out.status.code(), Some(1));
    let s = &json_of(&out)["sections"][0];
    let findings = s["findings"].as_array().unwrap();
    assert!(!findings.is_empty());
    let f = &findings[0];
    assert_eq!(f["kind"], "out_of_bounds");
    assert_eq!(f["line"], 11);
    assert_eq!(f["file"], path.to_str().unwrap());
    assert!(f["block"].is_array() && f["thread"].is_array());
}

#[test]
fn a_wrong_nvrtc_path_is_a_clear_error() {
    let out = crate::common::grader()
        .args(["7.2", "--solutions"])
        .env("NVRTC_PATH", "/nonexistent/libnvrtc.so.12")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("NVRTC_PATH=/nonexistent/libnvrtc.so.12"), "{err}");
}

#[test]
fn list_shows_every_section_and_the_compiler() {
    let out = grader(&["list", "--solutions"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("NVRTC 12."), "{text}");
    for id in grader::course::sections::ids() {
        assert!(text.lines().any(|l| l.split_whitespace().any(|w| w == id)), "{id} missing from:\n{text}");
    }
}

#[test]
fn the_working_directorys_course_is_graded_not_the_one_the_binary_was_built_in() {
    // Two checkouts other than the one the binary was built in: a student's whose 7.2 kernel is
    // the solution, and one as shipped (the stub). Each grades its own.
    let root = std::env::temp_dir().join(format!("grader-second-checkout-{}", std::process::id()));
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    std::fs::create_dir_all(root.join("exercises/7.2-basic")).unwrap();
    std::fs::copy(here.join("Cargo.toml"), root.join("Cargo.toml")).unwrap();
    std::fs::copy(here.join("solutions/7.2-basic/kernel.cu"), root.join("exercises/7.2-basic/kernel.cu")).unwrap();
    for (course, passes) in [(root.as_path(), true), (crate::common::shipped_course(), false)] {
        let out = crate::common::grader()
            .args(["7.2", "--format", "json", "--seed", "3"])
            .current_dir(course.join("exercises"))
            .env("PMPP_NO_PROGRESS", "1")
            .output()
            .unwrap();
        let s = &json_of(&out)["sections"][0];
        assert_eq!(s["passed"], passes, "{}: its own kernel was graded: {s:#}", course.display());
        assert_eq!(out.status.code(), Some(if passes { 0 } else { 1 }));
    }
    std::fs::remove_dir_all(&root).unwrap();
}

/// The build cache keeps what the compiler made and is used: a second grading reads its entries
/// (entries planted with other contents change what runs), and an entry that is not one (another
/// file, a truncated write) is ignored and written again.
#[test]
fn builds_are_kept_read_back_and_a_broken_entry_is_built_again() {
    let dir = std::env::temp_dir().join(format!("grader-build-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let grade = || crate::common::grader().args(["7.2", "--solutions"]).env("PMPP_BUILD_CACHE", &dir).output().unwrap();
    let entries = || -> Vec<PathBuf> { std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect() };
    let first = grade();
    assert_eq!(first.status.code(), Some(0), "{}", String::from_utf8_lossy(&first.stdout));
    let kept = entries();
    assert!(!kept.is_empty(), "no build was kept in {}", dir.display());
    for entry in &kept {
        assert!(std::fs::read(entry).unwrap().starts_with(b"pmpp-course build 2\n"), "{}", entry.display());
    }
    // Entries in the cache's format whose PTX is not the compiler's: what runs is what is kept.
    for entry in &kept {
        std::fs::write(entry, b"pmpp-course build 2\n0 20\n.version 1.0 not ptx").unwrap();
    }
    let planted = grade();
    assert_ne!(
        planted.status.code(),
        Some(0),
        "the kept builds were not read:\n{}",
        String::from_utf8_lossy(&planted.stdout)
    );
    // Entries that are not the cache's: ignored, built again, kept again.
    for entry in &kept {
        std::fs::write(entry, b"pmpp-course build").unwrap();
    }
    let again = grade();
    assert_eq!(again.status.code(), Some(0), "{}", String::from_utf8_lossy(&again.stdout));
    for entry in &kept {
        assert!(
            std::fs::read(entry).unwrap().starts_with(b"pmpp-course build 2\n"),
            "{} was not written again",
            entry.display()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
