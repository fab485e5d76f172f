//! The book's sample reports, cut from real gradings: docs/generated/samples/<name>.md in
//! English, docs/generated/zh-Hans/samples/<name>.md and docs/generated/zh-Hant/samples/<name>.md
//! in Chinese, each a text block the pages include (`{{#include generated/samples/<name>.md}}`;
//! a Chinese book's translation of that line names its own language's file).
//!
//! * `samples_are_current` grades each sample's kernel (seed 1234, the emulator, NVRTC) and
//!   renders the report in each language, as `grader` prints it (no colours, no time), then cuts
//!   the sample's lines out of it: it FAILS when a committed sample differs, and rewrites the
//!   files with `UPDATE_BOOK_FIGURES=1` instead. One grading also draws the PrairieLearn
//!   figures (docs/figures/prairielearn-*.png), checked byte for byte the same way.
//!   `challenge_samples_are_current` does the same for the challenge's speed samples, and
//!   `traffic_samples_are_current` for `traffic`'s (book_samples_traffic.rs).
//! * `the_chinese_samples_say_no_english_sentence` reads the committed Chinese samples.
//! * `the_books_include_their_own_samples` checks the pages and the PO files.
//!
//! Small gradings: the visible tests only where the sample shows a test or a finding. Full
//! gradings where it shows targets or a verdict (which need the metrics cases, or every test):
//! 7.4's metrics and targets (a kernel that reads every tap from global memory), the second
//! metrics case's target, three of the challenge's kernels, and `traffic`'s two solutions; a
//! compile error is quick.

use std::path::Path;

use grader::backend::{Views, Watch};
use grader::course::{sections, KernelFile};
use grader::grade::{Graded, Grader};
use grader::i18n::{with_lang, Lang};
use grader::model::SectionReport;

use crate::book_figures::{check_or_update, figure_path};
use crate::book_hand_figures::po_messages;
use crate::book_samples_traffic::{cut_traffic, traffic_texts, TRAFFIC_RUNS};

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

