//! The limits an untrusted kernel is held to, so that no kernel takes the grader down: the
//! memory it declares, the size of its compiled code and the time its compilation may take.
//! Past a limit the section fails with a message naming the declaration and its line, like a
//! compile error (exit 1); the book's "Limits" page states each number.
//!
//! Why these: the emulator gives every `__device__` array real host memory (per launch, with its
//! read bits), and every thread of a block its local memory, so a kernel declaring a 1 GiB array
//! would cost gigabytes and be killed without a report. No course kernel needs more than a few
//! kilobytes of either.

use std::time::Duration;

/// `__device__` (and `__constant__`) arrays of a module together.
pub const MAX_DEVICE_ARRAY_BYTES: u64 = 64 << 20;
/// Local memory (local arrays, spills) of one function's frame, per thread.
pub const MAX_LOCAL_BYTES_PER_THREAD: u64 = 16 << 10;
/// The PTX of one compilation (the course's kernels make 5 to 60 KB).
pub const MAX_PTX_BYTES: usize = 16 << 20;
/// A compile log as a report shows it (a 10 MB line with an error in it would be echoed whole).
pub const MAX_LOG_BYTES: usize = 64 << 10;
/// One compilation, NVRTC's or clang's (the course's kernels take well under a second).
pub const COMPILE_SECONDS: u64 = 30;
/// Memory of a compiler's process, NVRTC's or clang's (Linux; the course's kernels need about
/// 100 MB), unless [`COMPILE_MEMORY_VARIABLE`] sets it.
pub const COMPILE_MEMORY_BYTES: u64 = 1 << 30;
/// `PMPP_COMPILE_MEMORY_MIB`: another compile memory limit, in MiB (at least 64). A grading
/// container smaller than the grader plus 1 GiB sets it (PrairieLearn's has 1 GiB in all), so that
/// the compiler stops at the limit rather than the container's kernel killing a process.
pub const COMPILE_MEMORY_VARIABLE: &str = "PMPP_COMPILE_MEMORY_MIB";

/// The compile memory limit in force, in bytes.
pub fn compile_memory_bytes() -> u64 {
    std::env::var(COMPILE_MEMORY_VARIABLE)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map_or(COMPILE_MEMORY_BYTES, |mib| mib.max(64) << 20)
}

/// The compile memory limit in force, as the messages say it ("1 GiB", "512 MiB").
pub fn compile_memory_text() -> String {
    let bytes = compile_memory_bytes();
    if bytes.is_multiple_of(1 << 30) {
        format!("{} GiB", bytes >> 30)
    } else {
        format!("{} MiB", bytes >> 20)
    }
}

/// Bound the memory this process may take ([`compile_memory_bytes`] of data), where the system
/// lets a process do so (Linux); elsewhere the time limit alone applies.
pub fn bound_this_process_memory() {
    bound_memory(compile_memory_bytes());
}

/// Async-signal-safe (between fork and exec): the limit is read before.
fn bound_memory(bytes: u64) {
    #[cfg(target_os = "linux")]
    {
        let limit = libc::rlimit { rlim_cur: bytes, rlim_max: bytes };
        // SAFETY: setrlimit reads the struct it is given; lowering a limit needs no privilege.
        unsafe {
            libc::setrlimit(libc::RLIMIT_DATA, &limit);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = bytes;
}

/// Run a compilation on a thread of its own and wait at most [`COMPILE_SECONDS`]: `Err(log)`
/// when it did not finish. The thread is left to finish (or to end with the process); nothing
/// waits for it.
pub fn within_compile_limit<T: Send + 'static>(
    program_name: &str,
    compile: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    within(Duration::from_secs(COMPILE_SECONDS), compile).ok_or_else(|| compile_timeout_log(program_name))
}

/// The log of a compilation given up on, in the compilers' format.
pub fn compile_timeout_log(program_name: &str) -> String {
    format!(
        "{program_name}(1): error: {}\n",
        crate::t!(toolchain_compile_timeout, seconds = COMPILE_SECONDS.to_string())
    )
}

/// A compiler run as a process (clang), killed when it passes [`COMPILE_SECONDS`]:
/// `Err(Ok(log))` then, `Err(Err(io))` when it could not be started.
pub fn output_within_compile_limit(
    mut command: std::process::Command,
    program_name: &str,
) -> Result<std::process::Output, Result<String, std::io::Error>> {
    use std::io::Read;
    use std::process::Stdio;
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::process::CommandExt;
        let bytes = compile_memory_bytes();
        // SAFETY: only setrlimit runs between fork and exec (async-signal-safe).
        unsafe {
            command.pre_exec(move || {
                bound_memory(bytes);
                Ok(())
            });
        }
    }
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().map_err(Err)?;
    // Both pipes drained while it runs, so a long log cannot stall it.
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = drain(child.stdout.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let stderr = drain(child.stderr.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let deadline = std::time::Instant::now() + Duration::from_secs(COMPILE_SECONDS);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if std::time::Instant::now() < deadline => std::thread::sleep(Duration::from_millis(10)),
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(Ok(compile_timeout_log(program_name)));
            }
            Err(e) => return Err(Err(e)),
        }
    };
    Ok(std::process::Output {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    })
}

