//! The verdicts: tests, targets, notes in the student's language.

use super::*;
use kernels::exercise::{Arg, Buffer, Compare, Data, Geometry, Tolerance, Visibility};

pub(crate) fn tiny_case() -> Case {
    Case {
        name: "tiny".into(),
        label: None,
        visibility: Visibility::Visible,
        defines: vec![],
        geometry: Geometry { grid: [1, 1, 1], block: [4, 1, 1], dynamic_shared_bytes: 0 },
        buffers: vec![Buffer::Input(Data::I32(vec![1, 2, 3, 4])), Buffer::OutputI32(4)],
        args: vec![Arg::Buffer(0), Arg::Buffer(1), Arg::I32(4)],
        constants: vec![],
        output: 1,
        expected: Data::I32(vec![1, 2, 3, 4]),
        shape: [4, 1, 1],
        tolerance: Tolerance::Exact,
        problem_flops: 0,
        mistakes: Vec::new(),
    }
}

fn outcome(output: Vec<i32>, findings: Vec<Finding>, completed: bool) -> Outcome {
    Outcome {
        output: Data::I32(output),
        metrics: None,
        findings,
        findings_dropped: 0,
        completed,
        printf: vec![],
        printf_dropped: 0,
        lines: vec![],
        views: Default::default(),
        changed_input: None,
    }
}

/// A read-after-write race of thread 1, with no line.
fn race_finding() -> Finding {
    Finding {
        kind: ::emulator::FindingKind::Race,
        detail: ::emulator::Detail::Race {
            race: ::emulator::RaceKind::ReadAfterWrite,
            offset: 0,
            element: None,
            other: None,
            other_line: None,
        },
        message: "x".into(),
        source: None,
        called_from: vec![],
        block: [0; 3],
        thread: [1, 0, 0],
        ptx_line: 0,
        loops_inside: 0,
        unwritten: None,
        line_inferred: false,
    }
}

#[test]
fn a_test_passes_only_when_right_complete_and_clean() {
    let case = tiny_case();
    assert!(judge(&case, &outcome(vec![1, 2, 3, 4], vec![], true)).0);
    let (passed, msg, m) = judge(&case, &outcome(vec![1, 2, 3, kernels::exercise::I32_POISON], vec![], true));
    assert!(!passed);
    assert_eq!(msg.to_string(), "1 of 4 elements wrong (never written)");
    assert_eq!(m.unwrap().first[0].at, [3, 0, 0]);
    let finding = race_finding();
    let (passed, msg, _) = judge(&case, &outcome(vec![1, 2, 3, 4], vec![finding.clone()], true));
    assert!(!passed, "a correct output with a race still fails");
    assert_eq!(msg.to_string(), "1 finding (see findings)");
    let (passed, msg, _) = judge(&case, &outcome(vec![1, 2, 3, 4], vec![finding.clone()], false));
    assert!(!passed);
    assert_eq!(msg.to_string(), "stopped by race (see findings)");
    // A read of unwritten shared memory fails a test only where its value reached what a
    // store to global memory or an atomic wrote.
    let unwritten = |used| Finding {
        kind: ::emulator::FindingKind::UninitializedShared,
        unwritten: Some(Box::new(::emulator::UnwrittenRead {
            offset: 0,
            bytes: 4,
            array: None,
            unwritten_bytes: 4,
            copy: false,
            used,
            used_at: None,
            used_ptx_line: 0,
        })),
        ..finding.clone()
    };
    let (passed, msg, _) =
        judge(&case, &outcome(vec![1, 2, 3, 4], vec![unwritten(::emulator::ValueUse::Comparison)], true));
    assert!(passed, "a comparison's operand is not an output");
    assert_eq!(msg.to_string(), "1 finding (see findings), which reached no output directly");
    for used in [::emulator::ValueUse::GlobalStore, ::emulator::ValueUse::StoreAddress, ::emulator::ValueUse::Atomic] {
        assert!(!judge(&case, &outcome(vec![1, 2, 3, 4], vec![unwritten(used)], true)).0, "{used:?}");
    }
    let unknown = Finding { unwritten: None, ..unwritten(::emulator::ValueUse::Comparison) };
    assert!(!judge(&case, &outcome(vec![1, 2, 3, 4], vec![unknown], true)).0, "no evidence: it counts");
}

