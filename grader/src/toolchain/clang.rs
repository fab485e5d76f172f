//! The second compiler: clang's CUDA front end, which turns a kernel into PTX with no CUDA
//! installation (`-nocudainc -nocudalib` and a header of our own for what NVRTC builds in,
//! `grader/device-headers/clang/`). It is how the course runs where NVIDIA ships no NVRTC
//! (macOS) and a fallback wherever NVRTC cannot be had.
//!
//! Found, in order: `PMPP_CLANG` (a clang, or a `zig` whose `zig clang` is used), `clang` on
//! PATH when it has the NVPTX back end, Homebrew's llvm, the `ziglang` wheel in Python's
//! site-packages or in the course's cache; where none is, the `ziglang` wheel is installed into
//! the cache with pip, as NVRTC's is.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use crate::error::{Error, Result};
use crate::toolchain::nvrtc::{pip_install, python_site_dirs, CompileFailure};

/// The pip package whose `zig` binary carries a clang with the NVPTX back end, on Linux, macOS
/// and Windows alike.
pub const ZIG_WHEEL: &str = "ziglang";

/// The header that stands in for what NVRTC builds in (built-in variables, barriers, atomics,
/// printf, assert, math).
const RUNTIME_HEADER: (&str, &str) =
    ("pmpp_cuda_clang.h", include_str!("../../device-headers/clang/pmpp_cuda_clang.h"));

/// A clang that can compile CUDA device code to PTX.
#[derive(Debug)]
pub struct Clang {
    /// The command and its first arguments (`["clang"]` or `["…/zig", "clang"]`).
    pub command: Vec<OsString>,
    pub found_by: String,
    /// `clang --version`'s first line.
    pub version: String,
}

static CLANG: OnceLock<Result<Clang>> = OnceLock::new();

/// Find (and, when `allow_install`, install) a clang once per process.
pub fn get(allow_install: bool) -> Result<&'static Clang> {
    CLANG.get_or_init(|| locate(allow_install)).as_ref().map_err(|e| e.clone())
}

fn exe(name: &str) -> String {
    if cfg!(windows) {
        format!("{name}.exe")
    } else {
        name.to_string()
    }
}

/// Where the `ziglang` wheel is installed for the course.
pub fn cache_dir() -> Option<PathBuf> {
    crate::toolchain::nvrtc::cache_dir().and_then(|d| d.parent().map(|p| p.join("ziglang")))
}

/// The `zig` binary of a `ziglang` install (`<dir>/ziglang/zig`).
pub fn zig_in(dir: &Path) -> Option<PathBuf> {
    let zig = dir.join("ziglang").join(exe("zig"));
    zig.is_file().then_some(zig)
}

/// Why a candidate cannot be used, or the clang it is.
fn probe(command: Vec<OsString>, found_by: &str) -> Result<Clang> {
    let shown = command.iter().map(|c| c.to_string_lossy()).collect::<Vec<_>>().join(" ");
    let run = |arg: &str| {
        Command::new(&command[0]).args(&command[1..]).arg(arg).stdin(Stdio::null()).stderr(Stdio::null()).output()
    };
    let version = match run("--version") {
        Ok(o) if o.status.success() => {
            String::from_utf8_lossy(&o.stdout).lines().next().unwrap_or("clang").trim().to_string()
        }
        Ok(_) => {
            return Err(Error::Toolchain(crate::t!(toolchain_does_not_run, command = &shown, found_by = found_by)))
        }
        Err(e) => {
            return Err(Error::Toolchain(crate::t!(
                toolchain_cannot_be_run,
                command = &shown,
                found_by = found_by,
                error = e.to_string()
            )))
        }
    };
    let targets = run("-print-targets").map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default();
    if !has_nvptx(&targets) {
        return Err(Error::Toolchain(crate::t!(
            toolchain_no_nvptx,
            command = &shown,
            found_by = found_by,
            version = &version
        )));
    }
    Ok(Clang { command, found_by: found_by.to_string(), version })
}

/// Whether `clang -print-targets` lists the 64-bit NVPTX back end.
pub fn has_nvptx(print_targets: &str) -> bool {
    print_targets.lines().any(|l| l.trim_start().starts_with("nvptx64"))
}

