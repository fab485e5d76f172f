//! The student's progress, kept in `.progress.json` at the course root (git-ignored): which
//! sections passed, which were tried, how many hints were shown. Also `reset`, which restores a
//! section's stub from a pristine copy built into the grader.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use kernels::exercise::Section;
use serde::{Deserialize, Serialize};

pub const FILE_NAME: &str = ".progress.json";

/// Set (to anything) to grade without recording progress: tests and scripts that grade the stubs
/// would otherwise mark the student's sections as tried.
pub const DISABLE_VAR: &str = "PMPP_NO_PROGRESS";

pub fn recording() -> bool {
    std::env::var_os(DISABLE_VAR).is_none()
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    #[default]
    NotStarted,
    /// Graded at least once, never passed since the last reset.
    Failing,
    /// Every test and every target the emulator measures passed, but a speed target was never
    /// measured (no GPU): a challenge passed as far as it could be judged here.
    PassedWithoutSpeed,
    Passed,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SectionState {
    #[serde(default)]
    pub status: Status,
    #[serde(default)]
    pub hints_shown: usize,
    #[serde(default)]
    pub attempts: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// By section id.
    #[serde(default)]
    pub sections: BTreeMap<String, SectionState>,
}

/// How a section shows in `list`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Done,
    /// Passed without its speed target measured (a challenge on the emulator).
    DoneWithoutSpeed,
    /// The first section in course order not passed yet: the one to work on.
    Current,
    Failing,
    NotStarted,
}

impl Place {
    /// Its words in the current language.
    pub fn label(self) -> String {
        match self {
            Place::Done => crate::t!(cmd_place_done),
            Place::DoneWithoutSpeed => crate::t!(cmd_place_done_no_gpu),
            Place::Current => crate::t!(cmd_place_current),
            Place::Failing => crate::t!(cmd_place_tried),
            Place::NotStarted => crate::t!(cmd_place_not_started),
        }
    }

    pub const ALL: [Place; 5] =
        [Place::Done, Place::DoneWithoutSpeed, Place::Current, Place::Failing, Place::NotStarted];

    /// The widest label's terminal columns, in the current language (for lining up `list`).
    pub fn label_width() -> usize {
        Place::ALL.iter().map(|p| crate::i18n::width(&p.label())).max().unwrap_or(0)
    }
}

impl Progress {
    pub fn path(root: &Path) -> PathBuf {
        root.join(FILE_NAME)
    }

    /// The saved progress; none saved yet is a fresh start. A damaged file is an error that says
    /// how to fix it (it is never silently overwritten).
    pub fn load(root: &Path) -> Result<Progress> {
        let path = Self::path(root);
        match std::fs::read_to_string(&path) {
            Ok(text) => serde_json::from_str(&text).map_err(|e| {
                Error::Course(crate::t!(cmd_progress_damaged, path = path.display().to_string(), error = e.to_string()))
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Progress::default()),
            Err(e) => Err(Error::Course(crate::t!(
                file_cannot_read,
                path = path.display().to_string(),
                error = e.to_string()
            ))),
        }
    }

    /// Written to a temporary file then renamed, so an interrupted save never leaves half a file.
    pub fn save(&self, root: &Path) -> Result<()> {
        let path = Self::path(root);
        let tmp = root.join(format!("{FILE_NAME}.tmp"));
        let text = serde_json::to_string_pretty(self)
            .map_err(|e| Error::Course(crate::t!(cmd_cannot_encode_progress, error = e.to_string())))?;
        let cannot_write = |p: &Path, e: std::io::Error| {
            Error::Course(crate::t!(file_cannot_write, path = p.display().to_string(), error = e.to_string()))
        };
        std::fs::write(&tmp, text + "\n").map_err(|e| cannot_write(&tmp, e))?;
        std::fs::rename(&tmp, &path).map_err(|e| cannot_write(&path, e))
    }

    pub fn state(&self, id: &str) -> SectionState {
        self.sections.get(id).cloned().unwrap_or_default()
    }

    fn entry(&mut self, id: &str) -> &mut SectionState {
        self.sections.entry(id.to_string()).or_default()
    }

    /// A full grading of the student's own file. A pass is kept even if a later edit fails, as in
    /// rustlings: "done" means the section was solved once; the list still shows the latest try.
    /// `speed_unmeasured`: it passed without its speed target measured (no GPU); a pass with it
    /// measured is kept over one without.
    pub fn record_grade(&mut self, id: &str, passed: bool, speed_unmeasured: bool) {
        let s = self.entry(id);
        s.attempts += 1;
        s.status = match (passed, speed_unmeasured, s.status) {
            (true, false, _) | (_, _, Status::Passed) => Status::Passed,
            (true, true, _) | (false, _, Status::PassedWithoutSpeed) => Status::PassedWithoutSpeed,
            (false, _, _) => Status::Failing,
        };
    }

    /// The hints to show for one more request: all those shown before plus the next one (the last
    /// tier repeats once all are out). Records the new count.
    pub fn next_hints(&mut self, id: &str, available: usize) -> usize {
        let s = self.entry(id);
        s.hints_shown = (s.hints_shown + 1).min(available);
        s.hints_shown
    }

    /// Back to a fresh start for the section (its stub restored): status and hints forgotten.
    pub fn reset(&mut self, id: &str) {
        self.sections.remove(id);
    }

    /// The first section (in course order) not passed yet; None when all are done.
    pub fn current<'a>(&self, ids: &[&'a str]) -> Option<&'a str> {
        ids.iter().copied().find(|id| !matches!(self.state(id).status, Status::Passed | Status::PassedWithoutSpeed))
    }

    pub fn place(&self, id: &str, ids: &[&str]) -> Place {
        match self.state(id).status {
            Status::Passed => Place::Done,
            Status::PassedWithoutSpeed => Place::DoneWithoutSpeed,
            _ if self.current(ids) == Some(id) => Place::Current,
            Status::Failing => Place::Failing,
            Status::NotStarted => Place::NotStarted,
        }
    }
}

