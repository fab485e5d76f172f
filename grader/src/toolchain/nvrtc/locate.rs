//! Finding NVRTC with no set-up: a toolkit's or a pip wheel's (12 or 13, on Linux or Windows),
//! or the wheel installed into a per-user cache when it is nowhere; then loading it.

use super::*;

/// Find (and, when `allow_install`, install) NVRTC once per process.
pub fn get(allow_install: bool) -> Result<&'static Nvrtc> {
    NVRTC.get_or_init(|| locate(allow_install)).as_ref().map_err(|e| e.clone())
}

/// The per-user cache the wheel is installed into.
pub fn cache_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PMPP_COURSE_CACHE") {
        return Some(PathBuf::from(dir).join("nvrtc"));
    }
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    let base = match var("XDG_CACHE_HOME") {
        Some(x) => x,
        // Windows has no HOME: its per-user cache is %LOCALAPPDATA%.
        None if cfg!(windows) => var("LOCALAPPDATA").or_else(|| var("USERPROFILE").map(|p| p.join(".cache")))?,
        None => var("HOME")?.join(".cache"),
    };
    Some(base.join("pmpp-course").join("nvrtc"))
}

/// NVRTC's file names on this platform, newest first (NVIDIA ships none for macOS).
pub fn library_names() -> &'static [&'static str] {
    if cfg!(windows) {
        &["nvrtc64_130_0.dll", "nvrtc64_120_0.dll"]
    } else if cfg!(target_os = "macos") {
        &[]
    } else {
        &["libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"]
    }
}

/// Where a toolkit or a wheel keeps the library under its root: toolkits in `lib64`, `lib` or
/// (Windows) `bin`; the CUDA 12 wheel in `nvidia/cuda_nvrtc/lib`, the CUDA 13 one in
/// `nvidia/cu13/lib` (`bin` on Windows).
const LIBRARY_SUBDIRS: &[&str] = &[
    "",
    "lib64",
    "lib",
    "bin",
    "bin/x64",
    "targets/x86_64-linux/lib",
    "targets/sbsa-linux/lib",
    "nvidia/cu13/lib",
    "nvidia/cu13/bin",
    "nvidia/cu13/bin/x86_64",
    "nvidia/cuda_nvrtc/lib",
    "nvidia/cuda_nvrtc/bin",
];

/// The NVRTC library file in `dir` or in one of the subdirectories where toolkits and wheels
/// keep it (12 or 13; `activate` checks the version).
pub fn library_in(dir: &Path) -> Option<PathBuf> {
    for sub in LIBRARY_SUBDIRS {
        // Part by part, so that Windows shows its own separators.
        let d = sub.split('/').filter(|p| !p.is_empty()).fold(dir.to_path_buf(), |d, part| d.join(part));
        for name in library_names() {
            let f = d.join(name);
            if f.is_file() {
                return Some(f);
            }
        }
    }
    None
}

/// How the messages tell a student to run Python: Windows' launcher is `py`.
pub(crate) const PYTHON_COMMAND: &str = if cfg!(windows) { "py" } else { "python3" };

/// The commands that may run Python 3, in the order they are tried.
const PYTHON_CANDIDATES: [&str; 3] = ["python3", "python", "py"];

static PYTHON: OnceLock<&'static str> = OnceLock::new();

/// The Python 3 that runs pip here: `python3`, or `python`/`py` (Windows), whichever runs.
pub(crate) fn python() -> &'static str {
    PYTHON.get_or_init(|| {
        let works = |cmd: &str| {
            Command::new(cmd)
                .arg("--version")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        };
        PYTHON_CANDIDATES.into_iter().find(|c| works(c)).unwrap_or(PYTHON_COMMAND)
    })
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
        dirs.extend(versioned.into_iter().map(|p| (p, crate::t!(toolchain_found_usr_local_toolkit))));
    }
    dirs.push((PathBuf::from("/opt/cuda"), "/opt/cuda".into()));
    dirs.push((PathBuf::from("/usr/lib/x86_64-linux-gnu"), crate::t!(toolchain_found_system_libraries)));
    for site in python_site_dirs() {
        dirs.push((site, crate::t!(toolchain_found_site_packages)));
    }
    if let Some(cache) = cache_dir() {
        dirs.push((cache, crate::t!(toolchain_found_cache)));
    }
    dirs
}

