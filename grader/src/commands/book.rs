//! `book [--lang LANG] [--out DIR] [--open] [--serve]`: the course book (`book.toml`, `docs/`) as
//! HTML, built with mdBook (installed into the course's cache on first use: see
//! `toolchain::mdbook`), in English, Simplified or Traditional Chinese (the translations of `po/`,
//! put in by mdbook-i18n-helpers' `mdbook-gettext`, found or installed the same way), or all three
//! side by side with a language switcher. The language is the grader's own unless `--lang` names
//! one. It prints where the book's first page is; it opens a browser only with `--open`, and
//! serves the book with live reload only with `--serve` (until Ctrl-C).

use std::cell::RefCell;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::course::Course;
use crate::error::{Error, Outcome, Result};
use crate::i18n::{self, Lang};
use crate::render;
use crate::t;
use crate::toolchain::mdbook::{self, I18nHelpers, MdBook};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The book's language: en, zh-Hans, zh-Hant (or a locale, zh_TW.UTF-8), or all (the three side by side, with a
    /// language switcher; the translations in zh-Hans/ and zh-Hant/). Default: the language the grader speaks.
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
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

/// One mdBook build: a language, the folder below `--out` it goes to ("" for `--out` itself),
/// and whether its pages carry the language switcher (`docs/theme/lang-switcher.js`), which
/// expects English at the site's root and each translation in the folder named by its tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Build {
    pub lang: Lang,
    pub dir: &'static str,
    pub switcher: bool,
}

impl Build {
    /// Its folder: `out`, or the folder below it.
    pub fn folder(&self, out: &Path) -> PathBuf {
        if self.dir.is_empty() {
            out.to_path_buf()
        } else {
            out.join(self.dir)
        }
    }
}

/// The builds `--lang` asks for (`None`: the language the grader speaks): one language into
/// `--out` itself, without the switcher (no other language is beside it); `all`: English first
/// (mdBook empties `--out` before it writes there), then each translation into its folder, all
/// with the switcher, as `tools/book-i18n --build` does.
pub fn plan(lang: Option<&str>, current: Lang) -> Result<Vec<Build>> {
    let one = |lang| Ok(vec![Build { lang, dir: "", switcher: false }]);
    match lang {
        None => one(current),
        Some(all) if all.eq_ignore_ascii_case("all") => Ok(Lang::ALL
            .iter()
            .map(|&l| Build { lang: l, dir: if l == Lang::En { "" } else { l.tag() }, switcher: true })
            .collect()),
        Some(given) => match Lang::from_locale(given) {
            Some(l) => one(l),
            None => Err(Error::Usage(t!(book_lang_unknown, given = given))),
        },
    }
}

pub fn run(args: &Args, course: &Course) -> Result<Outcome> {
    let builds = plan(args.lang.as_deref(), i18n::current())?;
    if args.serve && builds.len() > 1 {
        return Err(Error::Usage(t!(book_serve_one_language)));
    }
    let root = course.root()?;
    if !root.join("book.toml").is_file() {
        return Err(Error::Course(t!(book_no_book_toml, root = root.display().to_string())));
    }
    let out = match &args.out {
        Some(dir) => std::path::absolute(dir)
            .map_err(|e| Error::Usage(t!(book_out_unusable, dir = dir.display().to_string(), error = e.to_string())))?,
        None => root.join("target").join("book"),
    };
    check_out_dir(root, &out)?;
    let mdbook = find_tool("mdbook", |p| mdbook::get(true, p))?;
    let helpers = if builds.iter().any(|b| b.lang != Lang::En) {
        Some(find_tool("mdbook-i18n-helpers", |p| mdbook::get_i18n_helpers(true, p))?)
    } else {
        None
    };
    for b in &builds {
        build(&mdbook, root, &b.folder(&out), &environment(b, helpers.as_ref()))?;
    }
    let pages: Vec<String> =
        builds.iter().map(|b| format!("\n  {}", b.folder(&out).join("index.html").display())).collect();
    let built = match &helpers {
        None => t!(book_built, version = &mdbook.version, found_by = &mdbook.found_by),
        Some(h) => t!(
            book_built_translated,
            languages = builds.iter().map(|b| language_name(b.lang)).collect::<Vec<_>>().join(", "),
            version = &mdbook.version,
            found_by = &mdbook.found_by,
            helpers = &h.version,
            helpers_found_by = &h.found_by
        ),
    };
    println!("{built}{}", pages.concat());
    // The page to open: the grader's language where it was built, else the first.
    let first = builds.iter().find(|b| b.lang == i18n::current()).unwrap_or(&builds[0]);
    let page = first.folder(&out).join("index.html");
    if args.open && !args.serve {
        if let Err(e) = open_in_browser(&page) {
            eprintln!("{}", t!(book_no_browser, error = e, page = page.display().to_string()));
        }
    }
    if args.serve {
        serve(&mdbook, root, &out, args.port, args.open, &builds[0], helpers.as_ref())?;
    }
    Ok(Outcome::Passed)
}

