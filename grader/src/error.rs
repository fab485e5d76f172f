//! The grader's one error type, and what a command that ran ends with.
//!
//! A kernel that fails its tests is not an error: it is a report, and the command's
//! [`Outcome`] is `Failed`. An [`Error`] stops a command; its variant says whose it is, and
//! [`Error::exit_code`] is the one place that decides what that means for the exit status
//! (`main` applies it): the kernel's problem fails it (1), anything else means the grader could
//! not grade (2; see the course contract).

use std::fmt;

/// What stopped a command, as one message for the user, and whose problem it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The kernel's own: it cannot be run at all (PTX the emulator cannot run, a call to a
    /// function defined nowhere, a fault that stops a one-case command). Exit 1.
    Kernel(String),
    /// The kernel does not compile: the compiler's log (its errors, a header the kernel may not
    /// include, or the limit that stopped the compilation). Exit 1, as a compile error in a report.
    Compile(String),
    /// A command line the grader cannot follow.
    Usage(String),
    /// No section has this id: the message names it and lists the sections (`cli` adds the
    /// commands, which a mistyped command is read as).
    UnknownSection(String),
    /// The course's files: missing, unreadable or malformed (a kernel file, private cases,
    /// progress, the course root itself).
    Course(String),
    /// The compiler: none found, none installable, or failing for reasons not the kernel's.
    Toolchain(String),
    /// The GPU or its driver.
    Device(String),
    /// The grader's own fault (a bug, a report it cannot write).
    Internal(String),
}

impl Error {
    /// The exit status this error ends the grader with: 1 when the kernel is at fault, 2 when
    /// the grader could not grade.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Kernel(_) | Error::Compile(_) => 1,
            _ => 2,
        }
    }

    /// Whether the kernel is at fault (the section fails) rather than the grader.
    pub fn is_kernels(&self) -> bool {
        matches!(self, Error::Kernel(_) | Error::Compile(_))
    }

    pub fn message(&self) -> &str {
        match self {
            Error::Kernel(m)
            | Error::Compile(m)
            | Error::Usage(m)
            | Error::Course(m)
            | Error::Toolchain(m)
            | Error::Device(m)
            | Error::Internal(m)
            | Error::UnknownSection(m) => m,
        }
    }

    /// The same error with its message rewritten (context added, a path shortened).
    pub fn map_message(self, f: impl FnOnce(&str) -> String) -> Error {
        match self {
            Error::Kernel(m) => Error::Kernel(f(&m)),
            Error::Compile(m) => Error::Compile(f(&m)),
            Error::Usage(m) => Error::Usage(f(&m)),
            Error::Course(m) => Error::Course(f(&m)),
            Error::Toolchain(m) => Error::Toolchain(f(&m)),
            Error::Device(m) => Error::Device(f(&m)),
            Error::Internal(m) => Error::Internal(f(&m)),
            Error::UnknownSection(m) => Error::UnknownSection(f(&m)),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Error {}

/// The message reads as text: `error.contains("…")`.
impl std::ops::Deref for Error {
    type Target = str;

    fn deref(&self) -> &str {
        self.message()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_kernels_problem_fails_the_section() {
        assert_eq!(Error::Kernel("no such function".into()).exit_code(), 1);
        assert_eq!(Error::Compile("k.cu(3): error: expected a \";\"".into()).exit_code(), 1);
        for e in [
            Error::Usage(String::new()),
            Error::UnknownSection("9.9".into()),
            Error::Course(String::new()),
            Error::Toolchain(String::new()),
            Error::Device(String::new()),
            Error::Internal(String::new()),
        ] {
            assert_eq!(e.exit_code(), 2, "{e:?}");
        }
    }
}