/// 7.2's reference, printing its first output (the book's sample of `printf` under a test).
const PRINTS_ITS_FIRST_OUTPUT: &str = r#"// A kernel that prints, for the book's sample report (grader/tests/suite/book_samples.rs).
extern "C" __global__ void convolution_2D_basic_kernel(float *N, float *F, float *P, int r,
                                                       int width, int height) {
    int outCol = blockIdx.x * blockDim.x + threadIdx.x;
    int outRow = blockIdx.y * blockDim.y + threadIdx.y;
    if (outCol >= width || outRow >= height) return;

    float Pvalue = 0.0f;
    for (int fRow = 0; fRow < 2 * r + 1; fRow++) {
        for (int fCol = 0; fCol < 2 * r + 1; fCol++) {
            int inRow = outRow - r + fRow;
            int inCol = outCol - r + fCol;
            if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width) {
                Pvalue += F[fRow * (2 * r + 1) + fCol] * N[inRow * width + inCol];
            }
        }
    }
    if (outCol == 0 && outRow == 0) printf("Pvalue %f\n", Pvalue);
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
    /// The target of this metric (its line and the lines under it).
    Target(&'static str),
    /// The speed model's block, then the targets' heading and the target of this metric.
    SpeedAndTarget(&'static str),
    /// The speed model's lines `from..to` after its heading (0: the bound, 1: the estimate, …).
    SpeedLines(usize, usize),
    /// The target of this metric, then the verdict.
    TargetAndVerdict(&'static str),
}

/// One grading and the samples cut from it.
struct Grading {
    section: &'static str,
    kernel: Kernel,
    visible_only: bool,
    /// Graded by the `grader` binary in each language (a whole grading, printed): for words the
    /// grader says while it grades, off this thread (a compiler's log).
    by_binary: bool,
    /// Also draws the traffic images PrairieLearn's results carry, as the book's figures of
    /// these names (the reuse map of the first input, the middle block's view).
    figures: Option<[&'static str; 2]>,
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
        figures: None,
        samples: &[("report-wrong-output", Cut::Test(1))],
    },
    Grading {
        section: "7.4",
        kernel: Kernel::File("grader/wrong/7.4/missing-syncthreads.cu"),
        visible_only: true,
        by_binary: false,
        figures: None,
        samples: &[("report-race", Cut::Finding(0))],
    },
    Grading {
        section: "7.4",
        kernel: Kernel::File("grader/wrong/7.4/global-reads-in-loop.cu"),
        visible_only: false,
        by_binary: false,
        figures: Some(["prairielearn-reuse-map", "prairielearn-block-view"]),
        // The seed's line too: a grading of the visible tests alone has no seed.
        samples: &[("report-targets", Cut::MetricsAndTargets(4)), ("report-seed", Cut::SeedLine)],
    },
    Grading {
        section: "7.2",
        kernel: Kernel::Text(INCLUDES_A_PATH),
        visible_only: false,
        by_binary: true,
        figures: None,
        samples: &[("report-compile-include", Cut::Compile)],
    },
    Grading {
        section: "7.2",
        kernel: Kernel::Text(PRINTS_ITS_FIRST_OUTPUT),
        visible_only: true,
        by_binary: false,
        figures: None,
        samples: &[("report-printf", Cut::Test(1))],
    },
    Grading {
        section: "7.4",
        kernel: Kernel::File("grader/hostile/7.4/metrics-case-width.cu"),
        visible_only: false,
        by_binary: false,
        figures: None,
        samples: &[("report-second-metrics-case", Cut::Target("op_per_byte"))],
    },
];

/// The challenge's speed target without a GPU (certain, estimated, not graded) and the speed
/// model's lines: three full gradings (5 to 6 s each), in a test of their own so that the tests
/// run side by side.
const CHALLENGE_GRADINGS: &[Grading] = &[
    Grading {
        section: "challenge-2d",
        kernel: Kernel::File("grader/wrong/challenge-2d/tiled-7.4-style.cu"),
        visible_only: false,
        by_binary: false,
        figures: None,
        samples: &[
            ("challenge-cannot-reach", Cut::Target("percent_of_copy")),
            ("speed-tiled-7.4-style", Cut::SpeedAndTarget("percent_of_copy")),
        ],
    },
    Grading {
        section: "challenge-2d",
        kernel: Kernel::File("solutions/challenge-2d/kernel.cu"),
        visible_only: false,
        by_binary: false,
        figures: None,
        samples: &[("challenge-not-graded", Cut::TargetAndVerdict("percent_of_copy"))],
    },
    Grading {
        section: "challenge-2d",
        kernel: Kernel::File("grader/wrong/challenge-2d/one-warp-blocks.cu"),
        visible_only: false,
        by_binary: false,
        figures: None,
        samples: &[
            ("challenge-estimated-below", Cut::Target("percent_of_copy")),
            // The estimate and the occupancy it found.
            ("speed-occupancy", Cut::SpeedLines(1, 3)),
        ],
    },
];

pub(crate) fn workspace_root() -> &'static Path {
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

/// A sample of `traffic`'s text: its seed is `traffic`'s own.
fn sample_file_of_traffic(lines: &[&str]) -> String {
    sample_file(lines).replacen(&format!("(seed {SEED})"), "(traffic's seed, 1)", 1)
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
        Cut::Target(metric) => target_of(&parts, metric),
        Cut::SpeedAndTarget(metric) => {
            let targets_at = at(&grader::t!(report_targets)).ok_or("no targets part")?;
            let mut lines = speed_part(&parts)?.to_vec();
            // The heading and the columns' heading.
            lines.extend(parts[targets_at].iter().take(2));
            lines.extend(target_of(&parts, metric)?);
            Ok(lines)
        }
        Cut::SpeedLines(from, to) => {
            let speed = speed_part(&parts)?;
            speed.get(1 + from..1 + to).map(<[&str]>::to_vec).ok_or(format!("no speed lines {from}..{to}"))
        }
        Cut::TargetAndVerdict(metric) => {
            let mut lines = target_of(&parts, metric)?;
            lines.push("");
            lines.extend(parts.last().ok_or("no verdict")?);
            Ok(lines)
        }
    }
}

/// The targets part's item of `metric`.
fn target_of<'a>(parts: &[Vec<&'a str>], metric: &str) -> Result<Vec<&'a str>, String> {
    let targets = parts.iter().find(|p| p[0].trim() == grader::t!(report_targets)).ok_or("no targets part")?;
    let named = |item: &&Vec<&str>| item[0].split_whitespace().nth(1) == Some(metric);
    items(targets).iter().find(named).cloned().ok_or(format!("no target {metric}"))
}

