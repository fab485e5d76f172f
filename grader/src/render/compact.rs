//! The report that fits one screen, for `watch`.

use colored::Colorize;

use super::{findings_of, heaviest_line, mark, mismatch_block, number, speed, target_mark, test_name, verdict};
use crate::i18n::{pad, width};
use crate::model::SectionReport;
use crate::t;

const COMPACT_LOG_LINES: usize = 12;

/// The report that fits one screen (`watch`): a line per test, the first failure's detail (its
/// wrong elements, or the first finding), the targets, the verdict. The full report has the rest.
pub fn compact(r: &SectionReport) -> String {
    let mut s = format!("{}  {}  {}\n", r.section.bold(), r.title.bold(), r.kernel.dimmed());
    if !r.compile.ok {
        let compiler = if r.compiler.is_empty() { "NVRTC" } else { r.compiler.as_str() };
        let headline = t!(
            report_compile_headline,
            error = t!(report_compile_error).as_str().red().bold().to_string(),
            compiler = t!(report_compiler, compiler = compiler)
        );
        s.push_str(&format!("  {headline}\n"));
        let lines: Vec<&str> = r.compile.log.lines().collect();
        for line in lines.iter().take(COMPACT_LOG_LINES) {
            s.push_str(&format!("    {line}\n"));
        }
        if lines.len() > COMPACT_LOG_LINES {
            let more = (lines.len() - COMPACT_LOG_LINES).to_string();
            s.push_str(&format!("    {}\n", t!(report_more_log_lines, more = more)));
        }
    } else if let Some(p) = &r.problem {
        for line in p.message.to_string().lines() {
            s.push_str(&format!("  {line}\n"));
        }
    } else {
        let names: Vec<String> = r.tests.iter().map(test_name).collect();
        let name_w = names.iter().map(|n| width(n)).max().unwrap_or(0);
        for (t, name) in r.tests.iter().zip(&names) {
            let msg = if t.passed { String::new() } else { format!("  {}", t.message.to_string().as_str().red()) };
            s.push_str(format!("  {} {}  {}{msg}\n", mark(t.passed), pad(name, name_w), t.size).trim_end());
            s.push('\n');
        }
        if let Some(f) = r.findings.first() {
            s.push_str(&findings_of(&r.tests, std::slice::from_ref(f), 0));
        } else if let Some((t, m)) = r.tests.iter().find_map(|t| t.mismatch.as_ref().map(|m| (t, m))) {
            s.push_str(&format!("  {}\n", t!(report_first_failure, test = test_name(t))));
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
            s.push_str(&format!("  {}  {}\n", t!(report_targets), targets.join("  ")));
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
            s.push_str(&format!("  {}\n", t!(report_printf_lines, count = printed).as_str().dimmed()));
        }
    }
    s.push_str(&format!("  {}\n", verdict(r)));
    s
}