/// Python's package directories (site, user site, PYTHONPATH), asked of `python3` itself.
pub(crate) fn python_site_dirs() -> Vec<PathBuf> {
    static DIRS: OnceLock<Vec<PathBuf>> = OnceLock::new();
    DIRS.get_or_init(ask_python_site_dirs).clone()
}

fn ask_python_site_dirs() -> Vec<PathBuf> {
    let script = "import site, sys\n\
                  dirs = list(getattr(site, 'getsitepackages', lambda: [])())\n\
                  dirs.append(site.getusersitepackages())\n\
                  print('\\n'.join(dirs + sys.path))";
    // The script itself finds the Python that runs (one interpreter started per grading, not two:
    // where `python3` is a pyenv shim, each start is a tenth of a second).
    let run = |cmd: &str| Command::new(cmd).args(["-c", script]).stderr(Stdio::null()).output();
    let candidates = match PYTHON.get() {
        Some(known) => vec![*known],
        None => PYTHON_CANDIDATES.to_vec(),
    };
    for cmd in candidates {
        match run(cmd) {
            Ok(o) if o.status.success() => {
                let _ = PYTHON.set(cmd);
                return String::from_utf8_lossy(&o.stdout)
                    .lines()
                    .filter(|l| !l.trim().is_empty())
                    .map(PathBuf::from)
                    .collect();
            }
            _ => continue,
        }
    }
    Vec::new()
}

/// NVRTC (see `find`) with NVIDIA's half-precision header for it (see `headers`).
fn locate(allow_install: bool) -> Result<Nvrtc> {
    let mut nvrtc = find(allow_install)?;
    nvrtc.fp16 = super::headers::find(&nvrtc.library, allow_install);
    Ok(nvrtc)
}

