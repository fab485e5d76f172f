//! The book's sample reports, cut from real gradings: docs/generated/samples/<name>.md in
//! English, docs/generated/zh-Hans/samples/<name>.md and docs/generated/zh-Hant/samples/<name>.md
//! in Chinese, each a text block the pages include (`{{#include generated/samples/<name>.md}}`;
//! a Chinese book's translation of that line names its own language's file).
//!
//! * `samples_are_current` grades each sample's kernel (seed 1234, the emulator, NVRTC) and
//!   renders the report in each language, as `grader` prints it (no colours, no time), then cuts
//!   the sample's lines out of it: it FAILS when a committed sample differs, and rewrites the
//!   files with `UPDATE_BOOK_FIGURES=1` instead.
//! * `the_chinese_samples_say_no_english_sentence` reads the committed Chinese samples.
//! * `the_books_include_their_own_samples` checks the pages and the PO files.
//!
//! Small gradings: the visible tests only where the sample shows a test or a finding; the one
//! full grading is the sample of metrics and targets (7.4, a kernel that reads every tap from
//! global memory), and a compile error is quick.

use std::path::Path;

use grader::course::{sections, KernelFile};
use grader::grade::Grader;
use grader::i18n::{with_lang, Lang};
use grader::model::SectionReport;

use crate::book_figures::{check_or_update, figure_path};
use crate::book_hand_figures::po_messages;

/// 7.2 with its border left out: the outputs whose window sticks out of the image are never
/// written (the classic ghost-cell mistake), which the report's map draws as a frame.
const BORDER_NOT_WRITTEN: &str = r#"// A planted mistake for the book's sample report (grader/tests/suite/book_samples.rs).
extern "C" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r,
                                                       int width, int height) {
    int outCol = blockIdx.x * blockDim.x + threadIdx.x;
    int outRow = blockIdx.y * blockDim.y + threadIdx.y;
    if (outCol >= width || outRow >= height) return;
    // Planted mistake: the outputs whose window sticks out of the image are left out.
    if (outCol < r || outRow < r || outCol >= width - r || outRow >= height - r) return;

    float Pvalue = 0.0f;
    for (int fRow = 0; fRow < 2 * r + 1; fRow++) {
        for (int fCol = 0; fCol < 2 * r + 1; fCol++) {
            Pvalue += F[fRow * (2 * r + 1) + fCol] * N[(outRow - r + fRow) * width + outCol - r + fCol];
        }
    }
    P[outRow * width + outCol] = Pvalue;
}
"#;

enum Kernel {
    /// A planted kernel of grader/wrong/.
    File(&'static str),
    /// A kernel written here.
    Text(&'static str),
}

/// What a sample shows of the report.
#[derive(Clone, Copy)]
enum Cut {
    /// The header's line of the backend and the seed.
    SeedLine,
    /// The test of this index (its line, its wrong elements and map).
    Test(usize),
    /// The finding of this index (its line, source line, explanation and evidence).
    Finding(usize),
    /// The metrics' first `n` counts, then `…`, then the targets.
    MetricsAndTargets(usize),
    /// The compile error: its heading and the compiler's lines.
    Compile,
}

/// One grading and the samples cut from it.
struct Grading {
    section: &'static str,
    kernel: Kernel,
    visible_only: bool,
    /// Graded by the `grader` binary in each language (a whole grading, printed): for words the
    /// grader says while it grades, off this thread (a compiler's log).
    by_binary: bool,
    samples: &'static [(&'static str, Cut)],
}

/// A kernel that includes a file by its path, which the grader refuses before compiling.
const INCLUDES_A_PATH: &str = "#include \"/autograder/source/private-cases.toml\"\n";

const SEED: u64 = 1234;

