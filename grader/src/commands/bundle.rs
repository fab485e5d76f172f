//! `bundle <id> [--output FILE]`: a Gradescope autograder zip for one section. Gradescope unpacks
//! it into /autograder/source, runs `setup.sh` once (Rust, NVRTC, a release build of the grader)
//! and `run_autograder` per submission. The zip holds the course's Rust sources (no solutions, no
//! git, no build output) with the stubs as shipped.

use std::io::Write;
use std::path::{Path, PathBuf};

use kernels::exercise::Section;
use zip::write::SimpleFileOptions;

use super::SectionArg;
use crate::course::Course;
use crate::error::{Error, Outcome, Result};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[arg(value_name = "SECTION", value_parser = super::section_arg)]
    pub section: SectionArg,
    /// Where to write the autograder zip (default autograder-<id>.zip).
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Private hidden cases to grade every submission with (TOML/JSON; checked now).
    #[arg(long, value_name = "FILE")]
    pub cases: Option<PathBuf>,
}

const SETUP: &str = include_str!("../../bundle/setup.sh");
const RUN_AUTOGRADER: &str = include_str!("../../bundle/run_autograder");

/// What the grader needs to build: the workspace manifest and these crates.
const TOP_FILES: &[&str] = &["Cargo.toml", "Cargo.lock"];
const DIRS: &[&str] = &["emulator", "kernels", "grader", "exercises"];

/// Folders never shipped: build output, and the wrong kernels (instructor material).
fn skipped(rel: &Path) -> bool {
    rel.components().any(|c| {
        let name = c.as_os_str().to_string_lossy();
        name == "target" || name.starts_with('.')
    }) || rel.starts_with("grader/wrong")
}

pub fn script(template: &str, section: &dyn Section) -> String {
    template.replace("@SECTION@", section.id()).replace("@NVRTC_VERSION@", crate::toolchain::nvrtc::WHEEL_VERSION)
}

/// Every file of the bundle, as (name in the zip, contents, executable), sorted by name.
pub fn contents(root: &Path, section: &dyn Section, cases: Option<&Path>) -> Result<Vec<(String, Vec<u8>, bool)>> {
    let mut files = vec![
        ("setup.sh".to_string(), script(SETUP, section).into_bytes(), true),
        ("run_autograder".to_string(), script(RUN_AUTOGRADER, section).into_bytes(), true),
    ];
    for f in TOP_FILES {
        let p = root.join(f);
        let bytes = std::fs::read(&p).map_err(|e| cannot_read(&p, e))?;
        files.push((f.to_string(), bytes, false));
    }
    for d in DIRS {
        // Skipped folders (build output, caches) are not entered at all.
        let walk = walkdir::WalkDir::new(root.join(d))
            .into_iter()
            .filter_entry(|e| !skipped(e.path().strip_prefix(root).unwrap_or(e.path())));
        for entry in walk {
            let entry = entry.map_err(|e| Error::Course(format!("cannot read {}: {e}", root.join(d).display())))?;
            if entry.file_type().is_file() {
                let rel = entry.path().strip_prefix(root).unwrap_or(entry.path());
                let bytes = std::fs::read(entry.path()).map_err(|e| cannot_read(entry.path(), e))?;
                files.push((rel_name(rel), bytes, false));
            }
        }
    }
    // The student files as shipped, whatever this checkout's exercises hold now.
    for (dir, text) in crate::course::sections::STUBS {
        let name = crate::course::exercise_name(dir);
        match files.iter_mut().find(|(n, _, _)| *n == name) {
            Some(f) => f.1 = text.as_bytes().to_vec(),
            None => files.push((name, text.as_bytes().to_vec(), false)),
        }
    }
    // Private cases travel in the zip only (checked now, not at the first submission).
    if let Some(path) = cases {
        crate::course::cases_file::load(path)?;
        let json = path.extension().is_some_and(|x| x.eq_ignore_ascii_case("json"));
        let bytes = std::fs::read(path).map_err(|e| cannot_read(path, e))?;
        files.push((if json { "private-cases.json" } else { "private-cases.toml" }.to_string(), bytes, false));
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(files)
}

fn cannot_read(path: &Path, e: std::io::Error) -> Error {
    Error::Course(format!("cannot read {}: {e}", path.display()))
}

fn rel_name(rel: &Path) -> String {
    rel.components().map(|c| c.as_os_str().to_string_lossy().to_string()).collect::<Vec<_>>().join("/")
}

pub fn default_output(section: &dyn Section) -> PathBuf {
    PathBuf::from(format!("autograder-{}.zip", section.id()))
}

/// Writes the zip; returns how many files it holds.
pub fn write(root: &Path, section: &dyn Section, cases: Option<&Path>, out: &Path) -> Result<usize> {
    let files = contents(root, section, cases)?;
    let file =
        std::fs::File::create(out).map_err(|e| Error::Course(format!("cannot create {}: {e}", out.display())))?;
    let mut zip = zip::ZipWriter::new(file);
    for (name, bytes, exec) in &files {
        let options = SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .unix_permissions(if *exec { 0o755 } else { 0o644 });
        zip.start_file(name.as_str(), options)
            .map_err(|e| Error::Course(format!("cannot add {name} to the zip: {e}")))?;
        zip.write_all(bytes).map_err(|e| Error::Course(format!("cannot add {name} to the zip: {e}")))?;
    }
    zip.finish().map_err(|e| Error::Course(format!("cannot finish {}: {e}", out.display())))?;
    Ok(files.len())
}

/// The command.
pub fn run(args: &Args, course: &Course) -> Result<Outcome> {
    let root = course.root()?;
    let section = args.section.0;
    let out = args.output.clone().unwrap_or_else(|| default_output(section));
    let n = write(root, section, args.cases.as_deref(), &out)?;
    println!("wrote {} ({n} files): the Gradescope autograder for section {}", out.display(), section.id());
    println!("upload it as the assignment's autograder (Ubuntu base image); students submit kernel.cu");
    Ok(Outcome::Passed)
}
