//! `--format gradescope`: Gradescope's autograder `results.json` for one section.
//!
//! Points: one per test case (visible, hidden, the metrics case), one per target, one for a
//! clean sanitizer run. The set of tests and their `max_score` depend on the section and seed
//! only, so every submission of an assignment is scored out of the same total, even one that
//! does not compile. Hidden cases are `after_published`; the metrics case's OP/B goes to the
//! leaderboard. A results file is written whatever happens (score 0 and the reason when the
//! kernel cannot be graded), because Gradescope shows nothing useful without one.

use kernels::exercise::{Case, Section};
use serde::Serialize;

use super::rows::{self, Row};
use crate::model::SectionReport;

#[derive(Debug, Serialize, PartialEq)]
pub struct Results {
    pub score: f64,
    pub execution_time: f64,
    pub output: String,
    pub stdout_visibility: &'static str,
    pub tests: Vec<Test>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub leaderboard: Vec<Leader>,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct Test {
    pub name: String,
    pub score: f64,
    pub max_score: f64,
    pub status: &'static str,
    pub visibility: &'static str,
    pub output: String,
    /// "md" where the output holds a table in a code block (Gradescope renders plain text otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_format: Option<&'static str>,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct Leader {
    pub name: &'static str,
    pub value: f64,
    pub order: &'static str,
}

fn test(name: String, passed: bool, visibility: &'static str, output: String) -> Test {
    Test {
        name,
        score: if passed { 1.0 } else { 0.0 },
        max_score: 1.0,
        status: if passed { "passed" } else { "failed" },
        visibility,
        output,
        output_format: None,
    }
}

/// Every test at 0 with one reason: a kernel that could not be graded at all. The same tests as
/// a graded kernel gets, the instructor's `private` cases included (before the metrics case, as
/// the grader runs them), so that every submission is scored out of the same total.
pub fn not_graded(section: Option<&dyn Section>, seed: u64, private: &[Case], reason: &str) -> Results {
    let tests = match section {
        Some(s) => rows::unrun(s, seed, private).into_iter().map(row_test).collect(),
        None => vec![test("grading".into(), false, "visible", reason.to_string())],
    };
    Results {
        score: 0.0,
        execution_time: 0.0,
        output: reason.to_string(),
        stdout_visibility: "hidden",
        tests,
        leaderboard: vec![],
    }
}

fn row_test(row: Row) -> Test {
    let mut t = test(row.name, row.passed, if row.hidden { "after_published" } else { "visible" }, row.output);
    if row.markdown {
        t.output_format = Some("md");
    }
    t
}

/// The results of a graded section.
pub fn from_report(section: &dyn Section, r: &SectionReport, private: &[Case]) -> Results {
    if !r.compile.ok {
        let mut out = not_graded(Some(section), r.seed, private, "");
        out.output = rows::compile_failure(r);
        return out;
    }
    if let Some(p) = &r.problem {
        return not_graded(Some(section), r.seed, private, &p.message.to_string());
    }
    let tests: Vec<Test> = rows::graded(r).into_iter().map(row_test).collect();
    let mut leaderboard: Vec<Leader> = r
        .metrics
        .iter()
        .map(|m| Leader { name: "OP/B", value: (m.op_per_byte * 100.0).round() / 100.0, order: "desc" })
        .collect();
    // A challenge timed on the GPU: its time and its share of the copy bandwidth.
    if let Some(s) = &r.speed {
        leaderboard.push(Leader { name: "time (ms)", value: (s.median_ms * 1000.0).round() / 1000.0, order: "asc" });
        leaderboard.push(Leader { name: "% of copy", value: (s.percent_of_copy * 10.0).round() / 10.0, order: "desc" });
    }
    Results {
        score: tests.iter().map(|t| t.score).sum(),
        execution_time: (r.seconds * 100.0).round() / 100.0,
        output: rows::summary(r),
        stdout_visibility: "hidden",
        tests,
        leaderboard,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_graded_keeps_the_same_tests_at_zero() {
        let s = section_7_4::section();
        let r = not_graded(Some(s), 7, &[], "no kernel");
        let n_cases = crate::plan::cases(s, 7, false, &[]).len();
        assert_eq!(r.tests.len(), n_cases + s.targets().len() + 1);
        assert_eq!(r.score, 0.0);
        assert!(r.tests.iter().all(|t| t.max_score == 1.0 && t.status == "failed"));
        assert!(r.tests.iter().any(|t| t.visibility == "after_published"), "hidden cases are hidden until published");
        let json = serde_json::to_value(&r).unwrap();
        assert!(json.get("leaderboard").is_none());
        assert_eq!(json["output"], "no kernel");
        let unknown = not_graded(None, 7, &[], "unknown section `9.9`");
        assert_eq!(unknown.tests.len(), 1);
        // An instructor's private case counts whether or not the kernel compiles.
        let mut private = crate::plan::cases(s, 8, false, &[]).remove(2).0;
        private.name = "private: 77x33".into();
        let with_private = not_graded(Some(s), 7, &[private], "does not compile");
        assert_eq!(with_private.tests.len(), r.tests.len() + 1);
        assert!(with_private.tests.iter().any(|t| t.name.contains("private: 77x33")));
    }

    #[test]
    fn a_graded_report_scores_each_test_target_and_the_sanitizer() {
        use crate::model::{CompileReport, FindingReport, MetricsReport, TargetReport, TestReport};
        use kernels::exercise::{Compare, Metric, Visibility};
        let t = |name: &str, vis: Visibility, passed: bool, metrics_case: bool| TestReport {
            name: name.into(),
            label: crate::i18n::Text::plain(name),
            visibility: vis,
            passed,
            message: if passed { String::new() } else { "3 of 16 elements wrong".to_string() }.into(),
            size: "4×4".into(),
            metrics_case,
            mismatch: None,
            printf: vec![],
            printf_more: 0,
            changed_input: false,
        };
        let r = SectionReport {
            section: "7.4".into(),
            title: "Tiled convolution with halo cells".into(),
            kernel: "kernel.cu".into(),
            backend: "emulator".into(),
            compiler: String::new(),
            seed: 11,
            passed: false,
            not_measured: Vec::new(),
            compile: CompileReport { ok: true, log: String::new(), defines: String::new() },
            tests: vec![
                t("textbook", Visibility::Visible, true, false),
                t("odd size", Visibility::Hidden, false, false),
                t("metrics: 1024x1024", Visibility::Hidden, true, true),
            ],
            metrics: Some(MetricsReport {
                case: "1024x1024 r=2".into(),
                flops: 100,
                executed_flops: 100,
                global_load_bytes: 10,
                op_per_byte: 9.4567,
                global_load_requests: 0,
                global_load_sectors: 0,
                global_store_bytes: 0,
                shared_bytes_per_block: 4096,
                other_float_ops: 0,
                unique_global_load_bytes: 0,
                shared_bank_conflicts: 0,
                barriers: 0,
                threads: 0,
                blocks: 0,
                gpu: None,
                lines: vec![crate::model::LineReport {
                    file: "kernel.cu".into(),
                    line: 23,
                    source: Some("Pvalue += F[fRow][fCol] * N[inRow * width + inCol];".into()),
                    warp_instructions: 4,
                    global_loads: 25,
                    global_load_bytes: 100,
                    global_load_requests: 1,
                    global_load_sectors: 4,
                    global_load_minimum_sectors: 4,
                    global_store_bytes: 0,
                    shared_load_bytes: 0,
                    shared_store_bytes: 0,
                    shared_bank_conflicts: 0,
                    flops: 50,
                    ..Default::default()
                }],
                output_elements: 1,
                shown: vec![],
            }),
            speed: None,
            speed_model: None,
            speed_reference: None,
            targets: vec![TargetReport {
                name: Metric::OpPerByte,
                op: Compare::AtLeast,
                target: 9.0,
                measured: Some(9.4567),
                textbook: Some(9.57),
                passed: true,
                advice: "tile it".to_string().into(),
                skipped: None,
                second: None,
                at_most: None,
                estimated_at_most: None,
            }],
            variants: None,
            architectures: None,
            findings: vec![FindingReport {
                kind: ::emulator::FindingKind::Race,
                message: Default::default(),
                file: Some("kernel.cu".into()),
                line: Some(23),
                block: [1, 0, 0],
                thread: [3, 1, 0],
                case: "odd size".into(),
                source_line: None,
                called_from: vec![],
                line_inferred: false,
                count: 2,
                consequence_of: None,
                advice: None,
            }],
            findings_more: 0,
            findings_occurrences: 0,
            problem: None,
            visible_only: false,
            seconds: 1.234,
        };
        let out = from_report(section_7_4::section(), &r, &[]);
        assert_eq!((out.score, out.tests.len()), (3.0, 5));
        let metrics_test = &out.tests[2];
        assert_eq!(metrics_test.output_format, Some("md"));
        assert!(metrics_test.output.contains("   23  Pvalue += F[fRow][fCol]"), "{}", metrics_test.output);
        insta::assert_json_snapshot!("gradescope_results", out);

        // A missed traffic target names the line that loads most.
        let mut missed = r;
        missed.targets[0].passed = false;
        let out = from_report(section_7_4::section(), &missed, &[]);
        let target = out.tests.iter().find(|t| t.name.contains("op_per_byte")).unwrap();
        assert!(target.output.contains("kernel.cu:23 makes 25 global loads per output"), "{}", target.output);
    }
}