const GRADINGS: &[Grading] = &[
    Grading {
        section: "7.2",
        kernel: Kernel::Text(BORDER_NOT_WRITTEN),
        visible_only: true,
        by_binary: false,
        samples: &[("report-wrong-output", Cut::Test(1))],
    },
    Grading {
        section: "7.4",
        kernel: Kernel::File("grader/wrong/7.4/missing-syncthreads.cu"),
        visible_only: true,
        by_binary: false,
        samples: &[("report-race", Cut::Finding(0))],
    },
    Grading {
        section: "7.4",
        kernel: Kernel::File("grader/wrong/7.4/global-reads-in-loop.cu"),
        visible_only: false,
        by_binary: false,
        // The seed's line too: a grading of the visible tests alone has no seed.
        samples: &[("report-targets", Cut::MetricsAndTargets(4)), ("report-seed", Cut::SeedLine)],
    },
    Grading {
        section: "7.2",
        kernel: Kernel::Text(INCLUDES_A_PATH),
        visible_only: false,
        by_binary: true,
        samples: &[("report-compile-include", Cut::Compile)],
    },
];

fn workspace_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("grader/ has a parent")
}

fn sample_path(lang: Lang, name: &str) -> String {
    figure_path(lang, &format!("docs/generated/samples/{name}.md"))
}

/// The sample's file: the lines in a text block, after a comment that says where they come from.
fn sample_file(lines: &[&str]) -> String {
    format!(
        "<!-- Generated by grader/tests/suite/book_samples.rs from a grading (seed {SEED}); do not edit: \
         UPDATE_BOOK_FIGURES=1 cargo test -p grader --test suite book_samples -->\n```text\n{}\n```\n",
        lines.join("\n")
    )
}

/// The report's parts: each starts at a line indented by at most two spaces (the title, the
/// header's lines, `tests`, `findings: …`, `metrics (…)`, `targets`, the verdict), and holds the
/// more indented lines after it.
fn parts(text: &str) -> Vec<Vec<&str>> {
    let mut out: Vec<Vec<&str>> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let indent = line.len() - line.trim_start().len();
        match out.last_mut() {
            Some(part) if indent > 2 => part.push(line),
            _ => out.push(vec![line]),
        }
    }
    out
}

/// A part's items, after its heading: each starts at a line indented by four spaces.
fn items<'a>(part: &[&'a str]) -> Vec<Vec<&'a str>> {
    let mut out: Vec<Vec<&'a str>> = Vec::new();
    for &line in &part[1..] {
        let indent = line.len() - line.trim_start().len();
        match out.last_mut() {
            Some(item) if indent > 4 => item.push(line),
            _ => out.push(vec![line]),
        }
    }
    out
}

/// The lines of `text` (the report of `r`, said in the current language) that `cut` shows.
/// `r`: the report, where it was graded here (`None`: the text is the binary's).
fn cut_lines<'a>(text: &'a str, r: Option<&SectionReport>, cut: Cut) -> Result<Vec<&'a str>, String> {
    let report = || r.ok_or("the sample needs the report graded here".to_string());
    let parts = parts(text);
    let tests = grader::t!(report_tests);
    let at = |heading: &str| parts.iter().position(|p| p[0].trim() == heading || p[0].trim().starts_with(heading));
    let tests_at = || at(&tests).ok_or("no tests part".to_string());
    match cut {
        // The title, the kernel, then the backend and the seed.
        Cut::SeedLine => parts.get(2).map(|p| vec![p[0]]).ok_or("no header".into()),
        Cut::Test(i) => items(&parts[tests_at()?]).get(i).cloned().ok_or(format!("no test {i}")),
        Cut::Finding(i) => {
            if report()?.findings.is_empty() {
                return Err("no findings".into());
            }
            items(&parts[tests_at()? + 1]).get(i).cloned().ok_or(format!("no finding {i}"))
        }
        Cut::MetricsAndTargets(n) => {
            let m = report()?.metrics.as_ref().ok_or("no metrics")?;
            let metrics = &parts[at(&grader::t!(report_metrics, case = &m.case)).ok_or("no metrics part")?];
            let targets = &parts[at(&grader::t!(report_targets)).ok_or("no targets part")?];
            let mut lines: Vec<&str> = metrics.iter().take(n + 1).copied().collect();
            lines.push("    …");
            lines.extend(targets.iter().copied());
            Ok(lines)
        }
        // The title, the kernel, the backend, then the compile error.
        Cut::Compile => parts.get(3).cloned().ok_or("no compile error".into()),
    }
}

