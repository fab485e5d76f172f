//! A graded section as the rows a course platform scores, one point each: every test case (the
//! visible ones, the hidden ones, an instructor's private ones, the metrics case), every target,
//! and the sanitizer. Gradescope's and PrairieLearn's results are made from the same rows, with
//! the same names (`plan`), whether or not the kernel could be run.

use kernels::exercise::{Case, Section};

use crate::model::SectionReport;
use crate::plan::{self, RowKind};
use crate::t;

/// One row of a section's plan, passed or not.
pub struct Row {
    pub name: String,
    pub kind: RowKind,
    pub passed: bool,
    /// A hidden case: its data stay hidden (Gradescope shows the row once grades are published).
    pub hidden: bool,
    /// Whether the kernel ran for it (a kernel that did not compile ran for none).
    pub ran: bool,
    /// What a test's row says in one line without its data ("size 77×33"); empty for other rows.
    pub summary: String,
    pub output: String,
    /// The output holds a table in a Markdown code block (the metrics case's traffic per line).
    pub markdown: bool,
}

impl Row {
    fn new(name: String, kind: RowKind, passed: bool, hidden: bool, output: String) -> Row {
        Row { name, kind, passed, hidden, ran: true, summary: String::new(), output, markdown: false }
    }
}

/// The rows of a section whose kernel never ran, each failed and "not run".
pub fn unrun(section: &dyn Section, seed: u64, private: &[Case]) -> Vec<Row> {
    plan::rows(section, seed, private)
        .into_iter()
        .map(|r| Row { ran: false, ..Row::new(r.name.to_string(), r.kind, false, r.hidden, t!(report_row_not_run)) })
        .collect()
}

/// "The kernel does not compile (NVRTC 12.9, …):" and the compiler's errors.
pub fn compile_failure(r: &SectionReport) -> String {
    let compiler = if r.compiler.is_empty() { "NVRTC" } else { r.compiler.as_str() };
    format!("{}\n{}", t!(report_row_compile_failure, compiler = compiler, defines = &r.compile.defines), r.compile.log)
}

/// "Section 7.4 (…), backend emulator, seed 11: not yet."
pub fn summary(r: &SectionReport) -> String {
    let verdict = match (r.passed, r.not_measured.is_empty()) {
        (true, true) => t!(report_all_pass),
        (true, false) => t!(report_row_passed_emulator, targets = super::not_measured_text(r)),
        (false, _) => t!(report_row_not_yet),
    };
    t!(
        report_row_summary,
        section = &r.section,
        title = &r.title,
        backend = &r.backend,
        seed = r.seed.to_string(),
        verdict = verdict
    )
}

/// The rows of a section whose kernel ran: its tests, its targets, the sanitizer.
pub fn graded(r: &SectionReport) -> Vec<Row> {
    let mut rows = Vec::new();
    for t in &r.tests {
        let hidden = plan::is_hidden(t.visibility, t.metrics_case);
        let summary = t!(report_row_size, size = &t.size);
        let mut output = summary.clone();
        if !t.message.is_empty() {
            output.push_str(&format!(": {}", t.message));
        }
        // printf output only for visible tests: a hidden test's printout would give its data away.
        if !hidden && (!t.printf.is_empty() || t.printf_more > 0) {
            output.push('\n');
            output.push_str(&super::printf_block(&t.printf, t.printf_more));
        }
        let name = plan::test_row(&r.section, &t.name, t.visibility, t.metrics_case).to_string();
        let mut row = Row::new(name, RowKind::Test, t.passed, hidden, output);
        row.summary = summary;
        // The metrics case's traffic per source line, as `grader traffic` prints it.
        if let Some(m) = r.metrics.as_ref().filter(|m| t.metrics_case && !m.lines.is_empty()) {
            row.output = format!("{}\n\n```text\n{}```", row.output, super::traffic::table(r, m));
            row.markdown = true;
        }
        rows.push(row);
    }
    for t in &r.targets {
        let mut output = match (&t.skipped, t.measured, t.at_most) {
            // The point is given, so every submission is scored out of the same total.
            (Some(why), ..) => t!(report_row_skipped, why = why.to_string()),
            (None, Some(m), _) => t!(report_row_measured, value = format!("{m:.2}")),
            (None, None, Some(_)) => t!(report_row_not_measured_here, why = super::speed::measured_text(t)),
            (None, None, None) => t!(report_row_not_measured),
        };
        if let Some(book) = t.textbook {
            output.push_str(&t!(report_row_textbook, value = format!("{book:.2}")));
        }
        if let Some(why) = super::speed::cannot_reach(r, t) {
            output.push_str(&format!("\n{why}"));
        } else if !t.passed && t.skipped.is_none() && !t.advice.is_empty() {
            output.push_str(&format!("\n{}", t.advice));
        }
        if let Some(line) = super::culprit_line(r, t.name).filter(|_| !t.passed && t.skipped.is_none()) {
            output.push_str(&format!("\n{line}"));
        }
        let name = plan::target_row(&r.section, t.name, t.op, t.target).to_string();
        rows.push(Row::new(name, RowKind::Target(t.name), t.passed, false, output));
    }
    let findings: Vec<String> = r
        .findings
        .iter()
        .map(|f| {
            let mut at = super::finding_place(f);
            if f.line_inferred {
                at.push_str(&format!(" ({})", super::inferred_line()));
            }
            t!(
                report_row_finding,
                kind = f.kind.to_string(),
                place = at,
                block = format!("{:?}", f.block),
                thread = format!("{:?}", f.thread),
                case = super::case_name(&r.tests, &f.case),
                advice = f.advice.as_ref().map(|a| a.to_string()).unwrap_or_else(|| super::explain_kind(f.kind))
            )
        })
        .collect();
    let name = plan::sanitizer_row(&r.section).to_string();
    let mut output = findings.join("\n");
    if !r.findings.is_empty() {
        let count = crate::model::findings_text(r.findings.len(), r.findings_occurrences);
        output = format!("{}\n{output}", t!(report_row_findings, count = count.to_string()));
    }
    rows.push(Row::new(name, RowKind::Sanitizer, r.findings.is_empty(), false, output));
    rows
}
