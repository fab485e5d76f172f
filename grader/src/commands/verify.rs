//! `verify` (for instructors and CI): every reference solution passes, every stub as shipped
//! (`grader/bundle/stubs/`, not the student's `exercises/`) fails, every kernel in
//! `grader/wrong/<section>/*.cu` fails for each reason its header names, and every kernel in
//! `grader/accepted/<section>/*.cu` (correct kernels written as students write them) passes:
//!
//! ```text
//! // expect: finding:race        (one line per reason; any of:)
//! // why: one line, in the student's voice, of the mistake
//! ```
//! reasons: `compile`, `tests`, `input_changed` (a test's launch changed an input buffer),
//! `finding:<kind>`, `target:<metric>`, `problem` (cannot launch);
//! `pass` alone for an accepted kernel.
//!
//! `grader/hostile/<section>/*.cu` are kernels that try to cheat, peek or crash the grader. Their
//! headers may also say `// gpu-expect: <reason>` (what replaces the `expect` lines on a GPU, where
//! the kernel is timed), `// message: <text>` (the report must say it; `a | b`: either) and
//! `// secret: <text>` (no report may hold it: a file the kernel tried to read); and every
//! hostile kernel's JSON report must stay under [`MAX_HOSTILE_REPORT_BYTES`].
//! Prints a table; exit 0 only when every row holds.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use ::emulator::FindingKind;
use kernels::exercise::{Metric, Section};

use super::Engine;
use crate::course::{self, sections, Course, KernelFile, Suite};
use crate::error::{Error, Outcome, Result};
use crate::grade::{grade_isolated, Grader};
use crate::model::SectionReport;
use crate::render;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub engine: Engine,
    /// The seed of the hidden tests.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Only the kernels of one suite (grader/<SUITE>/), not the solutions and stubs.
    #[arg(long, value_name = "SUITE")]
    pub only: Option<Suite>,
}

/// `verify`: solutions pass, stubs fail, wrong kernels fail for their stated reasons (a table).
pub fn run(args: &Args, course: &Course) -> Result<Outcome> {
    let root = course.root()?;
    let (backend, compiler) = super::prepare(&args.engine)?;
    let mut grader = Grader::new(backend.as_ref(), compiler);
    grader.card = args.engine.card(backend.as_ref());
    eprintln!("verify: grading every solution, stub and wrong kernel with seed {} …", args.seed);
    let rows = grade_all(root, &grader, args.seed, args.only, &mut |row| {
        eprintln!("  {} {} {}", if row.ok { "ok" } else { "!!" }, row.section, row.kernel);
    });
    print!("{}", table(&rows));
    Ok(Outcome::from_passed(rows.iter().all(|r| r.ok)))
}

