//! The course's grader: compiles a student's `kernel.cu` with NVRTC, runs it on the emulator (or
//! a GPU) against each section's cases, measures it, and reports what to fix.
//!
//! Layers, each using only those above it in this list (`tests/suite/layers.rs` holds it):
//! `i18n` (the message catalogues and the language chosen); `error`, `compare`, `speed` (the speed model: the emulator's counts on a reference GPU) and
//! `model` (the report as data); `course` (the files on disk and the registry of sections);
//! `toolchain` (NVRTC, clang, headers, mdBook) and `backend` (the emulator, a
//! GPU); `build` (one kernel file compiled, loaded and checked), `plan` (a section's cases,
//! targets and sanitizer, named once) and `judge` (verdicts from outcomes); `grade` (the
//! pipeline); `render` (text, Gradescope, traffic maps, SVG); `commands` (one file per
//! command); `cli` (the command line) and `main`.

pub mod backend;
pub mod build;
pub mod cli;
pub mod commands;
pub mod compare;
pub mod course;
pub mod error;
pub mod grade;
pub mod i18n;
pub mod judge;
pub mod model;
pub mod plan;
pub mod render;
pub mod speed;
pub mod toolchain;
