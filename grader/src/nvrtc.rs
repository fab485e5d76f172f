//! NVRTC (NVIDIA's runtime CUDA compiler) with no set-up: find `libnvrtc.so.12`, install the pip
//! wheel into a per-user cache when it is nowhere, and compile kernels to PTX through cudarc.
//!
//! cudarc opens NVRTC by bare library names (`libnvrtc.so`, `libnvrtc.so.12`, …), which the
//! dynamic loader only resolves through LD_LIBRARY_PATH as it was when the process started. We
//! open the file we found by its absolute path first and keep it loaded: the loader then answers
//! cudarc's `dlopen("libnvrtc.so.12")` with that already-loaded library (it matches on SONAME),
//! so no environment variable and no re-exec are needed.

use std::ffi::CString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};

use cudarc::nvrtc::{result, sys};

/// The pip package that carries libnvrtc for CUDA 12.
pub const WHEEL: &str = "nvidia-cuda-nvrtc-cu12";

/// A usable NVRTC: where it was found and its version.
#[derive(Debug)]
pub struct Nvrtc {
    pub library: PathBuf,
    /// Which step of the search found it ("NVRTC_PATH", "CUDA_HOME", "pip site-packages", …).
    pub found_by: String,
    pub version: (i32, i32),
}

/// A compilation the student's source failed: NVRTC's whole log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileFailure {
    pub log: String,
}

static NVRTC: OnceLock<Result<Nvrtc, String>> = OnceLock::new();
/// Libraries opened by absolute path; kept for the life of the process (see the module doc).
static PRELOADED: Mutex<Vec<libloading::Library>> = Mutex::new(Vec::new());

/// Find (and, when `allow_install`, install) NVRTC once per process.
pub fn get(allow_install: bool) -> Result<&'static Nvrtc, String> {
    NVRTC.get_or_init(|| locate(allow_install)).as_ref().map_err(|e| e.clone())
}

/// The per-user cache the wheel is installed into.
pub fn cache_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PMPP_COURSE_CACHE") {
        return Some(PathBuf::from(dir).join("nvrtc"));
    }
    let base = match std::env::var_os("XDG_CACHE_HOME") {
        Some(x) if !x.is_empty() => PathBuf::from(x),
        _ => PathBuf::from(std::env::var_os("HOME")?).join(".cache"),
    };
    Some(base.join("pmpp-course").join("nvrtc"))
}

/// The NVRTC library file in `dir` (or in its `lib64`/`lib` subdirectories), CUDA 12 only:
/// cudarc is built against the 12.x API and asks the loader for `libnvrtc.so.12`.
pub fn library_in(dir: &Path) -> Option<PathBuf> {
    for sub in ["", "lib64", "lib", "targets/x86_64-linux/lib", "nvidia/cuda_nvrtc/lib"] {
        let d = if sub.is_empty() { dir.to_path_buf() } else { dir.join(sub) };
        for name in ["libnvrtc.so.12", "libnvrtc.so"] {
            let f = d.join(name);
            if f.is_file() {
                return Some(f);
            }
        }
    }
    None
}

/// Where to look, in order, each with the name of the step shown to the user.
fn search_dirs() -> Vec<(PathBuf, String)> {
    let mut dirs = Vec::new();
    for var in ["CUDA_HOME", "CUDA_PATH"] {
        if let Some(v) = std::env::var_os(var).filter(|v| !v.is_empty()) {
            dirs.push((PathBuf::from(v), var.to_string()));
        }
    }
    dirs.push((PathBuf::from("/usr/local/cuda"), "/usr/local/cuda".into()));
    // Versioned toolkits, newest first.
    if let Ok(entries) = std::fs::read_dir("/usr/local") {
        let mut versioned: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("cuda-")))
            .collect();
        versioned.sort();
        versioned.reverse();
        dirs.extend(versioned.into_iter().map(|p| (p, "a CUDA toolkit in /usr/local".to_string())));
    }
    dirs.push((PathBuf::from("/opt/cuda"), "/opt/cuda".into()));
    dirs.push((PathBuf::from("/usr/lib/x86_64-linux-gnu"), "the system libraries".into()));
    for site in python_site_dirs() {
        dirs.push((site.join("nvidia").join("cuda_nvrtc").join("lib"), "pip site-packages".into()));
    }
    if let Some(cache) = cache_dir() {
        dirs.push((cache, "the course's cache".into()));
    }
    dirs
}