fn find(allow_install: bool) -> Result<Nvrtc> {
    if library_names().is_empty() {
        return Err(Error::Toolchain(crate::t!(toolchain_no_nvrtc_on_macos)));
    }
    // An explicit choice wins and is not second-guessed: a wrong NVRTC_PATH is an error.
    if let Some(v) = std::env::var_os("NVRTC_PATH").filter(|v| !v.is_empty()) {
        let p = PathBuf::from(&v);
        let lib = if p.is_file() { Some(p.clone()) } else { library_in(&p) };
        let lib = lib.ok_or_else(|| {
            Error::Toolchain(crate::t!(
                toolchain_nvrtc_path_wrong,
                path = p.display().to_string(),
                names = library_names().join(", ")
            ))
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
    let cache = cache_dir().ok_or_else(|| not_found_message(&tried, Some(&crate::t!(toolchain_no_home))))?;
    install(&cache).map_err(|why| not_found_message(&tried, Some(why.message())))?;
    let lib =
        library_in(&cache).ok_or_else(|| not_found_message(&tried, Some(&crate::t!(toolchain_pip_left_no_nvrtc))))?;
    activate(&lib, &crate::t!(toolchain_found_cache_just_installed))
}

fn not_found_message(tried: &[Error], install_failure: Option<&str>) -> Error {
    let mut msg = crate::t!(toolchain_nvrtc_not_found);
    for t in tried {
        msg.push_str(&format!("\n  {}", crate::t!(toolchain_skipped, reason = t.to_string())));
    }
    if let Some(why) = install_failure {
        msg.push_str(&format!("\n  {}", crate::t!(toolchain_install_failed, reason = why)));
    }
    let command = format!("{PYTHON_COMMAND} -m pip install --user {WHEEL}=={WHEEL_VERSION}");
    msg.push_str(&format!("\n{}", crate::t!(toolchain_nvrtc_how, command = command)));
    Error::Toolchain(msg)
}

/// `python3 -m pip install --target <cache> nvidia-cuda-nvrtc-cu12==<pinned>` (see `pip_install`).
fn install(cache: &Path) -> Result<()> {
    let spec = format!("{WHEEL}=={WHEEL_VERSION}");
    eprintln!("{}", crate::t!(toolchain_installing_nvrtc, wheel = &spec, dir = cache.display().to_string()));
    pip_install(&spec, cache, |dir| library_in(dir).is_some(), &crate::t!(toolchain_what_nvrtc))?;
    eprintln!("{}", crate::t!(toolchain_nvrtc_installed, dir = cache.display().to_string()));
    Ok(())
}

/// `python3 -m pip install --target <dir> <wheel>`, into a temporary directory renamed into
/// place so that an interrupted or concurrent install never leaves half a package. `holds`
/// says whether a directory has what the wheel was installed for (`what`, for messages).
pub(crate) fn pip_install(wheel: &str, dir: &Path, holds: impl Fn(&Path) -> bool, what: &str) -> Result<()> {
    let parent = dir.parent().ok_or_else(|| Error::Toolchain(crate::t!(toolchain_cache_has_no_parent)))?;
    std::fs::create_dir_all(parent).map_err(|e| {
        Error::Toolchain(crate::t!(file_cannot_create, path = parent.display().to_string(), error = e.to_string()))
    })?;
    let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let staging = parent.join(format!("{name}.installing-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&staging);
    let pip =
        Command::new(python()).args(["-m", "pip", "--version"]).stdout(Stdio::null()).stderr(Stdio::null()).status();
    match pip {
        Ok(st) if st.success() => {}
        Ok(_) => {
            let py = python();
            return Err(Error::Toolchain(crate::t!(toolchain_no_pip, python = py)));
        }
        Err(e) => {
            return Err(Error::Toolchain(crate::t!(
                toolchain_cannot_run_python,
                python = python(),
                error = e.to_string()
            )))
        }
    }
    let run = |extra: &[&str]| -> Result<std::process::Output> {
        Command::new(python())
            .args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps", "--target"])
            .arg(&staging)
            .args(extra)
            .arg(wheel)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| {
                Error::Toolchain(crate::t!(toolchain_cannot_run_python, python = python(), error = e.to_string()))
            })
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
        let command = format!("{} -m pip install {wheel}", python());
        return Err(Error::Toolchain(crate::t!(toolchain_pip_failed, command = command, tail = tail)));
    }
    if !holds(&staging) {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(Error::Toolchain(crate::t!(toolchain_wheel_lacks, wheel = wheel, what = what)));
    }
    if let Err(e) = std::fs::rename(&staging, dir) {
        let _ = std::fs::remove_dir_all(&staging);
        // Another grader finished the same install first: use that one.
        if !holds(dir) {
            return Err(Error::Toolchain(crate::t!(
                toolchain_cannot_move_wheel,
                dir = dir.display().to_string(),
                error = e.to_string()
            )));
        }
    }
    Ok(())
}

/// Open a library by its path. On Windows its own directory is searched for the libraries it
/// imports; the builtins library NVRTC opens later by name is not among them (`preload_builtins`).
fn load_library(lib: &Path) -> Result<libloading::Library, libloading::Error> {
    #[cfg(windows)]
    {
        use libloading::os::windows::{Library, LOAD_WITH_ALTERED_SEARCH_PATH};
        // SAFETY: loading NVRTC runs its initialisers, which only set up the library itself.
        unsafe { Library::load_with_flags(lib, LOAD_WITH_ALTERED_SEARCH_PATH) }.map(Into::into)
    }
    #[cfg(not(windows))]
    {
        // SAFETY: loading NVRTC runs its initialisers, which only set up the library itself.
        unsafe { libloading::Library::new(lib) }
    }
}

/// The builtins library NVRTC loads by name when it compiles (`nvrtc-builtins64_129.dll`),
/// loaded first by its full path from NVRTC's own folder. Windows looks for a library named
/// without a path in the program's folder, the system folders and `PATH`, not beside the library
/// that asks for it, so NVRTC from a pip wheel or the course's cache failed every compilation
/// ("failed to open nvrtc-builtins64_129.dll"); a library already loaded is found by its name.
/// Elsewhere the loader finds it beside NVRTC by itself: nothing to do.
fn preload_builtins(lib: &Path) -> Vec<libloading::Library> {
    #[cfg(windows)]
    {
        use libloading::os::windows::{Library, LOAD_WITH_ALTERED_SEARCH_PATH};
        let Some(Ok(entries)) = lib.parent().map(std::fs::read_dir) else { return Vec::new() };
        entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                    let n = n.to_ascii_lowercase();
                    n.starts_with("nvrtc-builtins") && n.ends_with(".dll")
                })
            })
            // SAFETY: NVRTC's own builtins library; loading it runs only its initialisers.
            .filter_map(|p| unsafe { Library::load_with_flags(&p, LOAD_WITH_ALTERED_SEARCH_PATH) }.ok().map(Into::into))
            .collect()
    }
    #[cfg(not(windows))]
    {
        let _ = lib;
        Vec::new()
    }
}

