//! The text report: what a student reads. Each block is a function of the report data only, so
//! that its stable parts can be snapshot-tested with colors off and no timing.

use crate::t;
use ::emulator::FindingKind;
use colored::Colorize;

use crate::i18n::{pad, pad_left, width};
use crate::model::{thousands, FindingReport, MetricsReport, SectionReport, TargetReport, TestReport};

pub mod bar;
pub mod block;
pub mod buffers;
mod compact;
mod culprit;
pub mod gradescope;
pub mod maps;
mod metric_words;
pub mod opb;
pub mod png;
pub mod prairielearn;
pub mod rows;
pub mod speed;
pub mod svg;
pub mod traffic;

pub use compact::compact;
use culprit::conflict_advice;
pub use culprit::{culprit_line, heaviest_line};

/// What a finding of this kind means and what usually causes it.
pub fn explain_kind(kind: FindingKind) -> String {
    match kind {
        FindingKind::OutOfBounds => t!(report_explain_out_of_bounds),
        FindingKind::Misaligned => t!(report_explain_misaligned),
        FindingKind::Race => t!(report_explain_race),
        FindingKind::UninitializedShared => t!(report_explain_uninitialized_shared),
        FindingKind::Barrier => t!(report_explain_barrier),
        FindingKind::Timeout => t!(report_explain_timeout),
        FindingKind::Assertion => t!(report_explain_assertion),
        FindingKind::CallDepth => t!(report_explain_call_depth),
        FindingKind::Unportable => t!(report_explain_unportable),
    }
}

fn number(v: f64) -> String {
    if v == v.trunc() && v.abs() < 1e15 {
        thousands(v.abs() as u64).to_string()
    } else {
        format!("{v:.2}")
    }
}

fn mark(ok: bool) -> String {
    if ok {
        "✓".green().to_string()
    } else {
        "✗".red().bold().to_string()
    }
}

pub fn header(r: &SectionReport) -> String {
    let mut s = format!("{}  {}\n", r.section.bold(), r.title.bold());
    let (kernel, backend) = (t!(report_kernel), t!(report_backend));
    let lw = width(&kernel).max(width(&backend)) + 2;
    s.push_str(&format!("  {}{}\n", pad(&kernel, lw), r.kernel));
    s.push_str(&format!("  {}{}", pad(&backend, lw), r.backend));
    if !r.compiler.is_empty() {
        s.push_str(&format!(" · {}", r.compiler));
    }
    if !r.visible_only {
        s.push_str(&format!(" · {}", t!(report_seed, seed = r.seed.to_string())));
    }
    s.push('\n');
    s
}

/// Failing tests whose wrong elements and map are shown.
pub const DETAILED_FAILURES: usize = 2;

/// A test's kind as the tests' column says it: "visible", "hidden" or "metrics".
fn visibility_label(metrics_case: bool, visibility: kernels::exercise::Visibility) -> String {
    use kernels::exercise::Visibility;
    match (metrics_case, visibility) {
        (true, _) => t!(report_vis_metrics),
        (false, Visibility::Visible) => t!(report_vis_visible),
        (false, Visibility::Hidden) => t!(report_vis_hidden),
    }
}

/// A test's name as the report says it: its label in the student's language (its name where it
/// has none).
fn test_name(t: &TestReport) -> String {
    if t.label.is_empty() {
        t.name.clone()
    } else {
        t.label.to_string()
    }
}

/// The test named `case` (a finding's, the second metrics case), as the report says it.
fn case_name(tests: &[TestReport], case: &str) -> String {
    tests.iter().find(|t| t.name == case).map(test_name).unwrap_or_else(|| case.to_string())
}

pub fn test_lines(tests: &[TestReport]) -> String {
    let names: Vec<String> = tests.iter().map(test_name).collect();
    let name_w = names.iter().map(|n| width(n)).max().unwrap_or(0);
    let size_w = tests.iter().map(|t| width(&t.size)).max().unwrap_or(0);
    // As wide as the longest of the three words, whichever appear.
    let vis_w = [t!(report_vis_metrics), t!(report_vis_visible), t!(report_vis_hidden)]
        .iter()
        .map(|v| width(v))
        .max()
        .unwrap_or(0);
    let mut s = String::new();
    // Full details for the first failing tests only: later ones rarely add anything.
    let mut details_left = DETAILED_FAILURES;
    for (t, name) in tests.iter().zip(&names) {
        let vis = visibility_label(t.metrics_case, t.visibility);
        let line =
            format!("    {} {}  {}  {}", mark(t.passed), pad(name, name_w), pad(&vis, vis_w), pad(&t.size, size_w));
        s.push_str(line.trim_end());
        if !t.message.is_empty() {
            let message = t.message.to_string();
            let msg = if t.passed { message.as_str().normal() } else { message.as_str().red() };
            s.push_str(&format!("  {msg}"));
        }
        s.push('\n');
        s.push_str(&printf_block(&t.printf, t.printf_more));
        if let Some(m) = &t.mismatch {
            if details_left > 0 {
                details_left -= 1;
                s.push_str(&mismatch_block(m));
            }
        }
    }
    s
}

