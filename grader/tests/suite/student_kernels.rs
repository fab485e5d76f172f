//! Kernels written the way students write them, through the real binary and real NVRTC:
//! printf, assert, helpers that are not inlined, the usual includes, editors' encodings, and the
//! failures each of those can lead to, each for its own reason. (The larger set of correct
//! kernels in other styles is `grader/accepted/`, checked by `verify`.)

use std::path::PathBuf;
use std::process::Output;

use serde_json::Value;

fn grader(args: &[&str]) -> Output {
    crate::common::grader().args(args).output().expect("the grader binary runs")
}

fn section_json(out: &Output) -> Value {
    let json: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}):\n{}\nstderr:\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    json["sections"][0].clone()
}

fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grader-students-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// Grade `source` as section `id`'s kernel; the JSON report and the exit status.
fn grade(id: &str, name: &str, source: &[u8]) -> (Value, Option<i32>) {
    let path = scratch(name, source);
    let out = grader(&[id, "--kernel", path.to_str().unwrap(), "--format", "json", "--seed", "5"]);
    (section_json(&out), out.status.code())
}

/// A correct 7.2 kernel in a student's style: the usual includes, a helper the compiler is told
/// not to inline, an assert that holds and a printf from one thread.
const STUDENT_7_2: &str = r#"#include <cuda_runtime.h>
#include "device_launch_parameters.h"
#include <cstdio>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <climits>
#include <cfloat>
#include <cuda_fp16.h>

__device__ __noinline__ bool inside(int row, int col, int width, int height) {
    return row >= 0 && row < height && col >= 0 && col < width;
}

extern "C" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r, int width, int height) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (col >= width || row >= height) return;
    assert(r >= 0 && r < INT_MAX);
    float acc = 0.0f; // SUM
    for (int i = 0; i < 2 * r + 1; i++)
        for (int j = 0; j < 2 * r + 1; j++)
            if (inside(row - r + i, col - r + j, width, height))
                acc += F[i * (2 * r + 1) + j] * N[(row - r + i) * width + col - r + j];
    if (row == 0 && col == 0) printf("P[0] = %.1f, r = %d, width %u\n", acc, r, (uint32_t)width);
    P[row * width + col] = fminf(acc, FLT_MAX);
}
"#;

#[test]
fn a_correct_kernel_with_includes_helpers_assert_and_printf_passes() {
    let (s, code) = grade("7.2", "student.cu", STUDENT_7_2.as_bytes());
    assert_eq!(s["passed"], true, "{s:#}");
    assert_eq!(code, Some(0));
    // The textbook's 1D example: y[0] = 8·5 + 2·3 + 5·1 = 51, printed by block 0, thread 0.
    let first = &s["tests"][0];
    assert_eq!(
        first["printf"],
        serde_json::json!([{ "block": [0, 0, 0], "thread": [0, 0, 0], "text": "P[0] = 51.0, r = 2, width 7" }])
    );
    assert_eq!(first["printf_more"], 0);
    // The helper does not change the counts: the same as the reference solution's.
    let reference = section_json(&grader(&["7.2", "--solutions", "--format", "json", "--seed", "5"]));
    for field in ["flops", "global_load_bytes", "global_load_requests", "global_load_sectors"] {
        assert_eq!(s["metrics"][field], reference["metrics"][field], "{field}");
    }
}

