//! NVRTC (NVIDIA's runtime CUDA compiler) with no set-up: find it (12 or 13, a toolkit's or a
//! pip wheel's, on Linux or Windows), install the pip wheel into a per-user cache when it is
//! nowhere, and compile kernels to PTX.
//!
//! The library is opened by the path where it was found and its few functions are called
//! through `libloading` (see `Api`): no environment variable, no re-exec, and any file name
//! (`libnvrtc.so.13`, `nvrtc64_130_0.dll`), which a loader searching fixed names would miss.

use crate::error::{Error, Result};
use std::ffi::{c_char, c_int, c_void, CString};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

mod explain;
mod headers;
mod locate;

pub use explain::{
    errors_only, explain_missing_headers, explain_missing_semicolons, explain_shadowed_defines, overridden_defines,
};
pub use headers::{headers_cache_dir, Fp16Headers, HEADERS_WHEEL, HEADERS_WHEEL_VERSION};
use locate::activate;
pub use locate::{cache_dir, get, library_in, library_names};
pub(crate) use locate::{pip_install, python_site_dirs, PYTHON_COMMAND};

/// The pip package that carries libnvrtc for CUDA 12.
pub const WHEEL: &str = "nvidia-cuda-nvrtc-cu12";
/// The NVRTC the course's figures, coverage table and GPU recordings were made with: the first
/// run installs this version, and the PrairieLearn image and the Gradescope bundle pin it, so
/// that students and the grading platforms compile with the same compiler. An NVRTC found on
/// the machine (a toolkit, a wheel, NVRTC_PATH) is used as it is, and the report names it.
pub const WHEEL_VERSION: &str = "12.9.86";

/// A usable NVRTC: where it was found, its version and its functions.
#[derive(Debug)]
pub struct Nvrtc {
    pub library: PathBuf,
    /// Which step of the search found it ("NVRTC_PATH", "CUDA_HOME", "pip site-packages", …).
    pub found_by: String,
    pub version: (i32, i32),
    /// The exact release ("12.9.86"), where the wheel's metadata or the toolkit's version.json
    /// says it.
    pub release: Option<String>,
    /// NVIDIA's `cuda_fp16.h` for it (see `headers`); `None`: the grader's stand-in.
    pub fp16: Option<Fp16Headers>,
    api: Api,
}

type Program = *mut c_void;
type CreateFn = unsafe extern "C" fn(
    *mut Program,
    *const c_char,
    *const c_char,
    c_int,
    *const *const c_char,
    *const *const c_char,
) -> c_int;
type CompileFn = unsafe extern "C" fn(Program, c_int, *const *const c_char) -> c_int;
type SizeFn = unsafe extern "C" fn(Program, *mut usize) -> c_int;
type GetFn = unsafe extern "C" fn(Program, *mut c_char) -> c_int;
type DestroyFn = unsafe extern "C" fn(*mut Program) -> c_int;
type VersionFn = unsafe extern "C" fn(*mut c_int, *mut c_int) -> c_int;

/// The NVRTC functions the grader calls (their C signatures are the same in 12 and 13), and the
/// library they live in, kept loaded for the life of the process.
#[derive(Debug)]
struct Api {
    create: CreateFn,
    compile: CompileFn,
    log_size: SizeFn,
    log: GetFn,
    ptx_size: SizeFn,
    ptx: GetFn,
    cubin_size: SizeFn,
    cubin: GetFn,
    destroy: DestroyFn,
    _library: libloading::Library,
    /// Windows: NVRTC's builtins library, loaded by its full path (see `preload_builtins`).
    _builtins: Vec<libloading::Library>,
}

/// What a compilation should produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    Ptx,
    /// A CUBIN for a real architecture (`sm_90`).
    Cubin,
}

/// A compilation the student's source failed: NVRTC's whole log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileFailure {
    pub log: String,
}

static NVRTC: OnceLock<Result<Nvrtc>> = OnceLock::new();