/// A test's `printf` output, each line prefixed with the block and thread that printed it.
pub fn printf_block(lines: &[crate::model::PrintfReport], more: u64) -> String {
    let mut s = String::new();
    if lines.is_empty() && more == 0 {
        return s;
    }
    s.push_str(&format!("        {}\n", t!(report_printf_header)));
    for p in lines {
        let who =
            format!("({},{},{}) ({},{},{})", p.block[0], p.block[1], p.block[2], p.thread[0], p.thread[1], p.thread[2]);
        for text in p.text.split('\n') {
            s.push_str(&format!("          {} {text}\n", who.dimmed()));
        }
    }
    if more > 0 {
        s.push_str(&format!("          {}\n", t!(report_printf_more, more = more.to_string())));
    }
    s
}

pub fn mismatch_block(m: &crate::compare::Mismatch) -> String {
    let mut s = format!("        {}\n", t!(report_first_wrong));
    let (expected, got) = (t!(report_expected), t!(report_got));
    let at: Vec<String> = m.first.iter().map(|w| format!("({}, {}, {})", w.at[0], w.at[1], w.at[2])).collect();
    let at_w = at.iter().map(|a| width(a)).max().unwrap_or(0).max(width("(x, y, z)"));
    let exp_w = m.first.iter().map(|w| width(&w.expected.to_string())).max().unwrap_or(0).max(width(&expected));
    s.push_str(&format!("          {}  {}  {got}\n", pad("(x, y, z)", at_w), pad_left(&expected, exp_w)));
    for (a, w) in at.iter().zip(&m.first) {
        s.push_str(&format!(
            "          {}  {}  {}\n",
            pad(a, at_w),
            pad_left(&w.expected.to_string(), exp_w),
            w.got.to_string().red()
        ));
    }
    if m.wrong > m.first.len() {
        s.push_str(&format!("          {}\n", t!(report_and_more, more = (m.wrong - m.first.len()).to_string())));
    }
    if m.wrong == m.total {
        s.push_str(&format!("        {}\n", t!(report_where_everywhere)));
    } else if let Some((legend, rows)) = m.map.split_first() {
        s.push_str(&format!("        {}\n", t!(report_where, legend = legend.clone())));
        for row in rows {
            let row = row.to_string();
            if !row.chars().all(|c| matches!(c, '.' | 'x' | 'X')) {
                s.push_str(&format!("          {row}\n"));
            } else {
                let colored: String = row
                    .chars()
                    .map(|c| match c {
                        '.' => c.to_string().dimmed().to_string(),
                        _ => c.to_string().red().to_string(),
                    })
                    .collect();
                s.push_str(&format!("          {colored}\n"));
            }
        }
    }
    s
}

/// Why a finding's line is not its instruction's own ([`FindingReport::line_inferred`]).
pub fn inferred_line() -> String {
    t!(report_inferred_line)
}

/// Where a finding is: "kernel.cu:23", or "(no source line)".
pub fn finding_place(f: &FindingReport) -> String {
    match (&f.file, f.line) {
        (Some(file), Some(line)) => format!("{file}:{line}"),
        _ => t!(report_no_source_line),
    }
}

/// "(1, 0, 0)": a block's or a thread's coordinates.
fn coords(c: &[u32; 3]) -> String {
    format!("({}, {}, {})", c[0], c[1], c[2])
}

pub fn findings_block(findings: &[FindingReport], more: u64) -> String {
    findings_of(&[], findings, more)
}

