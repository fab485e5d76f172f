//! The progress bar while tests run (and a spinner while a tool installs): only for a person watching (text mode, stderr a terminal,
//! not CI), never in JSON or Gradescope output.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use kernels::exercise::Section;

/// Whether to show one: `CI` set (any CI service) or stderr redirected means no.
pub fn wanted(text_mode: bool) -> bool {
    use std::io::IsTerminal;
    text_mode && std::env::var_os("CI").is_none() && std::io::stderr().is_terminal()
}

/// A bar over the tests of the run; its length grows as each section's tests are known (the
/// grader reports them through `Grader::on_progress`).
pub fn tests(show: bool) -> Option<ProgressBar> {
    if !show {
        return None;
    }
    let bar = ProgressBar::new(0);
    let template =
        format!("{{spinner}} [{{bar:24}}] {{pos}}/{{len}} {}  {{msg}} ({{elapsed}})", crate::t!(report_bar_tests));
    let style = ProgressStyle::with_template(&template)
        .map(|s| s.progress_chars("=> "))
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(120));
    Some(bar)
}

/// A spinner with a message (a tool being installed), drawn only when `show`.
pub fn spinner(show: bool, message: &str) -> Option<ProgressBar> {
    if !show {
        return None;
    }
    let bar = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} ({elapsed})") {
        bar.set_style(style);
    }
    bar.set_message(message.to_string());
    bar.enable_steady_tick(Duration::from_millis(120));
    Some(bar)
}

pub fn grading(bar: &Option<ProgressBar>, section: &dyn Section) {
    if let Some(b) = bar {
        b.set_message(crate::t!(report_bar_section, section = section.id()));
    }
}

/// Printing while the bar is drawn would tear it: print through it.
pub fn println(bar: &Option<ProgressBar>, text: &str) {
    match bar {
        Some(b) => b.suspend(|| println!("{text}")),
        None => println!("{text}"),
    }
}