/// The headers device code may include (`grader/device-headers/README.md` says why), handed to
/// NVRTC by name with every program: they win over any include directory.
pub(crate) const DEVICE_HEADERS: &[(&str, &str)] = &[
    ("cuda_runtime.h", include_str!("../../../device-headers/cuda_runtime.h")),
    ("cuda_runtime_api.h", include_str!("../../../device-headers/cuda_runtime_api.h")),
    ("cuda.h", include_str!("../../../device-headers/cuda.h")),
    ("device_launch_parameters.h", include_str!("../../../device-headers/device_launch_parameters.h")),
    ("stdio.h", include_str!("../../../device-headers/stdio.h")),
    ("cstdio", include_str!("../../../device-headers/cstdio")),
    ("assert.h", include_str!("../../../device-headers/assert.h")),
    ("cassert", include_str!("../../../device-headers/cassert")),
    ("math.h", include_str!("../../../device-headers/math.h")),
    ("cmath", include_str!("../../../device-headers/cmath")),
    ("stdint.h", include_str!("../../../device-headers/stdint.h")),
    ("cstdint", include_str!("../../../device-headers/cstdint")),
    ("limits.h", include_str!("../../../device-headers/limits.h")),
    ("climits", include_str!("../../../device-headers/climits")),
    ("float.h", include_str!("../../../device-headers/float.h")),
    ("cfloat", include_str!("../../../device-headers/cfloat")),
    ("cooperative_groups.h", include_str!("../../../device-headers/cooperative_groups.h")),
    ("cooperative_groups/reduce.h", include_str!("../../../device-headers/cooperative_groups/reduce.h")),
    ("cuda_pipeline.h", include_str!("../../../device-headers/cuda_pipeline.h")),
    ("cuda_pipeline_primitives.h", include_str!("../../../device-headers/cuda_pipeline_primitives.h")),
];
/// Used only where NVIDIA's could not be had (see `headers`).
const FP16_STAND_IN: (&str, &str) = ("cuda_fp16.h", include_str!("../../../device-headers/cuda_fp16.h"));

/// Headers of the C++ standard library and of the host runtime that device code cannot use.
pub(crate) const HOST_ONLY_HEADERS: &[&str] = &[
    "vector",
    "iostream",
    "string",
    "algorithm",
    "map",
    "unordered_map",
    "set",
    "memory",
    "fstream",
    "sstream",
    "iomanip",
    "chrono",
    "thread",
    "random",
    "numeric",
    "functional",
    "utility",
    "array",
    "cstdlib",
    "stdlib.h",
    "cstring",
    "string.h",
    "ctime",
    "time.h",
    "list",
    "deque",
    "queue",
    "stack",
    "tuple",
    "exception",
    "stdexcept",
    "iterator",
    "limits",
    "type_traits",
    "bits/stdc++.h",
    "cuda_runtime_api.hpp",
    "helper_cuda.h",
    "helper_functions.h",
];

/// The stand-in headers, `cuda_fp16.h`'s included (for clang, which cannot use NVIDIA's).
pub fn device_headers() -> Vec<(&'static str, &'static str)> {
    DEVICE_HEADERS.iter().copied().chain([FP16_STAND_IN]).collect()
}

/// The source as NVRTC should see it: a UTF-8 byte-order mark (Visual Studio, Notepad) dropped;
/// any other bytes kept as they are (a comment in GBK or Latin-1 is no concern of the compiler).
pub fn source_bytes(file: &[u8]) -> &[u8] {
    file.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(file)
}

impl Nvrtc {
    /// "12.9.86" where the exact release is known, else "12.9".
    pub fn version_text(&self) -> String {
        self.release.clone().unwrap_or_else(|| format!("{}.{}", self.version.0, self.version.1))
    }