/// The findings, each one's test named as `tests` name it in the report.
fn findings_of(tests: &[TestReport], findings: &[FindingReport], more: u64) -> String {
    let mut s = String::new();
    for f in findings {
        let place = finding_place(f);
        let times = if f.count > 1 {
            t!(report_finding_more_tests, count = f.count - 1, more = (f.count - 1).to_string())
        } else {
            String::new()
        };
        let at = t!(
            report_finding_at,
            kind = f.kind.as_str().red().bold().to_string(),
            place = place.as_str().bold().to_string(),
            block = coords(&f.block),
            thread = coords(&f.thread),
            case = case_name(tests, &f.case)
        );
        s.push_str(&format!("    {} {at}{times}\n", mark(false)));
        if let (Some(text), Some(line)) = (&f.source_line, f.line) {
            s.push_str(&format!("        {line:>4} | {}\n", text.trim_start()));
        }
        if f.line_inferred {
            let line = f.line.unwrap_or(0).to_string();
            s.push_str(&format!("        {}\n", t!(report_line_inferred, line = line, why = inferred_line())));
        }
        if let Some((first, rest)) = f.called_from.split_first() {
            let mut called = t!(report_called_from, place = first);
            for place in rest {
                called.push_str(&t!(report_called_from_more, place = place));
            }
            s.push_str(&format!("        {called}\n"));
        }
        match &f.consequence_of {
            Some(cause) => s.push_str(&format!("        {cause}\n")),
            None => s.push_str(&format!(
                "        {}\n",
                f.advice.as_ref().map(|a| a.to_string()).unwrap_or_else(|| explain_kind(f.kind))
            )),
        }
        if !f.message.is_empty() {
            s.push_str(&format!("        {}\n", t!(report_finding_evidence, message = f.message.to_string())));
        }
    }
    if more > 0 {
        s.push_str(&format!("    {}\n", t!(report_findings_more, more = thousands(more).to_string())));
    }
    s
}

pub fn metrics_block(m: &MetricsReport) -> String {
    // A problem with no floating-point work (the integer 1D stencil) has no OP/B to show.
    let arithmetic = m.flops > 0 || m.executed_flops > 0;
    let mut rows: Vec<(String, String)> = Vec::new();
    if arithmetic {
        rows.push((t!(report_metric_flops), thousands(m.flops).to_string()));
        rows.push((t!(report_metric_executed_flops), thousands(m.executed_flops).to_string()));
    }
    rows.push((t!(report_metric_global_load_bytes), thousands(m.global_load_bytes).to_string()));
    if arithmetic {
        rows.push((t!(report_metric_op_per_byte), format!("{:.2}", m.op_per_byte)));
    }
    rows.extend([
        (t!(report_metric_global_load_requests), thousands(m.global_load_requests).to_string()),
        (t!(report_metric_global_load_sectors), thousands(m.global_load_sectors).to_string()),
        (t!(report_metric_global_store_bytes), thousands(m.global_store_bytes).to_string()),
        (t!(report_metric_shared_per_block), thousands(m.shared_bytes_per_block).to_string()),
        (
            t!(report_metric_threads_blocks),
            format!("{} × {}", thousands(m.threads / m.blocks.max(1)), thousands(m.blocks)),
        ),
    ]);
    let w = rows.iter().map(|(k, _)| width(k)).max().unwrap_or(0);
    // Bytes, not columns ("×" is two): the numbers' column as it has always been.
    let vw = rows.iter().map(|(_, v)| v.len()).max().unwrap_or(0);
    let mut s = String::new();
    for (k, v) in rows {
        s.push_str(&format!("    {}  {}\n", pad(&k, w), pad_left(&v, vw)));
    }
    if let Some(g) = &m.gpu {
        s.push_str(&gpu_line(g));
    }
    if !m.shown.is_empty() {
        let shown: Vec<String> =
            m.shown.iter().map(|x| format!("{} {}", metric_words::metric_words(x.name), number(x.measured))).collect();
        s.push_str(&format!("    {}\n", t!(report_not_graded_shown, shown = shown.join(", "))));
    }
    s
}

/// The device's own view of the kernel (GPU backend): registers, spills, static shared bytes,
/// the latter checked against the emulator's.
pub fn gpu_line(g: &crate::model::KernelResources) -> String {
    let bytes = g.static_shared_bytes.to_string();
    let shared = if g.static_shared_bytes as u64 == g.emulator_static_shared_bytes {
        t!(report_gpu_shared_same, bytes = bytes)
    } else {
        t!(report_gpu_shared_differs, bytes = bytes, emulator = g.emulator_static_shared_bytes.to_string())
    };
    let spill = if g.local_bytes_per_thread > 0 { t!(report_gpu_spills) } else { String::new() };
    format!(
        "    {}\n",
        t!(
            report_gpu_line,
            device = &g.device,
            binary = &g.binary,
            registers = g.registers_per_thread.to_string(),
            local = g.local_bytes_per_thread.to_string(),
            spill = spill,
            shared = shared
        )
    )
}