/// `reset <id>`: ask (unless `yes`), overwrite the kernel with the stub, forget the progress.
/// `answer` is where the y/N comes from (stdin in the binary, a buffer in tests).
pub fn reset(
    root: &Path,
    section: &dyn Section,
    yes: bool,
    answer: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<bool> {
    let Some(text) = crate::course::sections::stub(section) else {
        return Err(Error::Course(crate::t!(cmd_no_stub, id = section.id())));
    };
    let path = super::exercise_path(root, section);
    let shown = crate::course::display_path(root, &path);
    if !yes {
        let _ = write!(out, "{} ", crate::t!(cmd_reset_ask, path = &shown));
        let _ = out.flush();
        let mut line = String::new();
        answer
            .read_line(&mut line)
            .map_err(|e| Error::Course(crate::t!(cmd_cannot_read_answer, error = e.to_string())))?;
        if !matches!(line.trim(), "y" | "Y" | "yes" | "Yes") {
            let _ = writeln!(out, "{}", crate::t!(cmd_reset_kept, path = &shown));
            return Ok(false);
        }
    }
    std::fs::write(&path, text)
        .map_err(|e| Error::Course(crate::t!(file_cannot_write, path = &shown, error = e.to_string())))?;
    let mut progress = Progress::load(root)?;
    progress.reset(section.id());
    progress.save(root)?;
    let _ = writeln!(out, "{}", crate::t!(cmd_reset_done, path = &shown, id = section.id()));
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    const IDS: &[&str] = &["7.2", "7.3", "7.4"];

    #[test]
    fn states_move_from_not_started_to_done() {
        let mut p = Progress::default();
        assert_eq!(p.place("7.2", IDS), Place::Current);
        assert_eq!(p.place("7.3", IDS), Place::NotStarted);
        p.record_grade("7.2", false, false);
        assert_eq!(p.state("7.2"), SectionState { status: Status::Failing, hints_shown: 0, attempts: 1 });
        assert_eq!(p.place("7.2", IDS), Place::Current);
        p.record_grade("7.2", true, false);
        assert_eq!(p.place("7.2", IDS), Place::Done);
        assert_eq!(p.place("7.3", IDS), Place::Current);
        // Solved once stays solved; the attempt still counts.
        p.record_grade("7.2", false, false);
        assert_eq!(p.state("7.2").status, Status::Passed);
        assert_eq!(p.state("7.2").attempts, 3);
        // Tried out of order.
        p.record_grade("7.4", false, false);
        assert_eq!(p.place("7.4", IDS), Place::Failing);
        p.record_grade("7.3", true, false);
        assert_eq!(p.place("7.4", IDS), Place::Current);
        p.record_grade("7.4", true, false);
        assert_eq!(p.current(IDS), None);
        p.reset("7.3");
        assert_eq!(p.place("7.3", IDS), Place::Current);
    }

    #[test]
    fn a_challenge_passed_without_its_speed_measured_is_done_but_says_so() {
        let mut p = Progress::default();
        p.record_grade("7.2", true, true);
        assert_eq!(p.state("7.2").status, Status::PassedWithoutSpeed);
        assert_eq!(p.place("7.2", IDS), Place::DoneWithoutSpeed);
        assert_eq!(p.place("7.3", IDS), Place::Current, "the course moves on");
        p.record_grade("7.2", false, false);
        assert_eq!(p.state("7.2").status, Status::PassedWithoutSpeed, "a pass is kept");
        p.record_grade("7.2", true, false);
        assert_eq!(p.state("7.2").status, Status::Passed, "timed on a GPU: done");
        p.record_grade("7.2", true, true);
        assert_eq!(p.state("7.2").status, Status::Passed, "a measured pass is kept over an unmeasured one");
        assert_ne!(Place::Done.label(), Place::DoneWithoutSpeed.label());
    }

    #[test]
    fn hints_come_one_more_each_time_and_stop_at_the_last() {
        let mut p = Progress::default();
        assert_eq!(
            (p.next_hints("7.4", 3), p.next_hints("7.4", 3), p.next_hints("7.4", 3), p.next_hints("7.4", 3)),
            (1, 2, 3, 3)
        );
        assert_eq!(p.next_hints("7.2", 0), 0);
        p.reset("7.4");
        assert_eq!(p.next_hints("7.4", 3), 1);
    }

    #[test]
    fn saves_loads_and_refuses_a_damaged_file() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(Progress::load(dir.path()).unwrap(), Progress::default());
        let mut p = Progress::default();
        p.record_grade("8.2", true, false);
        p.next_hints("7.4", 4);
        p.save(dir.path()).unwrap();
        assert_eq!(Progress::load(dir.path()).unwrap(), p);
        let text = std::fs::read_to_string(dir.path().join(FILE_NAME)).unwrap();
        insta::assert_snapshot!("progress_file", text);
        std::fs::write(dir.path().join(FILE_NAME), "{ not json").unwrap();
        let e = Progress::load(dir.path()).unwrap_err();
        assert!(e.contains("is damaged") && e.contains("delete it"), "{e}");
    }

    #[test]
    fn reset_asks_and_restores_the_stub() {
        let dir = tempfile::tempdir().unwrap();
        let section = section_7_4::section();
        let kdir = dir.path().join("exercises").join(section.dir());
        std::fs::create_dir_all(&kdir).unwrap();
        std::fs::write(kdir.join("kernel.cu"), "my work").unwrap();
        let mut p = Progress::default();
        p.record_grade("7.4", true, false);
        p.save(dir.path()).unwrap();

        let mut out = Vec::new();
        assert!(!reset(dir.path(), section, false, &mut &b"\n"[..], &mut out).unwrap(), "the default answer is no");
        assert_eq!(std::fs::read_to_string(kdir.join("kernel.cu")).unwrap(), "my work");
        assert!(!reset(dir.path(), section, false, &mut &b"n\n"[..], &mut out).unwrap());
        assert!(reset(dir.path(), section, false, &mut &b"y\n"[..], &mut out).unwrap());
        assert_eq!(
            std::fs::read_to_string(kdir.join("kernel.cu")).unwrap(),
            crate::course::sections::stub(section).unwrap()
        );
        assert_eq!(Progress::load(dir.path()).unwrap().state("7.4"), SectionState::default());
        std::fs::write(kdir.join("kernel.cu"), "again").unwrap();
        assert!(reset(dir.path(), section, true, &mut &b""[..], &mut out).unwrap(), "--yes asks nothing");
        assert_eq!(
            std::fs::read_to_string(kdir.join("kernel.cu")).unwrap(),
            crate::course::sections::stub(section).unwrap()
        );
    }
}
