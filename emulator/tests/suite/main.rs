//! The emulator's integration tests, one binary: one build and one link, tests side by side.

mod common;

mod block;
mod calls;
mod determinism;
mod findings;
mod kernels;
mod layers;
mod lines;
mod metrics;