/// What a kernel is expected to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    Pass,
    /// Fail, with at least these reasons among the grader's.
    Fail(Vec<String>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrongHeader {
    pub expects: Vec<String>,
    pub why: String,
    /// `// compilers: nvrtc`: checked only with these (empty: with every compiler). For a
    /// mistake one compiler's optimiser removes (clang splits an int2 load into two aligned ones).
    pub compilers: Vec<String>,
    /// `// gpu-expect:` reasons: what is expected on a GPU instead (empty: the same).
    pub gpu_expects: Vec<String>,
    /// `// message:` texts the report must hold (each may list alternatives with ` | `).
    pub messages: Vec<String>,
    /// `// secret:` texts no report may hold.
    pub secrets: Vec<String>,
}

/// A hostile kernel's JSON report may not be larger (a printf flood, a huge log).
pub const MAX_HOSTILE_REPORT_BYTES: usize = 1 << 20;

fn check_reason(reason: &str) -> Result<()> {
    let ok = match reason.split_once(':') {
        None => matches!(reason, "compile" | "tests" | "input_changed" | "problem" | "pass"),
        Some(("finding", kind)) => FindingKind::parse(kind).is_some(),
        Some(("target", metric)) => Metric::parse(metric).is_some(),
        Some(_) => false,
    };
    if ok {
        Ok(())
    } else {
        let kinds: Vec<&str> = FindingKind::ALL.iter().map(|k| k.as_str()).collect();
        let metrics: Vec<&str> = Metric::ALL.iter().map(|m| m.as_str()).collect();
        Err(Error::Course(format!(
            "unknown reason `{reason}` (use pass, compile, tests, input_changed, problem, finding:<{}>, target:<{}>)",
            kinds.join("|"),
            metrics.join("|")
        )))
    }
}

/// The `// expect:` and `// why:` lines at the top of a wrong (or accepted) kernel.
pub fn parse_header(text: &str) -> Result<WrongHeader> {
    let mut expects = Vec::new();
    let mut why = None;
    let mut compilers = Vec::new();
    let (mut gpu_expects, mut messages, mut secrets) = (Vec::new(), Vec::new(), Vec::new());
    // Accepted kernels include files saved with a byte-order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for line in text.lines() {
        if let Some(r) = line.strip_prefix("// expect:") {
            let r = r.trim();
            check_reason(r)?;
            expects.push(r.to_string());
        } else if let Some(r) = line.strip_prefix("// gpu-expect:") {
            let r = r.trim();
            check_reason(r)?;
            gpu_expects.push(r.to_string());
        } else if let Some(m) = line.strip_prefix("// message:") {
            messages.push(m.trim().to_string());
        } else if let Some(m) = line.strip_prefix("// secret:") {
            secrets.push(m.trim().to_string());
        } else if let Some(w) = line.strip_prefix("// why:") {
            why = Some(w.trim().to_string());
        } else if let Some(c) = line.strip_prefix("// compilers:") {
            for name in c.split(|ch: char| ch == ',' || ch.is_whitespace()).filter(|n| !n.is_empty()) {
                if !matches!(name, "nvrtc" | "clang") {
                    return Err(Error::Course(format!("unknown compiler `{name}` (use nvrtc, clang)")));
                }
                compilers.push(name.to_string());
            }
        } else {
            break;
        }
    }
    if expects.len() > 1 && expects.iter().any(|e| e == "pass") {
        return Err(Error::Course("`// expect: pass` cannot be combined with reasons to fail".into()));
    }
    match (expects.is_empty(), why) {
        (false, Some(why)) if !why.is_empty() => {
            Ok(WrongHeader { expects, why, compilers, gpu_expects, messages, secrets })
        }
        _ => Err(Error::Course(
            "the file must start with `// expect: <reason>` and `// why: <the mistake>` lines".into(),
        )),
    }
}

/// Every reason a report fails for (same names as the headers).
pub fn reasons(r: &SectionReport) -> BTreeSet<String> {
    let mut got = BTreeSet::new();
    if !r.compile.ok {
        got.insert("compile".to_string());
    }
    if r.problem.is_some() {
        got.insert("problem".to_string());
    }
    if r.tests.iter().any(|t| !t.passed) {
        got.insert("tests".to_string());
    }
    if r.tests.iter().any(|t| t.changed_input) {
        got.insert("input_changed".to_string());
    }
    for f in &r.findings {
        got.insert(format!("finding:{}", f.kind));
    }
    // Targets only mean something once the kernel ran.
    if r.compile.ok && r.problem.is_none() {
        for t in r.targets.iter().filter(|t| !t.passed) {
            got.insert(format!("target:{}", t.name));
        }
    }
    got
}

/// Whether the outcome is what was expected, and the reasons that were missing.
pub fn holds(expect: &Expect, r: &SectionReport) -> (bool, Vec<String>) {
    match expect {
        Expect::Pass => (r.passed, vec![]),
        Expect::Fail(wanted) => {
            let got = reasons(r);
            let missing: Vec<String> = wanted.iter().filter(|w| !got.contains(*w)).cloned().collect();
            (!r.passed && missing.is_empty(), missing)
        }
    }
}

