//! `traffic`'s table: each source line's share of the metrics case's memory traffic.

use std::fmt::Write as _;

use crate::model::{LineReport, MetricsReport, SectionReport};

/// The per-line table, lines with memory or floating-point work only, and the totals.
pub fn table(report: &SectionReport, m: &MetricsReport) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}  {} — {} — metrics case {}", report.section, report.title, report.kernel, m.case);
    let _ = writeln!(
        s,
        "OP/B {:.2}: the problem's {} FLOPs over {} bytes loaded from global memory, for {} outputs \
         ({} FLOPs executed)\n",
        m.op_per_byte, m.flops, m.global_load_bytes, m.output_elements, m.executed_flops
    );
    let local = |l: &LineReport| l.local_load_bytes + l.local_store_bytes;
    let rows: Vec<&LineReport> = m
        .lines
        .iter()
        .filter(|l| {
            l.global_loads + l.global_store_bytes + l.shared_load_bytes + l.shared_store_bytes + local(l) + l.flops > 0
        })
        .collect();
    let src_w =
        rows.iter().map(|l| l.source.as_deref().unwrap_or("").chars().count().min(48)).max().unwrap_or(0).max(6);
    let _ = writeln!(
        s,
        "{:>5}  {:src_w$}  {:>12} {:>9} {:>11} {:>9} {:>11} {:>9} {:>9} {:>12}",
        "line",
        "source",
        "loads/output",
        "requests",
        "sectors/req",
        "stores B",
        "shared B",
        "conflicts",
        "local B",
        "FLOPs"
    );
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
            "{line:>5}  {source:src_w$}  {:>12} {:>9} {:>11} {:>9} {:>11} {:>9} {:>9} {:>12}",
            trim_float(per_output(l.global_loads)),
            l.global_load_requests,
            sectors,
            l.global_store_bytes,
            l.shared_load_bytes + l.shared_store_bytes,
            l.shared_bank_conflicts,
            local(l),
            l.flops
        );
    }
    let loads: u64 = m.lines.iter().map(|l| l.global_loads).sum();
    let _ = writeln!(
        s,
        "{:>5}  {:src_w$}  {:>12} {:>9} {:>11} {:>9} {:>11} {:>9} {:>9} {:>12}",
        "all",
        "",
        trim_float(per_output(loads)),
        m.global_load_requests,
        if m.global_load_requests == 0 {
            "—".to_string()
        } else {
            format!("{:.1}", m.global_load_sectors as f64 / m.global_load_requests as f64)
        },
        m.global_store_bytes,
        m.lines.iter().map(|l| l.shared_load_bytes + l.shared_store_bytes).sum::<u64>(),
        m.shared_bank_conflicts,
        m.lines.iter().map(local).sum::<u64>(),
        m.executed_flops
    );
    s.push_str(
        "\nloads/output: thread-level global loads of the line per output element; sectors/req: 32-byte\n\
         sectors per warp-level load (4 is ideal for a full warp's 4-byte loads); shared B: shared\n\
         bytes loaded and stored; conflicts: extra wavefronts from bank conflicts; local B: local\n\
         memory loaded and stored (a per-thread array the compiler could not keep in registers);\n\
         FLOPs: executed.\n",
    );
    if rows.iter().any(|l| l.inferred) {
        s.push_str(
            "*: also counts instructions the compiler gave no line of their own (code it made from\n\
             several statements), on the nearest line of the code around them.\n",
        );
    }
    s
}

/// 25 rather than 25.00, 0.5 rather than 0.50.
fn trim_float(v: f64) -> String {
    let t = format!("{v:.2}");
    t.trim_end_matches('0').trim_end_matches('.').to_string()
}
