//! Kernels that try to take the grader down, through the real binary: its peak memory stays
//! within the book's limits (Linux's count of the grader's own peak, its emulator included; the
//! compiler's processes have their own limit), and a kernel that never ends costs one budget.
//! `verify` checks the whole hostile suite (`grader/hostile/`) for its reasons and its reports.

use std::path::{Path, PathBuf};

use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").canonicalize().unwrap()
}

/// Exit code, peak resident memory (bytes) and stdout of one grading. The grader writes its own
/// peak (`VmHWM`) on request: the rusage a parent gets would also count, for a child started by
/// vfork, the memory of the test process it was started from.
#[cfg(target_os = "linux")]
fn graded(args: &[&str]) -> (i32, u64, String) {
    let peak_file = tempfile::NamedTempFile::new().unwrap();
    let out = crate::common::grader()
        .args(args)
        .current_dir(root())
        .env("PMPP_NO_PROGRESS", "1")
        .env("PMPP_PEAK_MEMORY_FILE", peak_file.path())
        .output()
        .unwrap();
    let peak = std::fs::read_to_string(peak_file.path()).unwrap();
    let kb: u64 = peak.trim_end_matches("kB").trim().parse().unwrap_or_else(|_| panic!("VmHWM: {peak}"));
    (out.status.code().unwrap_or(-1), kb * 1024, String::from_utf8_lossy(&out.stdout).into_owned())
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

/// The JSON report of grading `kernel` as 7.5 and how long it took, the grader killed at `limit`.
fn graded_within(kernel: &Path, limit: Duration) -> (serde_json::Value, Duration) {
    let stdout = tempfile::tempfile().unwrap();
    let mut child = crate::common::grader()
        .args(["7.5", "--kernel", kernel.to_str().unwrap(), "--backend", "emulator", "--format", "json"])
        .current_dir(root())
        .env("PMPP_NO_PROGRESS", "1")
        .stdout(stdout.try_clone().unwrap())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("{}: no report within {limit:?}", kernel.display());
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let took = start.elapsed();
    assert_eq!(status.code(), Some(1), "{}", kernel.display());
    let mut stdout = stdout;
    std::io::Seek::rewind(&mut stdout).unwrap();
    (serde_json::from_reader(stdout).unwrap(), took)
}

/// Every endless loop of the hostile suite, whatever its shape (around a helper's call, in a
/// helper, nested, a `while` on shared memory, a wait on a volatile flag), costs one budget:
/// reported within 30 s on a 2-core machine (nine tests at a budget each took 79 s, and
/// 154-180 s with the loop around a helper), once for the section, on the loop's line (the
/// `// message: <file>:<line>` of the kernel's header), with the metrics case not run.
#[test]
fn a_kernel_that_never_ends_costs_one_budget() {
    let dir = root().join("grader/hostile/7.5");
    let mut kernels: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_str().unwrap().starts_with("endless-"))
        .collect();
    kernels.sort();
    assert!(kernels.len() >= 6, "{kernels:?}");
    for kernel in kernels {
        let name = kernel.file_name().unwrap().to_str().unwrap().to_string();
        let header = std::fs::read_to_string(&kernel).unwrap();
        let line = header
            .lines()
            .filter_map(|l| l.strip_prefix("// message: ")?.strip_prefix(&format!("{name}:")))
            .next()
            .unwrap_or_else(|| panic!("{name}: no `// message: {name}:<line>` in its header"));
        let (v, took) = graded_within(&kernel, Duration::from_secs(30));
        let s = &v["sections"][0];
        let timeouts: Vec<&serde_json::Value> =
            s["findings"].as_array().unwrap().iter().filter(|f| f["kind"] == "timeout").collect();
        assert_eq!(timeouts.len(), 1, "{name}: one finding for the section: {s}");
        let file = timeouts[0]["file"].as_str().unwrap();
        let at = format!("{file}:{}", timeouts[0]["line"]);
        // The kernel's own file, however the system writes its path (Windows: `\\?\Z:\…`).
        let own = file.rsplit(['/', '\\']).next() == Some(name.as_str());
        let got: u64 = timeouts[0]["line"].as_u64().unwrap();
        let want: u64 = line.parse().unwrap();
        // Under Wine (the Windows CI step) the report names the file by its `\\?\Z:\…` path and
        // the timeout stays on the emulator's line (the loop's first line with code: 22 for 21,
        // 35 for 26): the scan for the loop statement is not applied there. Seen, not chased (the
        // issue's note); the time and the single report are checked there too.
        assert!(own && (got == want || cfg!(windows)), "{name}: the timeout is at {at}, not line {line}");
        assert!(timeouts[0]["message"].as_str().unwrap().contains("ran past its instruction budget"), "{s}");
        let metrics = s["tests"].as_array().unwrap().last().unwrap();
        assert!(metrics["message"].as_str().unwrap().starts_with("not run"), "{name}: {metrics}");
        eprintln!("{name}: {took:.1?}, {at}");
    }
}

/// A grading container smaller than the grader plus 1 GiB lowers the compile memory limit with
/// `PMPP_COMPILE_MEMORY_MIB` (the PrairieLearn entrypoint does): a table of half a million numbers
/// made by macros (about 400 MB in NVRTC's front end; it compiles under the default 1 GiB) stops
/// at it within a second, and the message names the limit. (A loop of four million steps unrolled reaches it too, but only
/// after 15 s on an idle machine, and past the 30 s time limit on a busy one.)
#[cfg(target_os = "linux")]
#[test]
fn the_compile_memory_limit_can_be_lowered() {
    let dir = tempfile::tempdir().unwrap();
    let kernel = dir.path().join("table.cu");
    let solution = std::fs::read_to_string(root().join("solutions/7.2-basic/kernel.cu")).unwrap();
    let mut table = String::from("#define E1 1, 2, 3, 4, 5, 6, 7, 8,\n");
    for i in 2..10 {
        table += &format!("#define E{i} E{j} E{j} E{j} E{j}\n", j = i - 1);
    }
    table += "__device__ int table[] = {E9};\n";
    let uses = solution.replacen("float Pvalue = 0.0f;", "float Pvalue = table[outCol & 1023];", 1);
    assert_ne!(uses, solution, "the solution's accumulator moved");
    std::fs::write(&kernel, table + &uses).unwrap();
    let out = crate::common::grader()
        .args(["7.2", "--kernel", kernel.to_str().unwrap(), "--backend", "emulator", "--compiler", "nvrtc"])
        .current_dir(root())
        .env("PMPP_NO_PROGRESS", "1")
        .env("PMPP_COMPILE_MEMORY_MIB", "64")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("it may use at most 64 MiB of memory"), "{text}");
}
