//! Kernels that try to take the grader down, through the real binary: its peak memory stays
//! within the book's limits (measured by the kernel of the system: Linux's rusage of the grader,
//! its emulator included), and a kernel that never ends costs one instruction budget.
//! `verify` checks the whole hostile suite (`grader/hostile/`) for its reasons and its reports.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").canonicalize().unwrap()
}

/// Exit code, peak resident memory (bytes) and stdout of one grading.
#[cfg(target_os = "linux")]
#[allow(clippy::zombie_processes)] // reaped by wait4 below, which also gives its peak memory
fn graded(args: &[&str]) -> (i32, u64, String) {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_grader"))
        .args(args)
        .current_dir(root())
        .env("PMPP_NO_PROGRESS", "1")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = String::new();
    child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
    let (mut status, mut usage) = (0, unsafe { std::mem::zeroed::<libc::rusage>() });
    // SAFETY: waits for our own child; both out-parameters are valid.
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as libc::pid_t);
    let code = if libc::WIFEXITED(status) { libc::WEXITSTATUS(status) } else { -1 };
    (code, usage.ru_maxrss as u64 * 1024, out)
}

#[cfg(target_os = "linux")]
/// A 7.2 kernel that is right and also writes every word of `mib` MiB of `__device__` arrays in
/// every launch: the most a kernel can make the emulator hold.
fn filling_kernel(mib: usize) -> PathBuf {
    let solution = std::fs::read_to_string(root().join("solutions/7.2-basic/kernel.cu")).unwrap();
    let words = mib << 18;
    // The metrics case (a million threads) writes every word; the small tests a few.
    let fill = format!(
        "    int stride = max(width * height, 1 << 14);\n    for (int i = outRow * width + outCol; i < {words}; i += stride) \
         stash[i] = Pvalue;\n    P[outRow * width + outCol] = Pvalue;"
    );
    let kernel = format!(
        "__device__ float stash[{words}];\n{}",
        solution.replace("    P[outRow * width + outCol] = Pvalue;", &fill)
    );
    let dir = std::env::temp_dir().join(format!("pmpp-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("fill-{mib}.cu"));
    std::fs::write(&path, kernel).unwrap();
    path
}

#[cfg(target_os = "linux")]
#[test]
fn peak_memory_is_bounded_for_the_largest_solution_and_the_largest_arrays() {
    const MIB: u64 = 1 << 20;
    // The largest reference solutions (3D: the biggest cases).
    let mut largest = 0;
    for section in ["8.5", "challenge-3d"] {
        let (code, peak, _) = graded(&[section, "--solutions", "--backend", "emulator", "--seed", "3"]);
        assert_eq!(code, 0);
        assert!(peak < 400 * MIB, "{section}: {} MiB", peak / MIB);
        largest = largest.max(peak);
    }
    // A 1 GiB __device__ array is refused before it costs anything.
    let (code, peak, out) =
        graded(&["7.2", "--kernel", "grader/hostile/7.2/big-device-array.cu", "--backend", "emulator"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("bytes of device memory"), "{out}");
    assert!(peak < 200 * MIB, "{} MiB", peak / MIB);
    // Just under the limit, every word written in every launch: at most a small multiple of it.
    let declared = 60 * MIB;
    let fill = filling_kernel(60);
    let (code, peak, out) =
        graded(&["7.2", "--kernel", fill.to_str().unwrap(), "--backend", "emulator", "--seed", "3"]);
    assert_eq!(code, 0, "{out}");
    assert!(peak < largest + 4 * declared, "{} MiB with {} MiB declared", peak / MIB, declared / MIB);
    eprintln!("peak: largest solution {} MiB, 60 MiB filled {} MiB", largest / MIB, peak / MIB);
    // One more MiB than allowed: refused, with the declaration's line.
    let over = filling_kernel(65);
    let (code, _, out) = graded(&["7.2", "--kernel", over.to_str().unwrap(), "--backend", "emulator"]);
    assert_eq!(code, 1);
    assert!(out.contains("(1): error: `stash` takes 68,157,440 bytes"), "{out}");
}

#[test]
fn a_kernel_that_never_ends_costs_one_budget() {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_grader"))
        .args(["7.5", "--kernel", "grader/hostile/7.5/endless-loop.cu", "--backend", "emulator", "--format", "json"])
        .current_dir(root())
        .output()
        .unwrap();
    let took = start.elapsed();
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let s = &v["sections"][0];
    let timeouts = s["findings"].as_array().unwrap().iter().filter(|f| f["kind"] == "timeout").count();
    assert_eq!(timeouts, 1, "one finding for the line: {s}");
    let metrics = s["tests"].as_array().unwrap().last().unwrap();
    assert!(metrics["message"].as_str().unwrap().starts_with("not run"), "{metrics}");
    // Nine tests at a budget each took 79 s; one budget is a few seconds.
    assert!(took < Duration::from_secs(30), "{took:?}");
}
