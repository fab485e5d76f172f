//! `watch [id]`: regrade the section being worked on each time its kernel.cu is saved, with keys
//! for a hint (h), the list (l), the next section (n) and quit (q). Starts at the first section
//! not passed yet (from .progress.json) and moves on by itself when one passes.
//!
//! Each grading shows a compact report that fits one screen (a line per test, the first failure's
//! detail, the targets); `f` shows the full one, `c` the compact one again. Keys are read without
//! Enter when stdin is a terminal; otherwise one key per line, so it can also be driven from a
//! pipe.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use kernels::exercise::Section;
use notify::Watcher;

use super::{Engine, SectionArg};
use crate::course::progress::Progress;
use crate::course::{self, sections, Course, KernelFile};
use crate::error::{Error, Outcome, Result};
use crate::grade::{grade_isolated, Grader};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The section to start with (default: the first one not passed yet).
    #[arg(value_name = "SECTION", value_parser = super::section_arg)]
    pub section: Option<SectionArg>,
    #[command(flatten)]
    pub engine: Engine,
    /// The seed of the hidden tests (default: a fresh one per grading).
    #[arg(long)]
    pub seed: Option<u64>,
}

enum Event {
    Saved(PathBuf),
    Key(char),
}

/// Printing in raw mode needs explicit carriage returns.
fn show(raw: bool, text: &str) {
    let mut out = std::io::stdout();
    let text = if raw { text.replace('\n', "\r\n") } else { text.to_string() };
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

fn clear(raw: bool) {
    if std::io::stdout().is_terminal() {
        show(raw, "\x1b[2J\x1b[H");
    }
}

/// The keys, shown under each report.
fn keys() -> String {
    crate::t!(cmd_watch_keys)
}

/// Keys come one at a time from a terminal (console's read_key, which puts the terminal in raw
/// mode only while it waits and back after, also on Ctrl-C), else one per line from stdin.
fn keys_one_at_a_time() -> bool {
    std::io::stdin().is_terminal() && console::Term::stdout().is_term()
}

fn spawn_keys(tx: mpsc::Sender<Event>, one_at_a_time: bool) {
    std::thread::spawn(move || {
        if one_at_a_time {
            let term = console::Term::stdout();
            loop {
                let c = match term.read_key() {
                    Ok(console::Key::Char(c)) => c.to_ascii_lowercase(),
                    Ok(console::Key::Escape | console::Key::CtrlC) | Err(_) => 'q',
                    Ok(_) => continue,
                };
                if tx.send(Event::Key(c)).is_err() || c == 'q' {
                    return;
                }
            }
        } else {
            for line in std::io::stdin().lock().lines() {
                let Ok(line) = line else { break };
                if let Some(c) = line.trim().chars().next() {
                    if tx.send(Event::Key(c.to_ascii_lowercase())).is_err() {
                        return;
                    }
                }
            }
            // End of input: stop watching.
            let _ = tx.send(Event::Key('q'));
        }
    });
}

/// The section after `id` in course order, if any.
pub fn next_after(id: &str) -> Option<&'static dyn Section> {
    let all = sections::all();
    let i = all.iter().position(|s| s.id() == id)?;
    all.get(i + 1).copied()
}

/// A short list of the sections and where the student stands.
pub fn list_text(progress: &Progress, current: &str) -> String {
    let ids = sections::ids();
    let mut s = format!("{}\n", crate::t!(cmd_watch_sections));
    let w = sections::all().iter().map(|s| crate::i18n::width(&sections::title_in_language(*s))).max().unwrap_or(0);
    let id_w = ids.iter().map(|id| id.len()).max().unwrap_or(0);
    for sec in sections::all() {
        let arrow = if sec.id() == current { "→" } else { " " };
        let place = progress.place(sec.id(), &ids).label();
        let title = crate::i18n::pad(&sections::title_in_language(sec), w);
        s.push_str(&format!("{arrow} {:id_w$} {title}  {place}\n", sec.id()));
    }
    s
}

/// The compact report (one screen) and the full one, of the last grading.
struct Shown {
    compact: String,
    full: String,
}

/// Each saved `kernel.cu` of a section, sent as [`Event::Saved`]. Each section's folder on its
/// own, not `exercises/` recursively: Wine's recursive watch misses saves in subfolders, and a
/// kernel.cu is never deeper than its section's folder.
fn watch_saves(root: &Path, tx: mpsc::Sender<Event>) -> Result<notify::RecommendedWatcher> {
    let mut watcher = notify::recommended_watcher(move |res: notify::Result<notify::Event>| {
        if let Ok(ev) = res {
            if matches!(ev.kind, notify::EventKind::Modify(_) | notify::EventKind::Create(_)) {
                for p in ev.paths.into_iter().filter(|p| p.file_name().is_some_and(|n| n == "kernel.cu")) {
                    let _ = tx.send(Event::Saved(p));
                }
            }
        }
    })
    .map_err(|e| Error::Course(crate::t!(cmd_cannot_watch_files, error = e.to_string())))?;
    for dir in sections::all().iter().map(|s| course::exercise_dir(root, *s)).filter(|d| d.is_dir()) {
        watcher.watch(&dir, notify::RecursiveMode::NonRecursive).map_err(|e| {
            Error::Course(crate::t!(cmd_cannot_watch, path = course::display_path(root, &dir), error = e.to_string()))
        })?;
    }
    Ok(watcher)
}