/// The candidates, in order, each with the name of the step shown to the user.
fn candidates() -> Vec<(Vec<OsString>, String)> {
    let mut out = Vec::new();
    let zig = |p: PathBuf| vec![p.into_os_string(), OsString::from("clang")];
    if let Some(v) = std::env::var_os("PMPP_CLANG").filter(|v| !v.is_empty()) {
        let p = PathBuf::from(&v);
        let is_zig = p.file_stem().is_some_and(|s| s == "zig");
        out.push((if is_zig { zig(p) } else { vec![v] }, "PMPP_CLANG".to_string()));
    }
    out.push((vec![OsString::from(exe("clang"))], crate::t!(toolchain_found_clang_on_path)));
    for brew in ["/opt/homebrew/opt/llvm/bin/clang", "/usr/local/opt/llvm/bin/clang"] {
        if Path::new(brew).is_file() {
            out.push((vec![OsString::from(brew)], crate::t!(toolchain_found_homebrew)));
        }
    }
    for site in python_site_dirs() {
        if let Some(z) = zig_in(&site) {
            out.push((zig(z), crate::t!(toolchain_found_zig_site_packages)));
        }
    }
    if let Some(z) = cache_dir().as_deref().and_then(zig_in) {
        out.push((zig(z), crate::t!(toolchain_found_cache)));
    }
    out
}

fn locate(allow_install: bool) -> Result<Clang> {
    let mut tried = Vec::new();
    for (command, step) in candidates() {
        match probe(command, &step) {
            Ok(c) => return Ok(c),
            // An explicit choice that does not work is an error, not a fallback.
            Err(e) if step == "PMPP_CLANG" => return Err(e),
            Err(e) => tried.push(e),
        }
    }
    let not_found = |why: Option<&str>| {
        let mut msg = crate::t!(toolchain_clang_not_found);
        for t in &tried {
            msg.push_str(&format!("\n  {}", crate::t!(toolchain_skipped, reason = t.to_string())));
        }
        if let Some(why) = why {
            msg.push_str(&format!("\n  {}", crate::t!(toolchain_install_failed, reason = why)));
        }
        let command = format!("{} -m pip install --user {ZIG_WHEEL}", crate::toolchain::nvrtc::PYTHON_COMMAND);
        msg.push_str(&format!("\n{}", crate::t!(toolchain_clang_how, command = command)));
        Error::Toolchain(msg)
    };
    if !allow_install {
        return Err(not_found(None));
    }
    let dir = cache_dir().ok_or_else(|| not_found(Some(&crate::t!(toolchain_no_home))))?;
    eprintln!("{}", crate::t!(toolchain_installing_clang, wheel = ZIG_WHEEL, dir = dir.display().to_string()));
    pip_install(ZIG_WHEEL, &dir, |d| zig_in(d).is_some(), &crate::t!(toolchain_what_zig))
        .map_err(|e| not_found(Some(e.message())))?;
    let zig = zig_in(&dir).ok_or_else(|| not_found(Some(&crate::t!(toolchain_pip_left_no_zig))))?;
    probe(vec![zig.into_os_string(), OsString::from("clang")], &crate::t!(toolchain_found_cache_just_installed))
        .map_err(|e| not_found(Some(e.message())))
}

/// A new private scratch directory holding the device headers (for `-I` and `-include`),
/// removed when dropped.
fn header_dir() -> Result<tempfile::TempDir> {
    let dir = tempfile::Builder::new()
        .prefix("pmpp-clang-")
        .tempdir()
        .map_err(|e| Error::Toolchain(crate::t!(toolchain_cannot_create_temp, error = e.to_string())))?;
    for (name, text) in crate::toolchain::nvrtc::device_headers().iter().chain([&RUNTIME_HEADER]) {
        let path = dir.path().join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| {
                Error::Toolchain(crate::t!(
                    file_cannot_create,
                    path = parent.display().to_string(),
                    error = e.to_string()
                ))
            })?;
        }
        std::fs::write(&path, text).map_err(|e| {
            Error::Toolchain(crate::t!(file_cannot_write, path = path.display().to_string(), error = e.to_string()))
        })?;
    }
    Ok(dir)
}

/// clang's name for NVRTC's `compute_90` (or `sm_90`): `sm_90`.
fn clang_arch(arch: &str) -> String {
    format!("sm_{}", arch.trim_start_matches("compute_").trim_start_matches("sm_"))
}

