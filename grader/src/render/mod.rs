//! The text report: what a student reads. Each block is a function of the report data only, so
//! that its stable parts can be snapshot-tested with colors off and no timing.

use ::emulator::FindingKind;
use colored::Colorize;
use kernels::exercise::Metric;

use crate::model::{thousands, FindingReport, LineReport, MetricsReport, SectionReport, TargetReport, TestReport};

pub mod bar;
pub mod block;
pub mod buffers;
pub mod gradescope;
pub mod maps;
pub mod png;
pub mod prairielearn;
pub mod rows;
pub mod speed;
pub mod svg;
pub mod traffic;

/// What a finding of this kind means and what usually causes it.
pub fn explain_kind(kind: FindingKind) -> &'static str {
    match kind {
        FindingKind::OutOfBounds => "a thread read or wrote outside the array: check the bounds test before that access (ghost cells, the rounded-up grid)",
        FindingKind::Misaligned => "an address not a multiple of the access size: an index computed in bytes where elements were meant, or a bad cast",
        FindingKind::Race => "two threads used the same shared-memory word between two barriers, at least one writing: a __syncthreads() is missing or misplaced",
        FindingKind::UninitializedShared => "shared memory read before any thread of the block wrote it: part of the tile (often the halo) is never loaded",
        FindingKind::Barrier => "__syncthreads() not reached by every thread of the block (inside an if, or after an early return): move it where all threads pass",
        FindingKind::Timeout => "the kernel did not finish within its instruction budget: a loop that never ends (check its bound and its increment)",
        FindingKind::Assertion => "an assert() in the kernel failed, or it called __trap(): the launch stopped there, as it does on a GPU",
        FindingKind::CallDepth => "functions called each other deeper than the emulator follows: a recursion that never ends?",
        FindingKind::Unportable => "the kernel relies on a value a GPU gives otherwise (%warpid is not the warp's index in the block): it works here by chance",
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
    s.push_str(&format!("  kernel   {}\n", r.kernel));
    s.push_str(&format!("  backend  {}", r.backend));
    if !r.compiler.is_empty() {
        s.push_str(&format!(" · {}", r.compiler));
    }
    if !r.visible_only {
        s.push_str(&format!(" · seed {} — rerun with --seed {}", r.seed, r.seed));
    }
    s.push('\n');
    s
}

/// Failing tests whose wrong elements and map are shown.
pub const DETAILED_FAILURES: usize = 2;