pub fn run(args: &Args, course: &Course) -> Result<Outcome> {
    let root = course.root()?;
    let mut progress = Progress::load(root)?;
    let ids = sections::ids();
    let mut section: &dyn Section = match args.section {
        Some(s) => s.0,
        None => match progress.current(&ids).and_then(sections::find) {
            Some(s) => s,
            None => {
                println!("{}", crate::t!(cmd_watch_all_passed));
                return Ok(Outcome::Passed);
            }
        },
    };
    let (backend, compiler) = super::prepare(&args.engine)?;
    let mut grader = Grader::new(backend.as_ref(), compiler);
    grader.card = args.engine.card(backend.as_ref());

    let (tx, rx) = mpsc::channel();
    // Kept for the whole watch: dropping it stops the events.
    let _watcher = watch_saves(root, tx.clone())?;

    let raw = keys_one_at_a_time();
    spawn_keys(tx, raw);
    let mut shown = Shown { compact: String::new(), full: String::new() };

    let grade_now = |section: &dyn Section, progress: &mut Progress, shown: &mut Shown| -> bool {
        let file = KernelFile::in_course(root, course::exercise_path(root, section));
        clear(raw);
        show(raw, &format!("{}\n", crate::t!(cmd_watch_grading, id = section.id())));
        let seed = args.seed.unwrap_or_else(super::fresh_seed);
        let passed = match grade_isolated(&grader, section, &file, seed, false) {
            Ok(r) => {
                shown.compact = crate::render::compact(&r);
                shown.full = crate::render::section(&r, true);
                clear(raw);
                show(raw, &shown.compact);
                progress.record_grade(section.id(), r.passed, !r.not_measured.is_empty());
                if let Err(e) = progress.save(root) {
                    show(raw, &format!("{}\n", crate::t!(cmd_progress_not_saved, error = e.to_string())));
                }
                r.passed
            }
            Err(e) => {
                shown.compact = format!("{} {e}\n", crate::t!(error_label));
                shown.full = shown.compact.clone();
                show(raw, &shown.compact);
                false
            }
        };
        show(raw, &format!("\n{}\n", keys()));
        passed
    };

    let mut passed = grade_now(section, &mut progress, &mut shown);
    loop {
        if passed {
            match next_after(section.id()) {
                Some(next) => {
                    let done = section.id();
                    section = next;
                    let path = course::display_path(root, &course::exercise_path(root, section));
                    show(
                        raw,
                        &format!(
                            "\n{}\n",
                            crate::t!(
                                cmd_watch_next,
                                done = done,
                                id = section.id(),
                                title = sections::title_in_language(section),
                                path = path
                            )
                        ),
                    );
                    passed = false;
                }
                None => {
                    show(raw, &format!("\n{}\n", crate::t!(cmd_watch_course_done)));
                    break;
                }
            }
        }
        let Ok(ev) = rx.recv() else { break };
        match ev {
            Event::Saved(p) => {
                // Editors write a file in several steps: let them finish, then grade once.
                std::thread::sleep(Duration::from_millis(150));
                let mut changed = vec![p];
                while let Ok(Event::Saved(more)) = rx.try_recv() {
                    changed.push(more);
                }
                let mine = course::exercise_path(root, section);
                let mine = mine.canonicalize().unwrap_or(mine);
                if changed.iter().any(|p| p.canonicalize().map(|c| c == mine).unwrap_or(false)) {
                    passed = grade_now(section, &mut progress, &mut shown);
                }
            }
            Event::Key('q') => break,
            Event::Key('f') => {
                clear(raw);
                show(raw, &format!("{}\n{}\n", shown.full, keys()));
            }
            Event::Key('c') => {
                clear(raw);
                show(raw, &format!("{}\n{}\n", shown.compact, keys()));
            }
            Event::Key('h') => show(raw, &format!("\n{}", course::hints::run(root, section, None))),
            Event::Key('l') => show(raw, &format!("\n{}", list_text(&progress, section.id()))),
            Event::Key('n') => match next_after(section.id()) {
                Some(next) => {
                    section = next;
                    passed = grade_now(section, &mut progress, &mut shown);
                }
                None => show(raw, &format!("\n{}\n", crate::t!(cmd_watch_no_next))),
            },
            Event::Key(_) => show(raw, &format!("{}\n", keys())),
        }
    }
    Ok(Outcome::Passed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_follows_course_order() {
        assert_eq!(next_after("7.5").map(|s| s.id()), Some("1d"));
        assert_eq!(next_after("1d").map(|s| s.id()), Some("8.2"));
        assert_eq!(next_after("8.5").map(|s| s.id()), Some("challenge-2d"));
        assert!(next_after("challenge-3d").is_none());
    }

    #[test]
    fn the_list_marks_the_current_section() {
        let mut p = Progress::default();
        p.record_grade("7.2", true, false);
        let text = list_text(&p, "7.3");
        assert!(text.contains("→ 7.3"), "{text}");
        insta::assert_snapshot!("watch_list", text);
    }
}
