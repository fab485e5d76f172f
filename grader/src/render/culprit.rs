//! The source line behind a missed target: the one that loads most, the one with the most
//! sectors per request, the one with the most bank-conflict replays (and two of its lanes that
//! collide), the one with local memory.

use super::coords;
use crate::model::{thousands, CollidingLanes, LineReport, SectionReport, TargetReport};
use crate::t;
use kernels::exercise::Metric;

/// For each missed target that a source line explains, that line: the one that loads most
/// (OP/B, bytes per output), the one with the most sectors beyond 4 per request (coalescing),
/// the one with the most bank-conflict replays; with the command that shows every line.
pub fn heaviest_line(r: &SectionReport) -> Option<String> {
    let mut lines: Vec<String> =
        r.targets.iter().filter(|t| !t.passed && t.skipped.is_none()).filter_map(|t| culprit_line(r, t.name)).collect();
    // Two targets missed for one line (OP/B and reuse) name it once.
    lines.dedup();
    (!lines.is_empty())
        .then(|| format!("{}\n        {}", lines.join("\n      "), t!(report_every_line_traffic, section = &r.section)))
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
            (l, t!(report_culprit_loads, loads = per_output(l.global_loads)))
        }
        Metric::GlobalLoadSectorsPerRequest
        | Metric::GlobalLoadSectorsOverMinimum
        | Metric::GlobalLoadUncoalescedSectorsPerOutput => {
            let excess = |l: &&LineReport| l.global_load_sectors.saturating_sub(l.global_load_minimum_sectors);
            let l = m.lines.iter().filter(|l| excess(l) > 0).max_by_key(excess)?;
            let over = l.global_load_sectors as f64 / l.global_load_minimum_sectors.max(1) as f64;
            let per_request = l.global_load_sectors as f64 / l.global_load_requests.max(1) as f64;
            (l, t!(report_culprit_sectors, per_request = format!("{per_request:.1}"), over = format!("{over:.1}")))
        }
        Metric::SharedBankConflictsPerRequest | Metric::SharedBankConflictsPerOutput => {
            let l = m.lines.iter().filter(|l| l.shared_bank_conflicts > 0).max_by_key(|l| l.shared_bank_conflicts)?;
            let example = l.bank_conflict.as_ref().map(colliding_lanes).unwrap_or_default();
            (l, t!(report_culprit_conflicts, replays = thousands(l.shared_bank_conflicts).to_string()) + &example)
        }
        Metric::LocalMemoryBytes => {
            let local = |l: &&LineReport| l.local_load_bytes + l.local_store_bytes;
            let l = m.lines.iter().filter(|l| local(l) > 0).max_by_key(local)?;
            let array = match &l.local_array {
                Some(a) => t!(report_culprit_local_array, name = &a.name, line = a.line.to_string()),
                None => String::new(),
            };
            (l, t!(report_culprit_local, bytes = thousands(local(&l)).to_string(), array = array))
        }
        _ => return None,
    };
    let source = l.source.as_deref().map(|s| format!("\n        {:>4} | {s}", l.line)).unwrap_or_default();
    let inferred = if l.inferred { format!("\n        {}", t!(report_culprit_inferred)) } else { String::new() };
    Some(format!("{}:{} {what}{source}{inferred}", l.file, l.line))
}

/// "; for example, lanes 0 and 16 of a warp (threads (0, 0, 0) and (0, 1, 0)) read `tile`
/// element 0 and element 32: …": which lanes of a conflicted access collide, and where.
fn colliding_lanes(c: &CollidingLanes) -> String {
    let places = match &c.elements {
        [Some(a), Some(b)] if a.array == b.array => {
            t!(report_conflict_elements, array = &a.array, index_a = a.index.to_string(), index_b = b.index.to_string())
        }
        _ => {
            let place = |k: usize| match &c.elements[k] {
                Some(e) => t!(report_conflict_element, array = &e.array, index = e.index.to_string()),
                None => t!(report_conflict_offset, offset = c.offsets[k].to_string()),
            };
            t!(report_conflict_places, place_a = place(0), place_b = place(1))
        }
    };
    t!(
        report_culprit_conflict_example,
        lane_a = c.lanes[0].to_string(),
        lane_b = c.lanes[1].to_string(),
        thread_a = coords(&c.threads[0]),
        thread_b = coords(&c.threads[1]),
        access = if c.store { t!(report_conflict_write) } else { t!(report_conflict_read) },
        places = places,
        bank = c.bank.to_string(),
        ways = c.ways.to_string()
    )
}

/// The two halves of a warp on two rows of the block (a block 16 threads wide) collide.
fn half_warps_collide(c: &CollidingLanes) -> bool {
    let [a, b] = c.threads;
    c.lanes[1] == c.lanes[0] + 16 && a[1] != b[1]
}

/// A missed bank-conflict target's advice from what the run saw, where it tells more than the
/// section's: half-warps on two rows of the block need another block shape or a padded row,
/// not another indexing of the tile.
pub(super) fn conflict_advice(r: &SectionReport, t: &TargetReport) -> Option<String> {
    if !matches!(t.name, Metric::SharedBankConflictsPerRequest | Metric::SharedBankConflictsPerOutput) {
        return None;
    }
    let m = r.metrics.as_ref()?;
    let l = m.lines.iter().filter(|l| l.shared_bank_conflicts > 0).max_by_key(|l| l.shared_bank_conflicts)?;
    l.bank_conflict.as_ref().filter(|c| half_warps_collide(c)).map(|_| t!(report_conflict_half_warps))
}
