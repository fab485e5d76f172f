//! The grader's one error type, and what a command that ran ends with.
//!
//! A kernel that fails its tests is not an error: it is a report, and the command's
//! [`Outcome`] is `Failed`. An [`Error`] is what stops the grader from grading at all: a usage
//! mistake, a missing file, no compiler or GPU, a bug of the grader's own. Only `main` turns
//! either into an exit status (0 passed, 1 failed, 2 could not run; see the course contract).

use std::fmt;

/// What stopped a command, as one message for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(pub String);

impl Error {
    pub fn new(message: impl Into<String>) -> Error {
        Error(message.into())
    }

    pub fn message(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// The message reads as text: `error.contains("…")`, `&error[..]`.
impl std::ops::Deref for Error {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl From<String> for Error {
    fn from(message: String) -> Error {
        Error(message)
    }
}

impl From<&str> for Error {
    fn from(message: &str) -> Error {
        Error(message.to_string())
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// How a command that could run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every graded section passed (or the command has nothing to grade and did its job).
    Passed,
    /// A graded section failed its tests or targets.
    Failed,
}

impl Outcome {
    pub fn from_passed(passed: bool) -> Outcome {
        if passed {
            Outcome::Passed
        } else {
            Outcome::Failed
        }
    }
}
