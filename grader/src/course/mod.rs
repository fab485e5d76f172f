//! Finding the course's workspace root (where `exercises/` and `solutions/` live).

use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

/// A directory is the course root when it has the workspace manifest and the exercises.
fn is_course_root(dir: &Path) -> bool {
    dir.join("Cargo.toml").is_file() && dir.join("exercises").is_dir()
}

/// The course the working directory is in (its first ancestor that looks like the course),
/// else the one this binary was built from: a TA's one grader binary, run inside each student's
/// checkout, grades that checkout's files.
pub fn find_root() -> Result<PathBuf> {
    let cwd = std::env::current_dir().map_err(|e| Error(format!("cannot read the working directory: {e}")))?;
    if let Some(dir) = cwd.ancestors().find(|d| is_course_root(d)) {
        return Ok(dir.to_path_buf());
    }
    let built_from = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    if is_course_root(&built_from) {
        return Ok(built_from.canonicalize().unwrap_or(built_from));
    }
    Err(Error(format!(
        "cannot find the course's files (a directory with Cargo.toml and exercises/) from {} upwards",
        cwd.display()
    )))
}

/// `path` relative to `root` when it lies inside it, with `/` between its parts on every system
/// (for messages and NVRTC program names: `exercises/7.4-halo-tiling/kernel.cu`, on Windows
/// too). Both are made canonical first: on Windows that gives `\\?\C:\…` paths, which only
/// compare with each other.
pub fn display_path(root: &Path, path: &Path) -> String {
    let canonical = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    match canonical(path).strip_prefix(canonical(root)) {
        Ok(rel) => rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/"),
        Err(_) => path.display().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_in_the_course_is_shown_relative_with_slashes() {
        let root = tempfile::tempdir().unwrap();
        let kernel = root.path().join("exercises").join("7.4-halo-tiling").join("kernel.cu");
        std::fs::create_dir_all(kernel.parent().unwrap()).unwrap();
        std::fs::write(&kernel, "").unwrap();
        assert_eq!(display_path(root.path(), &kernel), "exercises/7.4-halo-tiling/kernel.cu");
        // Reached through `..`, and with the root given as it was typed.
        let roundabout =
            root.path().join("exercises").join("..").join("exercises").join("7.4-halo-tiling").join("kernel.cu");
        assert_eq!(display_path(root.path(), &roundabout), "exercises/7.4-halo-tiling/kernel.cu");
        let outside = tempfile::tempdir().unwrap().path().join("mine.cu");
        assert_eq!(display_path(root.path(), &outside), outside.display().to_string());
    }
}