#[test]
fn a_tests_notes_are_said_in_the_students_language() {
    use crate::i18n::{with_lang, Lang};
    let han = |s: &str| s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
    let case = tiny_case();
    let race = race_finding();
    let mut o = outcome(vec![1, 2, 3, kernels::exercise::I32_POISON], vec![race.clone(), race], true);
    o.findings_dropped = 40;
    let (_, msg, _) = judge(&case, &o);
    let en = with_lang(Lang::En, || msg.to_string());
    assert_eq!(en, "1 of 4 elements wrong (never written); 2 distinct findings (42 occurrences) (see findings)");
    let hans = with_lang(Lang::ZhHans, || msg.to_string());
    assert!(han(&hans) && !hans.contains("wrong") && !hans.contains("finding"), "{hans}");
    assert!(hans.contains('4') && hans.contains("42"), "{hans}");
    let json = |lang| with_lang(lang, || serde_json::to_string(&msg).unwrap());
    assert_eq!(json(Lang::ZhHans), serde_json::to_string(&hans).unwrap());
    assert_eq!(json(Lang::En), serde_json::to_string(&en).unwrap());
}

#[test]
fn a_wrong_output_equal_to_a_classic_mistakes_is_named() {
    let mut case = tiny_case();
    let mistake = |what: &'static str, output: Vec<i32>| kernels::exercise::Mistake { what, output: Data::I32(output) };
    case.mistakes = vec![
        mistake("exercise-mistake-filter-flipped", vec![4, 3, 2, 1]),
        mistake("exercise-mistake-c1-c2-swapped", vec![1, 2, 4, 3]),
    ];
    let (passed, msg, _) = judge(&case, &outcome(vec![4, 3, 2, 1], vec![], true));
    assert!(!passed);
    assert_eq!(
        msg.to_string(),
        "4 of 4 elements wrong; it equals the output of a kernel in which the filter is flipped end to end (F[2r-fRow][2r-fCol] instead of F[fRow][fCol])"
    );
    let (_, msg, _) = judge(&case, &outcome(vec![4, 3, 2, 0], vec![], true));
    assert_eq!(msg.to_string(), "4 of 4 elements wrong", "another wrong output names nothing");
    assert!(judge(&case, &outcome(vec![1, 2, 3, 4], vec![], true)).0, "a right output is right");
    // Two mistakes that give the same output here are both named.
    case.mistakes.push(mistake("exercise-mistake-filter-transposed", vec![1, 2, 4, 3]));
    let (_, msg, _) = judge(&case, &outcome(vec![1, 2, 4, 3], vec![], true));
    assert_eq!(
        msg.to_string(),
        "2 of 4 elements wrong; it equals the output of a kernel in which c1 and c2 are swapped: c1 weights in[i,j,k-1] (x-1), c2 in[i,j,k+1] (x+1), or in which the filter is transposed (F[fCol][fRow])"
    );
    // Floats: within the case's tolerance (a kernel may sum in another order).
    let mut case = tiny_case();
    case.expected = Data::F32(vec![1.0, 2.0]);
    case.shape = [2, 1, 1];
    case.tolerance = Tolerance::Float { abs: 1e-3, rel: 0.0 };
    case.mistakes =
        vec![kernels::exercise::Mistake { what: "exercise-mistake-filter-flipped", output: Data::F32(vec![2.0, 1.0]) }];
    let mut near = outcome(vec![], vec![], true);
    near.output = Data::F32(vec![2.0005, 0.9995]);
    assert!(judge(&case, &near)
        .1
        .to_string()
        .ends_with("in which the filter is flipped end to end (F[2r-fRow][2r-fCol] instead of F[fRow][fCol])"));
    near.output = Data::F32(vec![2.01, 1.0]);
    assert_eq!(judge(&case, &near).1.to_string(), "2 of 2 elements wrong");
}

