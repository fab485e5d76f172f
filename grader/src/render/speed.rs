//! The speed model's words in the reports: the bound, what sets it and where, and the estimate
//! with its error. The numbers are the model's (`speed`); this only writes them.

use crate::model::{SectionReport, TargetReport};
use crate::speed::{Prediction, Resource};

use super::svg::escape;
use crate::t;

/// A target's measured cell: the value, the model's "at most", or why it was not measured.
pub fn measured_text(t: &TargetReport) -> String {
    match (&t.skipped, t.measured, t.at_most) {
        (Some(why), _, _) => why.to_string(),
        (None, Some(m), _) => super::number(m),
        (None, None, Some(most)) => t!(report_at_most, value = super::number(most.floor())),
        (None, None, None) => match t.estimated_at_most {
            Some(most) => t!(report_estimated_at_most, value = super::number(most.floor())),
            None => "—".into(),
        },
    }
}

/// A resource of the speed model in the report's words ("DRAM traffic").
pub fn resource_words(r: Resource) -> String {
    match r {
        Resource::Dram => t!(report_resource_dram),
        Resource::SharedWavefronts => t!(report_resource_shared_wavefronts),
        Resource::Issue => t!(report_resource_issue),
        Resource::L1Sectors => t!(report_resource_l1_sectors),
        Resource::Blocks => t!(report_resource_blocks),
        Resource::Atomics => t!(report_resource_atomics),
        Resource::LoadsInFlight => t!(report_resource_loads_in_flight),
    }
}

/// "line 33", with the line's text where the report has it.
fn line_with_text(r: &SectionReport, line: u32) -> String {
    let text = r
        .metrics
        .as_ref()
        .and_then(|m| m.lines.iter().find(|l| l.line == line && l.source.is_some()))
        .and_then(|l| l.source.clone());
    match text {
        Some(t) => t!(report_line_with_text, line = line.to_string(), text = t),
        None => t!(report_line, line = line.to_string()),
    }
}

/// Why the speed target cannot be met, for the advice under it: the bound (certain), or the
/// estimate beyond its error (estimated).
pub fn cannot_reach(r: &SectionReport, t: &TargetReport) -> Option<String> {
    let p = r.speed_model.as_ref()?;
    let Some(most) = t.at_most else {
        let most = t.estimated_at_most?;
        let place =
            p.estimate_line.map(|l| t!(report_cannot_reach_where, line = line_with_text(r, l))).unwrap_or_default();
        return Some(t!(
            report_estimate_cannot_reach,
            target = super::number(t.target),
            percent = format!("{:.0}", p.estimate_percent_of_copy),
            gpu = &p.gpu,
            resource = resource_words(p.estimate_limited_by),
            factor = format!("{:.1}", p.slowest_estimate),
            most = format!("{:.0}", most.floor()),
            place = place
        ));
    };
    let place = p.binding_line.map(|l| t!(report_cannot_reach_where, line = line_with_text(r, l))).unwrap_or_default();
    Some(t!(
        report_cannot_reach,
        target = super::number(t.target),
        resource = resource_words(p.binding),
        ms = format!("{:.3}", p.bound_ms),
        gpu = &p.gpu,
        most = format!("{:.0}", most.floor()),
        place = place
    ))
}

/// Why the figures are the timing case's own blocks': the count furthest from the scaled one.
fn sampled_words(sample: &crate::speed::sample::Sample) -> String {
    let count = |name: &str| match name {
        "stored_bytes" => t!(report_sampled_stored_bytes),
        "shared_wavefronts" => t!(report_sampled_shared_wavefronts),
        "shared_wavefronts_if_merged" => t!(report_sampled_shared_wavefronts_if_merged),
        "warp_instructions" => t!(report_sampled_warp_instructions),
        "l1_sectors" => t!(report_sampled_l1_sectors),
        "global_atomics" => t!(report_sampled_global_atomics),
        "global_load_bytes" => t!(report_sampled_global_load_bytes),
        _ => t!(report_sampled_global_load_requests),
    };
    let furthest = sample.counts.iter().find(|c| c.count == sample.furthest);
    let (sampled, assumed) = furthest.map_or((0.0, 0.0), |c| (c.sampled, c.assumed));
    t!(
        report_model_sampled,
        blocks = sample.blocks.len().to_string(),
        outputs = super::number(sample.outputs as f64),
        sampled = super::number(sampled.round()),
        count = count(sample.furthest),
        assumed = super::number(assumed.round()),
        ratio = format!("{:.1}", sample.estimate_ratio)
    )
}

