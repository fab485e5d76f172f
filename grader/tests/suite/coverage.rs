//! The device-language coverage table: every fixture of `grader/coverage/` compiled by NVRTC and
//! clang and run on the emulator ends as supported (the GPU's recorded output, word for word),
//! supported with a stated difference, or refused with its line; and the book's page is what
//! the run generates.

use std::process::Command;

#[test]
fn every_built_in_is_supported_or_refused_clearly_and_the_book_says_so() {
    // The table has a clang column: install it as the clang tests do.
    grader::toolchain::clang::get(true).expect("clang for the coverage table");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let page = std::env::temp_dir().join(format!("coverage-{}.md", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_grader"))
        .args(["coverage", "--format", "json", "--markdown"])
        .arg(&page)
        .output()
        .unwrap();
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