pub fn test_lines(tests: &[TestReport]) -> String {
    let name_w = tests.iter().map(|t| t.name.chars().count()).max().unwrap_or(0);
    let size_w = tests.iter().map(|t| t.size.chars().count()).max().unwrap_or(0);
    let mut s = String::new();
    // Full details for the first failing tests only: later ones rarely add anything.
    let mut details_left = DETAILED_FAILURES;
    for t in tests {
        let vis = if t.metrics_case { "metrics" } else { t.visibility.as_str() };
        let line = format!("    {} {:name_w$}  {:7}  {:size_w$}", mark(t.passed), t.name, vis, t.size,);
        s.push_str(line.trim_end());
        if !t.message.is_empty() {
            let msg = if t.passed { t.message.to_string().normal() } else { t.message.to_string().red() };
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
    s.push_str("        printf (block, thread):\n");
    for p in lines {
        let who =
            format!("({},{},{}) ({},{},{})", p.block[0], p.block[1], p.block[2], p.thread[0], p.thread[1], p.thread[2]);
        for text in p.text.split('\n') {
            s.push_str(&format!("          {} {text}\n", who.dimmed()));
        }
    }
    if more > 0 {
        s.push_str(&format!("          … {more} more printf calls not shown\n"));
    }
    s
}

pub fn mismatch_block(m: &crate::compare::Mismatch) -> String {
    let mut s = String::from("        first wrong elements:\n");
    let at: Vec<String> = m.first.iter().map(|w| format!("({}, {}, {})", w.at[0], w.at[1], w.at[2])).collect();
    let at_w = at.iter().map(|a| a.len()).max().unwrap_or(0).max("(x, y, z)".len());
    let exp_w = m.first.iter().map(|w| w.expected.to_string().len()).max().unwrap_or(0).max("expected".len());
    s.push_str(&format!("          {:at_w$}  {:>exp_w$}  got\n", "(x, y, z)", "expected"));
    for (a, w) in at.iter().zip(&m.first) {
        s.push_str(&format!("          {a:at_w$}  {:>exp_w$}  {}\n", w.expected.to_string(), w.got.to_string().red()));
    }
    if m.wrong > m.first.len() {
        s.push_str(&format!("          … and {} more\n", m.wrong - m.first.len()));
    }
    if m.wrong == m.total {
        s.push_str("        where: every element is wrong\n");
    } else if let Some((legend, rows)) = m.map.split_first() {
        s.push_str(&format!("        where: {legend}\n"));
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
pub const INFERRED_LINE: &str = "the compiler gave the instruction no line of its own (code it made from several \
     statements): this is the nearest line of the code around it";

/// Where a finding is: "kernel.cu:23", or "(no source line)".
pub fn finding_place(f: &FindingReport) -> String {
    match (&f.file, f.line) {
        (Some(file), Some(line)) => format!("{file}:{line}"),
        _ => "(no source line)".to_string(),
    }
}

pub fn findings_block(findings: &[FindingReport], more: u64) -> String {
    let mut s = String::new();
    for f in findings {
        let place = finding_place(f);
        let times = if f.count > 1 { format!(" (and in {} more tests)", f.count - 1) } else { String::new() };
        s.push_str(&format!(
            "    {} {} at {}, block ({}, {}, {}) thread ({}, {}, {}), in test \"{}\"{}\n",
            mark(false),
            f.kind.as_str().red().bold(),
            place.bold(),
            f.block[0],
            f.block[1],
            f.block[2],
            f.thread[0],
            f.thread[1],
            f.thread[2],
            f.case,
            times
        ));
        if let (Some(text), Some(line)) = (&f.source_line, f.line) {
            s.push_str(&format!("        {line:>4} | {}\n", text.trim_start()));
        }
        if f.line_inferred {
            s.push_str(&format!("        line {} inferred: {INFERRED_LINE}\n", f.line.unwrap_or(0)));
        }
        if !f.called_from.is_empty() {
            s.push_str(&format!("        called from {}\n", f.called_from.join(", called from ")));
        }
        match &f.consequence_of {
            Some(cause) => s.push_str(&format!("        {cause}\n")),
            None => s.push_str(&format!(
                "        {}\n",
                f.advice.as_ref().map_or_else(|| explain_kind(f.kind).to_string(), |a| a.to_string())
            )),
        }
        if !f.message.is_empty() {
            s.push_str(&format!("        ({})\n", f.message));
        }
    }
    if more > 0 {
        s.push_str(&format!(
            "    … the first occurrence of each is listed; {} more occurrences not listed\n",
            thousands(more)
        ));
    }
    s
}

pub fn metrics_block(m: &MetricsReport) -> String {
    // A problem with no floating-point work (the integer 1D stencil) has no OP/B to show.
    let arithmetic = m.flops > 0 || m.executed_flops > 0;
    let mut rows: Vec<(&str, String)> = Vec::new();
    if arithmetic {
        rows.push(("FLOPs the problem needs", thousands(m.flops)));
        rows.push(("FLOPs executed", thousands(m.executed_flops)));
    }
    rows.push(("global load bytes", thousands(m.global_load_bytes)));
    if arithmetic {
        rows.push(("OP/B (problem FLOPs ÷ global load bytes)", format!("{:.2}", m.op_per_byte)));
    }
    rows.extend([
        ("global load requests", thousands(m.global_load_requests)),
        ("global load sectors (32 B)", thousands(m.global_load_sectors)),
        ("global store bytes", thousands(m.global_store_bytes)),
        ("shared memory per block (bytes)", thousands(m.shared_bytes_per_block)),
        ("threads × blocks", format!("{} × {}", thousands(m.threads / m.blocks.max(1)), thousands(m.blocks))),
    ]);
    let w = rows.iter().map(|(k, _)| k.chars().count()).max().unwrap_or(0);
    let vw = rows.iter().map(|(_, v)| v.len()).max().unwrap_or(0);
    let mut s = String::new();
    for (k, v) in rows {
        s.push_str(&format!("    {k:w$}  {v:>vw$}\n"));
    }
    if let Some(g) = &m.gpu {
        s.push_str(&gpu_line(g));
    }
    if !m.shown.is_empty() {
        let shown: Vec<String> = m.shown.iter().map(|x| format!("{} {}", x.name, number(x.measured))).collect();
        s.push_str(&format!("    not graded (the caches decide what they cost): {}\n", shown.join(", ")));
    }
    s
}

/// The device's own view of the kernel (GPU backend): registers, spills, static shared bytes,
/// the latter checked against the emulator's.
pub fn gpu_line(g: &crate::model::KernelResources) -> String {
    let shared = if g.static_shared_bytes as u64 == g.emulator_static_shared_bytes {
        format!("{} B static shared (= emulator)", g.static_shared_bytes)
    } else {
        format!("{} B static shared (emulator says {} B!)", g.static_shared_bytes, g.emulator_static_shared_bytes)
    };
    let spill = if g.local_bytes_per_thread > 0 { " (spills or local arrays)" } else { "" };
    format!(
        "    on {} ({}): {} registers/thread, {} B local/thread{spill}, {shared}\n",
        g.device, g.binary, g.registers_per_thread, g.local_bytes_per_thread
    )
}

/// "timing 8192x8192, r=2: 0.200 ms, 2,560 GB/s = 85% of a device-to-device copy (3,010 GB/s)"
pub fn speed_line(s: &crate::model::Speed) -> String {
    format!(
        "    timing case {}: {:.3} ms (median), {} GB/s = {:.0}% of a device-to-device copy ({} GB/s)\n    timed: {}\n",
        s.case,
        s.median_ms,
        thousands(s.gb_per_s.round() as u64),
        s.percent_of_copy,
        thousands(s.copy_gb_per_s.round() as u64),
        s.method
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
    let name_w = targets.iter().map(|t| t.name.as_str().len()).max().unwrap_or(0);
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
    let tw = cells.iter().map(|c| c.0.len()).max().unwrap_or(0).max("target".len());
    let mw = cells.iter().map(|c| c.1.chars().count()).max().unwrap_or(0).max("measured".len());
    let bw = cells.iter().map(|c| c.2.chars().count()).max().unwrap_or(0).max("textbook".len());
    let mut s = format!("      {:name_w$}  {:tw$}  {:>mw$}  {:>bw$}\n", "", "target", "measured", "textbook");
    for (t, (target, measured, textbook)) in targets.iter().zip(cells) {
        s.push_str(&format!(
            "    {} {:name_w$}  {target:tw$}  {measured:>mw$}  {textbook:>bw$}\n",
            target_mark(t),
            t.name
        ));
        let holds_here = t.measured.is_some_and(|m| t.op.holds(m, t.target));
        if let Some(second) = t.second.as_ref().filter(|sec| holds_here && !t.op.holds(sec.measured, t.target)) {
            s.push_str(&format!(
                "        but {} on the second metrics case ({}): a target must hold at every size\n",
                number(second.measured),
                second.case
            ));
        }
        // Advice only for a target measured and missed (not for one not graded).
        if let Some(why) = r.and_then(|r| speed::cannot_reach(r, t)) {
            s.push_str(&format!("        → {why}\n"));
        } else if !t.passed && t.skipped.is_none() && !t.advice.is_empty() {
            s.push_str(&format!("        → {}\n", t.advice));
        }
    }
    s
}

pub fn compile_block(r: &SectionReport) -> String {
    let compiler = if r.compiler.is_empty() { "NVRTC" } else { r.compiler.as_str() };
    let defines = if r.compile.defines.is_empty() { "no defines" } else { &r.compile.defines };
    let mut s = format!("  {} ({compiler}, {defines})\n", "compile error".red().bold());
    for line in r.compile.log.lines() {
        s.push_str(&format!("    {line}\n"));
    }
    s
}

/// The one-line verdict: what failed, counted.
pub fn verdict(r: &SectionReport) -> String {
    if r.passed && !r.visible_only && !r.not_measured.is_empty() {
        return format!(
            "{} — every test and every target the emulator measures pass; not measured without a GPU: {} \
             (the challenge's goal: see `cargo run -p grader -- time {}` on a machine with an NVIDIA GPU)",
            "PASSED ON THE EMULATOR".green().bold(),
            not_measured_text(r),
            r.section
        );
    }
    if r.passed {
        let what = if r.visible_only { "visible tests pass" } else { "all tests and targets pass" };
        return format!("{} — {what}", "PASSED".green().bold());
    }
    let mut why = Vec::new();
    if !r.compile.ok {
        why.push("the kernel does not compile".to_string());
    }
    if r.problem.is_some() {
        why.push("the kernel cannot be launched".to_string());
    }
    let failed = r.tests.iter().filter(|t| !t.passed).count();
    if failed > 0 {
        why.push(format!("{failed} of {} tests failed", r.tests.len()));
    }
    if !r.findings.is_empty() {
        why.push(format!("sanitizer: {}", crate::model::findings_text(r.findings.len(), r.findings_occurrences)));
    }
    let missed = r.targets.iter().filter(|t| !t.passed && t.skipped.is_none()).count();
    if missed > 0 && r.compile.ok && r.problem.is_none() {
        why.push(format!("{missed} target{} missed", if missed == 1 { "" } else { "s" }));
    }
    let not_graded = r.targets.iter().filter(|t| !t.passed && t.skipped.is_some()).count();
    if not_graded > 0 && r.compile.ok && r.problem.is_none() && r.tests.iter().all(|t| t.passed) {
        why.push(format!("{not_graded} target{} not graded", if not_graded == 1 { "" } else { "s" }));
    }
    format!("{} — {}", "FAILED".red().bold(), why.join(", "))
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
pub fn section(r: &SectionReport, show_time: bool) -> String {
    let mut s = header(r);
    s.push('\n');
    if !r.compile.ok {
        s.push_str(&compile_block(r));
    } else if let Some(p) = &r.problem {
        for line in p.message.to_string().lines() {
            s.push_str(&format!("  {}\n", line));
        }
    } else {
        s.push_str("  tests\n");
        s.push_str(&test_lines(&r.tests));
        if !r.findings.is_empty() {
            s.push_str(&format!(
                "  findings: {}\n",
                crate::model::findings_text(r.findings.len(), r.findings_occurrences)
            ));
            s.push_str(&findings_block(&r.findings, r.findings_more));
        }
        if let Some(m) = &r.metrics {
            s.push_str(&format!("  metrics ({})\n", m.case));
            s.push_str(&metrics_block(m));
        }
        if let Some(variants) = &r.variants {
            s.push_str("  also measured\n");
            for v in variants {
                // Rounded half up, as the book prints 3.125 (3.13).
                let textbook =
                    v.textbook.map(|t| format!(" (textbook {:.2})", (t * 100.0).round() / 100.0)).unwrap_or_default();
                let verdict = if v.passed { String::new() } else { format!("  FAILED: {}", v.message) };
                s.push_str(&format!("    {:<32} OP/B {:.2}{textbook}{verdict}\n", v.label, v.op_per_byte));
            }
        }
        if let Some(speed) = &r.speed {
            s.push_str(&format!("  speed on {}\n{}", speed.device, speed_line(speed)));
            if !["H100", "H200", "GH200"].iter().any(|card| speed.device.contains(card)) {
                s.push_str("    (the speed targets were set on an H100; on other cards see the book's \"As fast as the memory allows\")\n");
            }
        }
        // Speed only for a kernel that works: a wrong one's would be about other work, and one
        // with findings may hang or fault on a GPU.
        if let Some(p) = r.speed_model.as_ref().filter(|_| r.tests.iter().all(|t| t.passed) && r.findings.is_empty()) {
            s.push_str(&speed::block(r, p));
        }
        if !r.targets.is_empty() {
            s.push_str("  targets\n");
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
        s.push_str(&format!("  stuck? cargo run -p grader -- hint {}\n", r.section).dimmed().to_string());
    }
    s
}

/// Lines of a compile log shown in the compact report.
const COMPACT_LOG_LINES: usize = 12;

/// The report that fits one screen (`watch`): a line per test, the first failure's detail (its
/// wrong elements, or the first finding), the targets, the verdict. The full report has the rest.
pub fn compact(r: &SectionReport) -> String {
    let mut s = format!("{}  {}  {}\n", r.section.bold(), r.title.bold(), r.kernel.dimmed());
    if !r.compile.ok {
        let compiler = if r.compiler.is_empty() { "NVRTC" } else { r.compiler.as_str() };
        s.push_str(&format!("  {} ({compiler})\n", "compile error".red().bold()));
        let lines: Vec<&str> = r.compile.log.lines().collect();
        for line in lines.iter().take(COMPACT_LOG_LINES) {
            s.push_str(&format!("    {line}\n"));
        }
        if lines.len() > COMPACT_LOG_LINES {
            s.push_str(&format!("    … {} more lines (f: full report)\n", lines.len() - COMPACT_LOG_LINES));
        }
    } else if let Some(p) = &r.problem {
        for line in p.message.to_string().lines() {
            s.push_str(&format!("  {line}\n"));
        }
    } else {
        let name_w = r.tests.iter().map(|t| t.name.chars().count()).max().unwrap_or(0);
        for t in &r.tests {
            let msg = if t.passed { String::new() } else { format!("  {}", t.message.to_string().red()) };
            s.push_str(format!("  {} {:name_w$}  {}{msg}\n", mark(t.passed), t.name, t.size).trim_end());
            s.push('\n');
        }
        if let Some(f) = r.findings.first() {
            s.push_str(&findings_block(std::slice::from_ref(f), 0));
        } else if let Some((t, m)) = r.tests.iter().find_map(|t| t.mismatch.as_ref().map(|m| (t, m))) {
            s.push_str(&format!("  first failure: {}\n", t.name));
            s.push_str(&mismatch_block(m));
        }
        if !r.targets.is_empty() {
            let targets: Vec<String> = r
                .targets
                .iter()
                .map(|t| {
                    let measured = speed::measured_text(t);
                    format!("{} {} {measured} ({} {})", target_mark(t), t.name, t.op, number(t.target))
                })
                .collect();
            s.push_str(&format!("  targets  {}\n", targets.join("  ")));
            // Advice only for a target measured and missed (as in `targets_block`).
            if let Some(t) = r.targets.iter().find(|t| !t.passed && t.skipped.is_none() && !t.advice.is_empty()) {
                s.push_str(&format!("    → {}\n", t.advice));
            }
            if let Some(line) = heaviest_line(r) {
                s.push_str(&format!("    → {line}\n"));
            }
        }
        let printed: usize = r.tests.iter().map(|t| t.printf.len()).sum();
        if printed > 0 {
            s.push_str(&format!(
                "  {}\n",
                format!("printf: {printed} line{} (f: full report)", if printed == 1 { "" } else { "s" }).dimmed()
            ));
        }
    }
    s.push_str(&format!("  {}\n", verdict(r)));
    s
}

/// For each missed target that a source line explains, that line: the one that loads most
/// (OP/B, bytes per output), the one with the most sectors beyond 4 per request (coalescing),
/// the one with the most bank-conflict replays; with the command that shows every line.
pub fn heaviest_line(r: &SectionReport) -> Option<String> {
    let mut lines: Vec<String> =
        r.targets.iter().filter(|t| !t.passed && t.skipped.is_none()).filter_map(|t| culprit_line(r, t.name)).collect();
    // Two targets missed for one line (OP/B and reuse) name it once.
    lines.dedup();
    (!lines.is_empty()).then(|| {
        format!(
            "{}\n        every line's traffic: cargo run -p grader -- traffic {}",
            lines.join("\n      "),
            r.section
        )
    })
}

/// The source line behind a missed target named `metric`, if a line explains it.
pub fn culprit_line(r: &SectionReport, metric: Metric) -> Option<String> {
    let m = r.metrics.as_ref()?;
    let per_output = |n: u64| {
        let v = format!("{:.1}", n as f64 / m.output_elements.max(1) as f64);
        v.trim_end_matches(".0").to_string()
    };
    let (l, what) = match metric {
        Metric::OpPerByte | Metric::GlobalLoadBytesPerOutput | Metric::GlobalLoadsPerElement => {
            let l = m.lines.iter().filter(|l| l.global_loads > 0).max_by_key(|l| l.global_load_bytes)?;
            (l, format!("makes {} global loads per output, the most of any line", per_output(l.global_loads)))
        }
        Metric::GlobalLoadSectorsPerRequest
        | Metric::GlobalLoadSectorsOverMinimum
        | Metric::GlobalLoadUncoalescedSectorsPerOutput => {
            let excess = |l: &&LineReport| l.global_load_sectors.saturating_sub(l.global_load_minimum_sectors);
            let l = m.lines.iter().filter(|l| excess(l) > 0).max_by_key(excess)?;
            let over = l.global_load_sectors as f64 / l.global_load_minimum_sectors.max(1) as f64;
            let per_request = l.global_load_sectors as f64 / l.global_load_requests.max(1) as f64;
            (
                l,
                format!(
                    "touches {per_request:.1} sectors per warp-level load, {over:.1} times the fewest its width needs (1 when coalesced)"
                ),
            )
        }
        Metric::SharedBankConflictsPerRequest | Metric::SharedBankConflictsPerOutput => {
            let l = m.lines.iter().filter(|l| l.shared_bank_conflicts > 0).max_by_key(|l| l.shared_bank_conflicts)?;
            (l, format!("causes {} bank-conflict replays, the most of any line", thousands(l.shared_bank_conflicts)))
        }
        Metric::LocalMemoryBytes => {
            let local = |l: &&LineReport| l.local_load_bytes + l.local_store_bytes;
            let l = m.lines.iter().filter(|l| local(l) > 0).max_by_key(local)?;
            let array = match &l.local_array {
                Some(a) => format!(" (probably the per-thread array {}, declared at line {})", a.name, a.line),
                None => String::new(),
            };
            (l, format!("loads and stores {} bytes of local memory, the most of any line{array}", thousands(local(&l))))
        }
        _ => return None,
    };
    let source = l.source.as_deref().map(|s| format!("\n        {:>4} | {s}", l.line)).unwrap_or_default();
    let inferred = if l.inferred {
        "\n        (with code the compiler gave no line of its own, counted on this, the nearest line)"
    } else {
        ""
    };
    Some(format!("{}:{} {what}{source}{inferred}", l.file, l.line))
}

/// The summary after several sections: one line each with its time, then the total.
pub fn footer(reports: &[SectionReport], total_seconds: f64) -> String {
    let mut s = String::from("summary\n");
    let id_w = reports.iter().map(|r| r.section.len()).max().unwrap_or(0);
    let title_w = reports.iter().map(|r| r.title.chars().count()).max().unwrap_or(0);
    for r in reports {
        let status = match (r.passed, r.not_measured.is_empty()) {
            (true, true) => "passed".green(),
            (true, false) => "passed on the emulator (speed not measured)".green(),
            (false, _) => "FAILED".red().bold(),
        };
        s.push_str(&format!(
            "  {} {:id_w$}  {:title_w$}  {status}  {:>6.2} s\n",
            mark(r.passed),
            r.section,
            r.title,
            r.seconds
        ));
    }
    let passed = reports.iter().filter(|r| r.passed).count();
    let unmeasured = reports.iter().filter(|r| r.passed && !r.not_measured.is_empty()).count();
    let unmeasured = match unmeasured {
        0 => String::new(),
        n => format!(" ({n} without {} speed measured: no GPU)", if n == 1 { "its" } else { "their" }),
    };
    s.push_str(&format!("  {passed} of {} sections passed{unmeasured} in {total_seconds:.1} s\n", reports.len()));
    s
}