/// The PTX ISA the architecture needs (its first), as a target feature: without CUDA headers
/// clang cannot tell which CUDA it serves and would pick an older ISA than the architecture has.
fn ptx_feature(arch: &str) -> &'static str {
    match clang_arch(arch).as_str() {
        "sm_75" | "sm_80" => "ptx70",
        "sm_86" => "ptx71",
        "sm_89" | "sm_90" => "ptx78",
        "sm_100" => "ptx86",
        _ => "ptx87",
    }
}

impl Clang {
    /// Compile `source` (the file's bytes) to PTX. Messages and `.loc` lines name the file
    /// `program_name`, as NVRTC's do.
    pub fn compile(
        &self,
        source: &[u8],
        program_name: &str,
        arch: &str,
        defines: &[(String, String)],
    ) -> Result<String, CompileFailure> {
        let fail = |log: String| CompileFailure { log };
        // Before clang opens anything: a kernel may include the course's headers only.
        crate::toolchain::includes::check(source, program_name).map_err(fail)?;
        let flags = flags(arch, defines);
        let key = self.build_key(&flags, source, program_name);
        let (ptx, log) = match crate::toolchain::build_cache::get(&key) {
            Some((ptx, log)) => (String::from_utf8_lossy(&ptx).into_owned(), log),
            None => {
                let (ptx, log) = self.run(&flags, source, program_name, defines)?;
                crate::toolchain::build_cache::put(&key, ptx.as_bytes(), &log);
                (ptx, log)
            }
        };
        if let Some(why) = crate::toolchain::nvrtc::overridden_defines(&log, defines) {
            return Err(fail(why));
        }
        crate::toolchain::limits::check_ptx(&ptx, source, program_name).map_err(fail)?;
        Ok(ptx)
    }

    /// The build cache's key: this clang, its flags, the course's headers, the memory limit and
    /// the source.
    fn build_key(&self, flags: &[String], source: &[u8], program_name: &str) -> crate::toolchain::build_cache::Key {
        let command: Vec<u8> = self.command.iter().flat_map(|c| [c.as_encoded_bytes(), b"\0"].concat()).collect();
        let headers: Vec<u8> = crate::toolchain::nvrtc::device_headers()
            .iter()
            .chain([&RUNTIME_HEADER])
            .flat_map(|(n, t)| [n.as_bytes(), b"\0", t.as_bytes(), b"\0"].concat())
            .collect();
        crate::toolchain::build_cache::Key::of(&[
            b"clang",
            &command,
            &crate::toolchain::build_cache::file_identity(Path::new(&self.command[0])),
            self.version.as_bytes(),
            flags.join("\0").as_bytes(),
            &headers,
            &crate::toolchain::limits::compile_memory_bytes().to_le_bytes(),
            program_name.as_bytes(),
            crate::toolchain::nvrtc::source_bytes(source),
        ])
    }

    /// One compilation by clang: the PTX and clang's log, or what is wrong (its errors explained).
    fn run(
        &self,
        flags: &[String],
        source: &[u8],
        program_name: &str,
        defines: &[(String, String)],
    ) -> Result<(String, String), CompileFailure> {
        let fail = |log: String| CompileFailure { log };
        let scratch = header_dir().map_err(|e| fail(e.message().to_string()))?;
        let headers = scratch.path();
        // The source goes to a file of its own, behind a #line that gives it the student's name.
        let file = headers.join("kernel.cu");
        let named = format!("#line 1 \"{}\"\n", program_name.replace('\\', "/").replace('"', "\\\""));
        std::fs::write(&file, [named.as_bytes(), crate::toolchain::nvrtc::source_bytes(source)].concat()).map_err(
            |e| fail(crate::t!(file_cannot_write, path = file.display().to_string(), error = e.to_string())),
        )?;
        let mut cmd = Command::new(&self.command[0]);
        cmd.args(&self.command[1..])
            .args(flags.iter().map(|f| match f.as_str() {
                HEADER_DIR => headers.as_os_str().to_owned(),
                RUNTIME_HEADER_PATH => headers.join(RUNTIME_HEADER.0).into_os_string(),
                _ => OsString::from(f),
            }))
            .args(["-S", "-o", "-"])
            .arg(&file)
            .stdin(Stdio::null());
        let out = crate::toolchain::limits::output_within_compile_limit(cmd, program_name)
            .map_err(|e| fail(e.unwrap_or_else(|e| crate::t!(toolchain_cannot_run_clang, error = e.to_string()))))?;
        let log = String::from_utf8_lossy(&out.stderr).into_owned();
        if !out.status.success() {
            let log = crate::toolchain::nvrtc::explain_missing_headers(&log);
            let log = crate::toolchain::nvrtc::explain_shadowed_defines(&log, source, defines);
            return Err(fail(crate::toolchain::nvrtc::explain_missing_semicolons(&log, source)));
        }
        Ok((String::from_utf8_lossy(&out.stdout).into_owned(), log))
    }
}

