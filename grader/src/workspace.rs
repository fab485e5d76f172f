//! Finding the course's workspace root (where `exercises/` and `solutions/` live).

use std::path::{Path, PathBuf};

/// A directory is the course root when it has the workspace manifest and the exercises.
fn is_course_root(dir: &Path) -> bool {
    dir.join("Cargo.toml").is_file() && dir.join("exercises").is_dir()
}

/// The root this binary was built from, else the first ancestor of the working directory that
/// looks like the course (a binary copied elsewhere still works when run inside a checkout).
pub fn find_root() -> Result<PathBuf, String> {
    let built_from = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    if is_course_root(&built_from) {
        return Ok(built_from.canonicalize().unwrap_or(built_from));
    }
    let cwd = std::env::current_dir().map_err(|e| format!("cannot read the working directory: {e}"))?;
    for dir in cwd.ancestors() {
        if is_course_root(dir) {
            return Ok(dir.to_path_buf());
        }
    }
    Err(format!(
        "cannot find the course's files (a directory with Cargo.toml and exercises/) from {} upwards",
        cwd.display()
    ))
}

/// `path` relative to `root` when it lies inside it (for messages and NVRTC program names).
pub fn display_path(root: &Path, path: &Path) -> String {
    let abs = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    match abs.strip_prefix(root) {
        Ok(rel) => rel.display().to_string(),
        Err(_) => path.display().to_string(),
    }
}