    /// NVRTC's options for one compilation: the architecture, line info, the include directory
    /// of NVIDIA's `cuda_fp16.h` where there is one, and the defines.
    pub fn options(&self, arch: &str, defines: &[(String, String)]) -> Vec<String> {
        let mut options = vec![format!("--gpu-architecture={arch}"), "-lineinfo".to_string()];
        if let Some(h) = &self.fp16 {
            options.push(format!("-I{}", h.dir.display()));
        }
        options.extend(defines.iter().map(|(k, v)| format!("-D{k}={v}")));
        options
    }

    /// Compile `source` (the file's bytes) with the course's device headers and `options`:
    /// the output, or NVRTC's whole log. `program_name` is what NVRTC's messages and the PTX's
    /// `.file` call the source (the student's path, so errors read `exercises/…/kernel.cu(12): error`).
    pub fn build(
        &'static self,
        source: &[u8],
        program_name: &str,
        options: &[String],
        output: Output,
    ) -> Result<(Vec<u8>, String)> {
        // Before NVRTC opens anything: a kernel may include the course's headers only.
        super::includes::check(source, program_name).map_err(Error::Compile)?;
        let src = CString::new(source_bytes(source))
            .map_err(|_| Error::Toolchain(crate::t!(toolchain_file_has_nul, file = program_name)))?;
        let name = CString::new(program_name)
            .map_err(|_| Error::Toolchain(crate::t!(toolchain_path_has_nul, file = program_name)))?;
        let key = self.build_key(source, program_name, options, output);
        if let Some(kept) = super::build_cache::get(&key) {
            return Ok(kept);
        }
        // In a process of its own where the grader's binary is at hand: a compilation that does
        // not end (a huge unrolled loop) is killed at the time limit, and its memory is bounded.
        let built = if let Some(exe) = worker_exe() {
            self.build_in_worker(&exe, source, program_name, options, output)
        } else {
            // Elsewhere (the library's own tests) on a thread, given up on after the limit.
            let options = options.to_vec();
            super::limits::within_compile_limit(program_name, move || self.build_now(&src, &name, &options, output))
                .map_err(Error::Compile)?
        };
        if let Ok((bytes, log)) = &built {
            super::build_cache::put(&key, bytes, log);
        }
        built
    }

    /// The build cache's key: this NVRTC (its release, or its library file), what it is asked
    /// for, the course's headers as they are given to it, and the source.
    fn build_key(
        &self,
        source: &[u8],
        program_name: &str,
        options: &[String],
        output: Output,
    ) -> super::build_cache::Key {
        let headers: Vec<u8> =
            device_headers().iter().flat_map(|(n, t)| [n.as_bytes(), b"\0", t.as_bytes(), b"\0"].concat()).collect();
        let fp16 = self
            .fp16
            .as_ref()
            .map(|h| super::build_cache::file_identity(&h.dir.join("cuda_fp16.h")))
            .unwrap_or_default();
        // A known release (in `version_text`) with the library's size is the compiler wherever
        // it is installed: pip's user site and the course's cache hold the same wheel's library,
        // and compile alike. Without a release, the file itself.
        let compiler = match self.release {
            Some(_) => format!("{:?}", std::fs::metadata(&self.library).map(|m| m.len()).ok()).into_bytes(),
            None => super::build_cache::file_identity(&self.library),
        };
        super::build_cache::Key::of(&[
            b"nvrtc",
            &compiler,
            self.version_text().as_bytes(),
            program_name.as_bytes(),
            format!("{output:?}").as_bytes(),
            options.join("\0").as_bytes(),
            &headers,
            &fp16,
            // A build that fits in one memory limit may not in a lower one.
            &super::limits::compile_memory_bytes().to_le_bytes(),
            source_bytes(source),
        ])
    }

