//! What the course's kernels must compute, on the CPU, and how an exercise is described.
//!
//! - [`conv`], [`stencil`]: the oracles the grader compares every launch with.
//! - [`exercise`]: the model a section crate fills in (kernel name, constants, launch, test
//!   cases, targets, hints). Adding a section is adding a crate that implements [`exercise::Section`].

pub mod conv;
pub mod exercise;
pub mod stencil;
