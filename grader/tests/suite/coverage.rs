//! The device-language coverage table: every fixture of `grader/coverage/` compiled by NVRTC and
//! clang and run on the emulator ends as supported (the GPU's recorded output, word for word),
//! supported with a stated difference, or refused with its line; and the book's page is what
//! the run generates.

use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

/// `grader coverage --format json --markdown PAGE` as `command` is set up. One run at a time:
/// each compiles the same two hundred fixtures, and one after the other the later runs read the
/// first one's builds from the cache (side by side, both compile everything).
fn coverage(mut command: Command, page: &Path) -> std::process::Output {
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
    // The table has a clang column: install it as the clang tests do.
    grader::toolchain::clang::get(true).expect("clang for the coverage table");
    command.args(["coverage", "--format", "json", "--markdown"]).arg(page).output().unwrap()
}

#[test]
fn every_built_in_is_supported_or_refused_clearly_and_the_book_says_so() {
    let root = root();
    let page = std::env::temp_dir().join(format!("coverage-{}.md", std::process::id()));
    let out = coverage(crate::common::grader(), &page);
    let json: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    let rows = json.as_array().unwrap();
    assert!(rows.len() >= 100, "{} fixtures", rows.len());
    let bad: Vec<String> = rows
        .iter()
        .filter(|r| {
            ["nvrtc", "clang"].iter().any(|c| {
                let v = &r[c];
                match v["status"].as_str().unwrap() {
                    // clang's own code may round otherwise than NVRTC's, which the GPU ran.
                    "ran" => {
                        *c == "nvrtc" && v["same_as_gpu"] == false && !r["differs_stated"].as_bool().unwrap_or(false)
                    }
                    // A kernel a GPU aborts (`__trap()`) must stop at its line.
                    "refused" | "aborted" => v["names_the_line"] != true,
                    "failed" => true,
                    _ => false,
                }
            })
        })
        .map(|r| r.to_string())
        .collect();
    assert!(bad.is_empty() && out.status.code() == Some(0), "entries not as they should be:\n{}", bad.join("\n"));
    // A trap that runs stops the launch at its line, with both compilers.
    let trap = rows.iter().find(|r| r["fixture"] == "control/trap-taken").expect("no fixture control/trap-taken");
    for c in ["nvrtc", "clang"] {
        assert_eq!((trap[c]["status"].as_str(), trap[c]["line"].as_u64()), (Some("aborted"), Some(7)), "{trap}");
    }
    // The constructs this course's kernels meet run as the GPU does, with both compilers.
    for id in
        ["sync/syncthreads-count", "sync/syncthreads-or", "cooperative-groups/block-sync", "warp/shfl-down-sync-int"]
    {
        let row = rows.iter().find(|r| r["fixture"] == id).unwrap_or_else(|| panic!("no fixture {id}"));
        assert_eq!(row["nvrtc"]["same_as_gpu"], true, "{row}");
        assert_eq!(row["clang"]["same_as_gpu"], true, "{row}");
    }
    let generated = std::fs::read_to_string(&page).unwrap();
    let book = std::fs::read_to_string(root.join("docs/coverage.md")).unwrap_or_default();
    assert!(
        generated == book,
        "docs/coverage.md is not what the fixtures give: run `cargo run -p grader -- coverage --markdown docs/coverage.md`"
    );
    std::fs::remove_file(page).ok();
}

/// The table is the same whether or not NVIDIA's runtime wheel (`nvidia-cuda-runtime-cu12`, which
/// holds `cuda_fp16.h`) is in a Python site-packages: the grader takes the half-precision header
/// from the NVRTC's toolkit or from its own pinned copy in its cache, never from what a user
/// happened to pip-install. Run twice with an empty home (so an empty user site-packages) and the
/// grader's cache where it is: once with no such wheel on Python's path, once with one on
/// PYTHONPATH whose `cuda_fp16.h` stops any compilation that reads it. Both must give the book's
/// page.
#[test]
fn the_table_is_the_same_with_or_without_nvidias_runtime_wheel_in_site_packages() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    let site = dir.path().join("site-packages");
    let include = site.join("nvidia/cuda_runtime/include");
    std::fs::create_dir_all(&include).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    std::fs::create_dir_all(site.join("nvidia_cuda_runtime_cu12-12.9.79.dist-info")).unwrap();
    for h in ["cuda_fp16.h", "cuda_fp16.hpp"] {
        std::fs::write(include.join(h), "#error \"the grader read cuda_fp16.h from site-packages\"\n").unwrap();
    }
    let cache = grader::toolchain::nvrtc::cache_dir().expect("a cache directory").parent().unwrap().to_path_buf();
    let env = |command: &mut Command| {
        command
            .env("HOME", &home)
            .env("PMPP_COURSE_CACHE", &cache)
            .env("PYTHONNOUSERSITE", "1")
            .env_remove("PYTHONPATH");
    };
    // Python's path without the wheel, as the grader asks it: a runtime wheel installed
    // system-wide would make the first run one "with", not "without".
    let mut python = Command::new("python3");
    env(&mut python);
    let script = "import os, site, sys\n\
                  dirs = site.getsitepackages() + [site.getusersitepackages()] + sys.path\n\
                  print(any(os.path.isdir(os.path.join(d, 'nvidia', 'cuda_runtime')) for d in dirs))";
    if python.args(["-c", script]).output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "True") {
        eprintln!("note: NVIDIA's runtime wheel is installed system-wide here: the run without it has it too");
    }
    let book = std::fs::read_to_string(root().join("docs/coverage.md")).unwrap_or_default();
    for (run, with_wheel) in [("without the wheel", false), ("with the wheel on PYTHONPATH", true)] {
        let mut command = crate::common::grader();
        env(&mut command);
        if with_wheel {
            command.env("PYTHONPATH", &site);
        }
        let page = dir.path().join(format!("coverage-{with_wheel}.md"));
        let out = coverage(command, &page);
        let generated = std::fs::read_to_string(&page).unwrap_or_default();
        let counts = |t: &str| t.lines().find(|l| l.contains(" entries: ")).unwrap_or("no table").to_string();
        assert!(
            generated == book,
            "{run}: the table is not the book's ({} instead of {}); the __hfma row: {}\n{}",
            counts(&generated),
            counts(&book),
            generated.lines().find(|l| l.contains("`__hfma`")).unwrap_or("none"),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