    /// The compilation in one of the grader's NVRTC processes (see [`worker_main`]).
    fn build_in_worker(
        &self,
        exe: &Path,
        source: &[u8],
        program_name: &str,
        options: &[String],
        output: Output,
    ) -> Result<(Vec<u8>, String)> {
        let request = [
            program_name.as_bytes().to_vec(),
            if output == Output::Ptx { b"ptx".to_vec() } else { b"cubin".to_vec() },
            options.join("\0").into_bytes(),
            source_bytes(source).to_vec(),
        ];
        match worker::compile(exe, &self.library, &request) {
            Ok((true, bytes, log)) => Ok((bytes, log)),
            // NVRTC's own "catastrophic error: out of memory" is the limit too (a huge initializer
            // runs out in the front end, which reports it): say which limit.
            Ok((false, _, log)) if log.contains("error: out of memory") => {
                Err(Error::Compile(format!("{log}{}", out_of_memory_log(program_name))))
            }
            Ok((false, _, log)) => Err(Error::Compile(log)),
            Err(worker::Failed::Start(e)) => {
                Err(Error::Toolchain(crate::t!(toolchain_cannot_start_worker, error = e.to_string())))
            }
            Err(worker::Failed::Timeout) => {
                Err(Error::Compile(crate::toolchain::limits::compile_timeout_log(program_name)))
            }
            Err(worker::Failed::Died) => Err(Error::Compile(out_of_memory_log(program_name))),
        }
    }

    /// One NVRTC compilation, on the calling thread.
    fn build_now(
        &self,
        src: &CString,
        name: &CString,
        options: &[String],
        output: Output,
    ) -> Result<(Vec<u8>, String)> {
        let mut headers: Vec<(&'static str, &'static str)> = DEVICE_HEADERS.to_vec();
        // The only include directory is NVIDIA's cuda_fp16.h's (`options`); without one, the
        // stand-in. (Decided from the options: the grader's NVRTC processes get only those.)
        if !options.iter().any(|o| o.starts_with("-I")) {
            headers.push(FP16_STAND_IN);
        }
        let cstrings = |v: Vec<&str>| -> Vec<CString> {
            v.into_iter().map(|t| CString::new(t).expect("no NUL in headers or options")).collect()
        };
        let names = cstrings(headers.iter().map(|(n, _)| *n).collect());
        let texts = cstrings(headers.iter().map(|(_, t)| *t).collect());
        let opts = cstrings(options.iter().map(|o| o.as_str()).collect());
        let ptrs = |v: &[CString]| -> Vec<*const c_char> { v.iter().map(|c| c.as_ptr()).collect() };
        let (name_ptrs, text_ptrs, opt_ptrs) = (ptrs(&names), ptrs(&texts), ptrs(&opts));
        let api = &self.api;
        let mut prog: Program = std::ptr::null_mut();
        // SAFETY: every pointer refers to a NUL-terminated string alive for the call (NVRTC
        // copies them); `prog` is destroyed below on every path.
        unsafe {
            let rc = (api.create)(
                &mut prog,
                src.as_ptr(),
                name.as_ptr(),
                names.len() as c_int,
                text_ptrs.as_ptr(),
                name_ptrs.as_ptr(),
            );
            if rc != 0 {
                return Err(Error::Toolchain(format!("nvrtcCreateProgram failed (error {rc})")));
            }
            let compiled = (api.compile)(prog, opt_ptrs.len() as c_int, opt_ptrs.as_ptr());
            let log = read(prog, api.log_size, api.log).map(|b| c_chars_to_string(&b)).unwrap_or_default();
            let result = if compiled != 0 {
                Err(Error::Compile(log))
            } else {
                let (size, get) = match output {
                    Output::Ptx => (api.ptx_size, api.ptx),
                    Output::Cubin => (api.cubin_size, api.cubin),
                };
                match read(prog, size, get) {
                    Some(mut bytes) if !bytes.is_empty() => {
                        if output == Output::Ptx {
                            bytes.truncate(bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len()));
                        }
                        Ok((bytes, log))
                    }
                    _ => Err(Error::Toolchain(format!("NVRTC compiled the file but made no {output:?}\n{log}"))),
                }
            };
            (api.destroy)(&mut prog);
            result
        }
    }

    /// Compile `source` (the file's bytes) to PTX for the emulator.
    pub fn compile(
        &'static self,
        source: &[u8],
        program_name: &str,
        arch: &str,
        defines: &[(String, String)],
    ) -> Result<String, CompileFailure> {
        match self.build(source, program_name, &self.options(arch, defines), Output::Ptx) {
            Ok((ptx, log)) => match overridden_defines(&log, defines) {
                Some(why) => Err(CompileFailure { log: why }),
                None => {
                    let ptx = String::from_utf8_lossy(&ptx).into_owned();
                    crate::toolchain::limits::check_ptx(&ptx, source, program_name)
                        .map_err(|log| CompileFailure { log })?;
                    Ok(ptx)
                }
            },
            Err(log) => Err(CompileFailure {
                log: explain_missing_semicolons(
                    &explain_shadowed_defines(&explain_missing_headers(log.message()), source, defines),
                    source,
                ),
            }),
        }
    }
}