/// Load `lib` by its path, check it is NVRTC 12 or later, and take its functions.
pub(super) fn activate(lib: &Path, found_by: &str) -> Result<Nvrtc> {
    let library = load_library(lib).map_err(|e| {
        Error::Toolchain(crate::t!(toolchain_cannot_load, path = lib.display().to_string(), error = e.to_string()))
    })?;
    let (mut major, mut minor) = (0, 0);
    // SAFETY: nvrtcVersion has this C signature in every NVRTC release; plain out-parameters.
    let rc = unsafe {
        let f = library
            .get::<VersionFn>(b"nvrtcVersion\0")
            .map_err(|_| Error::Toolchain(crate::t!(toolchain_not_nvrtc, path = lib.display().to_string())))?;
        f(&mut major, &mut minor)
    };
    // Any NVRTC from 12 on: the calls the grader makes are the same in 12 and 13.
    if rc != 0 || major < 12 {
        return Err(Error::Toolchain(crate::t!(
            toolchain_nvrtc_too_old,
            path = lib.display().to_string(),
            version = format!("{major}.{minor}")
        )));
    }
    macro_rules! func {
        ($name:literal) => {
            // SAFETY: the symbol has the C signature of the field it is stored in (NVRTC's API).
            *unsafe { library.get(concat!($name, "\0").as_bytes()) }.map_err(|_| {
                Error::Toolchain(crate::t!(toolchain_nvrtc_lacks, path = lib.display().to_string(), function = $name))
            })?
        };
    }
    let api = Api {
        create: func!("nvrtcCreateProgram"),
        compile: func!("nvrtcCompileProgram"),
        log_size: func!("nvrtcGetProgramLogSize"),
        log: func!("nvrtcGetProgramLog"),
        ptx_size: func!("nvrtcGetPTXSize"),
        ptx: func!("nvrtcGetPTX"),
        cubin_size: func!("nvrtcGetCUBINSize"),
        cubin: func!("nvrtcGetCUBIN"),
        destroy: func!("nvrtcDestroyProgram"),
        _library: library,
        _builtins: preload_builtins(lib),
    };
    Ok(Nvrtc {
        library: lib.to_path_buf(),
        found_by: found_by.to_string(),
        version: (major, minor),
        release: release_of(lib, (major, minor)),
        fp16: None,
        api,
    })
}

/// The exact release of NVRTC `version` at `lib`: a pip wheel's from its metadata folder
/// (`nvidia_cuda_nvrtc_cu12-12.9.86.dist-info` beside `nvidia/`), a toolkit's from its
/// `version.json` (`"cuda_nvrtc": {"version": "12.9.86"}`); `None` where neither says it.
pub(super) fn release_of(lib: &Path, version: (i32, i32)) -> Option<String> {
    let ours = |v: &str| v.starts_with(&format!("{}.{}.", version.0, version.1));
    for dir in lib.ancestors().skip(1).take(5) {
        let mut found = Vec::new();
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let v = name.strip_prefix("nvidia_cuda_nvrtc").and_then(|r| r.strip_suffix(".dist-info"));
            if let Some((_, v)) = v.and_then(|r| r.split_once('-')) {
                found.push(v.to_string());
            }
        }
        if let Ok(text) = std::fs::read_to_string(dir.join("version.json")) {
            let json: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
            found.extend(json["cuda_nvrtc"]["version"].as_str().map(str::to_string));
        }
        if let Some(v) = found.into_iter().find(|v| ours(v)) {
            return Some(v);
        }
    }
    None
}