/// Python's package directories (site, user site, PYTHONPATH), asked of `python3` itself.
pub(crate) fn python_site_dirs() -> Vec<PathBuf> {
    let script = "import site, sys\n\
                  dirs = list(getattr(site, 'getsitepackages', lambda: [])())\n\
                  dirs.append(site.getusersitepackages())\n\
                  print('\\n'.join(dirs + sys.path))";
    let out = Command::new("python3").args(["-c", script]).stderr(Stdio::null()).output();
    match out {
        Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout)
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(PathBuf::from)
            .collect(),
        _ => Vec::new(),
    }
}

fn locate(allow_install: bool) -> Result<Nvrtc, String> {
    // An explicit choice wins and is not second-guessed: a wrong NVRTC_PATH is an error.
    if let Some(v) = std::env::var_os("NVRTC_PATH").filter(|v| !v.is_empty()) {
        let p = PathBuf::from(&v);
        let lib = if p.is_file() { Some(p.clone()) } else { library_in(&p) };
        let lib = lib.ok_or_else(|| {
            format!("NVRTC_PATH={} is neither libnvrtc.so.12 nor a directory containing it", p.display())
        })?;
        return activate(&lib, "NVRTC_PATH");
    }
    let mut tried = Vec::new();
    for (dir, step) in search_dirs() {
        if let Some(lib) = library_in(&dir) {
            match activate(&lib, &step) {
                Ok(n) => return Ok(n),
                Err(e) => tried.push(e),
            }
        }
    }
    if !allow_install {
        return Err(not_found_message(&tried, None));
    }
    let cache = cache_dir().ok_or_else(|| not_found_message(&tried, Some("HOME is not set")))?;
    install(&cache).map_err(|why| not_found_message(&tried, Some(&why)))?;
    let lib = library_in(&cache)
        .ok_or_else(|| not_found_message(&tried, Some("pip finished but libnvrtc.so.12 is not in the cache")))?;
    activate(&lib, "the course's cache (just installed)")
}

fn not_found_message(tried: &[String], install_failure: Option<&str>) -> String {
    let mut msg = String::from(
        "NVRTC (NVIDIA's runtime CUDA compiler, libnvrtc.so.12) was not found: it compiles your kernel.cu to PTX.",
    );
    for t in tried {
        msg.push_str(&format!("\n  skipped: {t}"));
    }
    if let Some(why) = install_failure {
        msg.push_str(&format!("\n  installing it automatically failed: {why}"));
    }
    msg.push_str(&format!(
        "\nInstall it with `python3 -m pip install --user {WHEEL}`, or point NVRTC_PATH at libnvrtc.so.12 \
         (or at the directory holding it)."
    ));
    msg
}

/// `python3 -m pip install --target <cache> nvidia-cuda-nvrtc-cu12` (see `pip_install`).
fn install(cache: &Path) -> Result<(), String> {
    eprintln!(
        "NVRTC (NVIDIA's runtime CUDA compiler) was not found on this machine: installing the `{WHEEL}` \
         wheel into {} with pip (once, about 100 MB)…",
        cache.display()
    );
    pip_install(WHEEL, cache, |dir| library_in(dir).is_some(), "libnvrtc.so.12")?;
    eprintln!("NVRTC installed in {}.", cache.display());
    Ok(())
}

