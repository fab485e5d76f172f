//! `grader book` through the real binary, with stand-ins for mdBook and cargo (no network, no
//! real mdBook needed): what it runs, that it opens and serves nothing unasked, that errors mdBook
//! reports (even with exit 0) fail it, and that an mdBook it cannot install is a clear exit 2.
//! With an mdBook 0.5 on PATH, the real book is built too, and with mdbook-i18n-helpers
//! (`PMPP_MDBOOK_I18N_HELPERS` or on PATH) the Chinese ones.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("grader/ has a parent");
    root.canonicalize().unwrap_or_else(|_| root.to_path_buf())
}

/// `grader book ARGS` in the course, with a private cache, none of this machine's mdBook choices,
/// in English unless `--lang` or `env` says otherwise, and the variables `env` sets: exit status,
/// stdout, stderr.
fn book(args: &[&str], cache: &Path, env: &[(&str, &Path)]) -> (Option<i32>, String, String) {
    let mut command = crate::common::grader();
    command
        .arg("book")
        .args(args)
        .current_dir(root())
        .env("PMPP_COURSE_CACHE", cache)
        .env("PMPP_NO_PROGRESS", "1")
        .env_remove("PMPP_MDBOOK")
        .env_remove("PMPP_MDBOOK_I18N_HELPERS")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANGUAGE")
        .env("LANG", "C")
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

/// The folder of an mdbook-i18n-helpers 0.4 of this machine: `PMPP_MDBOOK_I18N_HELPERS`, else
/// the one whose `mdbook-gettext` is on PATH.
fn helpers_of_this_machine() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PMPP_MDBOOK_I18N_HELPERS").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).find(|d| d.join("mdbook-gettext").is_file())
}

/// The text of an HTML page, without its tags.
fn words_of(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

fn han(text: &str) -> usize {
    text.chars().filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c)).count()
}