/// "timing 8192x8192, r=2: 0.200 ms, 2,560 GB/s = 85% of a device-to-device copy (3,010 GB/s)"
pub fn speed_line(s: &crate::model::Speed) -> String {
    format!(
        "    {}\n    {}\n",
        t!(
            report_timing,
            case = &s.case,
            ms = format!("{:.3}", s.median_ms),
            gbps = thousands(s.gb_per_s.round() as u64).to_string(),
            percent = format!("{:.0}", s.percent_of_copy),
            copy = thousands(s.copy_gb_per_s.round() as u64).to_string()
        ),
        t!(report_timed, method = &s.method)
    )
}

/// ✓ / ✗, or ◦ for a target not measured here (a speed target without a GPU).
fn target_mark(t: &TargetReport) -> String {
    // Not timed because the timing failed (a wrong output) is a failure, not "not measured".
    if t.skipped.is_some() && t.passed {
        "◦".dimmed().to_string()
    } else {
        mark(t.passed).to_string()
    }
}

pub fn targets_block(targets: &[TargetReport]) -> String {
    targets_of(None, targets)
}

/// The targets, with the speed model's reason under a speed target it rules out (`r`).
fn targets_of(r: Option<&SectionReport>, targets: &[TargetReport]) -> String {
    let name_w = targets.iter().map(|t| width(t.name.as_str())).max().unwrap_or(0);
    let cells: Vec<(String, String, String)> = targets
        .iter()
        .map(|t| {
            (
                format!("{} {}", t.op, number(t.target)),
                speed::measured_text(t),
                t.textbook.map(number).unwrap_or_else(|| "—".into()),
            )
        })
        .collect();
    let (target, measured, textbook) = (t!(report_col_target), t!(report_col_measured), t!(report_col_textbook));
    let tw = cells.iter().map(|c| width(&c.0)).max().unwrap_or(0).max(width(&target));
    let mw = cells.iter().map(|c| width(&c.1)).max().unwrap_or(0).max(width(&measured));
    let bw = cells.iter().map(|c| width(&c.2)).max().unwrap_or(0).max(width(&textbook));
    let mut s = format!(
        "      {}  {}  {}  {}\n",
        pad("", name_w),
        pad(&target, tw),
        pad_left(&measured, mw),
        pad_left(&textbook, bw)
    );
    for (t, (target, measured, textbook)) in targets.iter().zip(cells) {
        s.push_str(&format!(
            "    {} {}  {}  {}  {}\n",
            target_mark(t),
            pad(t.name.as_str(), name_w),
            pad(&target, tw),
            pad_left(&measured, mw),
            pad_left(&textbook, bw)
        ));
        let holds_here = t.measured.is_some_and(|m| t.op.holds(m, t.target));
        if let Some(second) = t.second.as_ref().filter(|sec| holds_here && !t.op.holds(sec.measured, t.target)) {
            s.push_str(&format!(
                "        {}\n",
                t!(
                    report_second_case,
                    measured = number(second.measured),
                    case = r.map(|r| case_name(&r.tests, &second.case)).unwrap_or_else(|| second.case.clone())
                )
            ));
        }
        // Advice only for a target measured and missed (not for one not graded).
        if let Some(why) = r.and_then(|r| speed::cannot_reach(r, t)) {
            s.push_str(&format!("        → {why}\n"));
        } else if let Some(advice) = r.filter(|_| !t.passed && t.skipped.is_none()).and_then(|r| conflict_advice(r, t))
        {
            s.push_str(&format!("        → {advice}\n"));
        } else if !t.passed && t.skipped.is_none() && !t.advice.is_empty() {
            s.push_str(&format!("        → {}\n", t.advice));
        }
    }
    s
}

pub fn compile_block(r: &SectionReport) -> String {
    let compiler = if r.compiler.is_empty() { "NVRTC" } else { r.compiler.as_str() };
    let defines = if r.compile.defines.is_empty() { t!(report_no_defines) } else { r.compile.defines.clone() };
    let headline = t!(
        report_compile_headline,
        error = t!(report_compile_error).as_str().red().bold().to_string(),
        compiler = t!(report_compiled_by, compiler = compiler, defines = defines)
    );
    let mut s = format!("  {headline}\n");
    for line in r.compile.log.lines() {
        s.push_str(&format!("    {line}\n"));
    }
    s
}