/// The hidden command line of the grader's NVRTC processes: `grader __nvrtc-worker LIBRARY`.
/// Each reads compilations from its standard input and answers on its standard output, one
/// after another, in frames (see `worker`).
pub const WORKER_COMMAND: &str = "__nvrtc-worker";

/// The grader's binary, to run NVRTC in (`PMPP_GRADER_EXE` for tests that build it); `None`
/// when this process is something else (the library's unit tests).
fn worker_exe() -> Option<PathBuf> {
    if let Some(exe) = std::env::var_os("PMPP_GRADER_EXE").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(exe));
    }
    let exe = std::env::current_exe().ok()?;
    (exe.file_stem()? == "grader").then_some(exe)
}

/// `grader __nvrtc-worker LIBRARY`: compile what comes on standard input until it closes,
/// with this process's memory bounded. Exit 0 at the end of the input, 3 when it cannot run.
pub fn worker_main(args: &[std::ffi::OsString]) -> i32 {
    crate::toolchain::limits::bound_this_process_memory();
    let [library] = args else {
        eprintln!("usage: grader {WORKER_COMMAND} LIBRARY");
        return 3;
    };
    let nvrtc = match activate(Path::new(library), "worker") {
        Ok(n) => n,
        Err(e) => {
            eprintln!("{e}");
            return 3;
        }
    };
    let (mut input, mut out) = (std::io::stdin().lock(), std::io::stdout().lock());
    while let Ok(Some(request)) = worker::read_request(&mut input) {
        let [name, output, options, source] = &request[..] else { return 3 };
        let output = if output.as_slice() == b"cubin" { Output::Cubin } else { Output::Ptx };
        let options: Vec<String> =
            String::from_utf8_lossy(options).split('\0').filter(|o| !o.is_empty()).map(str::to_string).collect();
        let answer = match (CString::new(source.as_slice()), CString::new(name.as_slice())) {
            (Ok(src), Ok(name)) => nvrtc.build_now(&src, &name, &options, output),
            _ => Err(Error::Toolchain("a NUL byte in the source or its name".into())),
        };
        let frames = match answer {
            Ok((bytes, log)) => [b"ok".to_vec(), bytes, log.into_bytes()],
            Err(log) => [b"failed".to_vec(), Vec::new(), log.message().as_bytes().to_vec()],
        };
        if worker::write_frames(&mut out, &frames).is_err() {
            return 3;
        }
    }
    0
}

mod worker;

/// One of NVRTC's size-then-contents outputs (log, PTX, CUBIN) of a live program.
///
/// # Safety
/// `prog` is a live program and the two functions are its NVRTC getters.
unsafe fn read(prog: Program, size: SizeFn, get: GetFn) -> Option<Vec<u8>> {
    let mut n = 0usize;
    if size(prog, &mut n) != 0 {
        return None;
    }
    let mut buf = vec![0u8; n];
    if n > 0 && get(prog, buf.as_mut_ptr() as *mut c_char) != 0 {
        return None;
    }
    Some(buf)
}

fn c_chars_to_string(bytes: &[u8]) -> String {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    String::from_utf8_lossy(&bytes[..end]).into_owned()
}