/// What the kernel would need to do less of to be faster, by the resource that limits it.
fn change_words(r: Resource) -> String {
    match r {
        Resource::Dram => t!(report_change_dram),
        Resource::SharedWavefronts => t!(report_change_shared_wavefronts),
        Resource::Issue => t!(report_change_issue),
        Resource::L1Sectors => t!(report_change_l1_sectors),
        Resource::Blocks => t!(report_change_blocks),
        Resource::Atomics => t!(report_change_atomics),
        Resource::LoadsInFlight => t!(report_change_loads_in_flight),
    }
}

/// The report's block: on the emulator the model is all there is; on a GPU it stands beside the
/// measurement. Each figure is said with what it means (a bound, an estimate), beside the
/// course reference's own where the report has them, and followed by what would make the kernel
/// faster: the resource that limits its estimate, and where.
pub fn block(r: &SectionReport, p: &Prediction) -> String {
    let measured = if r.speed.is_some() { t!(report_model_beside) } else { t!(report_model_not_measured) };
    let mut s = format!("  {}\n", t!(report_model_header, gpu = &p.gpu, measured = measured));
    let bound_by = match p.binding_line {
        Some(l) => t!(report_model_bound_at, resource = resource_words(p.binding), line = line_with_text(r, l)),
        None => t!(report_model_bound_once, resource = resource_words(p.binding)),
    };
    let reference = r.speed_reference.as_ref();
    let reference_at_most = reference
        .map(|q| t!(report_model_reference_at_most, percent = format!("{:.0}", q.at_most_percent_of_copy.floor())))
        .unwrap_or_default();
    s.push_str(&format!(
        "    {}\n",
        t!(
            report_model_at_most,
            percent = format!("{:.0}", p.at_most_percent_of_copy.floor()),
            ms = format!("{:.3}", p.bound_ms),
            reference = reference_at_most,
            bound = bound_by
        )
    ));
    let limited = match p.estimate_line {
        Some(l) if p.estimate_limited_by != p.binding => {
            t!(report_model_limited_at, resource = resource_words(p.estimate_limited_by), line = l.to_string())
        }
        _ => t!(report_model_limited, resource = resource_words(p.estimate_limited_by)),
    };
    let reference_estimate = reference
        .map(|q| t!(report_model_reference_estimate, percent = format!("{:.0}", q.estimate_percent_of_copy)))
        .unwrap_or_default();
    s.push_str(&format!(
        "    {}\n",
        t!(
            report_model_estimate,
            percent = format!("{:.0}", p.estimate_percent_of_copy),
            ms = format!("{:.3}", p.estimate_ms),
            limited = limited,
            reference = reference_estimate,
            kernels = p.corpus_kernels.to_string(),
            median = format!("{:.0}", p.error_median_percent),
            worst = format!("{:.0}", p.error_worst_percent)
        )
    ));
    // The timing case's own blocks, where the figures are theirs.
    if let Some(sample) = p.sample.as_ref().filter(|s| s.judged_on_sample) {
        s.push_str(&format!("    {}\n", sampled_words(sample)));
    }
    // What the loads in flight come from, where they limit the estimate.
    if let (Resource::LoadsInFlight, Some(k), Some(warps)) =
        (p.estimate_limited_by, p.kernel_resources, p.resident_warps_per_sm)
    {
        s.push_str(&format!(
            "    {}\n",
            t!(
                report_model_occupancy,
                warps = warps.to_string(),
                threads = k.threads_per_block.to_string(),
                registers = k.registers_per_thread.to_string(),
                shared = k.shared_bytes_per_block.to_string()
            )
        ));
    }
    let place = p.estimate_line.map(|l| t!(report_model_change_where, line = line_with_text(r, l))).unwrap_or_default();
    s.push_str(&format!(
        "    {}\n",
        t!(report_model_change, change = change_words(p.estimate_limited_by), place = place)
    ));
    s
}

/// One kernel of the corpus in the book's figure.
pub struct CorpusPoint<'a> {
    pub section: &'a str,
    pub measured_ms: f64,
    pub estimate_ms: f64,
    pub bound_ms: f64,
}

fn section_colour(section: &str) -> &'static str {
    match section {
        s if s.starts_with("challenge") => "#c0392b",
        s if s.starts_with('7') => "#2e86c1",
        s if s.starts_with('8') => "#239b56",
        _ => "#d68910",
    }
}