/// A language's name in its own words (its catalogue's `lang-name`).
fn language_name(lang: Lang) -> String {
    i18n::with_lang(lang, || t!(lang_name))
}

/// The variables that make mdBook build `b` (book.toml is the English book's: no gettext
/// preprocessor, no switcher, its English title): the switcher's script, and for a translation
/// its language, its title, the gettext preprocessor (before `{{#include}}`s are read: an include
/// is a message, whose translation names the language's own file, as the sample reports of
/// `docs/generated/<lang>/samples/`) and the helpers' folder first on PATH, where mdBook looks
/// for `mdbook-gettext`.
pub fn environment(b: &Build, helpers: Option<&I18nHelpers>) -> Vec<(&'static str, OsString)> {
    let mut env = Vec::new();
    if b.switcher {
        env.push(("MDBOOK_OUTPUT__HTML__ADDITIONAL_JS", OsString::from(r#"["docs/theme/lang-switcher.js"]"#)));
    }
    if b.lang != Lang::En {
        env.push(("MDBOOK_BOOK__LANGUAGE", b.lang.tag().into()));
        env.push(("MDBOOK_BOOK__TITLE", i18n::with_lang(b.lang, || t!(book_title)).into()));
        env.push(("MDBOOK_PREPROCESSOR__GETTEXT", r#"{"before": ["links"]}"#.into()));
        if let Some(h) = helpers {
            let rest = std::env::var_os("PATH").unwrap_or_default();
            let path = std::env::join_paths(std::iter::once(h.bin.clone()).chain(std::env::split_paths(&rest)))
                .unwrap_or_else(|_| h.bin.clone().into_os_string());
            env.push(("PATH", path));
        }
    }
    env
}

/// mdBook or mdbook-i18n-helpers found or installed, with a spinner showing cargo's progress
/// while it installs (on a terminal; elsewhere the installer's own two lines say what happens).
fn find_tool<T>(name: &str, get: impl FnOnce(&dyn Fn(&str)) -> Result<T>) -> Result<T> {
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
            *bar = render::bar::spinner(true, &format!("cargo install {name}"));
        }
        if line.starts_with("Compiling") {
            *compiled.borrow_mut() += 1;
        }
        if let Some(b) = bar.as_ref() {
            let line: String = line.chars().take(50).collect();
            b.set_message(t!(
                book_install_progress,
                name = name,
                compiled = crate::model::thousands(*compiled.borrow() as u64),
                line = line
            ));
        }
    };
    let found = get(&progress);
    if let Some(b) = spinner.borrow().as_ref() {
        b.finish_and_clear();
    }
    found
}

/// mdBook empties its output folder first: refuse one that holds anything but a book, and the
/// course's own folders.
fn check_out_dir(root: &Path, out: &Path) -> Result<()> {
    let refuse = |why: String| Err(Error::Usage(format!("--out {}: {why}", out.display())));
    let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let canonical = out.canonicalize().unwrap_or_else(|_| out.to_path_buf());
    if root.starts_with(&canonical) || canonical.starts_with(root.join("docs")) {
        return refuse(t!(book_out_course_files));
    }
    if out.is_file() {
        return refuse(t!(book_out_is_file));
    }
    let mut entries = match std::fs::read_dir(out) {
        Ok(entries) => entries,
        Err(_) => return Ok(()),
    };
    if entries.next().is_some() && !out.join(".nojekyll").is_file() {
        return refuse(t!(book_out_other_files));
    }
    Ok(())
}

/// `mdbook build <root> -d <out>`, with the variables of [`environment`]. mdBook 0.5 reports
/// some failures (a missing `{{#include}}`) as an ERROR line and still exits 0: an ERROR line
/// fails the build too. Its warnings are shown.
fn build(mdbook: &MdBook, root: &Path, out: &Path, env: &[(&str, OsString)]) -> Result<()> {
    let output = Command::new(&mdbook.path)
        .arg("build")
        .arg(root)
        .arg("-d")
        .arg(out)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .output()
        .map_err(|e| cannot_run(mdbook, e))?;
    let log = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    let said: Vec<&str> = log.lines().filter(|l| !l.trim().is_empty() && !l.contains(" INFO ")).collect();
    let failed = log.lines().any(|l| l.contains("ERROR"));
    if !output.status.success() || failed {
        let why = if output.status.success() { t!(book_build_errors_reported) } else { output.status.to_string() };
        return Err(Error::Course(format!(
            "{}\n  {}",
            t!(book_build_failed, docs = root.join("docs").display().to_string(), why = why),
            said.join("\n  ")
        )));
    }
    for line in said {
        eprintln!("{line}");
    }
    Ok(())
}

fn cannot_run(mdbook: &MdBook, e: std::io::Error) -> Error {
    Error::Toolchain(t!(book_cannot_run, program = mdbook.path.display().to_string(), error = e.to_string()))
}

/// `mdbook serve`, in the foreground: it rebuilds the book (`b`, one language) on every save and
/// reloads the page; a translation also on every save of `po/`. On Unix the grader becomes
/// mdbook (exec), so that stopping it stops the server.
fn serve(
    mdbook: &MdBook,
    root: &Path,
    out: &Path,
    port: u16,
    open: bool,
    b: &Build,
    helpers: Option<&I18nHelpers>,
) -> Result<()> {
    let mut env = environment(b, helpers);
    let watched = if b.lang == Lang::En {
        "docs/"
    } else {
        env.push(("MDBOOK_BUILD__EXTRA_WATCH_DIRS", OsString::from(r#"["po"]"#)));
        "docs/, po/"
    };
    eprintln!("{}", t!(book_serving, port = port.to_string(), watched = watched));
    let mut command = Command::new(&mdbook.path);
    command.arg("serve").arg(root).arg("-d").arg(out).args(["--port", &port.to_string()]);
    command.envs(env.iter().map(|(k, v)| (k, v)));
    if open {
        command.arg("--open");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let _ = std::io::Write::flush(&mut std::io::stdout());
        Err(cannot_run(mdbook, command.exec()))
    }
    #[cfg(not(unix))]
    {
        let status = command.status().map_err(|e| cannot_run(mdbook, e))?;
        if status.success() {
            Ok(())
        } else {
            Err(Error::Toolchain(t!(book_serve_stopped, status = status.to_string(), port = port.to_string())))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn langs(builds: &[Build]) -> Vec<(Lang, &str, bool)> {
        builds.iter().map(|b| (b.lang, b.dir, b.switcher)).collect()
    }

    #[test]
    fn the_language_asked_for_is_the_plan() {
        // No --lang: the grader's own language, into --out itself, no switcher.
        for current in Lang::ALL {
            assert_eq!(langs(&plan(None, current).unwrap()), [(current, "", false)]);
        }
        assert_eq!(langs(&plan(Some("zh-Hans"), Lang::En).unwrap()), [(Lang::ZhHans, "", false)]);
        assert_eq!(langs(&plan(Some("zh-Hant"), Lang::ZhHans).unwrap()), [(Lang::ZhHant, "", false)]);
        assert_eq!(langs(&plan(Some("en"), Lang::ZhHant).unwrap()), [(Lang::En, "", false)]);
        // A locale names its script as for the grader's words.
        assert_eq!(langs(&plan(Some("zh_TW.UTF-8"), Lang::En).unwrap()), [(Lang::ZhHant, "", false)]);
        assert_eq!(langs(&plan(Some("zh_CN"), Lang::En).unwrap()), [(Lang::ZhHans, "", false)]);
        // all: English first (mdBook empties --out), the translations in their folders, switchers.
        let all = [(Lang::En, "", true), (Lang::ZhHans, "zh-Hans", true), (Lang::ZhHant, "zh-Hant", true)];
        for current in Lang::ALL {
            assert_eq!(langs(&plan(Some("all"), current).unwrap()), all);
        }
        assert_eq!(langs(&plan(Some("ALL"), Lang::En).unwrap()), all);
        let e = i18n::with_lang(Lang::En, || plan(Some("fr"), Lang::En)).unwrap_err();
        assert!(matches!(e, Error::Usage(_)) && e.contains("--lang fr: the book is written in en, zh-Hans"), "{e}");
    }

    #[test]
    fn the_switchers_folders_are_the_language_tags() {
        // docs/theme/lang-switcher.js finds each translation in the folder named by its tag.
        let script = include_str!("../../../docs/theme/lang-switcher.js");
        for b in plan(Some("all"), Lang::En).unwrap() {
            assert!(script.contains(&format!("[\"{}\",", b.lang.tag())), "{:?}", b.lang);
            assert_eq!(b.dir, if b.lang == Lang::En { "" } else { b.lang.tag() });
        }
    }

    #[test]
    fn a_translation_is_built_with_the_gettext_preprocessor_and_its_title() {
        let helpers = I18nHelpers {
            bin: PathBuf::from("/opt/helpers/bin"),
            version: "mdbook-i18n-helpers 0.4.0".into(),
            found_by: "on PATH".into(),
        };
        let get = |env: &[(&str, OsString)], k: &str| {
            env.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string_lossy().into_owned())
        };
        let en = environment(&Build { lang: Lang::En, dir: "", switcher: false }, None);
        assert!(en.is_empty(), "the English book is book.toml's: {en:?}");
        let hant = environment(&Build { lang: Lang::ZhHant, dir: "zh-Hant", switcher: true }, Some(&helpers));
        assert_eq!(get(&hant, "MDBOOK_BOOK__LANGUAGE").as_deref(), Some("zh-Hant"));
        // The title is the catalogue's (tools/book-i18n's TITLES), said in the book's language.
        let title = i18n::with_lang(Lang::ZhHant, || crate::t!(book_title));
        assert_eq!(get(&hant, "MDBOOK_BOOK__TITLE"), Some(title.clone()));
        let script = include_str!("../../../tools/book-i18n");
        assert!(script.contains(&format!("\"zh-Hant\": \"{title}\"")), "tools/book-i18n's TITLES has {title}");
        assert_eq!(get(&hant, "MDBOOK_PREPROCESSOR__GETTEXT").as_deref(), Some(r#"{"before": ["links"]}"#));
        assert_eq!(
            get(&hant, "MDBOOK_OUTPUT__HTML__ADDITIONAL_JS").as_deref(),
            Some(r#"["docs/theme/lang-switcher.js"]"#)
        );
        let path = get(&hant, "PATH").unwrap();
        assert_eq!(std::env::split_paths(&path).next(), Some(helpers.bin.clone()), "the helpers come first on PATH");
        assert!(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/theme/lang-switcher.js").is_file());
    }
}
