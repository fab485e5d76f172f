//! `--format prairielearn`: PrairieLearn's external-grader `results.json` for one section (its
//! format: PrairieLearn's docs, `externalGrading.md`; checked against
//! `grader/prairielearn/results.schema.json`).
//!
//! The tests are Gradescope's rows (`render::rows`), one point each, the same whatever happens.
//! A kernel that does not compile, or is not the kernel the grader calls (its name, its
//! parameters), is `gradable: false`: PrairieLearn then charges no attempt and shows the
//! `format_errors`. A hidden case shows its size and verdict but none of its data (every student
//! of a question meets the same hidden cases). A missed traffic target carries the reuse maps and
//! the block view as PNG, and the whole file stays under PrairieLearn's 1 MB.

use kernels::exercise::{Case, Metric, Section};
use serde::Serialize;

use super::buffers::{kernel_parameter_names, Launched};
use super::rows::{self, Row};
use crate::backend::Outcome;
use crate::course::KernelFile;
use crate::model::{ProblemKind, SectionReport};
use crate::plan::{self, RowKind};
use crate::t;
use crate::toolchain::limits::shorten;

/// PrairieLearn's limit on results.json.
pub const MAX_RESULTS_BYTES: usize = 1_000_000;
/// One image at most (a reuse map is 10 to 60 KB).
const MAX_IMAGE_BYTES: usize = 300_000;

