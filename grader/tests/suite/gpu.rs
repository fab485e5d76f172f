//! The GPU backend on a real GPU. Without one (CI), each GPU test prints "skipped: no GPU" to
//! stderr and returns: visibly skipped, never failed for the machine's lack. The probe's own
//! behaviour without a GPU is tested everywhere.

use grader::backend::gpu::compulsory_bytes;
use grader::backend::gpu::{self, GpuBackend};
use grader::backend::{select, BackendChoice};
use grader::course::{self as workspace, sections, KernelFile};
use grader::grade::Grader;
use grader::model::SectionReport;
use grader::toolchain::nvrtc;
use kernels::exercise::Section;
use rand::SeedableRng;

/// Straight to the stderr file descriptor: `eprintln!` is captured by the test harness and
/// would hide the skip of a passing test.
fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// The GPU and NVRTC, or why the test is skipped (printed).
fn gpu_or_skip(test: &str) -> Option<(GpuBackend, &'static nvrtc::Nvrtc)> {
    let backend = match gpu::open() {
        Ok(b) => b,
        Err(e) => {
            say(&format!("skipped: no GPU ({test}: {e})"));
            return None;
        }
    };
    match nvrtc::get(false) {
        Ok(n) => Some((backend, n)),
        Err(e) => {
            say(&format!("skipped: no NVRTC ({test}: {e})"));
            None
        }
    }
}

fn solution(section: &dyn Section) -> KernelFile {
    let root = workspace::find_root().expect("run inside the course");
    let path = root.join("solutions").join(section.dir()).join("kernel.cu");
    KernelFile { display: workspace::display_path(&root, &path), path }
}

