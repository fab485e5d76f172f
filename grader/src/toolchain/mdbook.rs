//! mdBook, which turns the course book (`book.toml`, `docs/`) into HTML for `grader book`. Found
//! in this order: `PMPP_MDBOOK` (a path to an `mdbook` binary, used as given), the one the grader
//! installed into the course's cache, an `mdbook` on PATH of the pinned release's series (0.5);
//! where none is, the pinned release is installed into the cache with `cargo install --locked`
//! (cargo is always there: it runs the grader), once, as NVRTC is installed with pip.
//!
//! The translated book (`grader book --lang zh-Hans`) also needs mdbook-i18n-helpers, whose
//! `mdbook-gettext` preprocessor puts the translations of `po/` into the pages. Found the same
//! way: `PMPP_MDBOOK_I18N_HELPERS` (the folder holding `mdbook-gettext`, or the `--root` of its
//! `cargo install`), the course's cache, PATH (of the pinned release's series, where cargo
//! recorded which release it installed); else installed into the cache as mdBook is.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::error::{Error, Result};
use crate::i18n::Text;
use crate::t;

/// The mdBook the course's book is built with (CI's `cargo install mdbook --locked` gave it).
pub const MDBOOK_VERSION: &str = "0.5.4";

/// The oldest Rust that compiles it (its `rust-version`), for the message when cargo fails.
const MDBOOK_RUST: &str = "1.88";

/// The variable naming an `mdbook` binary to use instead of looking for one.
pub const MDBOOK_VAR: &str = "PMPP_MDBOOK";

/// The mdbook-i18n-helpers the translations are made with (`po/`): its first release for mdBook 0.5.
pub const I18N_HELPERS_VERSION: &str = "0.4.0";

/// The variable naming the folder of an `mdbook-gettext` to use instead of looking for one.
pub const I18N_HELPERS_VAR: &str = "PMPP_MDBOOK_I18N_HELPERS";

/// An mdbook that runs.
#[derive(Clone, Debug)]
pub struct MdBook {
    pub path: PathBuf,
    /// What `mdbook --version` says ("mdbook v0.5.4").
    pub version: String,
    /// Where it was found ("from PMPP_MDBOOK", "in the course's cache", "on PATH").
    pub found_by: String,
}

/// The mdbook-i18n-helpers a translated book is built with: the folder of its `mdbook-gettext`,
/// which mdBook finds on PATH once that folder is put first there.
#[derive(Clone, Debug)]
pub struct I18nHelpers {
    pub bin: PathBuf,
    /// "mdbook-i18n-helpers 0.4.0", or without the version where cargo recorded none.
    pub version: String,
    /// Where it was found, as for [`MdBook::found_by`].
    pub found_by: String,
}

/// A crate the grader installs into the course's cache with `cargo install`.
struct Crate {
    name: &'static str,
    version: &'static str,
    /// The oldest Rust that compiles it.
    rust: &'static str,
    /// The binary that shows the install worked.
    bin: &'static str,
    /// What it is for ("mdBook (which builds the course book as HTML)").
    what: fn() -> Text,
}

const MDBOOK: Crate = Crate {
    name: "mdbook",
    version: MDBOOK_VERSION,
    rust: MDBOOK_RUST,
    bin: "mdbook",
    what: || crate::text!(book_mdbook_what),
};

const I18N_HELPERS: Crate = Crate {
    name: "mdbook-i18n-helpers",
    version: I18N_HELPERS_VERSION,
    // It is built on mdBook 0.5's crates, as mdbook is.
    rust: MDBOOK_RUST,
    bin: "mdbook-gettext",
    what: || crate::text!(book_helpers_what),
};

/// Where the grader installs mdBook (`<cache>/mdbook/bin/mdbook`), beside NVRTC's cache.
pub fn cache_dir() -> Option<PathBuf> {
    crate::toolchain::nvrtc::cache_dir().and_then(|d| d.parent().map(|p| p.join("mdbook")))
}

/// Where the grader installs mdbook-i18n-helpers (`<cache>/mdbook-i18n-helpers/bin/`).
pub fn helpers_cache_dir() -> Option<PathBuf> {
    crate::toolchain::nvrtc::cache_dir().and_then(|d| d.parent().map(|p| p.join(I18N_HELPERS.name)))
}

fn exe_name(name: &str) -> String {
    if cfg!(windows) {
        format!("{name}.exe")
    } else {
        name.to_string()
    }
}

