//! The course's sections in course order: the one list the grader, its help text, `progress`,
//! `reset`, `bundle` and the tests read. A section is its crate (a dependency in
//! grader/Cargo.toml) and its directory, whose stub is built into the grader from
//! `grader/bundle/stubs/<dir>/kernel.cu`. [`layout_problems`] checks that `exercises/`,
//! `solutions/` and the stub copies hold exactly these directories.

use std::path::Path;

use kernels::exercise::Section;

/// One line per section: its crate and its directory.
macro_rules! registry {
    ($($krate:ident => $dir:literal,)*) => {
        /// Every section, in course order.
        pub fn all() -> Vec<&'static dyn Section> {
            vec![$($krate::section(),)*]
        }

        /// Each section's directory and its stub as shipped, built into the grader so that
        /// `reset` works without git and after the student has committed over it.
        pub const STUBS: &[(&str, &str)] = &[
            $(($dir, include_str!(concat!("../../bundle/stubs/", $dir, "/kernel.cu"))),)*
        ];
    };
}

registry! {
    section_7_2 => "7.2-basic",
    section_7_3 => "7.3-constant-memory",
    section_7_4 => "7.4-halo-tiling",
    section_7_5 => "7.5-cached-halo",
    section_1d => "1d-shared-stencil",
    section_8_2 => "8.2-stencil-basic",
    section_8_3 => "8.3-stencil-tiling",
    section_8_4 => "8.4-coarsening",
    section_8_5 => "8.5-register-tiling",
    section_challenge_2d => "challenge-2d",
    section_challenge_3d => "challenge-3d",
}

/// The section with this id (as typed on the command line; case-insensitive).
pub fn find(id: &str) -> Option<&'static dyn Section> {
    all().into_iter().find(|s| s.id().eq_ignore_ascii_case(id))
}

pub fn ids() -> Vec<&'static str> {
    all().iter().map(|s| s.id()).collect()
}

/// The stub of a section as shipped.
pub fn stub(section: &dyn Section) -> Option<&'static str> {
    STUBS.iter().find(|(dir, _)| *dir == section.dir()).map(|(_, text)| *text)
}

/// "unknown section `9.9`. Sections: 7.2, 7.3, …"
pub fn unknown(id: &str) -> String {
    format!("unknown section `{id}`. Sections: {}", ids().join(", "))
}

/// Where a course tree and this registry disagree: a directory under `exercises/`,
/// `solutions/` or `grader/bundle/stubs/` that is not a registered section (a crate that would
/// compile and pass its own tests but never be graded), a registered section missing one of
/// them, or a registry line whose directory is not its crate's.
pub fn layout_problems(root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    for (s, (dir, _)) in all().iter().zip(STUBS) {
        if s.dir() != *dir {
            problems.push(format!(
                "the registry gives section {} the directory {dir}, its crate says {}",
                s.id(),
                s.dir()
            ));
        }
    }
    if all().len() != STUBS.len() {
        problems.push(format!("{} sections but {} stubs in the registry", all().len(), STUBS.len()));
    }
    for place in ["exercises", "solutions", "grader/bundle/stubs"] {
        let found = section_dirs(&root.join(place));
        for (dir, _) in STUBS {
            if !found.iter().any(|f| f == dir) {
                problems.push(format!("{place}/{dir}/kernel.cu is missing"));
            }
        }
        for f in &found {
            if !STUBS.iter().any(|(dir, _)| dir == f) {
                problems.push(format!("{place}/{f} is not a registered section (grader/src/course/sections.rs)"));
            }
        }
    }
    problems
}

/// The directories under `dir` that hold a kernel.cu (or a section crate), sorted.
fn section_dirs(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.join("kernel.cu").is_file() || p.join("Cargo.toml").is_file())
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    names
}
