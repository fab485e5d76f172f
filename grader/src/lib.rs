//! The course's grader: compiles a student's `kernel.cu` with NVRTC, runs it on the emulator (or
//! a GPU) against each section's cases, measures it, and reports what to fix.

pub mod backend;
pub mod bar;
pub mod bundle;
pub mod cases_file;
pub mod chosen_launch;
pub mod clang;
pub mod cli;
pub mod compare;
pub mod compiler;
pub mod coverage;
pub mod error;
pub mod grade;
pub mod gradescope;
pub mod hint;
pub mod includes;
pub mod isolate;
pub mod limits;
pub mod nvrtc;
pub mod progress;
pub mod report;
pub mod sections;
pub mod timing;
pub mod traffic;
pub mod verify;
pub mod watch;
pub mod workspace;