/// The speed model's part: the one before the targets (in a challenge's report).
fn speed_part<'a, 'p>(parts: &'p [Vec<&'a str>]) -> Result<&'p [&'a str], String> {
    let targets_at = parts.iter().position(|p| p[0].trim() == grader::t!(report_targets)).ok_or("no targets part")?;
    let speed = &parts[targets_at.checked_sub(1).ok_or("nothing before the targets")?];
    // The bound and the estimate at least, under the heading.
    match speed.len() {
        3.. => Ok(speed),
        _ => Err("no speed part".into()),
    }
}

/// The grading's report (its words are said when it is rendered), and the metrics case's launch
/// with its traffic views where the grading draws figures.
fn grade(g: &Grading, grader: &Grader) -> Graded {
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
    // The views PrairieLearn's results draw (commands/grade.rs).
    let views = match g.figures {
        Some(_) => Views { loads_per_element: true, block: Some(Watch::default()) },
        None => Views::default(),
    };
    let file = KernelFile { path, display };
    grader.grade_with_views(section, &file, SEED, g.visible_only, views).expect("the grader runs")
}

/// The languages the PrairieLearn figures are drawn in: each book shows its own (grader/assets
/// has a Chinese font for the Chinese figures' words).
const FIGURE_LANGUAGES: [Lang; 3] = [Lang::En, Lang::ZhHans, Lang::ZhHant];

/// The traffic images of `graded`'s metrics case as PrairieLearn's results carry them (PNG, drawn
/// from the same SVG as `traffic --svg`), checked as docs/figures/<name>.png.
fn check_figures(g: &Grading, graded: &Graded, names: [&str; 2]) {
    use base64::Engine as _;
    let section = sections::all().iter().copied().find(|s| s.id() == g.section).expect("a section of the course");
    let Kernel::File(relative) = g.kernel else { panic!("figures are drawn of a kernel file") };
    let file =
        KernelFile { path: workspace_root().join(relative), display: format!("exercises/{}/kernel.cu", section.dir()) };
    let launch = graded.metrics_run.as_ref().expect("the metrics case ran");
    for lang in FIGURE_LANGUAGES {
        let images = with_lang(lang, || grader::render::prairielearn::traffic_images(section, &file, launch));
        assert_eq!(images.len(), names.len(), "{lang}: {:?}", images.iter().map(|i| &i.label).collect::<Vec<_>>());
        for (image, name) in images.iter().zip(names) {
            let base64 = image.url.strip_prefix("data:image/png;base64,").expect("a PNG data URL");
            let png = base64::engine::general_purpose::STANDARD.decode(base64).expect("base64");
            let folder = match lang {
                Lang::En => "docs/figures".to_string(),
                _ => format!("docs/figures/{}", lang.tag()),
            };
            check_or_update_bytes(&format!("{folder}/{name}.png"), &png);
        }
    }
}