/// `log` cut to [`MAX_LOG_BYTES`] (at a character boundary), saying how much was left out.
pub fn shorten_log(log: String) -> String {
    shorten(log, MAX_LOG_BYTES, " of the compiler's log")
}

/// `text` cut to at most `max` bytes at a character boundary, then "… (N more bytes{what} left
/// out)" (a report that must fit a limit).
pub fn shorten(text: String, max: usize, what: &str) -> String {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}\n… ({} more bytes{what} left out)", &text[..end], text.len() - end)
}

fn within<T: Send + 'static>(limit: Duration, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (tx, rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new().name("compile".into()).spawn(move || {
        let _ = tx.send(f());
    });
    match spawned {
        Ok(_) => rx.recv_timeout(limit).ok(),
        Err(_) => None,
    }
}

/// One variable the PTX declares, with what it takes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Declared {
    /// `global`, `const` or `local`.
    space: String,
    name: String,
    bytes: u64,
    /// The function it belongs to (`local`), as in the PTX.
    function: Option<String>,
}

/// Bytes of one element of a PTX type (`.f32` → 4, `.b8` → 1), times a vector width.
fn type_bytes(words: &[&str]) -> u64 {
    let mut vector = 1;
    let mut bytes = 0;
    for w in words {
        match *w {
            ".v2" => vector = 2,
            ".v4" => vector = 4,
            ".v8" => vector = 8,
            w if w.len() > 2 && matches!(&w[..2], ".b" | ".u" | ".s" | ".f") => {
                if let Ok(bits) = w[2..].parse::<u64>() {
                    bytes = bits.div_ceil(8);
                }
            }
            ".pred" => bytes = 1,
            _ => {}
        }
    }
    vector * bytes.max(1)
}

/// The module's `.global`, `.const` and `.local` declarations.
fn declarations(ptx: &str) -> Vec<Declared> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut function: Option<String> = None;
    for raw in ptx.lines() {
        let line = raw.split("//").next().unwrap_or("").trim();
        if depth == 0 && (line.contains(".entry") || line.contains(".func")) {
            function = line
                .split_whitespace()
                .skip_while(|w| *w != ".entry" && *w != ".func")
                .nth(1)
                .map(|w| w.split('(').next().unwrap_or(w).to_string());
        }
        for statement in line.split(';') {
            let words: Vec<&str> = statement.split_whitespace().collect();
            let space = words.iter().find_map(|w| match *w {
                ".global" if depth == 0 => Some("global"),
                ".const" if depth == 0 => Some("const"),
                ".local" if depth > 0 => Some("local"),
                _ => None,
            });
            let Some(space) = space else { continue };
            // Not a parameter or an instruction: a declaration starts with its directives.
            if !words.first().is_some_and(|w| w.starts_with('.')) {
                continue;
            }
            let Some(decl) = words.iter().position(|w| !w.starts_with('.') && !w.chars().all(|c| c.is_ascii_digit()))
            else {
                continue;
            };
            let rest = words[decl..].join(" ");
            let rest = rest.split('=').next().unwrap_or("");
            let name = rest.split('[').next().unwrap_or("").trim().to_string();
            let mut elements: u64 = 1;
            for dim in rest.split('[').skip(1) {
                let n = dim.split(']').next().unwrap_or("").trim();
                elements = elements.saturating_mul(n.parse::<u64>().unwrap_or(0));
            }
            out.push(Declared {
                space: space.to_string(),
                name,
                bytes: elements.saturating_mul(type_bytes(&words[..decl])),
                function: (space == "local").then(|| function.clone()).flatten(),
            });
        }
        depth += raw.matches('{').count() as i32 - raw.matches('}').count() as i32;
        if depth <= 0 {
            depth = 0;
        }
    }
    out
}

