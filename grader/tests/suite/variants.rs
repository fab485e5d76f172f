//! `--variants`: the 7.4 reference solution's other configurations are measured and checked, a
//! kernel that ignores `-DIN_TILE_DIM` fails the 8×8 one, and without the flag the JSON has no
//! `variants` key.

use std::path::PathBuf;

fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).parent().expect("grader/ is inside the workspace").to_path_buf()
}

fn grade_7_4(kernel: &std::path::Path, extra: &[&str]) -> String {
    let kernel = kernel.to_str().expect("utf-8 path");
    let mut args = vec!["7.4", "--kernel", kernel, "--format", "json", "--seed", "1"];
    args.extend_from_slice(extra);
    let output = crate::common::grader()
        .args(&args)
        .current_dir(workspace_root())
        .env("NO_COLOR", "1")
        .output()
        .expect("the grader binary runs");
    assert!(matches!(output.status.code(), Some(0) | Some(1)), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Whether the 7.4 variant with this label passed.
fn variant_passed(json: &str, label: &str) -> bool {
    let report: serde_json::Value = serde_json::from_str(json).unwrap_or_else(|e| panic!("not JSON ({e}):\n{json}"));
    let variants = report["sections"][0]["variants"].as_array().unwrap_or_else(|| panic!("no variants:\n{json}"));
    let variant =
        variants.iter().find(|v| v["label"] == label).unwrap_or_else(|| panic!("no variant {label}:\n{json}"));
    variant["passed"].as_bool().expect("passed is a bool")
}

#[test]
fn variants_pass_on_the_solution_and_catch_a_fixed_tile() {
    let solution = workspace_root().join("solutions/7.4-halo-tiling/kernel.cu");
    let plain = grade_7_4(&solution, &[]);
    assert!(!plain.contains("\"variants\""), "without --variants the JSON must not change");

    // The solutions' run shared by the suite (`all --solutions --variants`): its 7.4 section.
    let all: serde_json::Value = serde_json::from_slice(&crate::common::all_solutions_with_nvrtc().stdout).unwrap();
    let section = all["sections"].as_array().unwrap().iter().find(|s| s["section"] == "7.4").unwrap().clone();
    let json = serde_json::json!({ "sections": [section] }).to_string();
    assert!(variant_passed(&json, "1024x1024 r=4 IN_TILE_DIM=32"), "{json}");
    assert!(variant_passed(&json, "1024x1024 r=2 IN_TILE_DIM=8"), "{json}");

    // Planted bug: the tile size ignores -DIN_TILE_DIM, so 8×8 blocks index a 32-wide tile.
    let source = std::fs::read_to_string(&solution).expect("the solution is readable");
    assert!(source.contains("#ifndef IN_TILE_DIM"), "the solution takes IN_TILE_DIM from the grader");
    let fixed = source.replacen("#ifndef IN_TILE_DIM", "#undef IN_TILE_DIM\n#if 1", 1);
    let dir = std::env::temp_dir().join(format!("variants-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("fixed_tile.cu");
    std::fs::write(&path, fixed).expect("write the planted kernel");
    let json = grade_7_4(&path, &["--variants"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(variant_passed(&json, "1024x1024 r=4 IN_TILE_DIM=32"), "32×32 is still right:\n{json}");
    assert!(!variant_passed(&json, "1024x1024 r=2 IN_TILE_DIM=8"), "the 8×8 variant must fail:\n{json}");
}