/// What the report says that it should not (a secret, too much) or does not say that it
/// should (a `message`), for a hostile kernel's header.
pub fn said_wrongly(header: &WrongHeader, r: &SectionReport) -> Vec<String> {
    let json = serde_json::to_string(r).unwrap_or_default();
    let text = render::section(r, false);
    let mut wrong = Vec::new();
    for m in &header.messages {
        if !m.split(" | ").any(|alt| json.contains(alt) || text.contains(alt)) {
            wrong.push(format!("report lacks: {m}"));
        }
    }
    for secret in &header.secrets {
        if json.contains(secret.as_str()) || text.contains(secret.as_str()) {
            wrong.push(format!("report LEAKS: {secret}"));
        }
    }
    if (!header.messages.is_empty() || !header.secrets.is_empty() || !header.gpu_expects.is_empty())
        && json.len() > MAX_HOSTILE_REPORT_BYTES
    {
        wrong.push(format!("report of {} bytes", json.len()));
    }
    // Every finding names a line of the student's file: its own, or the line that called the
    // code it is in (a course header's, a helper's).
    for f in r.findings.iter().filter(|f| !names_a_students_line(f, &r.kernel)) {
        let at = match (&f.file, f.line) {
            (Some(file), Some(line)) => format!("{file}:{line}"),
            _ => "no line".to_string(),
        };
        wrong.push(format!("{} finding at {at} names no line of {}", f.kind, r.kernel));
    }
    // The cause first: a kernel whose header names a finding first must see it listed first
    // (a race before the unwritten reads it leaves behind).
    let first_named = header.expects.iter().find_map(|e| e.strip_prefix("finding:"));
    if let (Some(named), Some(first)) = (first_named, r.findings.first()) {
        if first.kind.as_str() != named {
            wrong.push(format!("first finding listed is {}, not {named}", first.kind));
        }
    }
    wrong
}

/// Whether a finding is placed on a line (not 0) of the student's file `kernel`, or says which
/// of its lines called the code it is in.
pub fn names_a_students_line(f: &crate::model::FindingReport, kernel: &str) -> bool {
    let students = |file: &str, line: u32| file == kernel && line > 0;
    f.file.as_deref().zip(f.line).is_some_and(|(file, line)| students(file, line))
        || f.called_from
            .iter()
            .any(|c| c.rsplit_once(':').is_some_and(|(file, line)| line.parse().is_ok_and(|l| students(file, l))))
}

pub struct Row {
    pub section: String,
    pub kernel: String,
    pub expected: String,
    pub got: String,
    pub ok: bool,
}

pub fn got_text(r: &SectionReport) -> String {
    if r.passed {
        "pass".to_string()
    } else {
        reasons(r).into_iter().collect::<Vec<_>>().join(" ")
    }
}

pub fn table(rows: &[Row]) -> String {
    let w =
        |f: fn(&Row) -> &str, head: &str| rows.iter().map(|r| f(r).chars().count()).max().unwrap_or(0).max(head.len());
    let (sw, kw, ew) = (w(|r| &r.section, "section"), w(|r| &r.kernel, "kernel"), w(|r| &r.expected, "expected"));
    let mut s = format!("   {:sw$}  {:kw$}  {:ew$}  got\n", "section", "kernel", "expected");
    for r in rows {
        let mark = if r.ok { "ok" } else { "!!" };
        s.push_str(format!("{mark} {:sw$}  {:kw$}  {:ew$}  {}\n", r.section, r.kernel, r.expected, r.got).trim_end());
        s.push('\n');
    }
    let bad = rows.iter().filter(|r| !r.ok).count();
    s.push_str(&format!(
        "{} of {} kernels behave as expected{}\n",
        rows.len() - bad,
        rows.len(),
        if bad > 0 { format!("; {bad} do not (!!)") } else { String::new() }
    ));
    s
}

