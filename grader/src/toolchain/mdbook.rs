//! mdBook, which turns the course book (`book.toml`, `docs/`) into HTML for `grader book`. Found
//! in this order: `PMPP_MDBOOK` (a path to an `mdbook` binary, used as given), the one the grader
//! installed into the course's cache, an `mdbook` on PATH of the pinned release's series (0.5);
//! where none is, the pinned release is installed into the cache with `cargo install --locked`
//! (cargo is always there: it runs the grader), once, as NVRTC is installed with pip.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::error::{Error, Result};

/// The mdBook the course's book is built with (CI's `cargo install mdbook --locked` gave it).
pub const MDBOOK_VERSION: &str = "0.5.4";

/// The oldest Rust that compiles it (its `rust-version`), for the message when cargo fails.
const MDBOOK_RUST: &str = "1.88";

/// The variable naming an `mdbook` binary to use instead of looking for one.
pub const MDBOOK_VAR: &str = "PMPP_MDBOOK";

/// An mdbook that runs.
#[derive(Clone, Debug)]
pub struct MdBook {
    pub path: PathBuf,
    /// What `mdbook --version` says ("mdbook v0.5.4").
    pub version: String,
    /// Where it was found ("from PMPP_MDBOOK", "in the course's cache", "on PATH").
    pub found_by: String,
}

/// Where the grader installs mdBook (`<cache>/mdbook/bin/mdbook`), beside NVRTC's cache.
pub fn cache_dir() -> Option<PathBuf> {
    crate::toolchain::nvrtc::cache_dir().and_then(|d| d.parent().map(|p| p.join("mdbook")))
}

fn exe() -> &'static str {
    if cfg!(windows) {
        "mdbook.exe"
    } else {
        "mdbook"
    }
}

/// The binary of an install made with `cargo install --root dir`.
pub fn binary_in(dir: &Path) -> Option<PathBuf> {
    let bin = dir.join("bin").join(exe());
    bin.is_file().then_some(bin)
}

/// "mdbook v0.5.4" → (0, 5): the series, which must be the pinned release's.
pub fn series(version: &str) -> Option<(u32, u32)> {
    let number =
        version.split_whitespace().find_map(|w| w.strip_prefix('v').or(Some(w)).filter(|w| w.contains('.')))?;
    let mut parts = number.split('.').map(|p| p.parse::<u32>().ok());
    Some((parts.next()??, parts.next()??))
}

fn pinned_series() -> (u32, u32) {
    series(MDBOOK_VERSION).expect("MDBOOK_VERSION is a version")
}

/// `mdbook --version`: `Ok(None)` when there is no such program.
fn probe(program: &Path, found_by: &str) -> Result<Option<MdBook>> {
    let out = match Command::new(program).arg("--version").stdin(Stdio::null()).stderr(Stdio::null()).output() {
        Ok(o) => o,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::Toolchain(format!("{} ({found_by}) cannot be run: {e}", program.display()))),
    };
    let version = String::from_utf8_lossy(&out.stdout).lines().next().unwrap_or("").trim().to_string();
    if !out.status.success() || series(&version).is_none() {
        return Err(Error::Toolchain(format!(
            "{} ({found_by}) does not answer `--version` as mdbook does (it said {version:?})",
            program.display()
        )));
    }
    Ok(Some(MdBook { path: program.to_path_buf(), version, found_by: found_by.to_string() }))
}

/// Find mdBook, installing it into the cache when `allow_install` and none is found. `progress`
/// sees each line cargo prints while it installs (for a spinner).
pub fn get(allow_install: bool, progress: &dyn Fn(&str)) -> Result<MdBook> {
    // An explicit choice wins and is not second-guessed: one that does not run is an error.
    if let Some(v) = std::env::var_os(MDBOOK_VAR).filter(|v| !v.is_empty()) {
        let path = PathBuf::from(v);
        let found = probe(&path, &format!("from {MDBOOK_VAR}"))?;
        let m = found.ok_or_else(|| Error::Toolchain(format!("{MDBOOK_VAR}={} does not exist", path.display())))?;
        if series(&m.version) != Some(pinned_series()) {
            eprintln!("note: {MDBOOK_VAR} is {}; the course's book is built with mdbook {MDBOOK_VERSION}", m.version);
        }
        return Ok(m);
    }
    let mut skipped = Vec::new();
    let cache = cache_dir();
    let candidates =
        [(cache.as_deref().and_then(binary_in), "in the course's cache"), (Some(PathBuf::from(exe())), "on PATH")];
    for (path, found_by) in candidates {
        let Some(path) = path else { continue };
        match probe(&path, found_by) {
            Ok(Some(m)) if series(&m.version) == Some(pinned_series()) => return Ok(m),
            Ok(Some(m)) => skipped.push(format!(
                "{} ({found_by}) is {}, not of the {}.{} series",
                m.path.display(),
                m.version,
                pinned_series().0,
                pinned_series().1
            )),
            Ok(None) => {}
            Err(e) => skipped.push(e.message().to_string()),
        }
    }
    if !allow_install {
        return Err(not_found(&skipped, None));
    }
    let dir = cache.ok_or_else(|| not_found(&skipped, Some("HOME is not set: there is no cache to install into")))?;
    install(&dir, progress).map_err(|e| not_found(&skipped, Some(e.message())))?;
    let bin = binary_in(&dir)
        .ok_or_else(|| not_found(&skipped, Some("cargo finished but there is no mdbook in the cache")))?;
    probe(&bin, "just installed in the course's cache")
        .and_then(|m| m.ok_or_else(|| Error::Toolchain(format!("{} vanished", bin.display()))))
        .map_err(|e| not_found(&skipped, Some(e.message())))
}

