//! Snapshots of the report's stable parts (colors off, no timing): a student reads these, so a
//! change in them should be a decision, not an accident.

use grader::compare::compare;
use grader::i18n::Text;
use grader::model::{CompileReport, FindingReport, SectionReport, TargetReport, TestReport};
use grader::render as report;
use kernels::exercise::{Compare, Data, Metric, Tolerance, Visibility};

fn no_color() {
    colored::control::set_override(false);
}

/// A 40×20 output whose outer ring of 2 pixels was never written (a classic ghost-cell bug).
fn ghost_ring_mismatch() -> grader::compare::Mismatch {
    let (w, h, r) = (40usize, 20usize, 2usize);
    let expected: Vec<f32> = (0..w * h).map(|i| (i % 7) as f32 * 0.5).collect();
    let got: Vec<f32> = (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            if x < r || y < r || x >= w - r || y >= h - r {
                kernels::exercise::f32_poison()
            } else {
                expected[i]
            }
        })
        .collect();
    compare(&Data::F32(expected), &Data::F32(got), Tolerance::Float { abs: 1e-4, rel: 1e-5 }, [w, h, 1]).unwrap()
}

fn test(name: &str, vis: Visibility, size: &str, passed: bool, message: &str) -> TestReport {
    TestReport {
        name: name.into(),
        label: grader::i18n::Text::plain(name),
        visibility: vis,
        passed,
        message: Text::plain(message),
        size: size.into(),
        metrics_case: false,
        mismatch: None,
        printf: vec![],
        printf_more: 0,
        changed_input: false,
    }
}

#[test]
fn mismatch_report() {
    no_color();
    let m = ghost_ring_mismatch();
    let mut failing = test("random 40x20, r=2", Visibility::Hidden, "40×20", false, "");
    failing.message = format!("{} of {} elements wrong (never written)", m.wrong, m.total).into();
    failing.mismatch = Some(m);
    let tests = vec![test("7x7 image, asymmetric 5x5 filter 1..25", Visibility::Visible, "7×7", true, ""), failing];
    insta::assert_snapshot!(report::test_lines(&tests));
}

#[test]
fn findings_block() {
    no_color();
    let findings = vec![
        FindingReport {
            kind: ::emulator::FindingKind::Race,
            message: Text::plain("read-after-write on shared word 37 (thread (5, 1, 0) wrote it at line 18)"),
            file: Some("exercises/7.4-halo-tiling/kernel.cu".into()),
            line: Some(27),
            block: [1, 0, 0],
            thread: [6, 1, 0],
            case: "7x7 image, asymmetric 5x5 filter 1..25".into(),
            source_line: Some("            Pvalue += F[fRow][fCol] * N_s[tileRow + fRow][tileCol + fCol];".into()),
            called_from: vec![],
            line_inferred: false,
            count: 12,
            consequence_of: None,
            advice: None,
        },
        FindingReport {
            kind: ::emulator::FindingKind::OutOfBounds,
            message: Text::plain("out-of-bounds read of 4 bytes in global memory"),
            file: Some("exercises/7.4-halo-tiling/kernel.cu".into()),
            line: Some(15),
            block: [0, 0, 0],
            thread: [0, 0, 0],
            case: "a single pixel: 1x1, r=2".into(),
            source_line: Some("    N_s[threadIdx.y][threadIdx.x] = N[row * width + col];".into()),
            called_from: vec![],
            line_inferred: false,
            count: 1,
            consequence_of: None,
            advice: None,
        },
    ];
    insta::assert_snapshot!(report::findings_block(&findings, 3));
}

fn targets() -> Vec<TargetReport> {
    vec![
        TargetReport {
            name: Metric::OpPerByte,
            op: Compare::AtLeast,
            target: 8.0,
            measured: Some(9.6103),
            textbook: Some(9.57),
            passed: true,
            advice: Text::plain("load each input tile once into shared memory"),
            skipped: None,
            second: None,
            at_most: None,
            estimated_at_most: None,
        },
        TargetReport {
            name: Metric::SharedBytesPerBlock,
            op: Compare::AtMost,
            target: 4096.0,
            measured: Some(12288.0),
            textbook: None,
            passed: false,
            advice: Text::plain(
                "keep only the current plane in shared memory; the previous and next live in registers",
            ),
            skipped: None,
            second: None,
            at_most: None,
            estimated_at_most: None,
        },
        // A speed target without a GPU: shown, not counted.
        TargetReport {
            name: Metric::PercentOfCopy,
            op: Compare::AtLeast,
            target: 80.0,
            measured: None,
            textbook: None,
            passed: true,
            advice: Text::plain("measured on the GPU"),
            skipped: Some(Text::plain("needs a GPU")),
            second: None,
            at_most: None,
            estimated_at_most: None,
        },
    ]
}

#[test]
fn targets_table() {
    no_color();
    insta::assert_snapshot!(report::targets_block(&targets()));
}