/// The grader's line for a compilation stopped at the compile memory limit, in NVRTC's format.
fn out_of_memory_log(program_name: &str) -> String {
    format!(
        "{program_name}(1): error: {}\n",
        crate::t!(toolchain_compiler_out_of_memory, limit = crate::toolchain::limits::compile_memory_text())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_dropped_and_other_bytes_kept() {
        assert_eq!(source_bytes(b"\xEF\xBB\xBF// k\r\n"), b"// k\r\n");
        // GBK and Latin-1 bytes reach NVRTC as they are.
        assert_eq!(source_bytes(b"// \xB9\xB2\xCF\xED \xFC\n"), b"// \xB9\xB2\xCF\xED \xFC\n");
        assert_eq!(source_bytes(b""), b"");
    }

    /// The book's list of headers a kernel may include (docs/limits.md) is the grader's: every
    /// header it provides, and no other, in the order the list keeps (alphabetical).
    #[test]
    fn the_books_header_list_is_the_graders() {
        let page = include_str!("../../../../docs/limits.md");
        let list = page.split("`#include \"name\"`:").nth(1).and_then(|rest| rest.split(". Anything else").next());
        let listed: Vec<&str> = list.expect("docs/limits.md lists the headers").split('`').skip(1).step_by(2).collect();
        let mut provided: Vec<&str> = DEVICE_HEADERS.iter().map(|(name, _)| *name).chain([FP16_STAND_IN.0]).collect();
        provided.sort_unstable();
        assert_eq!(listed, provided, "docs/limits.md's list of headers is not the grader's (DEVICE_HEADERS)");
    }

    /// A shared library that answers nvrtcVersion with `version`, and (when `complete`) has
    /// every other function the grader takes. `None` where this machine has no C compiler.
    #[cfg(target_os = "linux")]
    fn fake_nvrtc(dir: &Path, file: &str, version: (i32, i32), complete: bool) -> Option<PathBuf> {
        let c = dir.join(format!("{file}.c"));
        let mut src =
            format!("int nvrtcVersion(int *a, int *b) {{ *a = {}; *b = {}; return 0; }}\n", version.0, version.1);
        if complete {
            for f in [
                "nvrtcCreateProgram",
                "nvrtcCompileProgram",
                "nvrtcGetProgramLogSize",
                "nvrtcGetProgramLog",
                "nvrtcGetPTXSize",
                "nvrtcGetPTX",
                "nvrtcGetCUBINSize",
                "nvrtcGetCUBIN",
                "nvrtcDestroyProgram",
            ] {
                src.push_str(&format!("int {f}(void) {{ return 1; }}\n"));
            }
        }
        std::fs::write(&c, src).unwrap();
        let out = dir.join(file);
        let ok =
            Command::new("cc").args(["-shared", "-fPIC", "-o"]).arg(&out).arg(&c).status().is_ok_and(|s| s.success());
        if !ok {
            eprintln!("skipped: no C compiler to build a fake NVRTC");
        }
        ok.then_some(out)
    }

    /// Windows: once NVRTC is loaded, its builtins library is too, from NVRTC's own folder (else
    /// every compilation fails with "failed to open nvrtc-builtins64_129.dll"), and a kernel
    /// compiles. Checked under Wine in CI, with NVRTC where the grader's installer puts it.
    #[cfg(windows)]
    #[test]
    fn the_builtins_beside_nvrtc_are_loaded_with_it() {
        let Ok(nvrtc) = get(false) else {
            eprintln!("no NVRTC here: nothing to check");
            return;
        };
        let dir = nvrtc.library.parent().unwrap();
        let builtins: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.to_ascii_lowercase().starts_with("nvrtc-builtins") && n.ends_with(".dll"))
            .collect();
        assert!(!builtins.is_empty(), "no builtins beside {}", nvrtc.library.display());
        for name in &builtins {
            let loaded = libloading::os::windows::Library::open_already_loaded(name);
            assert!(loaded.is_ok(), "{name} is not loaded after NVRTC");
        }
        let ptx =
            nvrtc.compile(b"extern \"C\" __global__ void k(float *p) { p[0] = 1.0f; }", "k.cu", "compute_75", &[]);
        assert!(ptx.is_ok_and(|p| p.contains(".entry k")));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn nvrtc_12_and_13_are_taken_and_older_or_foreign_libraries_are_not() {
        let dir = std::env::temp_dir().join(format!("grader-fake-nvrtc-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("nvidia/cu13/lib")).unwrap();
        let Some(v13) = fake_nvrtc(&dir.join("nvidia/cu13/lib"), "libnvrtc.so.13", (13, 0), true) else { return };
        // CUDA 13's wheel layout is found, and version 13 is used and named.
        assert_eq!(library_in(&dir), Some(v13.clone()));
        let n = activate(&v13, "pip site-packages").unwrap();
        assert_eq!((n.version, n.found_by.as_str()), ((13, 0), "pip site-packages"));
        let v12 = fake_nvrtc(&dir, "libnvrtc.so.12", (12, 9), true).unwrap();
        assert_eq!(activate(&v12, "CUDA_HOME").unwrap().version, (12, 9));
        // 11 is too old; a library with nvrtcVersion but nothing else is not NVRTC.
        let v11 = fake_nvrtc(&dir, "libnvrtc.so.11", (11, 8), true).unwrap();
        let e = activate(&v11, "CUDA_HOME").unwrap_err();
        assert!(e.contains("is NVRTC 11.8; the grader needs 12 or later"), "{e}");
        let half = fake_nvrtc(&dir, "libhalf.so", (13, 1), false).unwrap();
        let e = activate(&half, "NVRTC_PATH").unwrap_err();
        assert!(e.contains("has no nvrtcCreateProgram"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_exact_release_comes_from_the_wheels_metadata_or_the_toolkits_version_json() {
        let dir = std::env::temp_dir().join(format!("grader-nvrtc-release-{}", std::process::id()));
        let site = dir.join("site");
        for d in ["nvidia/cuda_nvrtc/lib", "nvidia/cu13/lib", "nvidia_cuda_nvrtc_cu12-12.9.86.dist-info"] {
            std::fs::create_dir_all(site.join(d)).unwrap();
        }
        std::fs::create_dir_all(site.join("nvidia_cuda_nvrtc-13.0.48.dist-info")).unwrap();
        let release = |lib: &Path, v| locate::release_of(lib, v);
        assert_eq!(release(&site.join("nvidia/cuda_nvrtc/lib/libnvrtc.so.12"), (12, 9)).as_deref(), Some("12.9.86"));
        assert_eq!(release(&site.join("nvidia/cu13/lib/libnvrtc.so.13"), (13, 0)).as_deref(), Some("13.0.48"));
        std::fs::create_dir_all(dir.join("toolkit/lib64")).unwrap();
        std::fs::write(dir.join("toolkit/version.json"), r#"{"cuda_nvrtc": {"name": "NVRTC", "version": "12.4.131"}}"#)
            .unwrap();
        assert_eq!(release(&dir.join("toolkit/lib64/libnvrtc.so.12"), (12, 4)).as_deref(), Some("12.4.131"));
        // A version.json of another release than the library says is not believed.
        assert_eq!(release(&dir.join("toolkit/lib64/libnvrtc.so.12"), (12, 9)), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_newest_library_name_in_a_directory_wins() {
        let dir = std::env::temp_dir().join(format!("grader-nvrtc-names-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("lib64")).unwrap();
        for name in ["libnvrtc.so", "libnvrtc.so.12", "libnvrtc.so.13"] {
            std::fs::write(dir.join("lib64").join(name), b"").unwrap();
        }
        assert_eq!(library_in(&dir), Some(dir.join("lib64/libnvrtc.so.13")));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(target_os = "linux")] // the file names are Linux's
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