#[derive(Debug, Serialize)]
pub struct Results {
    pub gradable: bool,
    pub score: f64,
    pub message: String,
    pub output: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub format_errors: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<Image>,
    pub tests: Vec<Test>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Image {
    pub label: String,
    /// `data:image/png;base64,…`
    pub url: String,
}

#[derive(Debug, Serialize)]
pub struct Test {
    pub name: String,
    pub description: String,
    pub points: f64,
    pub max_points: f64,
    pub message: String,
    pub output: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<Image>,
}

/// Whether a target's figures are the traffic views (the reuse maps and one block's loads).
fn is_traffic(metric: Metric) -> bool {
    matches!(
        metric,
        Metric::OpPerByte
            | Metric::GlobalLoadBytesPerOutput
            | Metric::GlobalLoadsPerElement
            | Metric::GlobalLoadSectorsPerRequest
            | Metric::GlobalLoadSectorsOverMinimum
            | Metric::GlobalLoadUncoalescedSectorsPerOutput
    )
}

/// Whether a traffic target was measured and missed: the views are worth drawing then.
pub fn traffic_missed(r: &SectionReport) -> bool {
    r.targets.iter().any(|t| !t.passed && t.skipped.is_none() && t.measured.is_some() && is_traffic(t.name))
}

fn description(row: &Row) -> String {
    match row.kind {
        RowKind::Target(metric) => t!(report_pl_target, metric = metric.as_str()),
        RowKind::Test if row.hidden => t!(report_pl_hidden_test),
        RowKind::Test => t!(report_pl_test),
        RowKind::Sanitizer => t!(report_pl_sanitizer),
    }
}

fn test(row: Row) -> Test {
    let description = description(&row);
    let output = if row.hidden && row.ran {
        let verdict = if row.passed { t!(report_pl_right) } else { t!(report_pl_wrong) };
        format!("{}: {verdict}", row.summary)
    } else if row.markdown {
        // PrairieLearn shows output as plain text: the Markdown fence goes.
        row.output.replace("```text\n", "").replace("```", "")
    } else {
        row.output
    };
    Test {
        description,
        name: row.name,
        points: if row.passed { 1.0 } else { 0.0 },
        max_points: 1.0,
        message: match (row.ran, row.passed) {
            (false, _) => t!(report_row_not_run),
            (true, true) => t!(report_pl_passed),
            (true, false) => t!(report_pl_failed),
        },
        output,
        images: Vec::new(),
    }
}

/// Every row at 0: a submission that was not graded. `gradable: false` charges no attempt (a
/// kernel that does not compile, a file that is missing, a grader that could not run).
pub fn not_graded(
    section: Option<&dyn Section>,
    seed: u64,
    private: &[Case],
    reason: &str,
    format_errors: Vec<String>,
) -> Results {
    let tests = match section {
        Some(s) => rows::unrun(s, seed, private).into_iter().map(test).collect(),
        None => Vec::new(),
    };
    Results {
        gradable: false,
        score: 0.0,
        message: reason.lines().next().unwrap_or_default().to_string(),
        output: reason.to_string(),
        format_errors,
        images: Vec::new(),
        tests,
    }
}

/// The compiler's error lines ("kernel.cu(12): error: …", clang's "kernel.cu:12:5: error: …").
pub fn error_lines(log: &str) -> Vec<String> {
    let errors: Vec<String> = log.lines().filter(|l| l.contains("error")).map(|l| l.trim().to_string()).collect();
    if errors.is_empty() {
        log.lines().find(|l| !l.trim().is_empty()).map(|l| vec![l.trim().to_string()]).unwrap_or_default()
    } else {
        errors
    }
}

/// The results of a graded section; `images` are the traffic views of a missed traffic target
/// (see [`traffic_images`]).
pub fn from_report(section: &dyn Section, r: &SectionReport, private: &[Case], images: Vec<Image>) -> Results {
    if !r.compile.ok {
        let log = rows::compile_failure(r);
        return not_graded(Some(section), r.seed, private, &log, error_lines(&r.compile.log));
    }
    if let Some(p) = r.problem.as_ref().filter(|p| p.kind != ProblemKind::Launch) {
        let message = p.message.to_string();
        return not_graded(Some(section), r.seed, private, &message, vec![message.clone()]);
    }
    let rows = if r.problem.is_some() { rows::unrun(section, r.seed, private) } else { rows::graded(r) };
    let mut images = Some(images);
    let tests: Vec<Test> = rows
        .into_iter()
        .map(|row| {
            let traffic_missed = !row.passed && matches!(row.kind, RowKind::Target(m) if is_traffic(m));
            let mut t = test(row);
            if traffic_missed {
                t.images = images.take().unwrap_or_default();
            }
            t
        })
        .collect();
    let max: f64 = tests.iter().map(|t| t.max_points).sum();
    let points: f64 = tests.iter().map(|t| t.points).sum();
    let mut message = rows::summary(r);
    if let Some(p) = &r.problem {
        message = format!("{message} {}", p.message.to_string().lines().next().unwrap_or_default());
    }
    if !super::png::AVAILABLE && traffic_missed(r) {
        message.push_str(&t!(report_pl_no_png));
    }
    let results = Results {
        gradable: true,
        score: if max > 0.0 { points / max } else { 0.0 },
        message,
        output: super::section(&without_hidden_data(r), false),
        format_errors: Vec::new(),
        images: Vec::new(),
        tests,
    };
    within_limit(results)
}

/// The report as a student may see it: a hidden case's wrong values and printout left out.
fn without_hidden_data(r: &SectionReport) -> SectionReport {
    let mut r = r.clone();
    for t in r.tests.iter_mut().filter(|t| plan::is_hidden(t.visibility, t.metrics_case)) {
        t.mismatch = None;
        t.printf.clear();
        t.printf_more = 0;
    }
    r
}

/// The traffic views of the metrics case's launch as PNG: each input buffer's reuse map and the
/// middle block's loads (`launch`: the case as launched and what it recorded).
pub fn traffic_images(section: &dyn Section, file: &KernelFile, launch: &(Case, Outcome)) -> Vec<Image> {
    let (case, outcome) = launch;
    let names = kernel_parameter_names(file, section).unwrap_or_default();
    let launched = Launched { case, names };
    let title = format!("{} {} — {}", section.id(), crate::course::sections::title_in_language(section), file.display);
    let mut figures = Vec::new();
    if let Some(loads) = &outcome.views.loads_per_element {
        for b in launched.reuse(section, loads.clone(), None).unwrap_or_default() {
            let label = t!(report_pl_image_loads, label = b.label().to_string());
            figures.push((label, super::svg::reuse_map(&title, &b)));
        }
    }
    if let Some(view) = &outcome.views.block {
        let drawn = launched.drawn(view);
        let [x, y, z] = view.block;
        figures.push((
            t!(report_pl_image_block, block = format!("({x}, {y}, {z})")),
            super::svg::block_view(&title, view, &drawn, case.geometry.block[0]),
        ));
    }
    figures
        .into_iter()
        .filter_map(|(label, svg)| {
            let png = super::png::from_svg(&svg).ok()?;
            (png.len() <= MAX_IMAGE_BYTES).then(|| Image { label, url: super::png::data_url(&png) })
        })
        .collect()
}

fn size(results: &Results) -> usize {
    serde_json::to_string(results).map_or(usize::MAX, |s| s.len())
}

/// The results cut to PrairieLearn's 1 MB, saying what was left out: images first (the largest
/// first), then the text report's tail, then each test's output past 2 KB.
pub fn within_limit(mut results: Results) -> Results {
    let mut dropped = 0;
    while size(&results) > MAX_RESULTS_BYTES {
        let largest = results
            .tests
            .iter_mut()
            .map(|t| &mut t.images)
            .chain(std::iter::once(&mut results.images))
            .filter(|images| !images.is_empty())
            .max_by_key(|images| images.iter().map(|i| i.url.len()).max().unwrap_or(0));
        let Some(images) = largest else { break };
        let at = (0..images.len()).max_by_key(|&i| images[i].url.len()).expect("not empty");
        images.remove(at);
        dropped += 1;
    }
    let mut cut = false;
    let over = size(&results).saturating_sub(MAX_RESULTS_BYTES);
    if over > 0 {
        let keep = results.output.len().saturating_sub(over + 1000);
        results.output = shorten(std::mem::take(&mut results.output), keep, "");
        cut = true;
    }
    if size(&results) > MAX_RESULTS_BYTES {
        for t in &mut results.tests {
            t.output = shorten(std::mem::take(&mut t.output), 2000, "");
        }
    }
    if dropped > 0 || cut {
        let images = if dropped > 0 { t!(report_pl_images_dropped, count = dropped) } else { String::new() };
        let report = if cut { t!(report_pl_report_cut) } else { String::new() };
        results.message.push_str(&t!(report_pl_left_out, images = images, report = report));
    }
    results
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_lines_are_the_compilers_errors() {
        let nvrtc = "kernel.cu(12): error: identifier \"x\" is undefined\n  x = 1;\n  ^\n\n1 error detected";
        assert_eq!(error_lines(nvrtc), ["kernel.cu(12): error: identifier \"x\" is undefined", "1 error detected"]);
        let clang = "kernel.cu:3:5: error: use of undeclared identifier 'y'\n    y = 2;\n";
        assert_eq!(error_lines(clang), ["kernel.cu:3:5: error: use of undeclared identifier 'y'"]);
        assert_eq!(error_lines("\nthe compiler stopped\n"), ["the compiler stopped"]);
    }

    #[test]
    fn results_over_one_megabyte_lose_images_then_text_and_say_so() {
        let image = |kb: usize| Image { label: "map".into(), url: "A".repeat(kb * 1000) };
        let t = |images: Vec<Image>| Test {
            name: "t".into(),
            description: String::new(),
            points: 0.0,
            max_points: 1.0,
            message: String::new(),
            output: "o".repeat(10_000),
            images,
        };
        let results = Results {
            gradable: true,
            score: 0.5,
            message: "Section 7.4: not yet.".into(),
            output: "report ".repeat(100_000),
            format_errors: vec![],
            images: vec![image(200)],
            tests: vec![t(vec![image(250), image(300)]), t(vec![])],
        };
        assert!(size(&results) > 1_400_000);
        let fitted = within_limit(results);
        assert!(size(&fitted) <= MAX_RESULTS_BYTES, "{}", size(&fitted));
        // 1.45 MB: the 300 KB and 250 KB images go, the 200 KB one stays.
        assert_eq!(fitted.tests[0].images.len(), 0);
        assert_eq!(fitted.images.len(), 1);
        assert!(
            fitted.message.ends_with("(2 images left out: results.json must stay under 1 MB)"),
            "{}",
            fitted.message
        );
        assert_eq!(fitted.output.len(), 700_000, "the report fits whole");

        let mut huge = fitted;
        huge.output = "x".repeat(2_000_000);
        let fitted = within_limit(huge);
        assert!(size(&fitted) <= MAX_RESULTS_BYTES);
        assert!(fitted.output.ends_with("more bytes left out)"));
        assert!(fitted.message.contains("part of the report left out"), "{}", fitted.message);
    }
}
