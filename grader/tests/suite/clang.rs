//! The second compiler: with `--compiler clang` the course grades as with NVRTC — every
//! solution passes with the same FLOPs and global load bytes, every stub fails. (`verify
//! --compiler clang`, run by CI, checks the wrong and accepted kernels.) The grader finds a clang
//! or installs the `ziglang` wheel itself, as it does NVRTC.

use std::process::Output;

use serde_json::Value;

fn grader(args: &[&str]) -> Output {
    crate::common::grader().args(args).output().expect("the grader binary runs")
}

fn sections(out: &Output) -> Vec<Value> {
    let json: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}):\n{}\nstderr:\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    json["sections"].as_array().unwrap().clone()
}

#[test]
fn clang_grades_the_course_as_nvrtc_does() {
    let clang = grader(&["all", "--solutions", "--compiler", "clang", "--format", "json", "--seed", "1"]);
    let nvrtc = crate::common::all_solutions_with_nvrtc();
    assert_eq!(clang.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&clang.stderr));
    for (c, n) in sections(&clang).iter().zip(sections(nvrtc)) {
        let id = c["section"].as_str().unwrap();
        assert_eq!(c["passed"], true, "{id} with clang: {c:#}");
        assert!(c["compiler"].as_str().unwrap().starts_with("clang "), "{id}: {}", c["compiler"]);
        assert!(n["compiler"].as_str().unwrap().starts_with("NVRTC "), "{id}: {}", n["compiler"]);
        let (cm, nm) = (&c["metrics"], &n["metrics"]);
        let graded = |name: &str| c["targets"].as_array().unwrap().iter().any(|t| t["name"] == name);
        if graded("op_per_byte") {
            assert_eq!(cm["flops"], nm["flops"], "{id}: FLOPs");
        } else {
            // Where OP/B is not graded (the challenges) an optimiser may share a product between
            // loop iterations (c5·prev is c6·next two planes earlier when c5 = c6): close, not equal.
            let (cf, nf) = (cm["flops"].as_f64().unwrap(), nm["flops"].as_f64().unwrap());
            assert!((cf - nf).abs() <= 0.05 * nf, "{id}: FLOPs {cf} (clang) vs {nf} (NVRTC)");
        }
        let (cb, nb) = (cm["global_load_bytes"].as_f64().unwrap(), nm["global_load_bytes"].as_f64().unwrap());
        assert!((cb - nb).abs() <= 0.02 * nb, "{id}: global load bytes {cb} (clang) vs {nb} (NVRTC)");
        assert_eq!(cm["shared_bytes_per_block"], nm["shared_bytes_per_block"], "{id}: shared bytes");
    }
}