/// The one-line verdict: what failed, counted.
pub fn verdict(r: &SectionReport) -> String {
    if r.passed && !r.visible_only && !r.not_measured.is_empty() {
        return t!(
            report_passed_on_emulator,
            verdict = t!(report_passed_on_emulator_word).as_str().green().bold().to_string(),
            targets = not_measured_text(r),
            section = &r.section
        );
    }
    if r.passed {
        let what = if r.visible_only { t!(report_visible_pass) } else { t!(report_all_pass) };
        return format!("{} — {what}", t!(report_passed_word).as_str().green().bold());
    }
    let mut why = Vec::new();
    if !r.compile.ok {
        why.push(t!(report_why_compile));
    }
    if r.problem.is_some() {
        why.push(t!(report_why_launch));
    }
    let failed = r.tests.iter().filter(|t| !t.passed).count();
    if failed > 0 {
        why.push(t!(report_why_tests, failed = failed.to_string(), total = r.tests.len().to_string()));
    }
    if !r.findings.is_empty() {
        let findings = crate::model::findings_text(r.findings.len(), r.findings_occurrences).to_string();
        why.push(t!(report_why_sanitizer, findings = findings));
    }
    let missed = r.targets.iter().filter(|t| !t.passed && t.skipped.is_none()).count();
    if missed > 0 && r.compile.ok && r.problem.is_none() {
        why.push(t!(report_why_missed, count = missed));
    }
    let not_graded = r.targets.iter().filter(|t| !t.passed && t.skipped.is_some()).count();
    if not_graded > 0 && r.compile.ok && r.problem.is_none() && r.tests.iter().all(|t| t.passed) {
        why.push(t!(report_why_not_graded, count = not_graded));
    }
    format!("{} — {}", t!(report_failed_word).as_str().red().bold(), why.join(&t!(report_list_sep)))
}

