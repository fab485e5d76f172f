//! The grader's integration tests, one binary: its tests share one build and one link, and run
//! side by side on every core (separate test binaries run one after another).

mod common;

mod book;
mod book_figures;
mod book_hand_figures;
mod book_samples;
mod book_samples_traffic;
mod case_coverage;
mod challenge;
mod clang;
mod coverage;
mod e2e;
mod gpu;
mod hostile;
mod layers;
mod prairielearn;
mod report_snapshots;
mod reproducible;
mod sections;
mod speed;
mod student_kernels;
mod traffic;
mod variants;
mod workflow_bundle;
mod workflow_cli;
mod workflow_watch;
mod wrong_reports;