fn exe() -> String {
    exe_name("mdbook")
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

fn helpers_series() -> (u32, u32) {
    series(I18N_HELPERS_VERSION).expect("I18N_HELPERS_VERSION is a version")
}

/// `mdbook --version`: `Ok(None)` when there is no such program.
fn probe(program: &Path, found_by: &str) -> Result<Option<MdBook>> {
    let out = match Command::new(program).arg("--version").stdin(Stdio::null()).stderr(Stdio::null()).output() {
        Ok(o) => o,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(Error::Toolchain(t!(
                book_cannot_be_run,
                program = program.display().to_string(),
                found_by = found_by,
                error = e.to_string()
            )))
        }
    };
    let version = String::from_utf8_lossy(&out.stdout).lines().next().unwrap_or("").trim().to_string();
    if !out.status.success() || series(&version).is_none() {
        return Err(Error::Toolchain(t!(
            book_mdbook_no_version,
            program = program.display().to_string(),
            found_by = found_by,
            said = format!("{version:?}")
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
        let found = probe(&path, &t!(book_found_by_var, var = MDBOOK_VAR))?;
        let m = found.ok_or_else(|| {
            Error::Toolchain(t!(book_var_does_not_exist, var = MDBOOK_VAR, path = path.display().to_string()))
        })?;
        if series(&m.version) != Some(pinned_series()) {
            eprintln!(
                "{}",
                t!(book_mdbook_var_other_version, var = MDBOOK_VAR, version = &m.version, pinned = MDBOOK_VERSION)
            );
        }
        return Ok(m);
    }
    let cache = cache_dir();
    let candidates = [
        (cache.as_deref().and_then(binary_in), t!(book_found_by_cache)),
        (Some(PathBuf::from(exe())), t!(book_found_by_path)),
    ];
    let fits = |m: &MdBook| series(&m.version) == Some(pinned_series());
    let skipped = match first_fitting(candidates, probe, fits, |m| (m.path.clone(), m.version.clone()), pinned_series())
    {
        Ok(m) => return Ok(m),
        Err(skipped) => skipped,
    };
    if !allow_install {
        return Err(not_found(&MDBOOK, &skipped, None));
    }
    let dir = cache.ok_or_else(|| not_found(&MDBOOK, &skipped, Some(&t!(book_no_home))))?;
    install(&MDBOOK, &dir, progress).map_err(|e| not_found(&MDBOOK, &skipped, Some(e.message())))?;
    let bin = binary_in(&dir)
        .ok_or_else(|| not_found(&MDBOOK, &skipped, Some(&t!(book_installed_nothing, bin = MDBOOK.bin))))?;
    probe(&bin, &t!(book_found_by_install))
        .and_then(|m| m.ok_or_else(|| Error::Toolchain(t!(book_vanished, program = bin.display().to_string()))))
        .map_err(|e| not_found(&MDBOOK, &skipped, Some(e.message())))
}

/// The folder holding `mdbook-gettext` in `dir`: `dir` itself, or its `bin/` (a `cargo install
/// --root`).
pub fn helpers_bin(dir: &Path) -> Option<PathBuf> {
    let gettext = exe_name(I18N_HELPERS.bin);
    [dir.to_path_buf(), dir.join("bin")].into_iter().find(|d| d.join(&gettext).is_file())
}

/// The release of mdbook-i18n-helpers that cargo recorded installing into the root above `bin`
/// (its `.crates.toml`), if it did.
pub fn recorded_helpers_version(bin: &Path) -> Option<String> {
    let record = std::fs::read_to_string(bin.parent()?.join(".crates.toml")).ok()?;
    let key = format!("\"{} ", I18N_HELPERS.name);
    record.lines().find_map(|l| l.trim_start().strip_prefix(&key)?.split_whitespace().next().map(str::to_string))
}

/// `mdbook-gettext supports html` (what mdBook asks a preprocessor) in `bin`: `Ok(None)` when
/// there is none there.
fn probe_helpers(bin: &Path, found_by: &str) -> Result<Option<I18nHelpers>> {
    let program = bin.join(exe_name(I18N_HELPERS.bin));
    if !program.is_file() {
        return Ok(None);
    }
    let display = program.display().to_string();
    let status = Command::new(&program)
        .args(["supports", "html"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| {
            Error::Toolchain(t!(book_cannot_be_run, program = &display, found_by = found_by, error = e.to_string()))
        })?;
    if !status.success() {
        return Err(Error::Toolchain(t!(
            book_helpers_does_not_answer,
            program = &display,
            found_by = found_by,
            status = status.to_string()
        )));
    }
    let version = match recorded_helpers_version(bin) {
        Some(v) => format!("{} {v}", I18N_HELPERS.name),
        None => I18N_HELPERS.name.to_string(),
    };
    Ok(Some(I18nHelpers { bin: bin.to_path_buf(), version, found_by: found_by.to_string() }))
}

/// Whether a found mdbook-i18n-helpers is of the pinned series (one whose release cargo did not
/// record is taken as it is).
fn helpers_fit(h: &I18nHelpers) -> bool {
    h.version == I18N_HELPERS.name || series(&h.version) == Some(helpers_series())
}

/// Find mdbook-i18n-helpers, installing it into the cache when `allow_install` and none is
/// found, as [`get`] does mdBook.
pub fn get_i18n_helpers(allow_install: bool, progress: &dyn Fn(&str)) -> Result<I18nHelpers> {
    if let Some(v) = std::env::var_os(I18N_HELPERS_VAR).filter(|v| !v.is_empty()) {
        let dir = PathBuf::from(v);
        let missing = || {
            Error::Toolchain(t!(book_helpers_var_holds_none, var = I18N_HELPERS_VAR, path = dir.display().to_string()))
        };
        let bin = helpers_bin(&dir).ok_or_else(missing)?;
        let h = probe_helpers(&bin, &t!(book_found_by_var, var = I18N_HELPERS_VAR))?.ok_or_else(missing)?;
        if !helpers_fit(&h) {
            eprintln!(
                "{}",
                t!(
                    book_helpers_var_other_version,
                    var = I18N_HELPERS_VAR,
                    version = &h.version,
                    pinned = I18N_HELPERS_VERSION
                )
            );
        }
        return Ok(h);
    }
    let cache = helpers_cache_dir();
    let gettext = exe_name(I18N_HELPERS.bin);
    let on_path = std::env::var_os("PATH")
        .and_then(|p| std::env::split_paths(&p).find(|d| !d.as_os_str().is_empty() && d.join(&gettext).is_file()));
    let candidates =
        [(cache.as_ref().map(|c| c.join("bin")), t!(book_found_by_cache)), (on_path, t!(book_found_by_path))];
    let program = |h: &I18nHelpers| (h.bin.join(&gettext), h.version.clone());
    let skipped = match first_fitting(candidates, probe_helpers, helpers_fit, program, helpers_series()) {
        Ok(h) => return Ok(h),
        Err(skipped) => skipped,
    };
    if !allow_install {
        return Err(not_found(&I18N_HELPERS, &skipped, None));
    }
    let dir = cache.ok_or_else(|| not_found(&I18N_HELPERS, &skipped, Some(&t!(book_no_home))))?;
    install(&I18N_HELPERS, &dir, progress).map_err(|e| not_found(&I18N_HELPERS, &skipped, Some(e.message())))?;
    probe_helpers(&dir.join("bin"), &t!(book_found_by_install))
        .and_then(|h| h.ok_or_else(|| Error::Toolchain(t!(book_installed_nothing, bin = I18N_HELPERS.bin))))
        .map_err(|e| not_found(&I18N_HELPERS, &skipped, Some(e.message())))
}

/// The first candidate (a path, and where it was found) that runs and `fits` the pinned
/// release; else why each one that exists was passed over. `program` names what was run and its
/// version, for that reason.
fn first_fitting<T, const N: usize>(
    candidates: [(Option<PathBuf>, String); N],
    probe: impl Fn(&Path, &str) -> Result<Option<T>>,
    fits: impl Fn(&T) -> bool,
    program: impl Fn(&T) -> (PathBuf, String),
    series: (u32, u32),
) -> std::result::Result<T, Vec<String>> {
    let mut skipped = Vec::new();
    for (path, found_by) in candidates {
        let Some(path) = path else { continue };
        match probe(&path, &found_by) {
            Ok(Some(found)) if fits(&found) => return Ok(found),
            Ok(Some(found)) => {
                let (path, version) = program(&found);
                skipped.push(t!(
                    book_other_series,
                    program = path.display().to_string(),
                    found_by = &found_by,
                    version = &version,
                    series = format!("{}.{}", series.0, series.1)
                ))
            }
            Ok(None) => {}
            Err(e) => skipped.push(e.message().to_string()),
        }
    }
    Err(skipped)
}

fn install_command(krate: &Crate) -> String {
    format!("cargo install {} --locked --version {}", krate.name, krate.version)
}

fn not_found(krate: &Crate, skipped: &[String], install_failure: Option<&str>) -> Error {
    let mut msg = t!(book_not_found, what = (krate.what)());
    for s in skipped {
        msg.push_str(&format!("\n  {}", t!(book_skipped, why = s)));
    }
    if let Some(why) = install_failure {
        msg.push_str(&format!("\n  {}", t!(book_install_failed, why = why)));
    }
    msg.push('\n');
    msg.push_str(&if krate.name == MDBOOK.name {
        t!(
            book_mdbook_how_to_install,
            command = install_command(krate),
            series = format!("{}.{}", pinned_series().0, pinned_series().1),
            var = MDBOOK_VAR
        )
    } else {
        t!(book_helpers_how_to_install, command = install_command(krate), var = I18N_HELPERS_VAR)
    });
    Error::Toolchain(msg)
}

/// `cargo install <crate> --locked --version <pinned> --root <staging>`, its build in a folder of
/// its own (removed after), the staging folder renamed into place so that an interrupted or
/// concurrent install never leaves half an install. cargo is the one that runs the grader
/// (`CARGO`, which `cargo run` sets), else the one on PATH.
fn install(krate: &Crate, dir: &Path, progress: &dyn Fn(&str)) -> Result<()> {
    let parent = dir.parent().ok_or_else(|| Error::Toolchain(t!(book_cache_has_no_parent)))?;
    std::fs::create_dir_all(parent).map_err(|e| {
        Error::Toolchain(t!(file_cannot_create, path = parent.display().to_string(), error = e.to_string()))
    })?;
    let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| krate.name.to_string());
    let staging = parent.join(format!("{name}.installing-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&staging);
    let cargo = std::env::var_os("CARGO").filter(|c| !c.is_empty()).unwrap_or_else(|| "cargo".into());
    eprintln!(
        "{}",
        t!(
            book_installing,
            what = (krate.what)(),
            name = krate.name,
            version = krate.version,
            dir = dir.display().to_string(),
            command = install_command(krate)
        )
    );
    let mut child = Command::new(&cargo)
        .args(["install", krate.name, "--locked", "--version", krate.version, "--root"])
        .arg(&staging)
        .arg("--target-dir")
        .arg(staging.join("build"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            Error::Toolchain(t!(
                book_cannot_run,
                program = Path::new(&cargo).display().to_string(),
                error = e.to_string()
            ))
        })?;
    let mut lines = Vec::new();
    if let Some(stderr) = child.stderr.take() {
        for line in BufReader::new(stderr).lines().map_while(std::io::Result::ok) {
            progress(line.trim());
            lines.push(line);
        }
    }
    let status = child.wait().map_err(|e| Error::Toolchain(t!(book_cargo_did_not_finish, error = e.to_string())))?;
    let _ = std::fs::remove_dir_all(staging.join("build"));
    if !status.success() {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(Error::Toolchain(format!(
            "{}\n    {}",
            t!(
                book_cargo_failed,
                command = install_command(krate),
                status = status.to_string(),
                name = krate.name,
                version = krate.version,
                rust = krate.rust
            ),
            cargo_errors(&lines).join("\n    ")
        )));
    }
    let installed = |d: &Path| d.join("bin").join(exe_name(krate.bin)).is_file();
    if !installed(&staging) {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(Error::Toolchain(t!(book_cargo_installed_no_binary, bin = krate.bin)));
    }
    // An install of another release (the pin moved on) is replaced.
    if installed(dir) {
        let _ = std::fs::remove_dir_all(dir);
    }
    if let Err(e) = std::fs::rename(&staging, dir) {
        let _ = std::fs::remove_dir_all(&staging);
        // Another grader finished the same install first: use that one.
        if !installed(dir) {
            return Err(Error::Toolchain(t!(
                book_cannot_move,
                name = krate.name,
                dir = dir.display().to_string(),
                error = e.to_string()
            )));
        }
    }
    eprintln!("{}", t!(book_installed, name = krate.name, version = krate.version, dir = dir.display().to_string()));
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
    fn the_helpers_release_is_what_cargo_recorded() {
        let tmp = tempfile::tempdir().unwrap();
        let bin = tmp.path().join("bin");
        std::fs::create_dir_all(&bin).unwrap();
        assert_eq!(helpers_bin(tmp.path()), None);
        std::fs::write(bin.join(exe_name("mdbook-gettext")), "").unwrap();
        // The --root, or its bin/ itself.
        assert_eq!(helpers_bin(tmp.path()), Some(bin.clone()));
        assert_eq!(helpers_bin(&bin), Some(bin.clone()));
        assert_eq!(recorded_helpers_version(&bin), None);
        std::fs::write(
            tmp.path().join(".crates.toml"),
            "[v1]\n\"mdbook 0.5.4 (registry+https://github.com/rust-lang/crates.io-index)\" = [\"mdbook\"]\n\
             \"mdbook-i18n-helpers 0.3.6 (registry+https://github.com/rust-lang/crates.io-index)\" = [\n    \"mdbook-gettext\",\n]\n",
        )
        .unwrap();
        assert_eq!(recorded_helpers_version(&bin).as_deref(), Some("0.3.6"));
        let h = |version: &str| I18nHelpers { bin: bin.clone(), version: version.into(), found_by: String::new() };
        assert!(!helpers_fit(&h("mdbook-i18n-helpers 0.3.6")));
        assert!(helpers_fit(&h("mdbook-i18n-helpers 0.4.0")));
        assert!(helpers_fit(&h("mdbook-i18n-helpers")), "a release cargo did not record is taken");
        assert_eq!(helpers_series(), (0, 4));
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