/// The book's figure: measured time (x) against the estimate (dots) and the bound (crosses),
/// log-log, with the diagonal: every cross must lie below it.
pub fn corpus_svg(points: &[CorpusPoint], median_error_percent: f64) -> String {
    use std::fmt::Write as _;
    let (w, h, margin) = (640.0, 520.0, 60.0);
    let values = points.iter().flat_map(|p| [p.measured_ms, p.estimate_ms, p.bound_ms]).filter(|v| *v > 1e-6);
    let lo = values.clone().fold(f64::INFINITY, f64::min).log10().floor();
    let hi = values.fold(0.0, f64::max).log10().ceil();
    let (lo, hi) = if lo.is_finite() && hi > lo { (lo, hi) } else { (-2.0, 1.0) };
    let x = |v: f64| margin + (v.max(1e-9).log10() - lo) / (hi - lo) * (w - 2.0 * margin);
    let y = |v: f64| h - margin - (v.max(1e-9).log10() - lo) / (hi - lo) * (h - 2.0 * margin);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(s, "<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>");
    for decade in lo as i32..=hi as i32 {
        let v = 10f64.powi(decade);
        let label = if decade < 0 { format!("{v:.*}", (-decade) as usize) } else { format!("{v:.0}") };
        let _ = writeln!(
            s,
            "<line x1=\"{0:.1}\" y1=\"{1:.1}\" x2=\"{0:.1}\" y2=\"{2:.1}\" stroke=\"#ddd\"/><text x=\"{0:.1}\" y=\"{3:.1}\" text-anchor=\"middle\">{label}</text>",
            x(v),
            margin,
            h - margin,
            h - margin + 16.0
        );
        let _ = writeln!(
            s,
            "<line x1=\"{0:.1}\" y1=\"{1:.1}\" x2=\"{2:.1}\" y2=\"{1:.1}\" stroke=\"#ddd\"/><text x=\"{3:.1}\" y=\"{4:.1}\" text-anchor=\"end\">{label}</text>",
            margin,
            y(v),
            w - margin,
            margin - 6.0,
            y(v) + 4.0
        );
    }
    let (a, b) = (10f64.powf(lo), 10f64.powf(hi));
    let _ = writeln!(
        s,
        "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#555\"/>",
        x(a),
        y(a),
        x(b),
        y(b)
    );
    for factor in [1.0 + median_error_percent / 100.0, 1.0 / (1.0 + median_error_percent / 100.0)] {
        let _ = writeln!(
            s,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#999\" stroke-dasharray=\"4 4\"/>",
            x(a),
            y(a * factor),
            x(b),
            y(b * factor)
        );
    }
    for p in points {
        let c = section_colour(p.section);
        let px = x(p.measured_ms);
        // A kernel that does nothing (a stub) has no bound to draw.
        if p.bound_ms > 0.0 {
            let by = y(p.bound_ms);
            let _ = writeln!(
                s,
                "<path d=\"M{:.1} {:.1}l6 6m0 -6l-6 6\" stroke=\"{c}\" stroke-opacity=\"0.6\"/>",
                px - 3.0,
                by - 3.0
            );
        }
        let _ = writeln!(
            s,
            "<circle cx=\"{px:.1}\" cy=\"{:.1}\" r=\"3.5\" fill=\"{c}\" fill-opacity=\"0.75\"/>",
            y(p.estimate_ms)
        );
    }
    let _ = writeln!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
        w / 2.0,
        h - 18.0,
        escape(&t!(figures_speed_x_axis))
    );
    let _ = writeln!(
        s,
        "<text x=\"14\" y=\"{:.1}\" transform=\"rotate(-90 14 {:.1})\" text-anchor=\"middle\">{}</text>",
        h / 2.0,
        h / 2.0,
        escape(&t!(figures_speed_y_axis))
    );
    let legend = [
        (t!(figures_speed_chapter_7), "7"),
        (t!(figures_speed_chapter_8), "8"),
        (t!(figures_speed_1d), "1d"),
        (t!(figures_speed_challenges), "challenge"),
    ];
    for (i, (label, key)) in legend.iter().enumerate() {
        let label = escape(label);
        let ly = margin + 14.0 + 18.0 * i as f64;
        let _ = writeln!(
            s,
            "<circle cx=\"{:.1}\" cy=\"{ly:.1}\" r=\"4\" fill=\"{}\"/><text x=\"{:.1}\" y=\"{:.1}\">{label}</text>",
            margin + 14.0,
            section_colour(key),
            margin + 24.0,
            ly + 4.0
        );
    }
    let _ = writeln!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#555\">{}</text>",
        w - margin,
        h - margin - 8.0,
        escape(&t!(figures_speed_key))
    );
    s.push_str("</svg>\n");
    s
}