/// Stand-ins in `flags` for the scratch directory of one compilation and the runtime header in it.
const HEADER_DIR: &str = "{header directory}";
const RUNTIME_HEADER_PATH: &str = "{runtime header}";

/// clang's flags for a kernel, the scratch directory's paths as stand-ins (see `Clang::run`).
fn flags(arch: &str, defines: &[(String, String)]) -> Vec<String> {
    let mut flags: Vec<String> =
        ["-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib"].map(String::from).into();
    flags.push(format!("--cuda-gpu-arch={}", clang_arch(arch)));
    flags.extend(["-Xclang", "-target-feature", "-Xclang"].map(String::from));
    flags.push(format!("+{}", ptx_feature(arch)));
    flags.extend(["-O3", "-gline-tables-only", "-fno-color-diagnostics"].map(String::from));
    // As NVRTC: a loop with no side effects is not assumed to end (an endless loop is a timeout
    // finding, not deleted code).
    flags.push("-fno-finite-loops".into());
    flags.extend(["-include", RUNTIME_HEADER_PATH, "-I", HEADER_DIR].map(String::from));
    flags.extend(defines.iter().map(|(k, v)| format!("-D{k}={v}")));
    flags
}

/// The part of a clang log a student needs: each error with its source line and caret, and the
/// closing count; warnings and their notes are left out.
pub fn errors_only(log: &str) -> String {
    let mut out = Vec::new();
    let mut keep = false;
    for line in log.lines() {
        if line.contains(": error: ") || line.contains(": fatal error: ") {
            keep = true;
        } else if line.contains(": warning: ") {
            keep = false;
        }
        if keep || line.contains("error generated") || line.contains("errors generated") {
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
    fn a_clang_without_nvptx_is_skipped() {
        let without = "  Registered Targets:\n    aarch64    - AArch64 (little endian)\n    x86-64     - 64-bit X86: EM64T and AMD64\n";
        assert!(!has_nvptx(without));
        assert!(has_nvptx(&format!(
            "{without}    nvptx      - NVIDIA PTX 32-bit\n    nvptx64    - NVIDIA PTX 64-bit\n"
        )));
        // A command that is not a clang at all is skipped with its reason.
        let e = probe(vec![OsString::from("/nonexistent/clang")], "PMPP_CLANG").unwrap_err();
        assert!(e.contains("/nonexistent/clang (PMPP_CLANG) cannot be run"), "{e}");
    }

    #[test]
    fn the_wheel_layout_is_recognised() {
        let dir = std::env::temp_dir().join(format!("grader-zig-test-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("ziglang")).unwrap();
        assert_eq!(zig_in(&dir), None);
        std::fs::write(dir.join("ziglang").join(exe("zig")), b"").unwrap();
        assert_eq!(zig_in(&dir), Some(dir.join("ziglang").join(exe("zig"))));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn errors_only_keeps_errors_and_drops_warnings() {
        let log = "k.cu:3:5: warning: unused variable 'x' [-Wunused-variable]\n    3 |     int x;\n      |     ^\n\
                   k.cu:4:12: error: expected ';' after expression\n    4 |   a[i] = b\n      |           ^\n      |           ;\n\
                   1 warning and 1 error generated when compiling for sm_75.\n";
        let out = errors_only(log);
        assert!(out.starts_with("k.cu:4:12: error: expected ';'"), "{out}");
        assert!(!out.contains("unused variable"), "{out}");
        assert!(out.contains("1 error generated"), "{out}");
    }
}
