//! The report in Chinese: the report's own words translated, its tables lined up by the
//! columns a terminal gives each character (a CJK one takes two).

// `String::from(..).into()`: the model's texts become `i18n::Text` (from a String) in time.
#![allow(clippy::useless_conversion)]

use ::emulator::FindingKind;
use kernels::exercise::{Compare, Metric, Visibility};

use crate::i18n::{width, with_lang, Lang};
use crate::model::{CompileReport, FindingReport, LineReport, MetricsReport, SectionReport, TargetReport, TestReport};

fn test(name: &str, visibility: Visibility, passed: bool, metrics_case: bool) -> TestReport {
    TestReport {
        name: name.into(),
        label: crate::i18n::Text::plain(name),
        visibility,
        passed,
        message: if passed { Default::default() } else { String::from("3 of 16 elements wrong").into() },
        size: "77×33".into(),
        metrics_case,
        mismatch: None,
        printf: vec![],
        printf_more: 0,
        changed_input: false,
    }
}

fn report() -> SectionReport {
    let line = |line: u32, source: &str, loads: u64| LineReport {
        file: "kernel.cu".into(),
        line,
        source: Some(source.into()),
        global_loads: loads,
        global_load_bytes: 4 * loads,
        global_load_requests: loads / 32,
        global_load_sectors: loads / 8,
        global_load_minimum_sectors: loads / 8,
        flops: 2 * loads,
        ..Default::default()
    };
    SectionReport {
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
            test("textbook", Visibility::Visible, true, false),
            test("odd size", Visibility::Hidden, false, false),
            test("metrics: 1024x1024", Visibility::Hidden, true, true),
        ],
        metrics: Some(MetricsReport {
            case: "1024x1024 r=2".into(),
            flops: 52_305_992,
            executed_flops: 52_305_992,
            global_load_bytes: 209_223_968,
            op_per_byte: 0.25,
            global_load_requests: 1_637_120,
            global_load_sectors: 5_380_248,
            global_store_bytes: 4_194_304,
            shared_bytes_per_block: 0,
            other_float_ops: 0,
            unique_global_load_bytes: 0,
            shared_bank_conflicts: 0,
            barriers: 0,
            threads: 1_048_576,
            blocks: 4096,
            gpu: None,
            lines: vec![
                line(23, "Pvalue += F[fRow][fCol] * N[inRow * width + inCol];", 26_214_400),
                line(31, "P[row * width + col] = Pvalue;", 1_048_576),
            ],
            output_elements: 1_048_576,
            shown: vec![],
        }),
        speed: None,
        speed_model: None,
        speed_reference: None,
        targets: vec![
            TargetReport {
                name: Metric::OpPerByte,
                op: Compare::AtLeast,
                target: 3.0,
                measured: Some(0.25),
                textbook: Some(3.13),
                passed: false,
                advice: String::from("tile it").into(),
                skipped: None,
                second: None,
                at_most: None,
                estimated_at_most: None,
            },
            TargetReport {
                name: Metric::SharedBytesPerBlock,
                op: Compare::AtMost,
                target: 49152.0,
                measured: Some(0.0),
                textbook: None,
                passed: true,
                advice: Default::default(),
                skipped: None,
                second: None,
                at_most: None,
                estimated_at_most: None,
            },
        ],
        variants: None,
        architectures: None,
        findings: vec![FindingReport {
            kind: FindingKind::Race,
            message: Default::default(),
            file: Some("kernel.cu".into()),
            line: Some(23),
            block: [1, 0, 0],
            thread: [3, 1, 0],
            case: "odd size".into(),
            source_line: Some("Pvalue += F[fRow][fCol] * N[inRow * width + inCol];".into()),
            called_from: vec!["kernel.cu:40".into()],
            line_inferred: true,
            count: 2,
            consequence_of: None,
            advice: None,
        }],
        findings_more: 3,
        findings_occurrences: 0,
        problem: None,
        visible_only: false,
        seconds: 1.234,
    }
}

/// The lines of `text` from the one that starts with `heading` (trimmed) to the next heading.
fn block<'a>(text: &'a str, heading: &str) -> Vec<&'a str> {
    let mut lines = text.lines().skip_while(|l| !l.trim_start().starts_with(heading));
    lines.next().unwrap_or_else(|| panic!("no {heading:?} in\n{text}"));
    lines.take_while(|l| l.starts_with("    ")).collect()
}

#[test]
fn the_report_reads_in_chinese() {
    colored::control::set_override(false);
    let r = report();
    let text = with_lang(Lang::ZhHans, || super::section(&r, false));
    // The report's own words, as the Chinese catalogue says them (no Chinese in the code).
    for id in [
        "report-tests",
        "report-targets",
        "report-metric-executed-flops",
        "report-metric-global-load-bytes",
        "report-col-measured",
        "report-col-textbook",
        "report-failed-word",
        "report-explain-race",
    ] {
        let word = with_lang(Lang::ZhHans, || crate::i18n::say(id, None));
        assert!(!word.is_ascii(), "{id} is translated: {word:?}");
        assert!(text.contains(&word), "{word:?} missing from\n{text}");
    }
    for english in [
        "tests\n",
        "findings:",
        "metrics (",
        "targets\n",
        "FLOPs the problem needs",
        "global load bytes",
        "measured",
        "FAILED",
        "stuck?",
        " at kernel.cu",
        "called from",
        "inferred",
        "two threads",
        "the most of any line",
        "every line's traffic",
    ] {
        assert!(!text.contains(english), "{english:?} left in\n{text}");
    }
    // The English report is the same report, in English.
    let en = with_lang(Lang::En, || super::section(&r, false));
    assert!(en.contains("  tests\n") && en.contains("FAILED — 1 of 3 tests failed"), "{en}");
}

