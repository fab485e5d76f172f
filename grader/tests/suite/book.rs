//! `grader book` through the real binary, with stand-ins for mdBook and cargo (no network, no
//! real mdBook needed): what it runs, that it opens and serves nothing unasked, that errors mdBook
//! reports (even with exit 0) fail it, and that an mdBook it cannot install is a clear exit 2.
//! With an mdBook 0.5 on PATH, the real book is built too.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("grader/ has a parent");
    root.canonicalize().unwrap_or_else(|_| root.to_path_buf())
}

/// `grader book ARGS` in the course, with a private cache, none of this machine's mdBook choices
/// and the variables `env` sets: exit status, stdout, stderr.
fn book(args: &[&str], cache: &Path, env: &[(&str, &Path)]) -> (Option<i32>, String, String) {
    let mut command = crate::common::grader();
    command
        .arg("book")
        .args(args)
        .current_dir(root())
        .env("PMPP_COURSE_CACHE", cache)
        .env("PMPP_NO_PROGRESS", "1")
        .env_remove("PMPP_MDBOOK")
        .env_remove("CARGO")
        .env_remove("CLICOLOR_FORCE");
    for (k, v) in env {
        command.env(k, v);
    }
    let out = command.output().expect("the grader runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn an_out_folder_with_other_files_or_the_courses_own_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let notes = tmp.path().join("notes");
    std::fs::create_dir_all(&notes).unwrap();
    std::fs::write(notes.join("mine.txt"), "keep me").unwrap();
    let missing = tmp.path().join("no-mdbook");
    let out_arg = notes.to_string_lossy().into_owned();
    // Refused before mdBook is looked for (PMPP_MDBOOK names nothing: it would fail later).
    for (args, says) in [
        (&["--out", out_arg.as_str()][..], "holds other files"),
        (&["--out", "docs"], "the course's own files"),
        (&["--out", "."], "the course's own files"),
    ] {
        let (code, out, err) = book(args, tmp.path(), &[("PMPP_MDBOOK", &missing)]);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(says) && out.is_empty(), "{args:?}:\n{err}");
    }
    assert_eq!(std::fs::read_to_string(notes.join("mine.txt")).unwrap(), "keep me");
}

#[test]
fn an_mdbook_named_that_does_not_exist_is_an_error_not_a_search() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("no-mdbook");
    let (code, out, err) =
        book(&["--out", &tmp.path().join("out").to_string_lossy()], tmp.path(), &[("PMPP_MDBOOK", &missing)]);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty() && err.contains(&format!("PMPP_MDBOOK={} does not exist", missing.display())), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// With an mdBook 0.5 on this machine's PATH: the real book, whose pages hold no raw mdBook