/// The name as the source writes it: `_ZN2ns3bigE` → `big`, `_ZL4done` → `done`.
pub fn source_name(ptx_name: &str) -> String {
    let Some(mut rest) = ptx_name.strip_prefix("_Z") else { return ptx_name.to_string() };
    let mut last = None;
    while !rest.is_empty() {
        let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            rest = &rest[1..];
            continue;
        }
        let n: usize = rest[..digits].parse().unwrap_or(0);
        let start = digits;
        if n == 0 || start + n > rest.len() {
            break;
        }
        last = Some(&rest[start..start + n]);
        rest = &rest[start + n..];
    }
    last.unwrap_or(ptx_name).to_string()
}

/// The first line of the source that declares `name` (a word of its own on a line with
/// `__device__`, `__constant__` or a `[`), else the first that mentions it.
fn line_of(source: &str, name: &str) -> Option<usize> {
    let has_word = |line: &str| {
        line.match_indices(name).any(|(i, _)| {
            let before = line[..i].chars().next_back();
            let after = line[i + name.len()..].chars().next();
            let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
            !ident(before) && !ident(after)
        })
    };
    let lines: Vec<&str> = source.lines().collect();
    lines
        .iter()
        .position(|l| has_word(l) && (l.contains("__device__") || l.contains("__constant__") || l.contains('[')))
        .or_else(|| lines.iter().position(|l| has_word(l)))
        .map(|i| i + 1)
}

fn mib(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{} KiB", bytes >> 10)
    }
}

