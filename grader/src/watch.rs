//! `watch [id]`: regrade the section being worked on each time its kernel.cu is saved, with keys
//! for a hint (h), the list (l), the next section (n) and quit (q). Starts at the first section
//! not passed yet (from .progress.json) and moves on by itself when one passes.
//!
//! Keys are read without Enter when stdin is a terminal (crossterm's raw mode); otherwise one
//! key per line, so it can also be driven from a pipe.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

use kernels::exercise::Section;
use notify::Watcher;

use crate::grade::{Grader, KernelFile};
use crate::progress::Progress;

enum Event {
    Saved(PathBuf),
    Key(char),
}

/// Puts the terminal back however the loop ends.
struct RawMode(bool);

impl RawMode {
    fn enable() -> RawMode {
        RawMode(std::io::stdin().is_terminal() && crossterm::terminal::enable_raw_mode().is_ok())
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        if self.0 {
            let _ = crossterm::terminal::disable_raw_mode();
        }
    }
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

const KEYS: &str = "watching for saves · h hint · l list · n next section · q quit";

fn spawn_keys(tx: mpsc::Sender<Event>, raw: bool, stop: Arc<AtomicBool>) {
    std::thread::spawn(move || {
        if raw {
            use crossterm::event::{self, Event as CEvent, KeyCode, KeyEventKind, KeyModifiers};
            while !stop.load(Ordering::Relaxed) {
                if !event::poll(Duration::from_millis(200)).unwrap_or(false) {
                    continue;
                }
                if let Ok(CEvent::Key(k)) = event::read() {
                    if k.kind != KeyEventKind::Press {
                        continue;
                    }
                    let c = match k.code {
                        KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => 'q',
                        KeyCode::Char(c) => c.to_ascii_lowercase(),
                        KeyCode::Esc => 'q',
                        _ => continue,
                    };
                    if tx.send(Event::Key(c)).is_err() {
                        return;
                    }
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

fn kernel_path(root: &Path, s: &dyn Section) -> PathBuf {
    root.join("exercises").join(s.dir()).join("kernel.cu")
}

/// The section after `id` in course order, if any.
pub fn next_after(id: &str) -> Option<&'static dyn Section> {
    let all = crate::sections::all();
    let i = all.iter().position(|s| s.id() == id)?;
    all.get(i + 1).copied()
}

/// A short list of the sections and where the student stands.
pub fn list_text(progress: &Progress, current: &str) -> String {
    let ids = crate::sections::ids();
    let mut s = String::from("sections\n");
    let w = crate::sections::all().iter().map(|s| s.title().chars().count()).max().unwrap_or(0);
    for sec in crate::sections::all() {
        let arrow = if sec.id() == current { "→" } else { " " };
        s.push_str(&format!("{arrow} {:4} {:w$}  {}\n", sec.id(), sec.title(), progress.place(sec.id(), &ids).label()));
    }
    s
}

pub fn command(root: &Path, start: Option<&str>, backend: crate::backend::BackendChoice, seed: Option<u64>) -> i32 {
    let fail = |msg: &str| {
        eprintln!("error: {msg}");
        crate::cli::EXIT_CANNOT_RUN
    };
    let mut progress = match Progress::load(root) {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    let ids = crate::sections::ids();
    let mut section: &dyn Section = match start {
        Some(id) => match crate::sections::find(id) {
            Some(s) => s,
            None => return fail(&format!("unknown section `{id}` (sections: {})", ids.join(", "))),
        },
        None => match progress.current(&ids).and_then(crate::sections::find) {
            Some(s) => s,
            None => {
                println!("Every section has passed. Watch one again with `cargo run -p grader -- watch <id>`.");
                return crate::cli::EXIT_PASSED;
            }
        },
    };
    let backend = match crate::backend::select(backend) {
        Ok(b) => b,
        Err(e) => return fail(&e.0),
    };
    let compiler = match crate::compiler::select(crate::compiler::CompilerChoice::Auto, true) {
        Ok(c) => c,
        Err(e) => return fail(&e),
    };
    let grader = Grader::new(backend.as_ref(), compiler);

    let (tx, rx) = mpsc::channel();
    let saves = tx.clone();
    let mut watcher = match notify::recommended_watcher(move |res: notify::Result<notify::Event>| {
        if let Ok(ev) = res {
            if matches!(ev.kind, notify::EventKind::Modify(_) | notify::EventKind::Create(_)) {
                for p in ev.paths.into_iter().filter(|p| p.file_name().is_some_and(|n| n == "kernel.cu")) {
                    let _ = saves.send(Event::Saved(p));
                }
            }
        }
    }) {
        Ok(w) => w,
        Err(e) => return fail(&format!("cannot watch files: {e}")),
    };
    if let Err(e) = watcher.watch(&root.join("exercises"), notify::RecursiveMode::Recursive) {
        return fail(&format!("cannot watch {}: {e}", root.join("exercises").display()));
    }

    let raw = RawMode::enable();
    let stop = Arc::new(AtomicBool::new(false));
    spawn_keys(tx, raw.0, stop.clone());

    let grade_now = |section: &dyn Section, progress: &mut Progress| -> bool {
        let path = kernel_path(root, section);
        let file = KernelFile { display: crate::workspace::display_path(root, &path), path };
        clear(raw.0);
        show(raw.0, &format!("grading {} …\n", section.id()));
        let seed = seed.unwrap_or_else(|| rand::Rng::gen_range(&mut rand::thread_rng(), 1..100_000));
        let passed = match crate::verify::grade_caught(&grader, section, &file, seed) {
            Ok(r) => {
                clear(raw.0);
                show(raw.0, &crate::report::section(&r, true));
                progress.record_grade(section.id(), r.passed);
                if let Err(e) = progress.save(root) {
                    show(raw.0, &format!("note: progress not saved: {e}\n"));
                }
                r.passed
            }
            Err(crate::grade::Fatal(e)) => {
                show(raw.0, &format!("error: {e}\n"));
                false
            }
        };
        show(raw.0, &format!("\n{KEYS}\n"));
        passed
    };

    let mut passed = grade_now(section, &mut progress);
    loop {
        if passed {
            match next_after(section.id()) {
                Some(next) => {
                    let done = section.id();
                    section = next;
                    let path = crate::workspace::display_path(root, &kernel_path(root, section));
                    show(
                        raw.0,
                        &format!("\nSection {done} passed. Next: {} {} — edit {path}\n", section.id(), section.title()),
                    );
                    passed = false;
                }
                None => {
                    show(raw.0, "\nThat was the last section: the course is done.\n");
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
                let mine = kernel_path(root, section);
                let mine = mine.canonicalize().unwrap_or(mine);
                if changed.iter().any(|p| p.canonicalize().map(|c| c == mine).unwrap_or(false)) {
                    passed = grade_now(section, &mut progress);
                }
            }
            Event::Key('q') => break,
            Event::Key('h') => show(raw.0, &format!("\n{}", crate::hint::run(root, section, None))),
            Event::Key('l') => show(raw.0, &format!("\n{}", list_text(&progress, section.id()))),
            Event::Key('n') => match next_after(section.id()) {
                Some(next) => {
                    section = next;
                    passed = grade_now(section, &mut progress);
                }
                None => show(raw.0, "\nno section after this one\n"),
            },
            Event::Key(_) => show(raw.0, &format!("{KEYS}\n")),
        }
    }
    stop.store(true, Ordering::Relaxed);
    drop(raw);
    crate::cli::EXIT_PASSED
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_follows_course_order() {
        assert_eq!(next_after("7.5").map(|s| s.id()), Some("1d"));
        assert_eq!(next_after("1d").map(|s| s.id()), Some("8.2"));
        assert!(next_after("8.5").is_none());
    }

    #[test]
    fn the_list_marks_the_current_section() {
        let mut p = Progress::default();
        p.record_grade("7.2", true);
        let text = list_text(&p, "7.3");
        assert!(text.contains("→ 7.3"), "{text}");
        insta::assert_snapshot!("watch_list", text);
    }
}