#[test]
fn clang_fails_every_stub_and_shows_compile_errors_with_the_students_file_and_line() {
    // The stubs as shipped (in a course of their own: this checkout's may be solved).
    let stubs = crate::common::grader()
        .args(["all", "--compiler", "clang", "--format", "json", "--seed", "4"])
        .current_dir(crate::common::shipped_course())
        .env("PMPP_NO_PROGRESS", "1")
        .output()
        .expect("the grader binary runs");
    assert_eq!(stubs.status.code(), Some(1));
    for s in sections(&stubs) {
        assert_eq!(s["passed"], false, "the stub of {} passes with clang", s["section"]);
        assert_eq!(
            s["compile"]["ok"], true,
            "the stub of {} compiles with clang: {}",
            s["section"], s["compile"]["log"]
        );
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

/// Every built-in variable and intrinsic the course's header gives clang, compiled by both
/// compilers and run on the emulator: the same, expected values.
const INTRINSICS: &str = r#"
#include <cstdint>
extern "C" __global__ void intrinsics(int *out_i, float *out_f, const float *__restrict__ in, float *sum) {
    __shared__ int count;
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0) count = 0;
    __syncthreads();
    atomicAdd(&count, 1);
    atomicAdd(sum, in[t]);
    __syncwarp();
    __syncthreads();
    int *o = out_i + 10 * t;
    o[0] = threadIdx.x; o[1] = blockIdx.x; o[2] = blockDim.x; o[3] = gridDim.x;
    o[4] = __shfl_down_sync(0xffffffffu, (int)threadIdx.x, 1);
    o[5] = (int)__ballot_sync(0xffffffffu, threadIdx.x & 1);
    o[6] = count;
    o[7] = min((int)threadIdx.x, 5) + max((int)threadIdx.x, 60);
    o[8] = __any_sync(0xffffffffu, threadIdx.x == 3) + 2 * __all_sync(0xffffffffu, threadIdx.x < 64);
    o[9] = (int)(uint32_t)__float_as_uint(1.0f);
    float *f = out_f + 6 * t;
    float x = __ldg(&in[t]);
    f[0] = sqrtf(x); f[1] = fabsf(-x); f[2] = fminf(x, 0.5f); f[3] = fmaxf(x, 0.5f);
    f[4] = __shfl_xor_sync(0xffffffffu, x, 1); f[5] = floorf(x * 3.0f);
    assert(t < 128);
    if (t == 0) printf("sum starts at %g\n", 0.0);
}
"#;

#[test]
fn each_intrinsic_runs_the_same_from_both_compilers() {
    use emulator::{DeviceMemory, KernelArg, Launch, LaunchConfig, Options};
    let nvrtc = grader::toolchain::nvrtc::get(true).expect("NVRTC");
    let clang = grader::toolchain::clang::get(true).expect("clang");
    let ptx = [
        (
            "nvrtc",
            nvrtc
                .compile(INTRINSICS.as_bytes(), "intrinsics.cu", grader::toolchain::arch::REFERENCE, &[])
                .map_err(|f| f.log),
        ),
        (
            "clang",
            clang
                .compile(INTRINSICS.as_bytes(), "intrinsics.cu", grader::toolchain::arch::REFERENCE, &[])
                .map_err(|f| f.log),
        ),
    ];
    let input: Vec<f32> = (0..128).map(|i| i as f32 * 0.125).collect();
    let mut results = Vec::new();
    for (who, ptx) in ptx {
        let ptx = ptx.unwrap_or_else(|log| panic!("{who} does not compile it:\n{log}"));
        let module = emulator::Module::parse(&ptx).unwrap_or_else(|e| panic!("{who}'s PTX does not load: {e}"));
        let mut mem = DeviceMemory::new();
        let (oi, of) = (mem.alloc_zeroed(4 * 1280).unwrap(), mem.alloc_zeroed(4 * 768).unwrap());
        let (din, sum) = (mem.alloc_f32(&input).unwrap(), mem.alloc_zeroed(4).unwrap());
        let launch = Launch {
            kernel: "intrinsics",
            config: LaunchConfig { grid: [2, 1, 1], block: [64, 1, 1], dynamic_shared_bytes: 0 },
            args: &[KernelArg::Ptr(oi), KernelArg::Ptr(of), KernelArg::Ptr(din), KernelArg::Ptr(sum)],
            constants: &[],
        };
        let report = emulator::launch(&module, &launch, &mut mem, &Options::default()).unwrap();
        assert!(report.completed && report.findings.is_empty(), "{who}: {:#?}", report.findings);
        let ints = mem.read_i32(oi, 1280).unwrap();
        for t in 0..128usize {
            let (tid, lane) = (t % 64, t % 32);
            let want = [
                tid as i32,
                (t / 64) as i32,
                64,
                2,
                if lane == 31 { tid as i32 } else { tid as i32 + 1 },
                0xAAAA_AAAAu32 as i32,
                64,
                tid.min(5) as i32 + tid.max(60) as i32,
                // __any_sync(threadIdx.x == 3) holds in each block's first warp; __all_sync everywhere.
                (tid < 32) as i32 + 2,
                0x3F80_0000,
            ];
            assert_eq!(&ints[10 * t..10 * t + 10], &want[..], "{who}, thread {t}");
        }
        let floats = mem.read_f32(of, 768).unwrap();
        for t in 0..128usize {
            let x = input[t];
            let want = [x.sqrt(), x.abs(), x.min(0.5), x.max(0.5), input[t ^ 1], (x * 3.0).floor()];
            assert_eq!(&floats[6 * t..6 * t + 6], &want[..], "{who}, thread {t}");
        }
        let total: f32 = mem.read_f32(sum, 1).unwrap()[0];
        assert_eq!(total, input.iter().sum::<f32>(), "{who}: atomicAdd on a float (exact here: multiples of 1/8)");
        assert_eq!(report.printf.len(), 1, "{who}");
        assert_eq!(report.printf[0].text, "sum starts at 0\n", "{who}");
        results.push((ints, floats));
    }
    assert_eq!(results[0], results[1], "NVRTC and clang give the same values");
}