#[test]
fn editors_encodings_compile_and_grade() {
    let with_comment = |comment: &[u8]| -> Vec<u8> {
        let (head, tail) = STUDENT_7_2.split_once("// SUM").unwrap();
        [head.as_bytes(), b"// ", comment, tail.as_bytes()].concat()
    };
    let crlf = STUDENT_7_2.replace('\n', "\r\n");
    let files: Vec<(&str, Vec<u8>)> = vec![
        ("bom.cu", [b"\xEF\xBB\xBF".as_slice(), STUDENT_7_2.as_bytes()].concat()),
        ("crlf.cu", crlf.into_bytes()),
        // "累加器" in GBK (a Chinese Windows editor) and "über" in Latin-1 (a European one).
        ("gbk.cu", with_comment(b"\xC0\xDB\xBC\xD3\xC6\xF7")),
        ("latin1.cu", with_comment(b"\xFCber")),
    ];
    // One through the binary, all its tests; the others compile and pass the visible tests
    // in-process (what an encoding can break is the compilation and the report's lines).
    let (s, code) = grade("7.2", files[0].0, &files[0].1);
    assert_eq!((s["passed"].as_bool(), code), (Some(true), Some(0)), "{}: {s:#}", files[0].0);
    let backend = grader::backend::emulator::EmulatorBackend;
    let compiler = grader::toolchain::select(grader::toolchain::CompilerChoice::Nvrtc, true).unwrap();
    let grading = grader::grade::Grader::new(&backend, compiler);
    for (name, bytes) in &files[1..] {
        let file = grader::course::KernelFile { path: scratch(name, bytes), display: name.to_string() };
        let r = grading.grade(grader::course::sections::find("7.2").unwrap(), &file, 5, true).unwrap();
        assert!(r.passed && r.compile.ok && r.visible_only, "{name}: {}", grader::render::section(&r, false));
    }
}

#[test]
fn a_failing_assert_is_reported_with_its_line_block_and_thread() {
    let source = STUDENT_7_2.replace("assert(r >= 0 && r < INT_MAX);", "assert(col < 5);");
    let (s, code) = grade("7.2", "assert.cu", source.as_bytes());
    assert_eq!(code, Some(1));
    let f = &s["findings"][0];
    assert_eq!(f["kind"], "assertion", "{s:#}");
    assert_eq!(f["line"], 19);
    assert_eq!(f["thread"], serde_json::json!([5, 0, 0]), "the first thread to fail: column 5 of block 0");
    assert!(f["message"].as_str().unwrap().contains("col < 5"), "{f}");
}

#[test]
fn a_bug_inside_a_helper_names_the_helper_and_the_call() {
    // The helper reads the input itself and forgets the bounds: out of bounds inside it.
    let source = STUDENT_7_2
        .replace(
            "__device__ __noinline__ bool inside",
            "__device__ __noinline__ float tap(const float *N, int row, int col, int width) {\n    return N[row * width + col];\n}\n__device__ __noinline__ bool inside",
        )
        .replace(
            "            if (inside(row - r + i, col - r + j, width, height))\n                acc += F[i * (2 * r + 1) + j] * N[(row - r + i) * width + col - r + j];",
            "            acc += F[i * (2 * r + 1) + j] * tap(N, row - r + i, col - r + j, width);",
        );
    let (s, code) = grade("7.2", "helper_oob.cu", source.as_bytes());
    assert_eq!(code, Some(1));
    let f = &s["findings"][0];
    assert_eq!(f["kind"], "out_of_bounds", "{s:#}");
    assert_eq!(f["line"], 12, "the helper's line: {f}");
    let called_from = f["called_from"].as_array().unwrap();
    assert_eq!(called_from.len(), 1, "{f}");
    assert!(called_from[0].as_str().unwrap().ends_with("helper_oob.cu:26"), "{f}");
}

#[test]
fn a_host_header_is_explained() {
    let source = format!("#include <vector>\n{STUDENT_7_2}");
    let (s, code) = grade("7.2", "host.cu", source.as_bytes());
    assert_eq!(code, Some(1));
    let log = s["compile"]["log"].as_str().unwrap();
    assert!(log.contains("host.cu(1): error"), "{log}");
    assert!(log.contains("<vector> is for host code") && log.contains("remove `#include <vector>`"), "{log}");
}

#[test]
fn a_kernel_with_the_wrong_parameters_is_told_the_signature_once() {
    let source = "extern \"C\" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int width, int height) {\n\
                  \x20   int col = blockIdx.x * blockDim.x + threadIdx.x;\n    if (col < width) P[col] = N[col];\n}\n";
    let (s, code) = grade("7.2", "params.cu", source.as_bytes());
    assert_eq!(code, Some(1));
    let problem = s["problem"].as_str().unwrap();
    assert!(problem.contains("takes 5 parameters"), "{problem}");
    assert!(problem.contains("convolution_2D_basic_kernel(float *, float *, float *, int, int, int)"), "{problem}");
    assert_eq!(s["tests"].as_array().unwrap().len(), 0, "not repeated in every test");
}

