//! The course on disk: its root (where `exercises/` and `solutions/` live), its sections (the
//! registry), and every path to a section's files — the student's kernel, the reference
//! solution, the instructors' wrong, accepted and hostile kernels — and the chapter's basic
//! kernel a section is timed against. No other module builds these paths.

pub mod cases_file;
pub mod hints;
pub mod progress;
pub mod sections;

use std::path::{Path, PathBuf};

use kernels::exercise::Section;

use crate::error::{Error, Result};

/// The course a command runs in. Found once, before the command; a command that must answer
/// even without it (Gradescope's results file) reads [`Course::root`]'s error itself.
pub struct Course {
    root: Result<PathBuf>,
}

impl Course {
    /// The course of the working directory (see [`find_root`]).
    pub fn locate() -> Course {
        Course { root: find_root() }
    }

    pub fn at(root: PathBuf) -> Course {
        Course { root: Ok(root) }
    }

    pub fn root(&self) -> Result<&Path> {
        self.root.as_deref().map_err(Clone::clone)
    }
}

/// The student's file: where it is, and how it is named in messages.
#[derive(Clone, Debug)]
pub struct KernelFile {
    pub path: PathBuf,
    /// Relative to the course root when inside it ("exercises/7.4-halo-tiling/kernel.cu").
    pub display: String,
}

impl KernelFile {
    /// A file of the course, named relative to its root.
    pub fn in_course(root: &Path, path: PathBuf) -> KernelFile {
        KernelFile { display: display_path(root, &path), path }
    }
}

/// Which of a section's files is graded.
#[derive(Clone, Copy, Debug)]
pub enum Which<'a> {
    /// The student's `exercises/<dir>/kernel.cu`.
    Exercise,
    /// The reference `solutions/<dir>/kernel.cu`.
    Solution,
    /// A file the user named.
    File(&'a Path),
}

/// The student's kernel of the section in directory `dir`, relative to the course root, with
/// `/` (as messages, the bundle's zip and .gitignore-style lists name it).
pub fn exercise_name(dir: &str) -> String {
    format!("exercises/{dir}/kernel.cu")
}

/// The folder of the student's kernel (what `watch` follows).
pub fn exercise_dir(root: &Path, section: &dyn Section) -> PathBuf {
    root.join("exercises").join(section.dir())
}

pub fn exercise_path(root: &Path, section: &dyn Section) -> PathBuf {
    exercise_dir(root, section).join("kernel.cu")
}

/// A section's stub as shipped: the file its built-in copy is made from
/// ([`sections::STUBS`], what `reset` restores), whatever the student's `exercises/` holds now.
pub fn shipped_stub_path(root: &Path, section: &dyn Section) -> PathBuf {
    root.join("grader").join("bundle").join("stubs").join(section.dir()).join("kernel.cu")
}

pub fn solution_path(root: &Path, section: &dyn Section) -> PathBuf {
    root.join("solutions").join(section.dir()).join("kernel.cu")
}

/// The file a section is graded from; an error when it does not exist.
pub fn kernel_file(root: &Path, section: &dyn Section, which: Which) -> Result<KernelFile> {
    let file = match which {
        // The path as the student typed it reads best in messages.
        Which::File(p) => KernelFile { path: p.to_path_buf(), display: p.display().to_string() },
        Which::Solution => KernelFile::in_course(root, solution_path(root, section)),
        Which::Exercise => KernelFile::in_course(root, exercise_path(root, section)),
    };
    if !file.path.is_file() {
        return Err(Error::Course(crate::t!(cmd_kernel_not_found, path = file.path.display().to_string())));
    }
    Ok(file)
}

/// The instructors' kernels under `grader/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Suite {
    /// Classic mistakes, each failing for its stated reasons.
    Wrong,
    /// Correct kernels in students' styles: they pass.
    Accepted,
    /// Kernels that try to cheat, peek or crash the grader.
    Hostile,
}

impl Suite {
    pub const ALL: [Suite; 3] = [Suite::Wrong, Suite::Accepted, Suite::Hostile];

    pub fn dir(self) -> &'static str {
        match self {
            Suite::Wrong => "wrong",
            Suite::Accepted => "accepted",
            Suite::Hostile => "hostile",
        }
    }
}

/// A suite's folder (`grader/<suite>/`).
pub fn suite_dir(root: &Path, suite: Suite) -> PathBuf {
    root.join("grader").join(suite.dir())
}

/// The device-language fixtures (`grader/coverage/<group>/<entry>.cu`) and their recorded outputs.
pub fn coverage_dir(root: &Path) -> PathBuf {
    root.join("grader").join("coverage")
}

/// A suite's kernels for a section (`grader/<suite>/<id>/*.cu`), sorted by name.
pub fn suite_kernels(root: &Path, suite: Suite, section: &dyn Section) -> Vec<PathBuf> {
    let dir = suite_dir(root, suite).join(section.id());
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .min_depth(1)
        .max_depth(1)
        .sort_by_file_name()
        .into_iter()
        .filter_map(|e| e.ok())
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|x| x == "cu"))
        .collect();
    files.sort();
    files
}

/// The chapter's basic kernel a section's speed is compared with (7.2 for chapter 7 and the 2D
/// challenge, 8.2 for chapter 8 and the 3D one; the 1D stencil has none).
pub fn baseline_of(section: &dyn Section) -> Option<&'static dyn Section> {
    let id = section.id();
    let base = if id.starts_with("7.") || id == "challenge-2d" {
        "7.2"
    } else if id.starts_with("8.") || id == "challenge-3d" {
        "8.2"
    } else {
        return None;
    };
    sections::find(base)
}

/// A directory is the course root when it has the workspace manifest and the exercises.
fn is_course_root(dir: &Path) -> bool {
    dir.join("Cargo.toml").is_file() && dir.join("exercises").is_dir()
}

/// The course the working directory is in (its first ancestor that looks like the course),
/// else the one this binary was built from: a TA's one grader binary, run inside each student's
/// checkout, grades that checkout's files.
pub fn find_root() -> Result<PathBuf> {
    let cwd =
        std::env::current_dir().map_err(|e| Error::Course(crate::t!(cmd_no_working_dir, error = e.to_string())))?;
    if let Some(dir) = cwd.ancestors().find(|d| is_course_root(d)) {
        return Ok(dir.to_path_buf());
    }
    let built_from = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    if is_course_root(&built_from) {
        return Ok(built_from.canonicalize().unwrap_or(built_from));
    }
    Err(Error::Course(crate::t!(cmd_no_course, dir = cwd.display().to_string())))
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