/// directive (`{{#include …}}` shown as text where a file was missing).
#[test]
fn the_real_book_builds_with_an_mdbook_on_path() {
    let on_path = Command::new("mdbook").arg("--version").output();
    let version = on_path.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default();
    if !version.starts_with("mdbook v0.5.") {
        eprintln!("no mdbook 0.5 on PATH ({version:?}): the real book is built by CI's `book` step");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("book");
    let (code, stdout, err) = book(&["--out", &out.to_string_lossy()], tmp.path(), &[]);
    assert_eq!(code, Some(0), "{err}");
    assert!(stdout.contains(&out.join("index.html").display().to_string()), "{stdout}");
    let chapter = std::fs::read_to_string(out.join("ch7").join("7.2-basic.html")).unwrap();
    assert!(chapter.contains("Measured by the grader on the reference solution"), "the measured table is in 7.2");
    assert!(!chapter.contains("{{#"), "a raw mdBook directive in 7.2's page");
}

/// Stand-in programs (shell scripts) for mdBook and cargo.
#[cfg(unix)]
mod stand_ins {
    use super::*;

    fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        std::fs::create_dir_all(dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    /// An mdbook 0.5 that appends its command line to $ARGS and on build writes an index.html (and
    /// the .nojekyll that marks mdBook's output) and says `build_says`.
    fn mdbook(dir: &Path, build_says: &str, build_exit: i32) -> PathBuf {
        script(
            dir,
            "mdbook",
            &format!(
                "if [ \"$1\" = --version ]; then echo 'mdbook v0.5.4'; exit 0; fi\n\
                 echo \"$@\" >> \"$ARGS\"\n\
                 if [ \"$1\" = build ]; then echo '<html></html>' > \"$4/index.html\"; echo > \"$4/.nojekyll\"; echo \"{build_says}\" >&2; \
                 exit {build_exit}; fi"
            ),
        )
    }

    #[test]
    fn book_builds_and_neither_opens_nor_serves_unasked() {
        let tmp = tempfile::tempdir().unwrap();
        let fake = mdbook(&tmp.path().join("bin"), " INFO Book building has started\n WARN a warning", 0);
        let (out, args) = (tmp.path().join("out"), tmp.path().join("args"));
        std::fs::create_dir_all(&out).unwrap();
        let (code, stdout, err) =
            book(&["--out", &out.to_string_lossy()], tmp.path(), &[("PMPP_MDBOOK", &fake), ("ARGS", &args)]);
        assert_eq!(code, Some(0), "{err}");
        assert!(stdout.contains("(from PMPP_MDBOOK)"), "{stdout}");
        assert!(stdout.contains(&format!("  {}", out.join("index.html").display())), "{stdout}");
        assert!(err.contains("WARN a warning") && !err.contains("INFO"), "warnings shown, not the chatter:\n{err}");
        let ran = std::fs::read_to_string(&args).unwrap();
        assert_eq!(ran, format!("build {} -d {}\n", root().display(), out.display()), "one build, no --open");

        // --serve: the build, then mdbook serve on the port asked for (the grader becomes it).
        std::fs::remove_file(&args).unwrap();
        let (code, _, err) = book(
            &["--out", &out.to_string_lossy(), "--serve", "--port", "3999", "--open"],
            tmp.path(),
            &[("PMPP_MDBOOK", &fake), ("ARGS", &args)],
        );
        assert_eq!(code, Some(0), "{err}");
        assert!(err.contains("Serving the book on http://localhost:3999"), "{err}");
        let ran = std::fs::read_to_string(&args).unwrap();
        let (r, o) = (root().display().to_string(), out.display().to_string());
        assert_eq!(ran, format!("build {r} -d {o}\nserve {r} -d {o} --port 3999 --open\n"));
    }

    #[test]
    fn errors_mdbook_reports_fail_the_build_even_with_exit_0() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("out");
        std::fs::create_dir_all(&out).unwrap();
        let error_line = "ERROR Error updating \\\"{{#include missing.md}}\\\", Could not read file";
        for (name, says, exit) in [("errors", error_line, 0), ("crash", "thread main panicked", 101)] {
            let fake = mdbook(&tmp.path().join(name), says, exit);
            let (code, stdout, err) = book(
                &["--out", &out.to_string_lossy()],
                tmp.path(),
                &[("PMPP_MDBOOK", &fake), ("ARGS", &tmp.path().join("args"))],
            );
            assert_eq!(code, Some(2), "{name}: {err}");
            assert!(err.contains("mdbook could not build the book"), "{name}:\n{err}");
            assert!(!stdout.contains("index.html"), "{name}: a failed book is not announced:\n{stdout}");
        }
        let (_, _, err) = book(
            &["--out", &out.to_string_lossy()],
            tmp.path(),
            &[("PMPP_MDBOOK", &mdbook(&tmp.path().join("again"), error_line, 0)), ("ARGS", &tmp.path().join("a"))],
        );
        assert!(err.contains("(it reported errors)") && err.contains("{{#include missing.md}}"), "{err}");
    }

    /// No mdBook 0.5 anywhere (an 0.4 on PATH is skipped) and a cargo that cannot reach the
    /// registry: exit 2 with cargo's error, what to do, and nothing left in the cache.
    #[test]
    fn an_mdbook_that_cannot_be_installed_is_a_clear_exit_2() {
        let tmp = tempfile::tempdir().unwrap();
        let bin = tmp.path().join("bin");
        let (cache, args, old_ran) = (tmp.path().join("cache"), tmp.path().join("args"), tmp.path().join("old-ran"));
        script(&bin, "mdbook", "if [ \"$1\" = --version ]; then echo 'mdbook v0.4.37'; else echo x > \"$OLD_RAN\"; fi");
        script(
            &bin,
            "cargo",
            "echo \"$@\" > \"$ARGS\"\n\
             echo '    Updating crates.io index' >&2\n\
             echo 'error: failed to download from `https://index.crates.io/config.json`' >&2\n\
             echo '' >&2\n\
             echo 'Caused by:' >&2\n\
             echo '  [6] Could not resolve hostname' >&2\n\
             exit 101",
        );
        let out = tmp.path().join("out");
        let (code, stdout, err) =
            book(&["--out", &out.to_string_lossy()], &cache, &[("PATH", &bin), ("ARGS", &args), ("OLD_RAN", &old_ran)]);
        assert_eq!(code, Some(2), "{err}");
        assert!(stdout.is_empty(), "{stdout}");
        for says in [
            "installing mdbook 0.5.4 into",
            "skipped: mdbook (on PATH) is mdbook v0.4.37, not of the 0.5 series",
            "installing it automatically failed: `cargo install mdbook --locked --version 0.5.4` failed (exit status: 101",
            "error: failed to download from `https://index.crates.io/config.json`",
            "  [6] Could not resolve hostname",
            "or point PMPP_MDBOOK at an mdbook binary",
        ] {
            assert!(err.contains(says), "the message says {says:?}:\n{err}");
        }
        assert!(!err.contains("Updating crates.io index") && !err.contains("panicked"), "{err}");
        let asked = std::fs::read_to_string(&args).unwrap();
        let staging = cache.join("mdbook.installing-");
        assert!(
            asked.starts_with(&format!("install mdbook --locked --version 0.5.4 --root {}", staging.display()))
                && asked.contains(" --target-dir "),
            "{asked}"
        );
        assert!(!old_ran.exists(), "the 0.4 on PATH was only asked its version");
        let left: Vec<_> =
            std::fs::read_dir(&cache).map(|d| d.flatten().map(|e| e.file_name()).collect()).unwrap_or_default();
        assert!(left.is_empty(), "nothing is left in the cache: {left:?}");
        assert!(!out.exists(), "no book is written");
    }
}