#[test]
fn chinese_tables_line_up_by_display_width() {
    colored::control::set_override(false);
    let r = report();
    for lang in [Lang::ZhHans, Lang::ZhHant, Lang::En] {
        let text = with_lang(lang, || super::section(&r, false));
        // Tests: the size column starts at the same column in every row.
        let tests: Vec<&str> = text.lines().filter(|l| l.contains("77×33")).collect();
        assert_eq!(tests.len(), 3, "{text}");
        let starts: Vec<usize> = tests.iter().map(|l| width(&l[..l.find("77×33").unwrap()])).collect();
        assert!(starts.windows(2).all(|w| w[0] == w[1]), "{lang}: tests' sizes at {starts:?}\n{text}");
        // Metrics: labels left, numbers right-aligned: every row ends at the same column, and
        // the numbers start after the longest label.
        let metrics = block(&text, &with_lang(lang, || crate::t!(report_metrics, case = "1024x1024 r=2")));
        assert!(metrics.len() >= 8, "{text}");
        let ends: Vec<usize> = metrics.iter().map(|l| width(l)).collect();
        assert!(ends.windows(2).all(|w| w[0] == w[1]), "{lang}: metrics rows end at {ends:?}\n{text}");
        // Targets: the heading and each row end at the same column, and the target column
        // (">=", "<=") starts at the same column in each row.
        let heading = with_lang(lang, || crate::t!(report_targets));
        let lines = block(&text, &heading);
        let targets: Vec<&str> = lines
            .iter()
            .take(1)
            .chain(lines.iter().filter(|l| l.contains(" >= ") || l.contains(" <= ")))
            .copied()
            .collect();
        assert_eq!(targets.len(), 3, "{text}");
        let ends: Vec<usize> = targets.iter().map(|l| width(l)).collect();
        assert!(ends.windows(2).all(|w| w[0] == w[1]), "{lang}: targets rows end at {ends:?}\n{text}");
        let target_col = with_lang(lang, || crate::t!(report_col_target));
        let at = |l: &str, s: &str| width(&l[..l.find(s).unwrap_or_else(|| panic!("{s:?} in {l:?}"))]);
        let cols = [at(targets[0], &target_col), at(targets[1], ">="), at(targets[2], "<=")];
        assert!(cols.windows(2).all(|w| w[0] == w[1]), "{lang}: target column at {cols:?}\n{text}");
        // The per-line traffic table: every row ends at the same column, the source starts at
        // the same column.
        let table = with_lang(lang, || super::traffic::table(&r, r.metrics.as_ref().unwrap()));
        let rows: Vec<&str> = table.lines().skip(3).take(4).collect();
        let ends: Vec<usize> = rows.iter().map(|l| width(l)).collect();
        assert!(ends.windows(2).all(|w| w[0] == w[1]), "{lang}: traffic rows end at {ends:?}\n{table}");
        let source = with_lang(lang, || crate::t!(report_traffic_col_source));
        let cols = [at(rows[0], &source), at(rows[1], "Pvalue +="), at(rows[2], "P[row")];
        assert!(cols.windows(2).all(|w| w[0] == w[1]), "{lang}: source column at {cols:?}\n{table}");
    }
}

#[test]
fn a_test_and_its_findings_are_named_by_the_case_label_in_the_students_language() {
    colored::control::set_override(false);
    let label = crate::text!(case_conv_single_pixel, width = "1", height = "1", r = "3");
    let name = "a single pixel: 1x1, r=3, random";
    let mut r = report();
    let said = with_lang(Lang::ZhHans, || label.render());
    assert_ne!(said, name);
    assert_eq!(with_lang(Lang::En, || label.render()), name);
    r.tests[1] = TestReport { name: name.into(), label, ..test(name, Visibility::Hidden, false, false) };
    r.findings[0].case = name.into();
    let zh = with_lang(Lang::ZhHans, || super::section(&r, false));
    let said = said.as_str();
    assert!(zh.lines().any(|l| l.contains(said) && l.contains("77×33")), "the test line:\n{zh}");
    assert!(zh.lines().any(|l| l.contains("kernel.cu:23") && l.contains(said)), "the finding's test:\n{zh}");
    assert!(!zh.contains(name), "{zh}");
    let en = with_lang(Lang::En, || super::section(&r, false));
    assert_eq!(en.matches(name).count(), 2, "{en}");
}

#[test]
fn a_finding_seen_in_one_more_test_says_test() {
    colored::control::set_override(false);
    let mut r = report();
    let en = |r: &SectionReport| with_lang(Lang::En, || super::section(r, false));
    assert!(en(&r).contains("in test \"odd size\" (and in 1 more test)\n"), "{}", en(&r));
    r.findings[0].count = 3;
    assert!(en(&r).contains("in test \"odd size\" (and in 2 more tests)\n"), "{}", en(&r));
}