/// `check_or_update` for a binary file.
fn check_or_update_bytes(relative: &str, rendered: &[u8]) {
    let path = workspace_root().join(relative);
    if std::env::var("UPDATE_BOOK_FIGURES").is_ok_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, rendered).unwrap_or_else(|e| panic!("cannot write {relative}: {e}"));
        eprintln!("rewrote {relative}");
        return;
    }
    let committed = std::fs::read(&path).unwrap_or_default();
    assert!(
        committed == rendered,
        "{relative} is not what the grader draws now ({} bytes committed, {} drawn): \
         UPDATE_BOOK_FIGURES=1 cargo test -p grader --test suite book_samples",
        committed.len(),
        rendered.len()
    );
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

/// The grader the samples are graded with: the emulator, NVRTC, no colours.
fn sample_grader(run: impl FnOnce(&Grader)) {
    colored::control::set_override(false);
    let nvrtc = grader::toolchain::nvrtc::get(true).expect("NVRTC");
    let backend = grader::backend::emulator::EmulatorBackend;
    run(&Grader::new(&backend, grader::toolchain::Compiler::Nvrtc(nvrtc)));
}

/// Each grading's samples (and figures) in each language, checked or rewritten.
fn check_gradings(gradings: &[Grading], grader: &Grader) {
    for g in gradings {
        // Graded once here and rendered in each language: the report's words are said as it
        // is rendered (an English word said while grading would show in a Chinese sample, which
        // the_chinese_samples_say_no_english_sentence reads), but for those `by_binary` names.
        let graded = (!g.by_binary).then(|| grade(g, grader));
        if let (Some(graded), Some(names)) = (&graded, g.figures) {
            check_figures(g, graded, names);
        }
        for lang in Lang::ALL {
            let report = graded.as_ref().map(|g| &g.report);
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

#[test]
fn samples_are_current() {
    sample_grader(|grader| check_gradings(GRADINGS, grader));
}

#[test]
fn challenge_samples_are_current() {
    sample_grader(|grader| check_gradings(CHALLENGE_GRADINGS, grader));
}

#[test]
fn traffic_samples_are_current() {
    sample_grader(|grader| {
        for run in TRAFFIC_RUNS {
            for (lang, text) in traffic_texts(run, grader) {
                for &(name, cut) in run.samples {
                    let lines = cut_traffic(&text, cut)
                        .unwrap_or_else(|e| panic!("sample {name} ({lang}): {e} in traffic's text:\n{text}"));
                    check_or_update(&sample_path(lang, name), &sample_file_of_traffic(&lines));
                }
            }
        }
    });
}

/// The line a challenge's report prints on a GPU under a kernel that missed 80% of copy: the
/// reference timed in the same run. No GPU here: the grader's own message, said in each
/// language with the figures an H200 gave (the 2D reference, `tools/gpu/every-card.sh`).
const GPU_REFERENCE_SAMPLE: &str = "challenge-gpu-reference";

#[test]
fn the_gpu_timed_sample_is_the_graders_line() {
    for lang in [Lang::En, Lang::ZhHans, Lang::ZhHant] {
        let line = with_lang(lang, || {
            grader::t!(
                report_speed_reference,
                ms = "0.153",
                percent = "83",
                tolerance = format!("{:.0}", (grader::speed::PACE_TOLERANCE - 1.0) * 100.0)
            )
        });
        let text = format!("    {line}");
        let file = sample_file(&[text.as_str()]).replacen(
            &format!("from a grading (seed {SEED})"),
            "from the grader's message with an H200's figures",
            1,
        );
        check_or_update(&sample_path(lang, GPU_REFERENCE_SAMPLE), &file);
    }
}

fn sample_names() -> Vec<&'static str> {
    let traffic = TRAFFIC_RUNS.iter().flat_map(|r| r.samples.iter().map(|(name, _)| *name));
    let gradings = GRADINGS.iter().chain(CHALLENGE_GRADINGS);
    let all = gradings.flat_map(|g| g.samples.iter().map(|(name, _)| *name)).chain(traffic);
    all.chain([GPU_REFERENCE_SAMPLE]).collect()
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
