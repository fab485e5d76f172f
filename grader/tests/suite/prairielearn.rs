//! End to end: `prairielearn 7.4 --out DIR` writes the questions, the entrypoint and the
//! Dockerfile; the question folder is laid out as PrairieLearn lays out a grading job (a temporary
//! /grade with student/, tests/, data/, serverFilesCourse/), and the entrypoint named in
//! info.json grades submissions with the already-built grader (paths overridden by env vars).
//! Every results.json is checked against the schema written from PrairieLearn's docs
//! (grader/prairielearn/results.schema.json) and PrairieLearn's 1 MB. Needs NVRTC.

use std::path::{Path, PathBuf};
use std::process::Command;

use base64::Engine as _;
use grader::toolchain::nvrtc;
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").canonicalize().unwrap()
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()))
}

/// `grader prairielearn ARGS… --out DIR`; the course folder's path.
fn generate(dir: &Path, args: &[&str]) -> PathBuf {
    let out = dir.join("pl-course");
    let run = crate::common::grader()
        .arg("prairielearn")
        .args(args)
        .arg("--out")
        .arg(&out)
        .current_dir(root())
        .output()
        .unwrap();
    assert!(run.status.success(), "{}\n{}", String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr));
    out
}

/// The folders PrairieLearn would copy: (info.json's options, the question's folder).
fn question(out: &Path, dir: &str) -> (Value, PathBuf) {
    let q = out.join("questions/pmpp").join(dir);
    (read_json(&q.join("info.json")), q)
}

/// The generated course folder: every question's info.json parses, has PrairieLearn's external
/// grading options, and names files that exist (its entrypoint, its serverFilesCourse folder, the
/// editor's source file); the timeout is measured from the reference solution.
#[test]
fn the_generated_questions_parse_and_name_existing_files() {
    let tmp = tempfile::tempdir().unwrap();
    let out = generate(tmp.path(), &["7.4", "8.2", "--image", "ghcr.io/example/pmpp-grader:1"]);
    let mut uuids = Vec::new();
    for (id, dir) in [("7.4", "7.4-halo-tiling"), ("8.2", "8.2-stencil-basic")] {
        let (info, q) = question(&out, dir);
        assert_eq!(info["type"], "v3");
        assert_eq!(info["gradingMethod"], "External");
        let options = &info["externalGradingOptions"];
        assert_eq!(options["enabled"], true);
        assert_eq!(options["image"], "ghcr.io/example/pmpp-grader:1");
        let timeout = options["timeout"].as_u64().unwrap();
        // The compile limit (30 s), four reference runs on one core, 15 s to start.
        assert!((46..=120).contains(&timeout), "{id}: {timeout} s");
        let entrypoint: Vec<&str> = options["entrypoint"].as_str().unwrap().split(' ').collect();
        assert_eq!(entrypoint[1], id);
        assert_eq!(entrypoint[3], timeout.to_string(), "the entrypoint stops before PrairieLearn's timeout");
        let script = out.join(entrypoint[0].strip_prefix("/grade/").expect("under /grade"));
        assert!(script.is_file(), "{}", script.display());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&script).unwrap().permissions().mode() & 0o111, 0o111);
        }
        for shared in options["serverFilesCourse"].as_array().unwrap() {
            assert!(out.join("serverFilesCourse").join(shared.as_str().unwrap()).is_dir(), "{shared}");
        }
        let html = std::fs::read_to_string(q.join("question.html")).unwrap();
        let source = html.split("source-file-name=\"").nth(1).unwrap().split('"').next().unwrap();
        assert_eq!(
            std::fs::read_to_string(q.join(source)).unwrap(),
            crate::common::stub(dir),
            "the editor starts with the stub as shipped"
        );
        assert!(html.contains("<pl-external-grader-results>") && html.contains("file-name=\"kernel.cu\""));
        assert!(q.join("tests").is_dir());
        uuids.push(info["uuid"].as_str().unwrap().to_string());
    }
    assert_ne!(uuids[0], uuids[1]);
    let again = generate(&tmp.path().join("again"), &["7.4", "--timeout", "50"]);
    assert_eq!(question(&again, "7.4-halo-tiling").0["uuid"], uuids[0].as_str(), "a question keeps its uuid");
    let dockerfile = std::fs::read_to_string(out.join("Dockerfile")).unwrap();
    assert!(dockerfile.contains("cargo build --release --locked -p grader --features png"), "{dockerfile}");
    // The versions every student's first run installs, and cuda_fp16.h where the grader takes it.
    let pinned = |wheel: &str, version: &str| dockerfile.contains(&format!("{wheel}=={version}"));
    assert!(pinned(nvrtc::WHEEL, nvrtc::WHEEL_VERSION), "{dockerfile}");
    assert!(pinned(nvrtc::HEADERS_WHEEL, nvrtc::HEADERS_WHEEL_VERSION), "{dockerfile}");
    assert!(dockerfile.contains("/opt/nvrtc/include") && !dockerfile.contains('@'), "{dockerfile}");
    assert!(dockerfile.contains("ENV NVRTC_PATH=/opt/nvrtc/lib") && dockerfile.contains("useradd"), "{dockerfile}");
    assert!(out.join("Dockerfile.dockerignore").is_file() && out.join("README.md").is_file());
}