/// `Err(log)`, in the compilers' format, when the compiled kernel declares more memory than the
/// grader gives or its PTX is too large.
pub fn check_ptx(ptx: &str, source: &[u8], program_name: &str) -> Result<(), String> {
    let text = String::from_utf8_lossy(crate::toolchain::nvrtc::source_bytes(source));
    let at = |name: &str| line_of(&text, &source_name(name)).unwrap_or(1);
    let thousands = crate::model::thousands;
    if ptx.len() > MAX_PTX_BYTES {
        return Err(format!(
            "{program_name}(1): error: {}\n",
            crate::t!(toolchain_ptx_too_large, bytes = thousands(ptx.len() as u64), limit = mib(MAX_PTX_BYTES as u64))
        ));
    }
    let declared = declarations(ptx);
    let arrays: Vec<&Declared> = declared.iter().filter(|d| d.space != "local").collect();
    let total: u64 = arrays.iter().map(|d| d.bytes).fold(0, u64::saturating_add);
    if total > MAX_DEVICE_ARRAY_BYTES {
        let biggest = arrays.iter().max_by_key(|d| d.bytes).expect("a total over the limit has a part");
        let name = source_name(&biggest.name);
        let what = if biggest.space == "const" { "__constant__" } else { "__device__" };
        let error = crate::t!(
            toolchain_device_memory_too_large,
            name = name,
            bytes = thousands(biggest.bytes),
            space = what,
            total = thousands(total),
            limit = thousands(MAX_DEVICE_ARRAY_BYTES),
            limit_mib = mib(MAX_DEVICE_ARRAY_BYTES)
        );
        let note = crate::t!(toolchain_device_memory_note, space = what);
        return Err(format!("{program_name}({}): error: {error}\nnote: {note}\n", at(&biggest.name)));
    }
    if let Some(d) = declared.iter().filter(|d| d.space == "local").max_by_key(|d| d.bytes) {
        if d.bytes > MAX_LOCAL_BYTES_PER_THREAD {
            let error = match d.function.as_deref().map(source_name) {
                Some(function) => crate::t!(
                    toolchain_local_memory_too_large,
                    function = function,
                    bytes = thousands(d.bytes),
                    limit = thousands(MAX_LOCAL_BYTES_PER_THREAD),
                    limit_mib = mib(MAX_LOCAL_BYTES_PER_THREAD)
                ),
                None => crate::t!(
                    toolchain_local_memory_too_large_unnamed,
                    bytes = thousands(d.bytes),
                    limit = thousands(MAX_LOCAL_BYTES_PER_THREAD),
                    limit_mib = mib(MAX_LOCAL_BYTES_PER_THREAD)
                ),
            };
            return Err(format!("{program_name}({}): error: {error}\n", at(d.function.as_deref().unwrap_or(""))));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PTX: &str = "//\n.version 7.5\n.target sm_75\n.address_size 64\n\n\
        .global .align 4 .b8 big[1073741824];\n.visible .global .align 4 .u32 count;\n\
        .global .align 1 .b8 _ZL4done[1048576];\n.const .align 4 .b8 F[100];\n\n\
        .visible .entry k(\n\t.param .u64 k_param_0\n)\n{\n\t.local .align 4 .b8 \t__local_depot0[400];\n\
        \t.reg .b32 %r<4>;\n\tld.global.u32 %r1, [count];\n\tst.local.u32 [%rd1], %r1;\n}\n";

    #[test]
    fn declarations_are_read_with_their_sizes() {
        let d = declarations(PTX);
        let got: Vec<(&str, &str, u64)> = d.iter().map(|d| (d.space.as_str(), d.name.as_str(), d.bytes)).collect();
        assert_eq!(
            got,
            vec![
                ("global", "big", 1 << 30),
                ("global", "count", 4),
                ("global", "_ZL4done", 1 << 20),
                ("const", "F", 100),
                ("local", "__local_depot0", 400)
            ]
        );
        assert_eq!(d[4].function.as_deref(), Some("k"));
    }

    #[test]
    fn a_big_array_is_named_with_its_line() {
        let source = b"// a kernel\n__device__ float big[1 << 28];\n__global__ void k(int *p) {}\n";
        let log = check_ptx(PTX, source, "k.cu").unwrap_err();
        assert!(log.starts_with("k.cu(2): error: `big` takes 1,073,741,824 bytes"), "{log}");
        assert!(log.contains("at most 67,108,864 (64 MiB)"), "{log}");
        let small = PTX.replace("big[1073741824]", "big[1024]");
        assert_eq!(check_ptx(&small, source, "k.cu"), Ok(()));
        let local = small.replace("__local_depot0[400]", "__local_depot0[65536]");
        let log = check_ptx(&local, b"__global__ void k(int *p) {\n  float a[16384];\n}\n", "k.cu").unwrap_err();
        assert!(log.starts_with("k.cu(1): error: each thread of `k` uses 65,536 bytes of local memory"), "{log}");
        let huge = format!("{small}{}", "// padding\n".repeat(MAX_PTX_BYTES / 10));
        assert!(check_ptx(&huge, source, "k.cu").unwrap_err().contains("bytes of PTX"));
    }

    #[test]
    fn mangled_names_read_as_written() {
        assert_eq!(source_name("_ZN2ns3bigE"), "big");
        assert_eq!(source_name("_ZL4done"), "done");
        assert_eq!(source_name("plain"), "plain");
        assert_eq!(source_name("_ZZ6kernelE4N_ds"), "N_ds");
    }

    #[test]
    fn a_long_log_is_cut_and_says_so() {
        assert_eq!(shorten_log("k.cu(1): error: x".into()), "k.cu(1): error: x");
        let long = format!("k.cu(1): error: {}", "é".repeat(MAX_LOG_BYTES));
        let cut = shorten_log(long.clone());
        assert!(cut.len() < MAX_LOG_BYTES + 100 && cut.starts_with("k.cu(1): error: é"), "{}", cut.len());
        let kept = cut.split("\n… (").next().unwrap().len();
        assert!(kept <= MAX_LOG_BYTES && kept > MAX_LOG_BYTES - 4);
        assert!(cut.ends_with(&format!("({} more bytes of the compiler's log left out)", long.len() - kept)), "{cut}");
    }

    #[test]
    fn a_compilation_past_the_limit_is_given_up_on() {
        assert_eq!(within(Duration::from_secs(5), || 7), Some(7));
        let start = std::time::Instant::now();
        assert_eq!(within(Duration::from_millis(50), || std::thread::sleep(Duration::from_secs(3))), None);
        assert!(start.elapsed() < Duration::from_secs(2));
    }
}
