//! The progress indicator while a section's tests run: only for a person watching (text mode,
//! stderr a terminal, not CI), never in JSON or Gradescope output.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use kernels::exercise::Section;

/// Whether to show one: `CI` set (any CI service) or stderr redirected means no.
pub fn wanted(text_mode: bool) -> bool {
    use std::io::IsTerminal;
    text_mode && std::env::var_os("CI").is_none() && std::io::stderr().is_terminal()
}

/// A bar over the sections of this run, its message naming the one being graded and its tests.
pub fn sections(show: bool, count: usize) -> Option<ProgressBar> {
    if !show {
        return None;
    }
    let bar = ProgressBar::new(count as u64);
    let style = ProgressStyle::with_template("{spinner} [{bar:20}] {pos}/{len} {msg} ({elapsed})")
        .map(|s| s.progress_chars("=> "))
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(120));
    Some(bar)
}

pub fn grading(bar: &Option<ProgressBar>, section: &dyn Section, tests: usize) {
    if let Some(b) = bar {
        b.set_message(format!("section {}: compiling, running {tests} tests on the metrics case and hidden inputs", section.id()));
    }
}

pub fn done(bar: &Option<ProgressBar>) {
    if let Some(b) = bar {
        b.inc(1);
    }
}

/// Printing while the bar is drawn would tear it: print through it.
pub fn println(bar: &Option<ProgressBar>, text: &str) {
    match bar {
        Some(b) => b.suspend(|| println!("{text}")),
        None => println!("{text}"),
    }
}