/// `python3 -m pip install --target <dir> <wheel>`, into a temporary directory renamed into
/// place so that an interrupted or concurrent install never leaves half a package. `holds`
/// says whether a directory has what the wheel was installed for (`what`, for messages).
pub(crate) fn pip_install(wheel: &str, dir: &Path, holds: impl Fn(&Path) -> bool, what: &str) -> Result<(), String> {
    let parent = dir.parent().ok_or("the cache directory has no parent")?;
    std::fs::create_dir_all(parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let staging = parent.join(format!("{name}.installing-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&staging);
    let pip = Command::new("python3").args(["-m", "pip", "--version"]).stdout(Stdio::null()).stderr(Stdio::null()).status();
    match pip {
        Ok(st) if st.success() => {}
        Ok(_) => return Err("python3 has no pip (install pip, e.g. `python3 -m ensurepip --user`)".into()),
        Err(e) => return Err(format!("cannot run python3 ({e}); is Python 3 with pip installed?")),
    }
    let run = |extra: &[&str]| -> Result<std::process::Output, String> {
        Command::new("python3")
            .args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps", "--target"])
            .arg(&staging)
            .args(extra)
            .arg(wheel)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run python3 ({e}); is Python 3 with pip installed?"))
    };
    let mut out = run(&[])?;
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    if !out.status.success() && stderr.contains("externally-managed") {
        // A distribution's Python refuses pip; --target does not touch its packages, so it is safe.
        out = run(&["--break-system-packages"])?;
    }
    if !out.status.success() {
        let _ = std::fs::remove_dir_all(&staging);
        let err = String::from_utf8_lossy(&out.stderr);
        let last: Vec<&str> = err.lines().filter(|l| !l.trim().is_empty()).collect();
        let tail = last[last.len().saturating_sub(3)..].join(" / ");
        return Err(format!("`python3 -m pip install {wheel}` failed (offline? no pip?): {tail}"));
    }
    if !holds(&staging) {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(format!("the {wheel} wheel holds no {what} for this platform"));
    }
    if let Err(e) = std::fs::rename(&staging, dir) {
        let _ = std::fs::remove_dir_all(&staging);
        // Another grader finished the same install first: use that one.
        if !holds(dir) {
            return Err(format!("cannot move the installed wheel into {}: {e}", dir.display()));
        }
    }
    Ok(())
}

/// Load `lib` by absolute path, check it is CUDA 12, then let cudarc find it (see the module doc).
fn activate(lib: &Path, found_by: &str) -> Result<Nvrtc, String> {
    // SAFETY: loading NVRTC runs its initialisers, which only set up the library itself.
    let handle = unsafe { libloading::Library::new(lib) }
        .map_err(|e| format!("{} could not be loaded: {e}", lib.display()))?;
    // Ask the file itself before cudarc binds to it for good: cudarc keeps the first NVRTC it opens.
    type VersionFn = unsafe extern "C" fn(*mut i32, *mut i32) -> i32;
    let (mut major, mut minor) = (0, 0);
    // SAFETY: nvrtcVersion has this C signature in every NVRTC release; plain out-parameters.
    let rc = unsafe {
        let f = handle
            .get::<VersionFn>(b"nvrtcVersion\0")
            .map_err(|_| format!("{} is not NVRTC (no nvrtcVersion)", lib.display()))?;
        f(&mut major, &mut minor)
    };
    // Any NVRTC from 12 on: the calls the grader makes are the same in 12 and 13.
    if rc != 0 || major < 12 {
        return Err(format!("{} is NVRTC {major}.{minor}; the grader needs 12 or later", lib.display()));
    }
    PRELOADED.lock().unwrap_or_else(|p| p.into_inner()).push(handle);
    // cudarc panics when it cannot open the library; the panic is caught and reported instead.
    // cudarc asks the loader for the plain name `libnvrtc.so` first, so where a CUDA 13 toolkit
    // registers that name, cudarc binds to it rather than to the file preloaded here. Any NVRTC
    // from 12 on compiles the course's kernels, so that one is used, and named as what it is.
    let loaded = std::panic::catch_unwind(|| {
        let (mut a, mut b) = (0, 0);
        // SAFETY: plain out-parameters.
        let rc = unsafe { sys::nvrtcVersion(&mut a, &mut b) };
        (rc == sys::nvrtcResult::NVRTC_SUCCESS).then_some((a, b))
    });
    match loaded {
        Ok(Some(v)) if v == (major, minor) => {
            Ok(Nvrtc { library: lib.to_path_buf(), found_by: found_by.to_string(), version: v })
        }
        Ok(Some(v)) if v.0 >= 12 => Ok(Nvrtc {
            library: PathBuf::from("libnvrtc.so"),
            found_by: format!("the system loader's libnvrtc.so, which cudarc opens before {}", lib.display()),
            version: v,
        }),
        _ => Err(format!("{} was loaded but cudarc did not pick it up", lib.display())),
    }
}

/// The headers device code may include (`grader/device-headers/README.md` says why), handed to
/// NVRTC by name with every program: they win over any include directory.
const DEVICE_HEADERS: &[(&str, &str)] = &[
    ("cuda_runtime.h", include_str!("../device-headers/cuda_runtime.h")),
    ("cuda_runtime_api.h", include_str!("../device-headers/cuda_runtime_api.h")),
    ("cuda.h", include_str!("../device-headers/cuda.h")),
    ("device_launch_parameters.h", include_str!("../device-headers/device_launch_parameters.h")),
    ("stdio.h", include_str!("../device-headers/stdio.h")),
    ("cstdio", include_str!("../device-headers/cstdio")),
    ("assert.h", include_str!("../device-headers/assert.h")),
    ("cassert", include_str!("../device-headers/cassert")),
    ("math.h", include_str!("../device-headers/math.h")),
    ("cmath", include_str!("../device-headers/cmath")),
    ("stdint.h", include_str!("../device-headers/stdint.h")),
    ("cstdint", include_str!("../device-headers/cstdint")),
    ("limits.h", include_str!("../device-headers/limits.h")),
    ("climits", include_str!("../device-headers/climits")),
    ("float.h", include_str!("../device-headers/float.h")),
    ("cfloat", include_str!("../device-headers/cfloat")),
];
/// Used only where no CUDA toolkit or NVIDIA wheel has the real one.
const FP16_STAND_IN: (&str, &str) = ("cuda_fp16.h", include_str!("../device-headers/cuda_fp16.h"));

/// Headers of the C++ standard library and of the host runtime that device code cannot use.
const HOST_ONLY_HEADERS: &[&str] = &[
    "vector", "iostream", "string", "algorithm", "map", "unordered_map", "set", "memory", "fstream", "sstream",
    "iomanip", "chrono", "thread", "random", "numeric", "functional", "utility", "array", "cstdlib", "stdlib.h",
    "cstring", "string.h", "ctime", "time.h", "list", "deque", "queue", "stack", "tuple", "exception", "stdexcept",
    "iterator", "limits", "type_traits", "bits/stdc++.h", "cuda_runtime_api.hpp", "helper_cuda.h", "helper_functions.h",
];

/// The stand-in headers, `cuda_fp16.h`'s included (for clang, which cannot use NVIDIA's).
pub fn device_headers() -> Vec<(&'static str, &'static str)> {
    DEVICE_HEADERS.iter().copied().chain([FP16_STAND_IN]).collect()
}

/// A directory holding NVIDIA's real `cuda_fp16.h` (a toolkit's or the runtime wheel's include).
fn real_fp16_dir() -> Option<&'static Path> {
    static DIR: OnceLock<Option<PathBuf>> = OnceLock::new();
    DIR.get_or_init(|| {
        let mut dirs: Vec<PathBuf> = Vec::new();
        for var in ["CUDA_HOME", "CUDA_PATH"] {
            if let Some(v) = std::env::var_os(var).filter(|v| !v.is_empty()) {
                dirs.push(PathBuf::from(v).join("include"));
            }
        }
        dirs.push(PathBuf::from("/usr/local/cuda/include"));
        dirs.extend(python_site_dirs().into_iter().map(|s| s.join("nvidia").join("cuda_runtime").join("include")));
        dirs.into_iter().find(|d| d.join("cuda_fp16.h").is_file() && d.join("cuda_fp16.hpp").is_file())
    })
    .as_deref()
}

/// NVRTC's options for one compilation: the architecture, line info, the include directory of
/// the real `cuda_fp16.h` where there is one, and the defines.
pub fn options(arch: &str, defines: &[(String, String)]) -> Vec<String> {
    let mut options = vec![format!("--gpu-architecture={arch}"), "-lineinfo".to_string()];
    if let Some(dir) = real_fp16_dir() {
        options.push(format!("-I{}", dir.display()));
    }
    options.extend(defines.iter().map(|(k, v)| format!("-D{k}={v}")));
    options
}

/// The source as NVRTC should see it: a UTF-8 byte-order mark (Visual Studio, Notepad) dropped;
/// any other bytes kept as they are (a comment in GBK or Latin-1 is no concern of the compiler).
pub fn source_bytes(file: &[u8]) -> &[u8] {
    file.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(file)
}

/// An NVRTC program of `source` with the course's device headers. The caller destroys it.
pub fn create_program(source: &[u8], program_name: &str) -> Result<sys::nvrtcProgram, String> {
    let src = CString::new(source_bytes(source)).map_err(|_| format!("{program_name}: the file contains a NUL byte"))?;
    let name = CString::new(program_name).map_err(|_| format!("{program_name}: the path contains a NUL byte"))?;
    let mut headers: Vec<(&str, &str)> = DEVICE_HEADERS.to_vec();
    if real_fp16_dir().is_none() {
        headers.push(FP16_STAND_IN);
    }
    let names: Vec<CString> = headers.iter().map(|(n, _)| CString::new(*n).expect("no NUL in header names")).collect();
    let texts: Vec<CString> = headers.iter().map(|(_, t)| CString::new(*t).expect("no NUL in headers")).collect();
    let name_ptrs: Vec<*const std::ffi::c_char> = names.iter().map(|c| c.as_ptr()).collect();
    let text_ptrs: Vec<*const std::ffi::c_char> = texts.iter().map(|c| c.as_ptr()).collect();
    let mut prog = std::mem::MaybeUninit::uninit();
    // SAFETY: every pointer refers to a NUL-terminated string alive for the call; NVRTC copies them.
    let rc = unsafe {
        sys::nvrtcCreateProgram(
            prog.as_mut_ptr(),
            src.as_ptr(),
            name.as_ptr(),
            headers.len() as i32,
            text_ptrs.as_ptr(),
            name_ptrs.as_ptr(),
        )
    };
    if rc != sys::nvrtcResult::NVRTC_SUCCESS {
        return Err(format!("nvrtcCreateProgram failed: {rc:?}"));
    }
    // SAFETY: initialised by the successful call above.
    Ok(unsafe { prog.assume_init() })
}

impl Nvrtc {
    /// Compile `source` (the file's bytes) to PTX. `program_name` is what NVRTC's messages and
    /// the PTX's `.file` call the source (the student's path, so errors read
    /// `exercises/…/kernel.cu(12): error`).
    pub fn compile(
        &self,
        source: &[u8],
        program_name: &str,
        arch: &str,
        defines: &[(String, String)],
    ) -> Result<String, CompileFailure> {
        let prog = create_program(source, program_name).map_err(|log| CompileFailure { log })?;
        // SAFETY: `prog` is live until destroy_program below.
        unsafe {
            let compiled = result::compile_program(prog, &options(arch, defines));
            let log = result::get_program_log(prog).map(|l| c_chars_to_string(&l)).unwrap_or_default();
            let ptx = match compiled {
                Ok(()) => match overridden_defines(&log, defines) {
                    Some(why) => Err(CompileFailure { log: why }),
                    None => result::get_ptx(prog)
                        .map(|p| c_chars_to_string(&p))
                        .map_err(|e| CompileFailure { log: format!("nvrtcGetPTX failed: {e}") }),
                },
                Err(_) => Err(CompileFailure { log: explain_missing_headers(&log) }),
            };
            let _ = result::destroy_program(prog);
            ptx
        }
    }
}

/// A `#define` in the file of a name the grader sets per test (`-DFILTER_RADIUS=3`): the file's
/// value would win (NVRTC only warns), and the test would run a different kernel than it asks
/// for. Said as an error with NVRTC's own line.
pub fn overridden_defines(log: &str, defines: &[(String, String)]) -> Option<String> {
    let mut out = String::new();
    let mut lines = log.lines().peekable();
    while let Some(line) = lines.next() {
        // NVRTC: `incompatible redefinition of macro "X"`; clang: `'X' macro redefined`.
        let name = match (line.split("incompatible redefinition of macro \"").nth(1), line.split_once("' macro redefined")) {
            (Some(rest), _) => rest.split('"').next(),
            (None, Some((head, _))) => head.rsplit('\'').next(),
            _ => None,
        };
        let Some(name) = name else { continue };
        let Some((_, value)) = defines.iter().find(|(k, _)| k == name) else { continue };
        let place = line.split(": warning").next().unwrap_or(line);
        let place = place.strip_suffix(':').unwrap_or(place);
        out.push_str(&format!(
            "{place}: error: this file defines {name} itself, but the grader sets it for each test (this one: -D{name}={value}), \
             so the test would run another kernel than it checks.\n"
        ));
        while let Some(next) = lines.peek().filter(|l| l.starts_with(' ')) {
            out.push_str(next);
            out.push('\n');
            lines.next();
        }
        out.push_str(&format!("note: guard it so that the test's value wins:\n    #ifndef {name}\n    #define {name} …\n    #endif\n"));
    }
    (!out.is_empty()).then_some(out)
}

/// After NVRTC's "could not open source file" error, say what to do about that header.
pub fn explain_missing_headers(log: &str) -> String {
    let mut out = String::with_capacity(log.len());
    for line in log.split_inclusive('\n') {
        out.push_str(line);
        // NVRTC: `could not open source file "vector"`; clang: `'vector' file not found`.
        let header = match (line.split("could not open source file \"").nth(1), line.split_once("' file not found")) {
            (Some(rest), _) => rest.split('"').next().unwrap_or(""),
            (None, Some((head, _))) => head.rsplit('\'').next().unwrap_or(""),
            _ => continue,
        };
        let note = if HOST_ONLY_HEADERS.contains(&header) {
            format!(
                "note: <{header}> is for host code. The grader compiles your kernel file alone, as device code \
                 (it writes the host code itself): remove `#include <{header}>`.\n"
            )
        } else {
            let known: Vec<&str> = DEVICE_HEADERS.iter().map(|(n, _)| *n).chain(["cuda_fp16.h"]).collect();
            format!(
                "note: the grader compiles your kernel file alone and provides only these headers: {}. \
                 Remove `#include <{header}>` or put what you need from it in the kernel file.\n",
                known.join(", ")
            )
        };
        if !line.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&note);
    }
    out
}

fn c_chars_to_string(chars: &[std::ffi::c_char]) -> String {
    let bytes: Vec<u8> = chars.iter().take_while(|&&c| c != 0).map(|&c| c as u8).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The part of an NVRTC log a student needs: each error with its source line and caret, and the
/// closing count; warnings and remarks are left out.
pub fn errors_only(log: &str) -> String {
    let mut out = Vec::new();
    let mut keep = false;
    for line in log.lines() {
        let is_head = line.contains("): error") || line.contains("): catastrophic error");
        let is_other_head = line.contains("): warning") || line.starts_with("Remark");
        if is_head {
            keep = true;
        } else if is_other_head || line.trim().is_empty() {
            keep = false;
        }
        if keep || line.contains("detected in the compilation of") {
            out.push(line);
        }
    }
    if out.is_empty() {
        log.trim_end().to_string()
    } else {
        out.join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_only_drops_warnings_and_keeps_caret() {
        let log = "k.cu(4): error: expected a \";\"\n      a[i] = foo;\n      ^\n\n\
                   k.cu(2): warning #177-D: variable \"unused\" was declared but never referenced\n      int unused = 3;\n          ^\n\n\
                   Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"\n\n\
                   1 error detected in the compilation of \"k.cu\".\n";
        assert_eq!(
            errors_only(log),
            "k.cu(4): error: expected a \";\"\n      a[i] = foo;\n      ^\n1 error detected in the compilation of \"k.cu\"."
        );
    }

    #[test]
    fn a_byte_order_mark_is_dropped_and_other_bytes_kept() {
        assert_eq!(source_bytes(b"\xEF\xBB\xBF// k\r\n"), b"// k\r\n");
        // GBK and Latin-1 bytes reach NVRTC as they are.
        assert_eq!(source_bytes(b"// \xB9\xB2\xCF\xED \xFC\n"), b"// \xB9\xB2\xCF\xED \xFC\n");
        assert_eq!(source_bytes(b""), b"");
    }

    #[test]
    fn a_missing_header_gets_a_note_saying_what_to_do() {
        let log = "k.cu(3): catastrophic error: could not open source file \"vector\" (no directories in search list)\n  #include <vector>\n                   ^\n";
        let out = explain_missing_headers(log);
        assert!(out.contains("note: <vector> is for host code"), "{out}");
        assert!(out.contains("remove `#include <vector>`"), "{out}");
        let out = explain_missing_headers(&log.replace("vector", "thrust/sort.h"));
        assert!(out.contains("provides only these headers: cuda_runtime.h"), "{out}");
        assert!(out.contains("cuda_fp16.h"), "{out}");
        assert_eq!(explain_missing_headers("k.cu(1): error: x\n"), "k.cu(1): error: x\n");
    }

    #[test]
    fn a_define_the_grader_sets_must_not_be_redefined() {
        let log = "k.cu(1): warning #47-D: incompatible redefinition of macro \"FILTER_RADIUS\"\n  #define FILTER_RADIUS 2\n          ^\n\nRemark: …\n";
        let defines = vec![("FILTER_RADIUS".to_string(), "3".to_string())];
        let why = overridden_defines(log, &defines).expect("caught");
        assert!(why.starts_with("k.cu(1): error: this file defines FILTER_RADIUS itself"), "{why}");
        assert!(why.contains("-DFILTER_RADIUS=3") && why.contains("#ifndef FILTER_RADIUS"), "{why}");
        assert!(errors_only(&why).contains("#define FILTER_RADIUS 2"), "the line is shown: {}", errors_only(&why));
        // A macro the grader does not set is the student's business.
        assert_eq!(overridden_defines(&log.replace("FILTER_RADIUS", "TILE"), &defines), None);
        assert_eq!(overridden_defines("", &defines), None);
    }

    #[test]
    fn library_in_looks_in_toolkit_subdirectories() {
        let dir = std::env::temp_dir().join(format!("grader-nvrtc-test-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("lib64")).unwrap();
        assert_eq!(library_in(&dir), None);
        std::fs::write(dir.join("lib64/libnvrtc.so.12"), b"").unwrap();
        assert_eq!(library_in(&dir), Some(dir.join("lib64/libnvrtc.so.12")));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