/// With mdBook 0.5 and mdbook-i18n-helpers on this machine: `--lang zh-Hans` writes the Chinese
/// book (its pages' words Chinese, the measured tables included), and `--lang all` the three side
/// by side with the language switcher.
#[test]
fn the_real_chinese_books_build_with_the_helpers() {
    let on_path = Command::new("mdbook").arg("--version").output();
    let version = on_path.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default();
    let Some(helpers) = helpers_of_this_machine().filter(|_| version.starts_with("mdbook v0.5.")) else {
        eprintln!(
            "no mdbook 0.5 and mdbook-i18n-helpers here: the Chinese books are built by CI's `translations` step"
        );
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("zh");
    let (code, stdout, err) = book(
        &["--lang", "zh-Hans", "--out", &out.to_string_lossy()],
        tmp.path(),
        &[("PMPP_MDBOOK_I18N_HELPERS", &helpers)],
    );
    assert_eq!(code, Some(0), "{err}");
    // The grader speaks the language of the book it was asked for.
    assert!(
        stdout.starts_with("课程讲义（简体中文）已用 mdbook v0.5.")
            && stdout.contains("（位于 PATH 中）和 mdbook-i18n-helpers"),
        "{stdout}"
    );
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(
        index.contains("<html lang=\"zh-Hans\"") && index.contains("<title>从这里开始 - 动手学 GPU 卷积与 stencil")
    );
    let words = words_of(&std::fs::read_to_string(out.join("ch7").join("7.2-basic.html")).unwrap());
    let latin = words.chars().filter(|c| c.is_ascii_alphabetic()).count();
    assert!(han(&words) > 1000 && words.contains("滤波器"), "7.2's page reads in Chinese");
    assert!(!words.contains("Measured by the grader on the reference solution"), "the measured table is translated");
    assert!(latin < 4 * han(&words), "{latin} Latin letters beside {} Chinese characters", han(&words));
    assert!(!index.contains("lang-switcher"), "one language alone has no switcher");

    let all = tmp.path().join("all");
    let (code, stdout, err) = book(
        &["--lang", "all", "--out", &all.to_string_lossy()],
        tmp.path(),
        &[("PMPP_MDBOOK_I18N_HELPERS", &helpers)],
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(stdout.starts_with("The course book (English, 简体中文, 繁體中文), built with mdbook v0.5."), "{stdout}");
    for (dir, lang, says) in
        [("", "en", "Start here"), ("zh-Hans", "zh-Hans", "从这里开始"), ("zh-Hant", "zh-Hant", "從這裡開始")]
    {
        let page = all.join(dir).join("index.html");
        assert!(stdout.contains(&page.display().to_string()), "{stdout}");
        let html = std::fs::read_to_string(&page).unwrap();
        assert!(html.contains(&format!("<html lang=\"{lang}\"")) && html.contains(says), "{lang}");
        assert!(html.contains("lang-switcher"), "{lang} has the switcher");
    }
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

    /// An mdbook-gettext 0.4 (a `--root` with cargo's record) that answers mdBook's `supports`.
    fn helpers(root: &Path) -> PathBuf {
        script(&root.join("bin"), "mdbook-gettext", "[ \"$1\" = supports ] && exit 0; cat");
        std::fs::write(
            root.join(".crates.toml"),
            "[v1]\n\"mdbook-i18n-helpers 0.4.0 (registry+https://github.com/rust-lang/crates.io-index)\" = [\"mdbook-gettext\"]\n",
        )
        .unwrap();
        root.to_path_buf()
    }

    /// An mdbook that records, per build, its folder, the book's language, the gettext
    /// preprocessor, the switcher and, for a translation, which mdbook-gettext PATH finds.
    fn recording_mdbook(dir: &Path) -> PathBuf {
        script(
            dir,
            "mdbook",
            "if [ \"$1\" = --version ]; then echo 'mdbook v0.5.4'; exit 0; fi\n\
             echo \"$1 -d $4 lang=$MDBOOK_BOOK__LANGUAGE title=$MDBOOK_BOOK__TITLE gettext=$MDBOOK_PREPROCESSOR__GETTEXT \
             js=$MDBOOK_OUTPUT__HTML__ADDITIONAL_JS watch=$MDBOOK_BUILD__EXTRA_WATCH_DIRS via=$([ -n \"$MDBOOK_BOOK__LANGUAGE\" ] && command -v mdbook-gettext)\" >> \"$ARGS\"\n\
             if [ \"$1\" = build ]; then mkdir -p \"$4\"; echo '<html></html>' > \"$4/index.html\"; echo > \"$4/.nojekyll\"; fi",
        )
    }

    #[test]
    fn each_language_is_built_with_its_own_settings() {
        let tmp = tempfile::tempdir().unwrap();
        let fake = recording_mdbook(&tmp.path().join("bin"));
        let root = helpers(&tmp.path().join("helpers"));
        let gettext = root.join("bin").join("mdbook-gettext");
        let (out, args) = (tmp.path().join("out"), tmp.path().join("args"));
        let env = [("PMPP_MDBOOK", fake.as_path()), ("PMPP_MDBOOK_I18N_HELPERS", &root), ("ARGS", &args)];
        let (code, stdout, err) = book(&["--lang", "all", "--out", &out.to_string_lossy()], tmp.path(), &env);
        assert_eq!(code, Some(0), "{err}");
        let o = out.display();
        let ran = std::fs::read_to_string(&args).unwrap();
        let js = r#"js=["docs/theme/lang-switcher.js"]"#;
        let gettext_before_links = r#"gettext={"before": ["links"]}"#;
        assert_eq!(
            ran.lines().collect::<Vec<_>>(),
            [
                format!("build -d {o} lang= title= gettext= {js} watch= via="),
                format!("build -d {o}/zh-Hans lang=zh-Hans title=动手学 GPU 卷积与 stencil {gettext_before_links} {js} watch= via={}", gettext.display()),
                format!("build -d {o}/zh-Hant lang=zh-Hant title=動手學 GPU 卷積與 stencil {gettext_before_links} {js} watch= via={}", gettext.display()),
            ]
        );
        assert_eq!(
            stdout,
            format!(
                "The course book (English, 简体中文, 繁體中文), built with mdbook v0.5.4 (from PMPP_MDBOOK) and \
                 mdbook-i18n-helpers 0.4.0 (from PMPP_MDBOOK_I18N_HELPERS):\n  {o}/index.html\n  {o}/zh-Hans/index.html\n  \
                 {o}/zh-Hant/index.html\n"
            )
        );

        // One language: into --out itself, no switcher; the grader says it in that language.
        // Served, it is rebuilt on saves of po/ too.
        std::fs::remove_file(&args).unwrap();
        let (code, stdout, err) =
            book(&["--lang", "zh-Hant", "--out", &out.to_string_lossy(), "--serve"], tmp.path(), &env);
        assert_eq!(code, Some(0), "{err}");
        assert!(
            stdout
                .starts_with("課程講義（繁體中文）已用 mdbook v0.5.4（來自 PMPP_MDBOOK）和 mdbook-i18n-helpers 0.4.0"),
            "{stdout}"
        );
        assert!(err.contains("正在 http://localhost:3000 上提供講義，每次儲存 docs/, po/ 都會重新建置"), "{err}");
        let ran = std::fs::read_to_string(&args).unwrap();
        let zh = format!("-d {o} lang=zh-Hant title=動手學 GPU 卷積與 stencil {gettext_before_links} js=");
        assert_eq!(
            ran.lines().collect::<Vec<_>>(),
            [
                format!("build {zh} watch= via={}", gettext.display()),
                format!("serve {zh} watch=[\"po\"] via={}", gettext.display())
            ]
        );

        // English needs no helpers: a helpers folder that holds none is not even looked at.
        std::fs::remove_file(&args).unwrap();
        let nothing = tmp.path().join("nothing");
        let env = [("PMPP_MDBOOK", fake.as_path()), ("PMPP_MDBOOK_I18N_HELPERS", &nothing), ("ARGS", &args)];
        let (code, _, err) = book(&["--lang", "en", "--out", &out.to_string_lossy()], tmp.path(), &env);
        assert_eq!(code, Some(0), "{err}");
        let (code, out_text, err) = book(&["--lang", "zh-Hans", "--out", &out.to_string_lossy()], tmp.path(), &env);
        assert_eq!(code, Some(2), "{err}");
        assert!(
            out_text.is_empty()
                && err.contains(&format!("PMPP_MDBOOK_I18N_HELPERS={} 中没有 mdbook-gettext", nothing.display())),
            "{err}"
        );
    }

    #[test]
    fn all_languages_cannot_be_served_at_once() {
        let tmp = tempfile::tempdir().unwrap();
        let fake = recording_mdbook(&tmp.path().join("bin"));
        let args = tmp.path().join("args");
        let (code, stdout, err) = book(
            &["--lang", "all", "--serve", "--out", &tmp.path().join("out").to_string_lossy()],
            tmp.path(),
            &[("PMPP_MDBOOK", &fake), ("ARGS", &args)],
        );
        assert_eq!(code, Some(2), "{err}");
        assert!(stdout.is_empty() && err.contains("--serve serves one language"), "{err}");
        assert!(!args.exists(), "nothing was built");
        let (code, _, err) = book(&["--lang", "fr"], tmp.path(), &[("PMPP_MDBOOK", &fake), ("ARGS", &args)]);
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains("--lang fr"), "{err}");
    }

    /// No mdbook-i18n-helpers anywhere and a cargo that cannot reach the registry: exit 2 with
    /// cargo's error and what to do, the install asked for as mdBook's is, nothing left behind.
    #[test]
    fn helpers_that_cannot_be_installed_are_a_clear_exit_2() {
        let tmp = tempfile::tempdir().unwrap();
        let bin = tmp.path().join("bin");
        let fake = recording_mdbook(&bin);
        let (cache, args) = (tmp.path().join("cache"), tmp.path().join("args"));
        script(
            &bin,
            "cargo",
            "echo \"$@\" > \"$ARGS\"\n\
             echo 'error: failed to download from `https://index.crates.io/config.json`' >&2\n\
             exit 101",
        );
        let out = tmp.path().join("out");
        let (code, stdout, err) = book(
            &["--lang", "zh-Hant", "--out", &out.to_string_lossy()],
            &cache,
            &[("PATH", &bin), ("PMPP_MDBOOK", &fake), ("ARGS", &args)],
        );
        assert_eq!(code, Some(2), "{err}");
        assert!(stdout.is_empty(), "{stdout}");
        for says in [
            "正在用 `cargo install mdbook-i18n-helpers --locked --version 0.4.0` 把 mdbook-i18n-helpers 0.4.0 安裝到",
            "自動安裝失敗：`cargo install mdbook-i18n-helpers --locked --version 0.4.0` 失敗（exit status: 101",
            "error: failed to download from `https://index.crates.io/config.json`",
            "PMPP_MDBOOK_I18N_HELPERS",
        ] {
            assert!(err.contains(says), "the message says {says:?}:\n{err}");
        }
        let asked = std::fs::read_to_string(&args).unwrap();
        let staging = cache.join("mdbook-i18n-helpers.installing-");
        assert!(
            asked.starts_with(&format!(
                "install mdbook-i18n-helpers --locked --version 0.4.0 --root {}",
                staging.display()
            )) && asked.contains(" --target-dir "),
            "{asked}"
        );
        let left: Vec<_> =
            std::fs::read_dir(&cache).map(|d| d.flatten().map(|e| e.file_name()).collect()).unwrap_or_default();
        assert!(left.is_empty(), "nothing is left in the cache: {left:?}");
        assert!(!out.exists(), "no book is written");
    }
}
