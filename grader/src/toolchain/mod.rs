//! Which compiler turns the student's `kernel.cu` into PTX: NVRTC (NVIDIA's, where it exists or
//! can be installed) or clang (anywhere, macOS included). Both see the same device headers and
//! produce PTX the emulator runs; the choice is `--compiler nvrtc|clang|auto`. Beside them,
//! mdBook, which builds the course book (`grader book`).

pub mod arch;
pub mod build_cache;
pub mod clang;
pub mod includes;
pub mod limits;
pub mod mdbook;
pub mod nvrtc;

use crate::error::{Error, Result};
use clang::Clang;
use nvrtc::{CompileFailure, Nvrtc};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CompilerChoice {
    /// NVRTC where it exists or can be installed, clang otherwise.
    Auto,
    Nvrtc,
    Clang,
}

#[derive(Clone, Copy, Debug)]
pub enum Compiler {
    Nvrtc(&'static Nvrtc),
    Clang(&'static Clang),
}

/// The compiler for `choice` (installing one with pip where allowed and needed).
pub fn select(choice: CompilerChoice, allow_install: bool) -> Result<Compiler> {
    match choice {
        CompilerChoice::Nvrtc => nvrtc::get(allow_install).map(Compiler::Nvrtc),
        CompilerChoice::Clang => clang::get(allow_install).map(Compiler::Clang),
        CompilerChoice::Auto => match nvrtc::get(allow_install) {
            Ok(n) => Ok(Compiler::Nvrtc(n)),
            // An explicit NVRTC_PATH that does not work is an error, not a reason to switch.
            Err(e) if std::env::var_os("NVRTC_PATH").is_some_and(|v| !v.is_empty()) => Err(e),
            Err(nvrtc_error) => clang::get(allow_install).map(Compiler::Clang).map_err(|clang_error| {
                Error::Toolchain(format!(
                    "{nvrtc_error}\n\n{}",
                    crate::t!(toolchain_nor_clang, error = clang_error.to_string())
                ))
            }),
        },
    }
}

impl Compiler {
    /// Compile to PTX for `arch` (NVRTC's `compute_90`; clang builds for the same `sm_90`).
    pub fn compile(
        &self,
        source: &[u8],
        name: &str,
        arch: &str,
        defines: &[(String, String)],
    ) -> Result<String, CompileFailure> {
        match self {
            Compiler::Nvrtc(n) => n.compile(source, name, arch, defines),
            Compiler::Clang(c) => c.compile(source, name, arch, defines),
        }
    }

    /// The part of a failed compilation's log a student needs.
    pub fn errors_only(&self, log: &str) -> String {
        limits::shorten_log(match self {
            Compiler::Nvrtc(_) => nvrtc::errors_only(log),
            Compiler::Clang(_) => clang::errors_only(log),
        })
    }

    /// "NVRTC 12.9.86 from …" / "clang 22.1.8 (…)", for `list`: where the compiler and NVIDIA's
    /// half-precision header were found, and whether it is the NVRTC the course is recorded with.
    pub fn describe(&self) -> String {
        match self {
            Compiler::Nvrtc(n) => {
                let pinned = nvrtc::WHEEL_VERSION;
                let whose = if n.release.as_deref() == Some(pinned) {
                    crate::t!(toolchain_the_courses)
                } else {
                    crate::t!(toolchain_recorded_with, version = pinned)
                };
                let fp16 = match &n.fp16 {
                    Some(h) => {
                        crate::t!(toolchain_fp16_from, dir = h.dir.display().to_string(), found_by = &h.found_by)
                    }
                    None => crate::t!(toolchain_fp16_stand_in),
                };
                let nvrtc = crate::t!(
                    toolchain_describe_nvrtc,
                    version = n.version_text(),
                    whose = whose,
                    library = n.library.display().to_string(),
                    found_by = &n.found_by
                );
                format!("{nvrtc}\n{}", crate::t!(toolchain_describe_fp16, fp16 = fp16))
            }
            Compiler::Clang(c) => crate::t!(toolchain_describe_clang, version = &c.version, found_by = &c.found_by),
        }
    }

    /// "NVRTC 12.9.86" / "clang 22.1.8", for the report's header.
    pub fn short(&self) -> String {
        match self {
            Compiler::Nvrtc(n) => format!("NVRTC {}", n.version_text()),
            Compiler::Clang(c) => match c.version.split_once("version ") {
                Some((_, v)) => format!("clang {}", v.split_whitespace().next().unwrap_or(v)),
                None => c.version.clone(),
            },
        }
    }

    /// "nvrtc" or "clang", as in the JSON report.
    pub fn name(&self) -> &'static str {
        match self {
            Compiler::Nvrtc(_) => "nvrtc",
            Compiler::Clang(_) => "clang",
        }
    }
}