/// A grading job laid out as PrairieLearn does, for one question.
struct Job {
    grade: PathBuf,
    entrypoint: Vec<String>,
}

impl Job {
    fn new(tmp: &Path, out: &Path, dir: &str) -> Job {
        let (info, q) = question(out, dir);
        let grade = tmp.join("grade");
        copy_dir(&out.join("serverFilesCourse"), &grade.join("serverFilesCourse"));
        copy_dir(&q.join("tests"), &grade.join("tests"));
        let options = &info["externalGradingOptions"];
        let entrypoint = options["entrypoint"].as_str().unwrap().split(' ').map(str::to_string).collect();
        Job { grade, entrypoint }
    }

    /// Runs the entrypoint on `kernel` (None: nothing submitted) with `data` as data.json;
    /// returns results.json, checked against the schema and the size limit.
    fn grade(&self, kernel: Option<&str>, data: &str) -> Value {
        for sub in ["student", "data", "results"] {
            let _ = std::fs::remove_dir_all(self.grade.join(sub));
        }
        std::fs::create_dir_all(self.grade.join("student")).unwrap();
        std::fs::create_dir_all(self.grade.join("data")).unwrap();
        if let Some(text) = kernel {
            std::fs::write(self.grade.join("student/kernel.cu"), text).unwrap();
        }
        std::fs::write(self.grade.join("data/data.json"), data).unwrap();
        self.grade_as_is(data)
    }

    /// Runs the entrypoint on /grade as it stands (`data` written again as data.json).
    fn grade_as_is(&self, data: &str) -> Value {
        let _ = std::fs::remove_dir_all(self.grade.join("results"));
        std::fs::write(self.grade.join("data/data.json"), data).unwrap();
        let script = self.grade.join(self.entrypoint[0].strip_prefix("/grade/").unwrap());
        // The entrypoint's grader inherits the environment: English, as the test expects.
        let run = crate::common::in_english(&mut Command::new("bash"))
            .arg(&script)
            .args(&self.entrypoint[1..])
            .env("PL_GRADE_ROOT", &self.grade)
            .env("GRADER_BIN", env!("CARGO_BIN_EXE_grader"))
            .env("PMPP_GRADER_USER", "no-such-user-pmpp")
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
        let path = self.grade.join("results/results.json");
        let bytes = std::fs::metadata(&path).unwrap().len();
        assert!(bytes < 1_000_000, "results.json of {bytes} bytes");
        let results = read_json(&path);
        let errors = schema_errors(&results);
        assert!(errors.is_empty(), "{errors:?}\n{results:#}");
        results
    }
}