/// The kernels to check: (section, file, expectation), in course order.
/// One kernel to check: its section, file, expectation and the compilers it is checked with
/// (empty: all).
pub type Planned = (&'static dyn Section, PathBuf, Result<(Expect, WrongHeader)>);

fn expect_of(expects: &[String]) -> Expect {
    match expects {
        [only] if only == "pass" => Expect::Pass,
        _ => Expect::Fail(expects.to_vec()),
    }
}

/// The expectation on `backend` ("gpu": the `gpu-expect` lines where there are any).
pub fn expected_on(header: &WrongHeader, backend: &str) -> Expect {
    if backend == "gpu" && !header.gpu_expects.is_empty() {
        expect_of(&header.gpu_expects)
    } else {
        expect_of(&header.expects)
    }
}

/// The header of a reference solution or a stub.
fn plain(expects: &[&str]) -> WrongHeader {
    WrongHeader {
        expects: expects.iter().map(|e| e.to_string()).collect(),
        why: String::new(),
        compilers: vec![],
        gpu_expects: vec![],
        messages: vec![],
        secrets: vec![],
    }
}

pub fn plan(root: &Path) -> Result<Vec<Planned>> {
    let mut out = Vec::new();
    for s in sections::all() {
        out.push((s, course::solution_path(root, s), Ok((Expect::Pass, plain(&["pass"])))));
        // The stub as shipped, not the student's copy in exercises/ (a solved checkout verifies).
        out.push((s, course::shipped_stub_path(root, s), Ok((Expect::Fail(vec![]), plain(&[])))));
        for suite in Suite::ALL {
            for f in course::suite_kernels(root, suite, s) {
                // Any encoding: the header is ASCII, the rest may be GBK or Latin-1.
                let expect = std::fs::read(&f)
                    .map_err(|e| Error::Course(e.to_string()))
                    .and_then(|b| parse_header(&String::from_utf8_lossy(&b)))
                    .and_then(|h| match (suite, h.expects.as_slice()) {
                        (Suite::Accepted, [only]) if only == "pass" => Ok((Expect::Pass, h)),
                        (Suite::Accepted, _) => {
                            Err(Error::Course("an accepted kernel's header is `// expect: pass`".into()))
                        }
                        (Suite::Wrong, [only]) if only == "pass" => {
                            Err(Error::Course("a wrong kernel cannot `// expect: pass`".into()))
                        }
                        _ => Ok((expect_of(&h.expects), h)),
                    });
                out.push((s, f, expect));
            }
        }
    }
    Ok(out)
}

/// Grades every planned kernel (of one suite, with `only`) with one seed; a grader failure on
/// one kernel is that row's "got".
pub fn grade_all(
    root: &Path,
    grader: &Grader,
    seed: u64,
    only: Option<Suite>,
    on_row: &mut dyn FnMut(&Row),
) -> Vec<Row> {
    let mut rows = Vec::new();
    let plan = match plan(root) {
        Ok(p) => p,
        Err(e) => {
            rows.push(Row {
                section: "-".into(),
                kernel: "-".into(),
                expected: "-".into(),
                got: e.to_string(),
                ok: false,
            });
            return rows;
        }
    };
    let plan: Vec<Planned> = plan
        .into_iter()
        .filter(|(_, path, _)| only.is_none_or(|suite| path.starts_with(course::suite_dir(root, suite))))
        .collect();
    // Side by side on the emulator; one at a time where kernels are timed (a GPU).
    let at_once = if grader.backend().times_kernels() { 1 } else { crate::grade::side_by_side::at_once() };
    let row_of = |(section, path, expect): &Planned| verify_one(root, grader, seed, *section, path, expect);
    crate::grade::side_by_side::in_order(&plan, at_once, row_of, &mut |_, row| {
        on_row(&row);
        rows.push(row);
    });
    rows
}

/// One planned kernel graded and held to what it expects: its row.
fn verify_one(
    root: &Path,
    grader: &Grader,
    seed: u64,
    section: &'static dyn Section,
    path: &Path,
    expect: &Result<(Expect, WrongHeader)>,
) -> Row {
    let display = course::display_path(root, path);
    let mut row = Row {
        section: section.id().to_string(),
        kernel: display.clone(),
        expected: String::new(),
        got: String::new(),
        ok: false,
    };
    match expect {
        Err(e) => {
            row.expected = "?".into();
            row.got = format!("bad header: {e}");
        }
        Ok((_, h)) if !h.compilers.is_empty() && !h.compilers.iter().any(|c| c == grader.compiler().name()) => {
            row.expected = format!("{} only", h.compilers.join(", "));
            row.got = format!("not checked with {}", grader.compiler().name());
            row.ok = true;
        }
        Ok((expect, header)) => {
            let expect =
                if header.why.is_empty() { expect.clone() } else { expected_on(header, grader.backend().name()) };
            row.expected = match &expect {
                Expect::Pass => "pass".into(),
                Expect::Fail(w) if w.is_empty() => "fail (stub)".into(),
                Expect::Fail(w) => w.join(" "),
            };
            let file = KernelFile { path: path.to_path_buf(), display };
            match grade_isolated(grader, section, &file, seed, false) {
                Ok(r) => {
                    let (ok, missing) = holds(&expect, &r);
                    let said = said_wrongly(header, &r);
                    row.ok = ok && said.is_empty();
                    row.got = got_text(&r);
                    if !missing.is_empty() {
                        row.got.push_str(&format!(" (missing: {})", missing.join(" ")));
                    }
                    for s in said {
                        row.got.push_str(&format!(" ({s})"));
                    }
                }
                Err(e) => row.got = format!("grader error: {e}"),
            }
        }
    }
    row
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CompileReport, FindingReport, TargetReport, TestReport};
    use kernels::exercise::{Compare, Visibility};

    #[test]
    fn reasons_come_from_the_enums() {
        for k in FindingKind::ALL {
            assert_eq!(FindingKind::parse(k.as_str()), Some(k));
            assert!(check_reason(&format!("finding:{}", k.as_str())).is_ok());
        }
        for m in Metric::ALL {
            assert_eq!(Metric::parse(m.as_str()), Some(m));
            assert!(check_reason(&format!("target:{}", m.as_str())).is_ok());
        }
        let explained: BTreeSet<String> = FindingKind::ALL.into_iter().map(render::explain_kind).collect();
        assert_eq!(explained.len(), FindingKind::ALL.len(), "one explanation per kind");
    }

    #[test]
    fn headers_parse_and_bad_ones_are_named() {
        let h = parse_header(
            "// expect: finding:race\n// expect: tests\n// why: no barrier.\n#define X\n// expect: compile\n",
        )
        .unwrap();
        assert_eq!(
            h,
            WrongHeader {
                expects: vec!["finding:race".into(), "tests".into()],
                why: "no barrier.".into(),
                compilers: vec![],
                gpu_expects: vec![],
                messages: vec![],
                secrets: vec![]
            }
        );
        let h = parse_header("// expect: finding:misaligned\n// why: x\n// compilers: nvrtc\n").unwrap();
        assert_eq!(h.compilers, vec!["nvrtc".to_string()]);
        assert!(parse_header("// expect: tests\n// why: x\n// compilers: nvcc\n")
            .unwrap_err()
            .contains("unknown compiler `nvcc`"));
        assert!(parse_header("// expect: finding:racy\n// why: x\n")
            .unwrap_err()
            .contains("unknown reason `finding:racy`"));
        assert!(parse_header("// expect: target:speed\n// why: x\n").unwrap_err().contains("target:<op_per_byte"));
        assert!(parse_header("// why: x\n").unwrap_err().contains("must start with"));
        assert!(
            parse_header("// expect: tests\n\n// why: x\n").unwrap_err().contains("must start with"),
            "the header is the first lines"
        );
        // Accepted kernels: `pass` alone, in files saved with a byte-order mark and CRLF too.
        let h = parse_header("\u{feff}// expect: pass\r\n// why: saved by Notepad.\r\n").unwrap();
        assert_eq!((h.expects, h.why), (vec!["pass".to_string()], "saved by Notepad.".to_string()));
        let h = parse_header(
            "// expect: pass\n// gpu-expect: target:percent_of_copy\n// message: a | b\n// secret: root:x\n// why: cheat.\n",
        )
        .unwrap();
        assert_eq!(
            (h.gpu_expects.as_slice(), h.messages.as_slice(), h.secrets.as_slice()),
            (&["target:percent_of_copy".to_string()][..], &["a | b".to_string()][..], &["root:x".to_string()][..])
        );
        assert_eq!(expected_on(&h, "emulator"), Expect::Pass);
        assert_eq!(expected_on(&h, "gpu"), Expect::Fail(vec!["target:percent_of_copy".into()]));
        assert!(parse_header("// expect: pass\n// expect: tests\n// why: x\n")
            .unwrap_err()
            .contains("cannot be combined"));
        assert!(check_reason("finding:assertion").is_ok() && check_reason("finding:call_depth").is_ok());
    }

    #[test]
    fn the_plan_holds_every_accepted_kernel_as_a_pass() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let plan = plan(root).unwrap();
        let accepted: Vec<_> =
            plan.iter().filter(|(_, p, _)| p.components().any(|c| c.as_os_str() == "accepted")).collect();
        assert!(accepted.len() >= 15, "{} accepted kernels", accepted.len());
        for (_, path, expect) in accepted {
            assert!(matches!(expect, Ok((Expect::Pass, h)) if h.expects == ["pass"]), "{}", path.display());
        }
    }

    /// The stubs verified are the ones the course ships, never the student's `exercises/`: a
    /// checkout where the student solved every section still verifies.
    #[test]
    fn the_plan_fails_the_stubs_as_shipped() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let plan = plan(root).unwrap();
        let stubs: Vec<_> =
            plan.iter().filter(|(_, _, e)| matches!(e, Ok((Expect::Fail(w), _)) if w.is_empty())).collect();
        assert_eq!(stubs.len(), sections::STUBS.len());
        for ((s, path, _), (dir, text)) in stubs.into_iter().zip(sections::STUBS) {
            assert_eq!(s.dir(), *dir);
            assert!(path.starts_with(root.join("grader/bundle/stubs")), "{}", path.display());
            assert_eq!(std::fs::read_to_string(path).unwrap(), *text, "{}: the built-in stub", path.display());
        }
    }

    fn report() -> SectionReport {
        SectionReport {
            section: "7.4".into(),
            title: "t".into(),
            kernel: "k.cu".into(),
            backend: "emulator".into(),
            compiler: String::new(),
            seed: 1,
            passed: true,
            not_measured: Vec::new(),
            compile: CompileReport { ok: true, log: String::new(), defines: String::new() },
            tests: vec![TestReport {
                name: "a".into(),
                label: crate::i18n::Text::plain("a"),
                visibility: Visibility::Visible,
                passed: true,
                message: Default::default(),
                size: "4".into(),
                metrics_case: false,
                mismatch: None,
                printf: vec![],
                printf_more: 0,
                changed_input: false,
            }],
            metrics: None,
            speed: None,
            speed_model: None,
            speed_reference: None,
            targets: vec![TargetReport {
                name: Metric::OpPerByte,
                op: Compare::AtLeast,
                target: 9.0,
                measured: Some(9.5),
                textbook: None,
                passed: true,
                advice: Default::default(),
                skipped: None,
                second: None,
                at_most: None,
                estimated_at_most: None,
            }],
            variants: None,
            architectures: None,
            findings: vec![],
            findings_more: 0,
            findings_occurrences: 0,
            problem: None,
            visible_only: false,
            seconds: 0.0,
        }
    }

    #[test]
    fn verdicts_follow_the_reasons() {
        let good = report();
        assert_eq!(holds(&Expect::Pass, &good), (true, vec![]));
        assert!(!holds(&Expect::Fail(vec![]), &good).0, "a stub that passes is wrong");

        let mut racy = report();
        racy.passed = false;
        racy.tests[0].passed = false;
        racy.findings.push(FindingReport {
            kind: ::emulator::FindingKind::Race,
            message: Default::default(),
            file: Some("k.cu".into()),
            line: Some(12),
            block: [0; 3],
            thread: [0; 3],
            case: "a".into(),
            source_line: None,
            called_from: vec![],
            line_inferred: false,
            count: 1,
            consequence_of: None,
            advice: None,
        });
        assert_eq!(got_text(&racy), "finding:race tests");
        // The cause first: a header naming a race first wants the race listed first.
        let header = |first: &str| parse_header(&format!("// expect: {first}\n// why: x\n")).unwrap();
        assert!(said_wrongly(&header("finding:race"), &racy).is_empty());
        // Every finding names a line of the student's file: its own or its caller's.
        let mut lineless = racy.clone();
        lineless.findings[0].line = Some(0);
        assert_eq!(
            said_wrongly(&header("finding:race"), &lineless),
            vec!["race finding at k.cu:0 names no line of k.cu".to_string()]
        );
        lineless.findings[0].file = Some("course.h".into());
        lineless.findings[0].called_from = vec!["k.cu:30".into()];
        assert!(said_wrongly(&header("finding:race"), &lineless).is_empty(), "its caller's line");
        lineless.findings[0].file = None;
        lineless.findings[0].called_from.clear();
        assert_eq!(
            said_wrongly(&header("finding:race"), &lineless),
            vec!["race finding at no line names no line of k.cu".to_string()]
        );
        assert_eq!(
            said_wrongly(&header("finding:uninitialized_shared"), &racy),
            vec!["first finding listed is race, not uninitialized_shared".to_string()]
        );
        assert!(holds(&Expect::Fail(vec!["finding:race".into()]), &racy).0);
        assert_eq!(
            holds(&Expect::Fail(vec!["finding:barrier".into()]), &racy),
            (false, vec!["finding:barrier".to_string()])
        );
        assert!(!holds(&Expect::Pass, &racy).0);

        let mut slow = report();
        slow.passed = false;
        slow.targets[0].passed = false;
        assert!(holds(&Expect::Fail(vec!["target:op_per_byte".into()]), &slow).0);
        assert!(!holds(&Expect::Fail(vec!["tests".into()]), &slow).0);

        let mut broken = report();
        broken.passed = false;
        broken.compile.ok = false;
        broken.targets[0].passed = false;
        assert_eq!(got_text(&broken), "compile", "targets of a kernel that never ran are not reasons");
    }

    #[test]
    fn a_report_that_leaks_or_lacks_its_message_is_named() {
        let mut h =
            parse_header("// expect: compile\n// message: did not open | gave up\n// secret: root:x:0\n// why: x\n")
                .unwrap();
        let mut r = report();
        r.compile.ok = false;
        r.compile.log = "k.cu(1): error: refused; the grader did not open it.".into();
        assert_eq!(said_wrongly(&h, &r), Vec::<String>::new());
        r.compile.log.push_str("\nroot:x:0:0:root:/root:/bin/bash");
        assert_eq!(said_wrongly(&h, &r), vec!["report LEAKS: root:x:0".to_string()]);
        h.messages = vec!["instruction budget".into()];
        assert_eq!(said_wrongly(&h, &r).len(), 2);
        r.compile.log = "x".repeat(MAX_HOSTILE_REPORT_BYTES + 1);
        assert!(said_wrongly(&h, &r).iter().any(|w| w.starts_with("report of")));
    }

    #[test]
    fn the_table_marks_failures_and_counts() {
        let rows = vec![
            Row {
                section: "7.2".into(),
                kernel: "solutions/7.2-basic/kernel.cu".into(),
                expected: "pass".into(),
                got: "pass".into(),
                ok: true,
            },
            Row {
                section: "7.2".into(),
                kernel: "grader/wrong/7.2/x.cu".into(),
                expected: "finding:race".into(),
                got: "tests (missing: finding:race)".into(),
                ok: false,
            },
        ];
        insta::assert_snapshot!("verify_table", table(&rows));
    }
}
