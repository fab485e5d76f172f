//! `traffic`'s table: each source line's share of the metrics case's memory traffic.

use std::fmt::Write as _;

use crate::i18n::{pad, pad_left, width};
use crate::model::{LineReport, MetricsReport, SectionReport};
use crate::t;

/// The per-line table, lines with memory or floating-point work only, and the totals.
pub fn table(report: &SectionReport, m: &MetricsReport) -> String {
    let mut s = String::new();
    // The title in the language the table is said in, which may not be the grading's.
    let title = crate::course::sections::find(&report.section)
        .map_or_else(|| report.title.clone(), crate::course::sections::title_in_language);
    let _ =
        writeln!(s, "{}  {} — {} — {}", report.section, title, report.kernel, t!(report_traffic_case, case = &m.case));
    let _ = writeln!(
        s,
        "{}\n",
        t!(
            report_traffic_op_per_byte,
            op_per_byte = format!("{:.2}", m.op_per_byte),
            flops = m.flops.to_string(),
            bytes = m.global_load_bytes.to_string(),
            outputs = m.output_elements.to_string(),
            executed = m.executed_flops.to_string()
        )
    );
    let local = |l: &LineReport| l.local_load_bytes + l.local_store_bytes;
    let rows: Vec<&LineReport> = m
        .lines
        .iter()
        .filter(|l| {
            l.global_loads + l.global_store_bytes + l.shared_load_bytes + l.shared_store_bytes + local(l) + l.flops > 0
        })
        .collect();
    let source_head = t!(report_traffic_col_source);
    let src_w = rows
        .iter()
        .map(|l| width(&l.source.as_deref().unwrap_or("").chars().take(48).collect::<String>()))
        .max()
        .unwrap_or(0)
        .max(6)
        .max(width(&source_head));
    // The numeric columns: their headings and their widths at least (right-aligned).
    let heads = [
        (t!(report_traffic_col_line), 5),
        (t!(report_traffic_col_loads), 12),
        (t!(report_traffic_col_requests), 9),
        (t!(report_traffic_col_sectors), 11),
        (t!(report_traffic_col_stores), 9),
        (t!(report_traffic_col_shared), 11),
        (t!(report_traffic_col_conflicts), 9),
        (t!(report_traffic_col_local), 9),
        (t!(report_traffic_col_flops), 12),
    ];
    let widths: Vec<usize> = heads.iter().map(|(h, w)| width(h).max(*w)).collect();
    // A row: the line, the source, then the eight numbers (one space apart).
    let row = |line: &str, source: &str, numbers: [String; 8]| {
        let mut r = format!("{}  {}  ", pad_left(line, widths[0]), pad(source, src_w));
        let cells: Vec<String> = numbers.iter().zip(&widths[1..]).map(|(n, w)| pad_left(n, *w)).collect();
        r.push_str(&cells.join(" "));
        r
    };
    let names: Vec<String> = heads[1..].iter().map(|(h, _)| h.clone()).collect();
    let _ = writeln!(s, "{}", row(&heads[0].0, &source_head, names.try_into().expect("eight columns")));
    let per_output = |n: u64| n as f64 / m.output_elements.max(1) as f64;
    for l in &rows {
        let source: String = l.source.as_deref().unwrap_or("").chars().take(48).collect();
        let sectors = if l.global_load_requests == 0 {
            "—".to_string()
        } else {
            format!("{:.1}", l.global_load_sectors as f64 / l.global_load_requests as f64)
        };
        let line = format!("{}{}", l.line, if l.inferred { "*" } else { "" });
        let _ = writeln!(
            s,
            "{}",
            row(
                &line,
                &source,
                [
                    trim_float(per_output(l.global_loads)),
                    l.global_load_requests.to_string(),
                    sectors,
                    l.global_store_bytes.to_string(),
                    (l.shared_load_bytes + l.shared_store_bytes).to_string(),
                    l.shared_bank_conflicts.to_string(),
                    local(l).to_string(),
                    l.flops.to_string(),
                ]
            )
        );
    }
    let loads: u64 = m.lines.iter().map(|l| l.global_loads).sum();
    let _ = writeln!(
        s,
        "{}",
        row(
            &t!(report_traffic_all),
            "",
            [
                trim_float(per_output(loads)),
                m.global_load_requests.to_string(),
                if m.global_load_requests == 0 {
                    "—".to_string()
                } else {
                    format!("{:.1}", m.global_load_sectors as f64 / m.global_load_requests as f64)
                },
                m.global_store_bytes.to_string(),
                m.lines.iter().map(|l| l.shared_load_bytes + l.shared_store_bytes).sum::<u64>().to_string(),
                m.shared_bank_conflicts.to_string(),
                m.lines.iter().map(local).sum::<u64>().to_string(),
                m.executed_flops.to_string(),
            ]
        )
    );
    s.push('\n');
    s.push_str(&t!(report_traffic_legend));
    s.push('\n');
    if rows.iter().any(|l| l.inferred) {
        s.push_str(&t!(report_traffic_inferred));
        s.push('\n');
    }
    s
}

/// 25 rather than 25.00, 0.5 rather than 0.50.
fn trim_float(v: f64) -> String {
    let t = format!("{v:.2}");
    t.trim_end_matches('0').trim_end_matches('.').to_string()
}