#[test]
fn targets_measure_and_compare() {
    let case = Case { problem_flops: 50, ..tiny_case() };
    let m = Metrics {
        flops: 50,
        global_load_bytes: 100,
        static_shared_bytes: 1024,
        dynamic_shared_bytes: 8,
        ..Default::default()
    };
    let targets = [
        Target { metric: Metric::OpPerByte, compare: Compare::AtLeast, value: 0.5, textbook: Some(0.5), advice: "a" },
        Target {
            metric: Metric::SharedBytesPerBlock,
            compare: Compare::AtMost,
            value: 1024.0,
            textbook: None,
            advice: "b",
        },
        Target {
            metric: Metric::GlobalLoadBytesPerOutput,
            compare: Compare::Equal,
            value: 25.0,
            textbook: None,
            advice: "c",
        },
        Target { metric: Metric::ThreadsPerBlock, compare: Compare::Equal, value: 4.0, textbook: None, advice: "d" },
    ];
    let r = evaluate_targets(&targets, Some((&m, &case)), None, None);
    let got: Vec<(Option<f64>, bool)> = r.iter().map(|t| (t.measured, t.passed)).collect();
    assert_eq!(got, vec![(Some(0.5), true), (Some(1032.0), false), (Some(25.0), true), (Some(4.0), true)]);
    assert!(evaluate_targets(&targets, None, None, None).iter().all(|t| !t.passed && t.measured.is_none()));

    // Dummy arithmetic: the kernel executes ten times the FLOPs, OP/B does not move.
    let padded = Metrics { flops: 500, ..m.clone() };
    assert_eq!(evaluate_targets(&targets[..1], Some((&padded, &case)), None, None)[0].measured, Some(0.5));
    // A target holds only where it holds on the second metrics case too.
    let worse = Metrics { global_load_bytes: 200, ..m.clone() };
    let r = evaluate_targets(&targets[..1], Some((&m, &case)), Some((&worse, &case)), None);
    assert!(!r[0].passed, "OP/B 0.5 on the metrics case, 0.25 on the second");
    assert_eq!((r[0].measured, r[0].second.as_ref().map(|s| s.measured)), (Some(0.5), Some(0.25)));
    assert!(evaluate_targets(&targets[..1], Some((&m, &case)), Some((&m, &case)), None)[0].passed);
    // Not graded: nothing passes, each says why.
    let r = targets_not_graded(&targets, Text::plain("the metrics case stopped at race (see findings)"));
    assert!(r.iter().all(|t| !t.passed && t.measured.is_none()));
    assert!(r[0].skipped.as_ref().unwrap().to_string().starts_with("not graded: the metrics case stopped"));
}

#[test]
fn a_changed_input_fails_the_test_with_where() {
    let case = tiny_case();
    let mut o = outcome(vec![1, 2, 3, 4], vec![], true);
    o.changed_input = Some(InputChange { buffer: 0, element: 2, was: "3".into(), now: "0".into() });
    let (passed, msg, _) = judge(&case, &o);
    assert!(!passed, "right output, but an input was written");
    assert!(
        msg.to_string().starts_with("the kernel changed its input, argument 1 at element 2: was 3, now 0"),
        "{msg}"
    );
}

#[test]
fn the_students_file_is_found_whatever_the_separators() {
    assert!(ends_with_path("Z:\\tmp\\ci/tmp/ci/grader/wrong/k.cu", "/tmp/ci/grader/wrong/k.cu"));
    assert!(ends_with_path(r"Z:\\tmp\\ci/tmp/ci\\grader/wrong/k.cu", r"/tmp/ci\grader/wrong/k.cu"), "escaped");
    assert!(ends_with_path("Z:\\course\\exercises\\7.4\\kernel.cu", "exercises/7.4/kernel.cu"));
    assert!(!ends_with_path("/x/myexercises/7.4/kernel.cu", "exercises/7.4/kernel.cu"), "a whole component");
    assert!(!ends_with_path("/x/other.cu", "kernel.cu"));
}
