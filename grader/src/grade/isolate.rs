//! Grading behind a wall: a bug in the grader or the emulator (a panic) becomes an internal
//! error that names the section, never an abort and never the student's failure. Every command
//! that grades goes through [`grade_isolated`].

use std::sync::Mutex;

use kernels::exercise::Section;

use super::Grader;
use crate::course::KernelFile;
use crate::error::{Error, Result};
use crate::model::SectionReport;

/// The message and place of the last panic, kept by [`install_panic_hook`].
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// The binary's panic hook: keep the message for the internal-error report instead of printing
/// the default hook's text (which would only confuse a student). Not for tests: theirs must show.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let place = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        let message = payload_text(info.payload());
        *LAST_PANIC.lock().unwrap_or_else(|p| p.into_inner()) = Some(format!("{message}{place}"));
    }));
}

fn payload_text(payload: &(dyn std::any::Any + Send)) -> String {
    match (payload.downcast_ref::<&str>(), payload.downcast_ref::<String>()) {
        (Some(s), _) => s.to_string(),
        (_, Some(s)) => s.clone(),
        _ => "unknown panic".to_string(),
    }
}

/// One grading; a panic inside it is an [`Error`] ("internal error while grading 7.4 (…)").
pub fn grade_isolated(
    grader: &Grader,
    section: &dyn Section,
    file: &KernelFile,
    seed: u64,
    visible_only: bool,
) -> Result<SectionReport> {
    isolated(section, || grader.grade(section, file, seed, visible_only))
}

/// `work` on `section`; a panic inside it is an [`Error::Internal`] that names the section.
pub fn isolated<T>(section: &dyn Section, work: impl FnOnce() -> Result<T>) -> Result<T> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)) {
        Ok(result) => result,
        Err(payload) => {
            let recorded = LAST_PANIC.lock().unwrap_or_else(|p| p.into_inner()).take();
            let what = recorded.unwrap_or_else(|| payload_text(payload.as_ref()));
            Err(Error::Internal(crate::t!(judge_internal_error, section = section.id(), what = what)))
        }
    }
}