fn schema_errors(results: &Value) -> Vec<String> {
    let schema = read_json(&root().join("grader/prairielearn/results.schema.json"));
    let validator = jsonschema::validator_for(&schema).unwrap();
    validator.iter_errors(results).map(|e| format!("{e} at {}", e.instance_path())).collect()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

fn tests_of(results: &Value) -> &Vec<Value> {
    results["tests"].as_array().unwrap()
}

fn max_points(results: &Value) -> f64 {
    tests_of(results).iter().map(|t| t["max_points"].as_f64().unwrap()).sum()
}

fn kernel(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap()
}

/// The schema is able to fail: results PrairieLearn would not read.
#[test]
fn the_schema_refuses_what_prairielearn_would_not_read() {
    let ok = serde_json::json!({"score": 0.5, "tests": [{"name": "t", "points": 0, "max_points": 1}]});
    assert!(schema_errors(&ok).is_empty());
    for bad in [
        serde_json::json!({"gradable": true, "tests": []}),
        serde_json::json!({"score": 1.5}),
        serde_json::json!({"score": 1, "tests": [{"name": "t", "points": 1}]}),
        serde_json::json!({"score": 1, "images": [{"label": "map"}]}),
        serde_json::json!({"score": 1, "images": [{"url": "data:image/png;base64,not base64!"}]}),
        serde_json::json!({"gradable": false, "format_errors": [1]}),
    ] {
        assert!(!schema_errors(&bad).is_empty(), "accepted: {bad}");
    }
    assert!(schema_errors(&serde_json::json!({"gradable": false, "format_errors": "a line"})).is_empty());
}

/// The entrypoint on a solution (score 1), the stub (gradable, below 1), a kernel that does not
/// compile and one with the wrong parameters (not gradable, not charged), nothing submitted, and a
/// kernel that misses its traffic target (its reuse map and block view as PNG, under 1 MB); each
/// scored out of the same total, private cases included; data.json's seed wins.
#[test]
#[cfg_attr(windows, ignore = "the entrypoint is a shell script for PrairieLearn's Linux containers")]
fn the_entrypoint_grades_submissions_as_prairielearn_runs_them() {
    let tmp = tempfile::tempdir().unwrap();
    let cases = tmp.path().join("cases.toml");
    let secret = "# instructor: the hidden strip is SECRET-NOTE-5c1d";
    std::fs::write(
        &cases,
        format!(
            "{secret}\n[[case]]\nsection = \"7.4\"\nwidth = 70\nheight = 3\nradius = 3\nseed = 42\nname = \"strip\"\n"
        ),
    )
    .unwrap();
    let out = generate(tmp.path(), &["7.4", "--timeout", "60", "--cases", cases.to_str().unwrap()]);
    let job = Job::new(tmp.path(), &out, "7.4-halo-tiling");
    let no_params = r#"{"params": {}, "submitted_answers": {}}"#;

    let solution = kernel("solutions/7.4-halo-tiling/kernel.cu");
    let good = job.grade(Some(&solution), no_params);
    assert_eq!((good["gradable"].as_bool(), good["score"].as_f64()), (Some(true), Some(1.0)), "{good:#}");
    let total = max_points(&good);
    assert!(tests_of(&good).iter().any(|t| t["name"].as_str().unwrap().contains("private: strip")), "{good:#}");
    assert!(good["message"].as_str().unwrap().contains(&format!("seed {}", job.entrypoint[2])), "{good:#}");
    assert!(good["output"].as_str().unwrap().contains("7.4  Tiled convolution"), "the text report");

    let stub = job.grade(Some(crate::common::stub("7.4-halo-tiling")), no_params);
    assert_eq!(stub["gradable"], true);
    assert!(stub["score"].as_f64().unwrap() < 1.0);
    assert_eq!(max_points(&stub), total, "the same total whatever happens");
    // A hidden case shows its size and verdict, none of its values.
    let hidden = tests_of(&stub).iter().find(|t| t["name"].as_str().unwrap().contains("(hidden)")).unwrap();
    assert!(hidden["output"].as_str().unwrap().ends_with("wrong (its values are not shown)"), "{hidden}");

    let broken = solution.replacen("__syncthreads();", "__syncthreads()\n    int oops = undefined_name;", 1);
    let not_compiling = job.grade(Some(&broken), no_params);
    assert_eq!(not_compiling["gradable"], false, "{not_compiling:#}");
    let errors = not_compiling["format_errors"].as_array().unwrap();
    assert!(errors.iter().any(|e| e.as_str().unwrap().starts_with("kernel.cu(")), "{errors:?}");
    assert_eq!(max_points(&not_compiling), total);
    // Every row says what it checks, and that it did not run.
    let rows = tests_of(&not_compiling);
    assert!(rows.iter().all(|t| t["message"] == "not run" && t["output"] == "not run"), "{not_compiling:#}");
    let described = |what: &str| rows.iter().filter(|t| t["description"].as_str().unwrap().starts_with(what)).count();
    assert_eq!(described("the sanitizer"), 1);
    assert_eq!(described("the section's target"), 2);
    assert_eq!(
        described("a hidden case"),
        rows.iter().filter(|t| t["name"].as_str().unwrap().ends_with("(hidden)")).count()
    );

    let wrong_parameters = solution.replacen("int height) {", "int height, int pitch) {", 1);
    assert!(wrong_parameters != solution, "the solution's signature changed");
    let wrong = job.grade(Some(&wrong_parameters), no_params);
    assert_eq!(wrong["gradable"], false, "{wrong:#}");
    assert!(wrong["format_errors"][0].as_str().unwrap().contains("but the grader launches it as"), "{wrong:#}");

    let nothing = job.grade(None, no_params);
    assert_eq!(nothing["gradable"], false);
    assert!(nothing["format_errors"][0].as_str().unwrap().contains("No kernel.cu was submitted"), "{nothing:#}");

    // A kernel that reads its pixels from global memory in the loop: right, but OP/B missed.
    let seeded = job.grade(Some(&kernel("grader/wrong/7.4/global-reads-in-loop.cu")), r#"{"params": {"seed": 777}}"#);
    assert_eq!(seeded["gradable"], true);
    assert!(seeded["message"].as_str().unwrap().contains("seed 777"), "data.json's seed: {seeded:#}");
    let target = tests_of(&seeded).iter().find(|t| t["name"].as_str().unwrap().contains("op_per_byte")).unwrap();
    assert_eq!(target["points"], 0.0);
    let images = target["images"].as_array().expect("the traffic views");
    assert_eq!(images.len(), 2, "the reuse map of N and the block view");
    for image in images {
        let url = image["url"].as_str().unwrap();
        let png = base64::engine::general_purpose::STANDARD
            .decode(url.strip_prefix("data:image/png;base64,").unwrap())
            .unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        assert!(png.len() > 5_000 && png.len() < 300_000, "{} bytes", png.len());
    }
    assert!(images[0]["label"].as_str().unwrap().starts_with("N"), "{}", images[0]["label"]);

    // A kernel that includes the private cases by their path: refused, and nothing of them shown.
    let peek = format!("#include \"{}\"\n{solution}", job.grade.join("tests/private-cases.toml").display());
    let peeked = job.grade(Some(&peek), no_params);
    assert!(!peeked.to_string().contains("SECRET-NOTE"), "{peeked:#}");
    assert_eq!(peeked["gradable"], false);

    // A submitted kernel.cu that is a link to them is not read at all.
    #[cfg(unix)]
    {
        let linked = job.grade(None, no_params);
        assert_eq!(linked["gradable"], false);
        let student = job.grade.join("student/kernel.cu");
        std::os::unix::fs::symlink(job.grade.join("tests/private-cases.toml"), &student).unwrap();
        let results = job.grade_as_is(no_params);
        assert!(!results.to_string().contains("SECRET-NOTE"), "{results:#}");
        assert!(results["format_errors"][0].as_str().unwrap().contains("No kernel.cu was submitted"), "{results:#}");
    }
}
