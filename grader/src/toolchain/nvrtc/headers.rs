//! NVIDIA's half-precision header (`cuda_fp16.h` and the `cuda_fp16.hpp` it includes) for NVRTC,
//! which NVRTC itself lacks. Taken, in order, from:
//!
//! 1. `CUDA_HOME`/`CUDA_PATH`'s `include`, when the user points at a toolkit;
//! 2. the `include` folder beside the NVRTC library in use, when it is a toolkit's (`lib64/..`), or the
//!    PrairieLearn image's (`/opt/nvrtc/include`);
//! 3. the course's cache: the `nvidia-cuda-runtime-cu12` wheel of the pinned version, installed
//!    there with NVRTC on first use.
//!
//! Never from a Python site-packages: which wheel a user happened to pip-install must not change
//! what compiles (the book's coverage table is the same with or without one). Where none of these
//! can be had (offline), the grader's stand-in is handed to NVRTC by name, and a note says what it
//! lacks.

use super::*;

/// The pip package that carries NVIDIA's CUDA 12 runtime headers, `cuda_fp16.h` among them.
pub const HEADERS_WHEEL: &str = "nvidia-cuda-runtime-cu12";
/// Its version installed on first use: the headers of the same CUDA release (12.9 update 1) as
/// [`WHEEL_VERSION`]'s NVRTC, with which the coverage table's half-precision rows were recorded.
pub const HEADERS_WHEEL_VERSION: &str = "12.9.79";

/// A directory with NVIDIA's `cuda_fp16.h`, handed to NVRTC as `-I`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fp16Headers {
    pub dir: PathBuf,
    /// Where it was found ("CUDA_HOME", "the include folder beside NVRTC", "the course's cache").
    pub found_by: String,
}

/// Where the runtime wheel is installed for the course (beside NVRTC's cache).
pub fn headers_cache_dir() -> Option<PathBuf> {
    cache_dir().and_then(|d| d.parent().map(|p| p.join("cuda-headers")))
}

/// `dir` when it holds NVIDIA's `cuda_fp16.h` and the `.hpp` it includes.
fn with_fp16(dir: PathBuf) -> Option<PathBuf> {
    (dir.join("cuda_fp16.h").is_file() && dir.join("cuda_fp16.hpp").is_file()).then_some(dir)
}

/// The headers' folder of a runtime wheel installed into `dir` with `pip --target`.
fn wheel_include(dir: &Path) -> Option<PathBuf> {
    with_fp16(dir.join("nvidia").join("cuda_runtime").join("include"))
}

/// The `include` beside a toolkit's NVRTC library (`<root>/lib64/libnvrtc.so.12` →
/// `<root>/include`); none for a pip wheel's (`…/nvidia/cuda_nvrtc/lib/`, `…/nvidia/cu13/lib/`),
/// whose neighbours are whatever else was pip-installed beside it.
fn beside(library: &Path) -> Option<PathBuf> {
    let root = library.parent()?.parent()?;
    let wheel = root.file_name().is_some_and(|n| n == "cuda_nvrtc" || n == "cu13")
        && root.parent().and_then(Path::file_name).is_some_and(|n| n == "nvidia");
    if wheel {
        return None;
    }
    with_fp16(root.join("include"))
}

/// The header directory for the NVRTC at `library`, installing the pinned runtime wheel into
/// the cache when `allow_install` and no other is found. `None`: the stand-in is used.
pub(super) fn find(library: &Path, allow_install: bool) -> Option<Fp16Headers> {
    let found = |dir: PathBuf, by: &str| Some(Fp16Headers { dir, found_by: by.to_string() });
    for var in ["CUDA_HOME", "CUDA_PATH"] {
        if let Some(v) = std::env::var_os(var).filter(|v| !v.is_empty()) {
            if let Some(dir) = with_fp16(PathBuf::from(v).join("include")) {
                return found(dir, var);
            }
        }
    }
    if let Some(dir) = beside(library) {
        return found(dir, &crate::t!(toolchain_found_beside_nvrtc));
    }
    let cache = headers_cache_dir()?;
    if let Some(dir) = wheel_include(&cache) {
        return found(dir, &crate::t!(toolchain_found_cache));
    }
    if !allow_install {
        return None;
    }
    match install(&cache) {
        Ok(()) => wheel_include(&cache).and_then(|dir| found(dir, &crate::t!(toolchain_found_cache_just_installed))),
        Err(e) => {
            eprintln!("{}", crate::t!(toolchain_fp16_not_installed, error = e.message()));
            None
        }
    }
}

/// `python3 -m pip install --target <cache> nvidia-cuda-runtime-cu12==<pinned>`.
fn install(cache: &Path) -> Result<()> {
    let spec = format!("{HEADERS_WHEEL}=={HEADERS_WHEEL_VERSION}");
    eprintln!("{}", crate::t!(toolchain_installing_fp16, wheel = &spec, dir = cache.display().to_string()));
    pip_install(&spec, cache, |dir| wheel_include(dir).is_some(), "cuda_fp16.h")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fp16_in(dir: &Path) {
        std::fs::create_dir_all(dir).unwrap();
        std::fs::write(dir.join("cuda_fp16.h"), "").unwrap();
        std::fs::write(dir.join("cuda_fp16.hpp"), "").unwrap();
    }

    #[test]
    fn a_toolkits_include_beside_nvrtc_is_taken_and_a_wheels_neighbours_are_not() {
        let dir = std::env::temp_dir().join(format!("grader-fp16-beside-{}", std::process::id()));
        fp16_in(&dir.join("opt/nvidia/cuda/include"));
        assert_eq!(
            beside(&dir.join("opt/nvidia/cuda/lib64/libnvrtc.so.12")),
            Some(dir.join("opt/nvidia/cuda/include"))
        );
        fp16_in(&dir.join("toolkit/include"));
        assert_eq!(beside(&dir.join("toolkit/lib64/libnvrtc.so.12")), Some(dir.join("toolkit/include")));
        assert_eq!(beside(&dir.join("toolkit/bin/nvrtc64_120_0.dll")), Some(dir.join("toolkit/include")));
        // A CUDA 13 wheel's lib and include are siblings too: another wheel's headers, not taken.
        fp16_in(&dir.join("site/nvidia/cu13/include"));
        assert_eq!(beside(&dir.join("site/nvidia/cu13/lib/libnvrtc.so.13")), None);
        fp16_in(&dir.join("site/nvidia/cuda_nvrtc/include"));
        assert_eq!(beside(&dir.join("site/nvidia/cuda_nvrtc/lib/libnvrtc.so.12")), None);
        // The runtime wheel of the course's cache is found where pip --target puts it.
        fp16_in(&dir.join("cache/nvidia/cuda_runtime/include"));
        assert_eq!(wheel_include(&dir.join("cache")), Some(dir.join("cache/nvidia/cuda_runtime/include")));
        assert_eq!(wheel_include(&dir.join("toolkit")), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