#[test]
fn compile_error_section() {
    no_color();
    let r = SectionReport {
        speed: None,
        speed_model: None,
        speed_reference: None,
        section: "7.2".into(),
        title: "Basic 2D convolution".into(),
        kernel: "exercises/7.2-basic/kernel.cu".into(),
        backend: "emulator".into(),
        compiler: String::new(),
        seed: 1234,
        passed: false,
        not_measured: vec![],
        compile: CompileReport {
            ok: false,
            log: "exercises/7.2-basic/kernel.cu(11): error: expected a \";\"\n      for (int fRow = 0; fRow < 2 * r + 1; fRow++) {\n      ^\n1 error detected in the compilation of \"exercises/7.2-basic/kernel.cu\".".into(),
            defines: String::new(),
        },
        tests: vec![],
        metrics: None,
        targets: targets(),
        variants: None,
        architectures: None,
        findings: vec![],
        findings_more: 0,
        findings_occurrences: 0,
        problem: None,
        visible_only: false,
        seconds: 0.25,
    };
    insta::assert_snapshot!(report::section(&r, false));
}

#[test]
fn compact_report_fits_a_screen() {
    no_color();
    let m = ghost_ring_mismatch();
    let mut failing = test("random 40x20, r=2", Visibility::Hidden, "40×20", false, "");
    failing.message = format!("{} of {} elements wrong (never written)", m.wrong, m.total).into();
    failing.mismatch = Some(m);
    let mut printed = test("7x7 image, asymmetric 5x5 filter 1..25", Visibility::Visible, "7×7", true, "");
    printed.printf = vec![grader::model::PrintfReport { block: [0, 0, 0], thread: [0, 0, 0], text: "hi".into() }];
    let r = SectionReport {
        speed: None,
        speed_model: None,
        speed_reference: None,
        section: "7.4".into(),
        title: "Tiled convolution with halo cells".into(),
        kernel: "exercises/7.4-halo-tiling/kernel.cu".into(),
        backend: "emulator".into(),
        compiler: "NVRTC 12.9".into(),
        seed: 3,
        passed: false,
        not_measured: vec![],
        compile: CompileReport { ok: true, log: String::new(), defines: String::new() },
        tests: vec![printed, failing, test("metrics: 1024x1024, r=2", Visibility::Hidden, "1024×1024", true, "")],
        metrics: None,
        targets: targets(),
        variants: None,
        architectures: None,
        findings: vec![],
        findings_more: 0,
        findings_occurrences: 0,
        problem: None,
        visible_only: false,
        seconds: 0.25,
    };
    let text = report::compact(&r);
    assert!(text.lines().count() <= 40, "one screen:\n{text}");
    assert!(!text.contains("FLOPs"), "no metrics table in the compact report");
    insta::assert_snapshot!(text);
}

/// A target the metrics case did not grade (it stopped: a timeout) gives no advice, in the full
/// report, the compact one (it gave it: `watch` told a student whose kernel never finished to
/// shrink its shared tile) and the platforms' rows; a target measured and missed gives its
/// advice in each.
#[test]
fn advice_only_for_a_target_measured_and_missed() {
    no_color();
    let advice = "keep only the current plane in shared memory";
    let target = |skipped: Option<&str>| TargetReport {
        name: Metric::SharedBytesPerBlock,
        op: Compare::AtMost,
        target: 4096.0,
        measured: skipped.is_none().then_some(12288.0),
        textbook: None,
        passed: false,
        advice: Text::plain(advice),
        skipped: skipped.map(Text::plain),
        second: None,
        at_most: None,
        estimated_at_most: None,
    };
    let mut r = SectionReport {
        speed: None,
        speed_model: None,
        speed_reference: None,
        section: "8.5".into(),
        title: "Register tiling".into(),
        kernel: "exercises/8.5-register-tiling/kernel.cu".into(),
        backend: "emulator".into(),
        compiler: "NVRTC 12.9".into(),
        seed: 3,
        passed: false,
        not_measured: vec![],
        compile: CompileReport { ok: true, log: String::new(), defines: String::new() },
        tests: vec![test(
            "metrics: N=128",
            Visibility::Hidden,
            "128×128×128",
            false,
            "stopped by timeout (see findings)",
        )],
        metrics: None,
        targets: vec![target(Some("not graded: the metrics case stopped at timeout (see findings)"))],
        variants: None,
        architectures: None,
        findings: vec![],
        findings_more: 0,
        findings_occurrences: 0,
        problem: None,
        visible_only: false,
        seconds: 0.25,
    };
    let rows = |r: &SectionReport| -> String {
        grader::render::rows::graded(r).into_iter().map(|row| row.output).collect::<Vec<_>>().join("\n")
    };
    for (what, text) in [("full", report::section(&r, false)), ("compact", report::compact(&r)), ("rows", rows(&r))] {
        assert!(!text.contains(advice), "{what}: advice for a target not graded:\n{text}");
        assert!(text.contains("not graded: the metrics case stopped at timeout"), "{what}:\n{text}");
    }
    r.targets = vec![target(None)];
    for (what, text) in [("full", report::section(&r, false)), ("compact", report::compact(&r)), ("rows", rows(&r))] {
        assert!(text.contains(advice), "{what}: no advice for a target missed:\n{text}");
    }
}