/// "percent_of_copy >= 80": the targets a pass did not measure.
pub fn not_measured_text(r: &SectionReport) -> String {
    r.targets
        .iter()
        .filter(|t| r.not_measured.contains(&t.name))
        .map(|t| format!("{} {} {}", t.name, t.op, number(t.target)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The whole report of one section. `show_time` is off in snapshot tests.
/// A file whose code differs between cards: each build's verdict, and which one this report is.
pub fn architectures_block(a: &crate::model::ArchitecturesReport) -> String {
    let cards = |archs: &[String]| {
        let mut cards: Vec<&str> =
            archs.iter().map(|a| crate::toolchain::arch::cards(a)).filter(|c| !c.is_empty()).collect();
        cards.dedup();
        cards.join(", ")
    };
    let mut s = format!("  {}\n", t!(report_arch_differs));
    let build = |archs: &[String]| t!(report_arch_build, archs = archs.join(", "), cards = cards(archs));
    let w = a.builds.iter().map(|b| width(&build(&b.archs))).max().unwrap_or(0);
    for b in &a.builds {
        let this =
            if b.archs.join(", ") == a.decided_by { format!("  {}", t!(report_arch_this)) } else { String::new() };
        let verdict = if b.passed { t!(report_arch_passed) } else { t!(report_arch_failed) };
        s.push_str(&format!("    {} {}  {verdict}{this}\n", mark(b.passed), pad(&build(&b.archs), w)));
    }
    for n in &a.not_built {
        let cards = cards(std::slice::from_ref(&n.arch));
        s.push_str(&format!("    ◦ {}\n", t!(report_arch_not_built, arch = &n.arch, cards = cards, error = &n.error)));
    }
    for n in &a.not_run {
        let cards = cards(std::slice::from_ref(&n.arch));
        s.push_str(&format!("    ◦ {}\n", t!(report_arch_not_run, arch = &n.arch, cards = cards, error = &n.error)));
    }
    s
}

pub fn section(r: &SectionReport, show_time: bool) -> String {
    let mut s = header(r);
    s.push('\n');
    if let Some(a) = &r.architectures {
        s.push_str(&architectures_block(a));
    }
    if !r.compile.ok {
        s.push_str(&compile_block(r));
    } else if let Some(p) = &r.problem {
        for line in p.message.to_string().lines() {
            s.push_str(&format!("  {}\n", line));
        }
    } else {
        s.push_str(&format!("  {}\n", t!(report_tests)));
        s.push_str(&test_lines(&r.tests));
        if !r.findings.is_empty() {
            let findings = crate::model::findings_text(r.findings.len(), r.findings_occurrences).to_string();
            s.push_str(&format!("  {}\n", t!(report_findings, findings = findings)));
            s.push_str(&findings_of(&r.tests, &r.findings, r.findings_more));
        }
        if let Some(m) = &r.metrics {
            s.push_str(&format!("  {}\n", t!(report_metrics, case = &m.case)));
            s.push_str(&metrics_block(m));
        }
        if let Some(variants) = &r.variants {
            s.push_str(&format!("  {}\n", t!(report_also_measured)));
            for v in variants {
                // Rounded half up, as the book prints 3.125 (3.13).
                let textbook = v
                    .textbook
                    .map(|t| t!(report_variant_textbook, value = format!("{:.2}", (t * 100.0).round() / 100.0)))
                    .unwrap_or_default();
                let verdict = if v.passed {
                    String::new()
                } else {
                    format!("  {}", t!(report_variant_failed, message = v.message.to_string()))
                };
                s.push_str(&format!("    {} OP/B {:.2}{textbook}{verdict}\n", pad(&v.label, 32), v.op_per_byte));
            }
        }
        if let Some(speed) = &r.speed {
            s.push_str(&format!("  {}\n{}", t!(report_speed_on, device = &speed.device), speed_line(speed)));
            if let Some(pace) = &speed.reference {
                let line = t!(
                    report_speed_reference,
                    ms = format!("{:.3}", pace.median_ms),
                    percent = format!("{:.0}", pace.percent_of_copy),
                    tolerance = format!("{:.0}", (crate::speed::PACE_TOLERANCE - 1.0) * 100.0)
                );
                s.push_str(&format!("    {line}\n"));
            }
        }
        // Speed only for a kernel that works: a wrong one's would be about other work, and one
        // with findings may hang or fault on a GPU.
        if let Some(p) = r.speed_model.as_ref().filter(|_| r.tests.iter().all(|t| t.passed) && r.findings.is_empty()) {
            s.push_str(&speed::block(r, p));
        }
        if !r.targets.is_empty() {
            s.push_str(&format!("  {}\n", t!(report_targets)));
            s.push_str(&targets_of(Some(r), &r.targets));
        }
        if let Some(line) = heaviest_line(r) {
            s.push_str(&format!("    → {line}\n"));
        }
    }
    s.push('\n');
    s.push_str(&format!("  {}", verdict(r)));
    if show_time {
        s.push_str(&format!("   ({:.2} s)", r.seconds).dimmed().to_string());
    }
    s.push('\n');
    if !r.passed && !r.visible_only {
        s.push_str(&format!("  {}\n", t!(report_stuck, section = &r.section)).dimmed().to_string());
    }
    s
}

/// The summary after several sections: one line each with its time, then the total.
pub fn footer(reports: &[SectionReport], total_seconds: f64) -> String {
    let mut s = format!("{}\n", t!(report_summary));
    let id_w = reports.iter().map(|r| width(&r.section)).max().unwrap_or(0);
    let title_w = reports.iter().map(|r| width(&r.title)).max().unwrap_or(0);
    for r in reports {
        let status = match (r.passed, r.not_measured.is_empty()) {
            (true, true) => t!(report_summary_passed).as_str().green(),
            (true, false) => t!(report_summary_passed_emulator).as_str().green(),
            (false, _) => t!(report_failed_word).as_str().red().bold(),
        };
        s.push_str(&format!(
            "  {} {}  {}  {status}  {:>6.2} s\n",
            mark(r.passed),
            pad(&r.section, id_w),
            pad(&r.title, title_w),
            r.seconds
        ));
    }
    let passed = reports.iter().filter(|r| r.passed).count();
    let unmeasured = reports.iter().filter(|r| r.passed && !r.not_measured.is_empty()).count();
    let unmeasured = match unmeasured {
        0 => String::new(),
        n => t!(report_summary_unmeasured, count = n),
    };
    s.push_str(&format!(
        "  {}\n",
        t!(
            report_summary_total,
            passed = passed.to_string(),
            total = reports.len().to_string(),
            unmeasured = unmeasured,
            seconds = format!("{total_seconds:.1}")
        )
    ));
    s
}

#[cfg(test)]
mod tests;
