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

/// `path` relative to `root` when it lies inside it (for messages and NVRTC program names).
pub fn display_path(root: &Path, path: &Path) -> String {
    let abs = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    match abs.strip_prefix(root) {
        Ok(rel) => rel.display().to_string(),
        Err(_) => path.display().to_string(),
    }
}