#[test]
fn a_call_the_emulator_cannot_run_fails_the_section_with_its_line() {
    let source = "extern \"C\" __device__ int defined_elsewhere(int);\n\
                  extern \"C\" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r, int width, int height) {\n\
                  \x20   int col = blockIdx.x * blockDim.x + threadIdx.x;\n    if (col < width) P[col] = defined_elsewhere(col);\n}\n";
    let (s, code) = grade("7.2", "extern.cu", source.as_bytes());
    assert_eq!(code, Some(1), "the student's failure (exit 1), not the grader's (2): {s:#}");
    let problem = s["problem"].as_str().unwrap();
    assert!(problem.contains("extern.cu:4") && problem.contains("`defined_elsewhere`"), "{problem}");
}

#[test]
fn a_define_the_grader_sets_per_test_must_be_guarded() {
    let solution =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../solutions/7.3-constant-memory/kernel.cu"))
            .unwrap();
    let unguarded = solution.replacen("#ifndef FILTER_RADIUS", "#if 1", 1);
    let (s, code) = grade("7.3", "radius.cu", unguarded.as_bytes());
    assert_eq!(code, Some(1));
    let log = s["compile"]["log"].as_str().unwrap();
    assert!(log.contains("defines FILTER_RADIUS itself") && log.contains("#ifndef FILTER_RADIUS"), "{log}");
}

#[test]
fn the_1d_stencil_with_a_static_shared_array_passes() {
    let solution =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../solutions/1d-shared-stencil/kernel.cu"))
            .unwrap();
    let static_array = solution.replace("extern __shared__ int s_data[];", "__shared__ int s_data[256 + 2];");
    assert_ne!(static_array, solution);
    let (s, code) = grade("1d", "static.cu", static_array.as_bytes());
    assert_eq!((s["passed"].as_bool(), code), (Some(true), Some(0)), "{s:#}");
    assert_eq!(s["metrics"]["shared_bytes_per_block"], 1032);
}

#[test]
fn printf_in_every_thread_is_capped() {
    let source = STUDENT_7_2.replace("if (row == 0 && col == 0) printf", "printf");
    let path = scratch("chatty.cu", source.as_bytes());
    let out = grader(&["7.2", "--kernel", path.to_str().unwrap(), "--seed", "5"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    // 1024² outputs, one line each: 200 shown under the metrics case, the rest counted.
    assert!(
        text.contains(&format!("… {} more printf calls not shown", 1024 * 1024 - 200)),
        "{}",
        &text[..text.len().min(3000)]
    );
    assert!(text.len() < 400_000, "the report stays small: {} bytes", text.len());
}

#[test]
fn a_race_in_code_the_compiler_gave_no_line_is_placed_on_the_nearest_line_and_says_so() {
    // NVRTC writes `.loc 1 0 0` for the plane rotation's store it sinks below the `if`: the
    // race there used to read `missing-second-barrier.cu:0`.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let source = std::fs::read(root.join("grader/wrong/8.4/missing-second-barrier.cu")).unwrap();
    let (s, code) = grade("8.4", "missing-second-barrier.cu", &source);
    assert_eq!(code, Some(1));
    let findings = s["findings"].as_array().unwrap();
    let line = |f: &Value| f["line"].as_u64().unwrap_or(0);
    assert!(findings.iter().all(|f| f["kind"] == "race" && line(f) > 0), "{findings:#?}");
    let inferred: Vec<&Value> = findings.iter().filter(|f| f["line_inferred"] == true).collect();
    assert_eq!(inferred.len(), 1, "{findings:#?}");
    // The rotation (lines 66 and 67), and the text report says the line is the nearest one.
    assert!((66..=67).contains(&line(inferred[0])), "{findings:#?}");
    let path = scratch("missing-second-barrier.cu", &source);
    let out = grader(&["8.4", "--kernel", path.to_str().unwrap(), "--seed", "5", "--compiler", "nvrtc"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("missing-second-barrier.cu:0"), "{text}");
    assert!(
        text.contains(&format!("line {} inferred: the compiler gave the instruction no line", line(inferred[0]))),
        "{text}"
    );
}