/// The grading's report (its words are said when it is rendered).
fn grade(g: &Grading, grader: &Grader) -> SectionReport {
    let section = sections::all().iter().copied().find(|s| s.id() == g.section).expect("a section of the course");
    // Shown as a student's file, as a student runs it.
    let display = format!("exercises/{}/kernel.cu", section.dir());
    let dir = tempfile::Builder::new().prefix("grader-book-sample-").tempdir().unwrap();
    let path = match g.kernel {
        Kernel::File(relative) => workspace_root().join(relative),
        Kernel::Text(text) => {
            let path = dir.path().join("kernel.cu");
            std::fs::write(&path, text).unwrap();
            path
        }
    };
    grader.grade(section, &KernelFile { path, display }, SEED, g.visible_only).expect("the grader runs")
}

/// What `grader <section>` prints in `lang` on the grading's kernel, put in a course of its
/// own (exercises/<dir>/kernel.cu, so the report names it as a student's), without colours.
fn print(g: &Grading, lang: Lang) -> String {
    let section = sections::all().iter().copied().find(|s| s.id() == g.section).expect("a section of the course");
    let course = tempfile::Builder::new().prefix("grader-book-sample-course-").tempdir().unwrap();
    std::fs::copy(workspace_root().join("Cargo.toml"), course.path().join("Cargo.toml")).unwrap();
    let kernel = course.path().join("exercises").join(section.dir()).join("kernel.cu");
    std::fs::create_dir_all(kernel.parent().unwrap()).unwrap();
    let text = match g.kernel {
        Kernel::File(relative) => std::fs::read_to_string(workspace_root().join(relative)).unwrap(),
        Kernel::Text(text) => text.to_string(),
    };
    std::fs::write(&kernel, text).unwrap();
    let seed = SEED.to_string();
    let out = crate::common::grader()
        .args([g.section, "--seed", &seed, "--backend", "emulator", "--compiler", "nvrtc", "--lang", lang.tag()])
        .current_dir(course.path())
        .env("PMPP_NO_PROGRESS", "1")
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn samples_are_current() {
    colored::control::set_override(false);
    let nvrtc = grader::toolchain::nvrtc::get(true).expect("NVRTC");
    let backend = grader::backend::emulator::EmulatorBackend;
    let grader = Grader::new(&backend, grader::toolchain::Compiler::Nvrtc(nvrtc));
    for g in GRADINGS {
        // Graded once here and rendered in each language: the report's words are said as it
        // is rendered (an English word said while grading would show in a Chinese sample, which
        // the_chinese_samples_say_no_english_sentence reads), but for those `by_binary` names.
        let report = (!g.by_binary).then(|| grade(g, &grader));
        for lang in Lang::ALL {
            let report = report.as_ref();
            let text = match report {
                Some(report) => with_lang(lang, || grader::render::section(report, false)),
                None => print(g, lang),
            };
            for &(name, cut) in g.samples {
                let lines = with_lang(lang, || cut_lines(&text, report, cut))
                    .unwrap_or_else(|e| panic!("sample {name} ({lang}): {e} in the report:\n{text}"));
                check_or_update(&sample_path(lang, name), &sample_file(&lines));
            }
        }
    }
}

fn sample_names() -> Vec<&'static str> {
    GRADINGS.iter().flat_map(|g| g.samples.iter().map(|(name, _)| *name)).collect()
}

/// English sentences in a Chinese sample (its text block: the comment above it is the tools').
fn english_in_sample(text: &str) -> Vec<String> {
    let block = text.split_once("```text\n").map_or(text, |(_, block)| block);
    grader::i18n::english_runs(block)
}

/// Spaces set between Chinese words and the full-width punctuation after them ("编译错误 （NVRTC"):
/// the seams of messages joined with an English separator.
fn loose_spaces(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let han = |c: char| ('\u{4e00}'..='\u{9fff}').contains(&c);
    let full_width = |c: char| "（），。：；、".contains(c);
    chars.windows(3).filter(|w| han(w[0]) && w[1] == ' ' && full_width(w[2])).map(|w| w.iter().collect()).collect()
}

#[test]
fn the_chinese_samples_set_no_space_before_full_width_punctuation() {
    for lang in [Lang::ZhHans, Lang::ZhHant] {
        for name in sample_names() {
            let path = sample_path(lang, name);
            let text = std::fs::read_to_string(workspace_root().join(&path)).unwrap_or_else(|e| panic!("{path}: {e}"));
            assert_eq!(loose_spaces(&text), Vec::<String>::new(), "{path}");
        }
    }
    assert_eq!(loose_spaces("  编译错误 （NVRTC 12.9）\n  第 3 行（核函数）"), vec!["误 （"]);
}

