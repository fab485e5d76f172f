//! `book [--out DIR] [--open] [--serve]`: the course book (`book.toml`, `docs/`) as HTML, built
//! with mdBook (installed into the course's cache on first use: see `toolchain::mdbook`). It
//! prints where the book's first page is; it opens a browser only with `--open`, and serves the
//! book with live reload only with `--serve` (until Ctrl-C).

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::course::Course;
use crate::error::{Error, Outcome, Result};
use crate::render;
use crate::toolchain::mdbook::{self, MdBook};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where to write the HTML (default: target/book in the course): a new or empty folder, or a book built
    /// before (mdBook empties it first).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Open the book in a browser once built (with --serve: the served book).
    #[arg(long)]
    pub open: bool,
    /// Then serve the book on http://localhost:PORT, rebuilt and reloaded on every save of docs/ (until Ctrl-C).
    #[arg(long)]
    pub serve: bool,
    /// The port --serve listens on.
    #[arg(long, value_name = "PORT", default_value_t = 3000, requires = "serve")]
    pub port: u16,
}

pub fn run(args: &Args, course: &Course) -> Result<Outcome> {
    let root = course.root()?;
    if !root.join("book.toml").is_file() {
        return Err(Error::Course(format!("{} has no book.toml: the course book is not here", root.display())));
    }
    let out = match &args.out {
        Some(dir) => std::path::absolute(dir)
            .map_err(|e| Error::Usage(format!("--out {}: not a usable path ({e})", dir.display())))?,
        None => root.join("target").join("book"),
    };
    check_out_dir(root, &out)?;
    let mdbook = find_mdbook()?;
    build(&mdbook, root, &out)?;
    let page = out.join("index.html");
    println!("The course book, built with {} ({}):\n  {}", mdbook.version, mdbook.found_by, page.display());
    if args.open && !args.serve {
        if let Err(e) = open_in_browser(&page) {
            eprintln!("note: no browser could be opened ({e}): open {} yourself", page.display());
        }
    }
    if args.serve {
        serve(&mdbook, root, &out, args.port, args.open)?;
    }
    Ok(Outcome::Passed)
}

/// mdBook found or installed, with a spinner showing cargo's progress while it installs (on a
/// terminal; elsewhere the installer's own two lines say what happens).
fn find_mdbook() -> Result<MdBook> {
    let show = render::bar::wanted(true);
    let spinner = RefCell::new(None);
    let compiled = RefCell::new(0usize);
    let progress = |line: &str| {
        // cargo's status lines ("Compiling serde v1.0.219"), not its warnings' text.
        let status = line.split_whitespace().next().is_some_and(|w| w.starts_with(|c: char| c.is_ascii_uppercase()));
        if !show || !status {
            return;
        }
        let mut bar = spinner.borrow_mut();
        if bar.is_none() {
            *bar = render::bar::spinner(true, "cargo install mdbook");
        }
        if line.starts_with("Compiling") {
            *compiled.borrow_mut() += 1;
        }
        if let Some(b) = bar.as_ref() {
            let line: String = line.chars().take(50).collect();
            b.set_message(format!("cargo install mdbook: crates compiled: {} ({line})", compiled.borrow()));
        }
    };
    let found = mdbook::get(true, &progress);
    if let Some(b) = spinner.borrow().as_ref() {
        b.finish_and_clear();
    }
    found
}

/// mdBook empties its output folder first: refuse one that holds anything but a book, and the
/// course's own folders.
fn check_out_dir(root: &Path, out: &Path) -> Result<()> {
    let refuse = |why: &str| Err(Error::Usage(format!("--out {}: {why}", out.display())));
    let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let canonical = out.canonicalize().unwrap_or_else(|_| out.to_path_buf());
    if root.starts_with(&canonical) || canonical.starts_with(root.join("docs")) {
        return refuse("the book would be written over the course's own files (mdBook empties the folder first)");
    }
    if out.is_file() {
        return refuse("a file, not a folder");
    }
    let mut entries = match std::fs::read_dir(out) {
        Ok(entries) => entries,
        Err(_) => return Ok(()),
    };
    if entries.next().is_some() && !out.join(".nojekyll").is_file() {
        return refuse("this folder holds other files, and mdBook empties it first: name a new or empty folder");
    }
    Ok(())
}

/// `mdbook build <root> -d <out>`. mdBook 0.5 reports some failures (a missing `{{#include}}`)
/// as an ERROR line and still exits 0: an ERROR line fails the build too. Its warnings are shown.
fn build(mdbook: &MdBook, root: &Path, out: &Path) -> Result<()> {
    let output = Command::new(&mdbook.path)
        .arg("build")
        .arg(root)
        .arg("-d")
        .arg(out)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| Error::Toolchain(format!("cannot run {} ({e})", mdbook.path.display())))?;
    let log = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    let said: Vec<&str> = log.lines().filter(|l| !l.trim().is_empty() && !l.contains(" INFO ")).collect();
    let failed = log.lines().any(|l| l.contains("ERROR"));
    if !output.status.success() || failed {
        let why = if output.status.success() { "it reported errors".to_string() } else { output.status.to_string() };
        return Err(Error::Course(format!(
            "mdbook could not build the book from {} ({why}):\n  {}",
            root.join("docs").display(),
            said.join("\n  ")
        )));
    }
    for line in said {
        eprintln!("{line}");
    }
    Ok(())
}

/// `mdbook serve`, in the foreground: it rebuilds the book on every save and reloads the page.
/// On Unix the grader becomes mdbook (exec), so that stopping it stops the server.
fn serve(mdbook: &MdBook, root: &Path, out: &Path, port: u16, open: bool) -> Result<()> {
    eprintln!("Serving the book on http://localhost:{port}, rebuilt on every save of docs/ (Ctrl-C stops it)…");
    let mut command = Command::new(&mdbook.path);
    command.arg("serve").arg(root).arg("-d").arg(out).args(["--port", &port.to_string()]);
    if open {
        command.arg("--open");
    }
    let cannot_run = |e: std::io::Error| Error::Toolchain(format!("cannot run {} ({e})", mdbook.path.display()));
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let _ = std::io::Write::flush(&mut std::io::stdout());
        Err(cannot_run(command.exec()))
    }
    #[cfg(not(unix))]
    {
        let status = command.status().map_err(cannot_run)?;
        if status.success() {
            Ok(())
        } else {
            Err(Error::Toolchain(format!(
                "mdbook serve stopped ({status}; is port {port} taken? --port picks another)"
            )))
        }
    }
}

/// The system's way of opening a file in the default browser; `Err` names the opener and why.
fn open_in_browser(page: &Path) -> std::result::Result<(), String> {
    let (opener, first): (&str, &[&str]) = if cfg!(windows) {
        ("cmd", &["/C", "start", ""])
    } else if cfg!(target_os = "macos") {
        ("open", &[])
    } else {
        ("xdg-open", &[])
    };
    let spawned = Command::new(opener)
        .args(first)
        .arg(page)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    spawned.map(|_| ()).map_err(|e| format!("{opener}: {e}"))
}
