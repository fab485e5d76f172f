//! The second compiler: with `--compiler clang` the course grades as with NVRTC — every
//! solution passes with the same FLOPs and global load bytes, every stub fails. (`verify
//! --compiler clang`, run by CI, checks the wrong and accepted kernels.) The grader finds a clang
//! or installs the `ziglang` wheel itself, as it does NVRTC.

use std::process::{Command, Output};

use serde_json::Value;

fn grader(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grader")).args(args).output().expect("the grader binary runs")
}

fn sections(out: &Output) -> Vec<Value> {
    let json: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("not JSON ({e}):\n{}\nstderr:\n{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
    });
    json["sections"].as_array().unwrap().clone()
}

#[test]
fn clang_grades_the_course_as_nvrtc_does() {
    let clang = grader(&["all", "--solutions", "--compiler", "clang", "--format", "json", "--seed", "4"]);
    let nvrtc = grader(&["all", "--solutions", "--compiler", "nvrtc", "--format", "json", "--seed", "4"]);
    assert_eq!(clang.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&clang.stderr));
    for (c, n) in sections(&clang).iter().zip(sections(&nvrtc)) {
        let id = c["section"].as_str().unwrap();
        assert_eq!(c["passed"], true, "{id} with clang: {c:#}");
        assert!(c["compiler"].as_str().unwrap().starts_with("clang "), "{id}: {}", c["compiler"]);
        assert!(n["compiler"].as_str().unwrap().starts_with("NVRTC "), "{id}: {}", n["compiler"]);
        let (cm, nm) = (&c["metrics"], &n["metrics"]);
        assert_eq!(cm["flops"], nm["flops"], "{id}: FLOPs");
        let (cb, nb) = (cm["global_load_bytes"].as_f64().unwrap(), nm["global_load_bytes"].as_f64().unwrap());
        assert!((cb - nb).abs() <= 0.02 * nb, "{id}: global load bytes {cb} (clang) vs {nb} (NVRTC)");
        assert_eq!(cm["shared_bytes_per_block"], nm["shared_bytes_per_block"], "{id}: shared bytes");
    }
}

#[test]
fn clang_fails_every_stub_and_shows_compile_errors_with_the_students_file_and_line() {
    let stubs = grader(&["all", "--compiler", "clang", "--format", "json", "--seed", "4"]);
    assert_eq!(stubs.status.code(), Some(1));
    for s in sections(&stubs) {
        assert_eq!(s["passed"], false, "the stub of {} passes with clang", s["section"]);
        assert_eq!(s["compile"]["ok"], true, "the stub of {} compiles with clang: {}", s["section"], s["compile"]["log"]);
    }
    let dir = std::env::temp_dir().join(format!("grader-clang-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("syntax.cu");
    std::fs::write(
        &path,
        "extern \"C\" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r, int width, int height) {\n\
         \x20   int col = blockIdx.x * blockDim.x + threadIdx.x\n    P[col] = N[col];\n}\n",
    )
    .unwrap();
    let p = path.to_str().unwrap();
    let out = grader(&["7.2", "--kernel", p, "--compiler", "clang", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let log = sections(&out)[0]["compile"]["log"].as_str().unwrap().to_string();
    assert!(log.contains(&format!("{p}:2:")) && log.contains("error: expected ';'"), "{log}");
}