fn scratch(name: &str, source: &str) -> KernelFile {
    let dir = std::env::temp_dir().join(format!("grader-gpu-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    KernelFile { display: name.to_string(), path }
}

fn grade(
    backend: &dyn grader::backend::Backend,
    nvrtc: &'static nvrtc::Nvrtc,
    s: &dyn Section,
    f: &KernelFile,
) -> SectionReport {
    Grader::new(backend, grader::toolchain::Compiler::Nvrtc(nvrtc)).grade(s, f, 11, false).expect("the grader runs")
}

#[test]
fn without_a_gpu_the_probe_says_why_and_auto_falls_back() {
    match gpu::open() {
        Ok(b) => eprintln!("GPU present ({}): the no-GPU path is exercised on CI", b.device.name),
        Err(e) => {
            assert!(e.contains("GPU") || e.contains("driver"), "a clear reason: {e}");
            assert_eq!(select(BackendChoice::Auto).unwrap().name(), "emulator");
            assert!(select(BackendChoice::Gpu).is_err(), "--backend gpu must refuse, not fall back");
        }
    }
}

#[test]
fn compulsory_bytes_count_inputs_once_and_the_output_once() {
    let mut rng = kernels::exercise::CaseRng::seed_from_u64(1);
    let case = sections::find("7.4").unwrap().metrics_case(&mut rng);
    // 1024² image in + 1024² out; the filter is in __constant__, not a buffer.
    assert_eq!(compulsory_bytes(&case), 2 * 1024 * 1024 * 4);
    let case = sections::find("8.2").unwrap().metrics_case(&mut rng);
    // The stencil's output buffer starts with the boundary copied: not counted as a read.
    assert_eq!(compulsory_bytes(&case), 2 * 128 * 128 * 128 * 4);
    let baseline = |id| workspace::baseline_of(sections::find(id).unwrap()).map(|b| b.id());
    assert_eq!(baseline("7.5"), Some("7.2"));
    assert_eq!(baseline("8.5"), Some("8.2"));
    assert_eq!(baseline("1d"), None);
    assert_eq!(baseline("challenge-3d"), Some("8.2"));
}

#[test]
fn every_solution_passes_on_the_gpu_with_the_emulators_counts() {
    let Some((gpu_backend, nvrtc)) = gpu_or_skip("every_solution_passes_on_the_gpu") else { return };
    let emulator = select(BackendChoice::Emulator).unwrap();
    for s in sections::all() {
        let file = solution(s);
        let on_gpu = grade(&gpu_backend, nvrtc, s, &file);
        assert_eq!(on_gpu.backend, "gpu");
        assert!(
            on_gpu.passed,
            "{} fails on the GPU: {:#?}",
            s.id(),
            on_gpu.tests.iter().filter(|t| !t.passed).collect::<Vec<_>>()
        );
        let m = on_gpu.metrics.as_ref().expect("counts from the emulator");
        let on_emu = grade(emulator.as_ref(), nvrtc, s, &file);
        let e = on_emu.metrics.as_ref().unwrap();
        // OP/B and every count are the emulator's on every backend.
        assert_eq!(
            (m.flops, m.global_load_bytes, m.global_load_sectors),
            (e.flops, e.global_load_bytes, e.global_load_sectors),
            "{}",
            s.id()
        );
        let g = m.gpu.as_ref().expect("the device's resources");
        assert_eq!(
            g.static_shared_bytes as u64,
            g.emulator_static_shared_bytes,
            "{}: static shared bytes, GPU vs emulator",
            s.id()
        );
        assert!(g.registers_per_thread > 0, "{}", s.id());
        eprintln!(
            "{} on {} ({}): {} regs, {} B local, {} B static shared",
            s.id(),
            g.device,
            g.binary,
            g.registers_per_thread,
            g.local_bytes_per_thread,
            g.static_shared_bytes
        );
    }
}

/// 7.2 without its bounds check: reads outside N at the image border.
const OOB_7_2: &str = r#"
extern "C" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r, int width, int height) {
    int outCol = blockIdx.x * blockDim.x + threadIdx.x;
    int outRow = blockIdx.y * blockDim.y + threadIdx.y;
    if (outCol >= width || outRow >= height) return;
    float Pvalue = 0.0f;
    for (int fRow = 0; fRow < 2 * r + 1; fRow++)
        for (int fCol = 0; fCol < 2 * r + 1; fCol++)
            Pvalue += F[fRow * (2 * r + 1) + fCol] * N[(outRow - r + fRow) * width + outCol - r + fCol];
    P[outRow * width + outCol] = Pvalue;
}
"#;

#[test]
fn an_out_of_bounds_kernel_is_caught_by_the_emulator_and_never_poisons_the_gpu() {
    let Some((backend, nvrtc)) = gpu_or_skip("out_of_bounds") else { return };
    let s = sections::find("7.2").unwrap();
    let r = grade(&backend, nvrtc, s, &scratch("oob.cu", OOB_7_2));
    assert!(!r.passed);
    let f = r.findings.iter().find(|f| f.kind == emulator::FindingKind::OutOfBounds).expect("an out-of-bounds finding");
    assert_eq!(f.line, Some(9), "the line of the N read: {f:?}");
    // The context is still healthy: the reference passes right after.
    assert!(grade(&backend, nvrtc, s, &solution(s)).passed, "the GPU context survived");
}

#[test]
fn a_wrong_result_computed_on_the_gpu_fails() {
    let Some((backend, nvrtc)) = gpu_or_skip("wrong_result") else { return };
    let s = sections::find("1d").unwrap();
    // Sum instead of average: clean for the sanitizer, wrong on the GPU.
    let wrong = r#"
extern "C" __global__ void stencil1D_kernel(int *d_A, int *d_C, int N) {
    extern __shared__ int s_data[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) d_C[i] = d_A[i] + d_A[i > 0 ? i - 1 : 0] + d_A[i < N - 1 ? i + 1 : N - 1];
}
"#;
    let r = grade(&backend, nvrtc, s, &scratch("wrong.cu", wrong));
    assert!(!r.passed);
    assert!(r.findings.is_empty(), "no sanitizer finding: the GPU's output is what fails");
    assert!(r.tests.iter().any(|t| !t.passed && t.message.to_string().contains("elements wrong")), "{:?}", r.tests);
}

#[test]
fn timing_a_solution_gives_a_plausible_bandwidth() {
    let Some((backend, nvrtc)) = gpu_or_skip("timing") else { return };
    let _ = nvrtc;
    let copy = gpu::copy_bandwidth(backend.device, 1 << 28, 10).expect("copy timed");
    // Any current card copies faster than 100 GB/s and slower than 20 TB/s.
    assert!(copy > 1e11 && copy < 2e13, "copy bandwidth {copy}");
}

#[test]
fn a_challenge_is_timed_against_the_copy_on_the_gpu() {
    let Some((backend, nvrtc)) = gpu_or_skip("challenge speed") else { return };
    let s = sections::find("challenge-3d").unwrap();
    let r = grade(&backend, nvrtc, s, &solution(s));
    let speed = r.speed.as_ref().unwrap_or_else(|| panic!("the challenge was timed: {r:?}"));
    say(&format!("challenge-3d on {}: {:.3} ms, {:.0}% of copy", speed.device, speed.median_ms, speed.percent_of_copy));
    assert!(speed.percent_of_copy > 5.0 && speed.percent_of_copy < 120.0, "{speed:?}");
    let target = r.targets.iter().find(|t| t.name == kernels::exercise::Metric::PercentOfCopy).unwrap();
    assert_eq!((target.measured, target.skipped.as_ref().map(|s| s.to_string())), (Some(speed.percent_of_copy), None));
}