#[test]
fn the_chinese_samples_say_no_english_sentence() {
    for lang in [Lang::ZhHans, Lang::ZhHant] {
        for name in sample_names() {
            let path = sample_path(lang, name);
            let text = std::fs::read_to_string(workspace_root().join(&path)).unwrap_or_else(|e| panic!("{path}: {e}"));
            assert_eq!(english_in_sample(&text), Vec::<String>::new(), "{path} holds English");
        }
    }
    // The check reads the block: the English samples are sentences.
    let english = std::fs::read_to_string(workspace_root().join(sample_path(Lang::En, "report-race"))).unwrap();
    assert!(!english_in_sample(&english).is_empty());
    let planted =
        "<!-- comment -->\n```text\n    ✗ 竞争 位于 kernel.cu:33\n        a __syncthreads() is missing\n```\n";
    assert_eq!(english_in_sample(planted), vec!["is missing"]);
}

/// `{{#include <target>}}` lines of `text` whose target names a sample: (the target, the name).
fn sample_includes(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("{{#include ")?.strip_suffix("}}"))
        .filter_map(|target| {
            let name = target.rsplit_once("samples/")?.1.strip_suffix(".md")?;
            Some((target.to_string(), name.to_string()))
        })
        .collect()
}

/// The English pages include every sample, each at least once; each Chinese book's translation
/// of an include names the same sample in its own language's folder.
#[test]
fn the_books_include_their_own_samples() {
    let root = workspace_root();
    let mut included = Vec::new();
    for entry in walkdir::WalkDir::new(root.join("docs")).into_iter().filter_map(Result::ok) {
        if entry.path().extension().is_some_and(|x| x == "md") && !entry.path().starts_with(root.join("docs/generated"))
        {
            let text = std::fs::read_to_string(entry.path()).unwrap();
            for (target, name) in sample_includes(&text) {
                assert_eq!(
                    target.trim_start_matches("../"),
                    format!("generated/samples/{name}.md"),
                    "{:?}",
                    entry.path()
                );
                assert!(
                    sample_names().contains(&name.as_str()),
                    "{:?} includes {name}, which no grading cuts",
                    entry.path()
                );
                included.push(name);
            }
        }
    }
    for name in sample_names() {
        assert!(included.iter().any(|n| n == name), "no page includes the sample {name}");
    }
    for lang in [Lang::ZhHans, Lang::ZhHant] {
        let po = std::fs::read_to_string(root.join(format!("po/{}.po", lang.tag()))).unwrap();
        let errors = include_errors(lang, &po);
        assert_eq!(errors, Vec::<String>::new(), "po/{}.po", lang.tag());
    }
}

/// Each PO message that includes a sample: its translation includes the same one from
/// `generated/<tag>/samples/`.
fn include_errors(lang: Lang, po: &str) -> Vec<String> {
    let mut errors = Vec::new();
    for (msgid, msgstr) in po_messages(po) {
        for (target, name) in sample_includes(&msgid) {
            let own = target.replace("generated/samples/", &format!("generated/{}/samples/", lang.tag()));
            if !sample_includes(&msgstr).iter().any(|(t, _)| *t == own) {
                errors.push(format!("{msgid:?} is translated {msgstr:?}, not `{{{{#include {own}}}}}` ({name})"));
            }
        }
    }
    errors
}

#[test]
fn an_include_of_the_english_sample_in_a_chinese_book_is_caught() {
    let po = "msgid \"{{#include generated/samples/report-race.md}}\"\n\
              msgstr \"{{#include generated/samples/report-race.md}}\"\n\n\
              msgid \"{{#include ../generated/samples/report-seed.md}}\"\n\
              msgstr \"{{#include ../generated/zh-Hans/samples/report-seed.md}}\"\n";
    let errors = include_errors(Lang::ZhHans, po);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("report-race"), "{errors:?}");
    assert_eq!(include_errors(Lang::ZhHant, po).len(), 2, "zh-Hant names its own folder");
}