fn install_command() -> String {
    format!("cargo install mdbook --locked --version {MDBOOK_VERSION}")
}

fn not_found(skipped: &[String], install_failure: Option<&str>) -> Error {
    let mut msg = String::from("mdBook (which builds the course book as HTML) was not found.");
    for s in skipped {
        msg.push_str(&format!("\n  skipped: {s}"));
    }
    if let Some(why) = install_failure {
        msg.push_str(&format!("\n  installing it automatically failed: {why}"));
    }
    msg.push_str(&format!(
        "\nInstall it with `{}` (any mdbook {}.{}.x on PATH will do), or point {MDBOOK_VAR} at an mdbook binary. \
         Meanwhile the book reads as Markdown: docs/SUMMARY.md lists its pages.",
        install_command(),
        pinned_series().0,
        pinned_series().1
    ));
    Error::Toolchain(msg)
}

/// `cargo install mdbook --locked --version <pinned> --root <staging>`, its build in a folder of
/// its own (removed after), the staging folder renamed into place so that an interrupted or
/// concurrent install never leaves half an install. cargo is the one that runs the grader
/// (`CARGO`, which `cargo run` sets), else the one on PATH.
fn install(dir: &Path, progress: &dyn Fn(&str)) -> Result<()> {
    let parent = dir.parent().ok_or_else(|| Error::Toolchain("the cache directory has no parent".into()))?;
    std::fs::create_dir_all(parent)
        .map_err(|e| Error::Toolchain(format!("cannot create {}: {e}", parent.display())))?;
    let staging = parent.join(format!("mdbook.installing-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&staging);
    let cargo = std::env::var_os("CARGO").filter(|c| !c.is_empty()).unwrap_or_else(|| "cargo".into());
    eprintln!(
        "mdBook (which builds the course book as HTML) was not found: installing mdbook {MDBOOK_VERSION} into {} \
         with `{}`, once (cargo downloads and compiles it: a few minutes)…",
        dir.display(),
        install_command()
    );
    let mut child = Command::new(&cargo)
        .args(["install", "mdbook", "--locked", "--version", MDBOOK_VERSION, "--root"])
        .arg(&staging)
        .arg("--target-dir")
        .arg(staging.join("build"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Error::Toolchain(format!("cannot run {} ({e})", Path::new(&cargo).display())))?;
    let mut lines = Vec::new();
    if let Some(stderr) = child.stderr.take() {
        for line in BufReader::new(stderr).lines().map_while(std::io::Result::ok) {
            progress(line.trim());
            lines.push(line);
        }
    }
    let status = child.wait().map_err(|e| Error::Toolchain(format!("cargo install did not finish: {e}")))?;
    let _ = std::fs::remove_dir_all(staging.join("build"));
    if !status.success() {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(Error::Toolchain(format!(
            "`{}` failed ({status}; offline? mdbook {MDBOOK_VERSION} needs Rust {MDBOOK_RUST} or later):\n    {}",
            install_command(),
            cargo_errors(&lines).join("\n    ")
        )));
    }
    if binary_in(&staging).is_none() {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(Error::Toolchain("cargo install finished but installed no mdbook binary".into()));
    }
    // An install of another release (the pin moved on) is replaced.
    if binary_in(dir).is_some() {
        let _ = std::fs::remove_dir_all(dir);
    }
    if let Err(e) = std::fs::rename(&staging, dir) {
        let _ = std::fs::remove_dir_all(&staging);
        // Another grader finished the same install first: use that one.
        if binary_in(dir).is_none() {
            return Err(Error::Toolchain(format!("cannot move the installed mdbook into {}: {e}", dir.display())));
        }
    }
    eprintln!("mdbook {MDBOOK_VERSION} installed in {}.", dir.display());
    Ok(())
}

/// What of cargo's output says why it failed: from its first `error` line (at most 8 lines), or
/// its last 3 lines.
pub fn cargo_errors(lines: &[String]) -> Vec<String> {
    let lines: Vec<&str> = lines.iter().map(|l| l.trim_end()).filter(|l| !l.trim().is_empty()).collect();
    let from = lines.iter().position(|l| l.starts_with("error")).unwrap_or(lines.len().saturating_sub(3));
    lines[from..].iter().take(8).map(|l| l.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_read_by_series() {
        assert_eq!(series("mdbook v0.5.4"), Some((0, 5)));
        assert_eq!(series("mdbook v0.4.37"), Some((0, 4)));
        assert_eq!(series("mdbook 1.0.0-rc.1"), Some((1, 0)));
        assert_eq!(series("mdbook"), None);
        assert_eq!(series(""), None);
        assert_eq!(pinned_series(), (0, 5));
    }

    #[test]
    fn cargos_errors_are_kept_not_its_progress() {
        let out: Vec<String> = [
            "    Updating crates.io index",
            "warning: spurious network error (3 tries remaining): [6] Couldn't resolve host name",
            "error: failed to query replaced source registry `crates-io`",
            "",
            "Caused by:",
            "  download of config.json failed",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            cargo_errors(&out),
            [
                "error: failed to query replaced source registry `crates-io`",
                "Caused by:",
                "  download of config.json failed"
            ]
        );
        let quiet: Vec<String> = ["a", "b", "c", "d"].iter().map(|s| s.to_string()).collect();
        assert_eq!(cargo_errors(&quiet), ["b", "c", "d"]);
        assert!(cargo_errors(&[]).is_empty());
    }
}
