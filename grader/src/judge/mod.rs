//! Verdicts: a test from its outcome against the oracle, a target from the metrics, and the
//! sanitizer's findings gathered per (kind, file, line). Everything here turns what a launch
//! produced into the report's data; nothing here launches.

use std::collections::HashMap;
use std::path::Path;

use kernels::exercise::{Arg, Buffer, Case, Data, Metric, Target};

use crate::backend::{Finding, InputChange, Metrics, Outcome};
use crate::compare::{compare, Mismatch};
use crate::course::KernelFile;
use crate::i18n::Text;
use crate::model::{
    CollidingLanes, FindingReport, LineReport, MetricsReport, PrintfReport, SecondMeasure, SharedElement, TargetReport,
};
use crate::speed::Prediction;
use ::emulator::{FindingKey, FindingKind};

mod advice;
mod arrays;
mod evidence;
mod loops;

pub fn size_text(shape: [usize; 3]) -> String {
    match shape {
        [x, 1, 1] => format!("{x}"),
        [x, y, 1] => format!("{x}×{y}"),
        [x, y, z] => format!("{x}×{y}×{z}"),
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

/// OP/B as the textbook defines it: the arithmetic the problem needs on `case` (not what the
/// kernel executed: dummy FLOPs buy nothing) ÷ the bytes the kernel loaded from global memory.
pub fn op_per_byte(m: &Metrics, case: &Case) -> f64 {
    ratio(case.problem_flops, m.global_load_bytes)
}

/// The measured value of a target's metric on the metrics case (`None`: measured by timing on a
/// GPU, not by counting).
pub fn measure(metric: Metric, m: &Metrics, case: &Case) -> Option<f64> {
    let outputs = case.expected.len() as u64;
    Some(match metric {
        Metric::OpPerByte => op_per_byte(m, case),
        Metric::SharedBytesPerBlock => m.shared_bytes_per_block() as f64,
        Metric::GlobalLoadBytesPerOutput => m.global_load_bytes as f64 / case.expected.len().max(1) as f64,
        Metric::ThreadsPerBlock => case.geometry.block.iter().map(|&d| d as f64).product(),
        Metric::GlobalLoadSectorsPerRequest => ratio(m.global_load_sectors, m.global_load_requests),
        Metric::GlobalLoadSectorsOverMinimum => ratio(m.global_load_sectors, m.global_load_minimum_sectors),
        Metric::GlobalLoadUncoalescedSectorsPerOutput => ratio(m.global_load_uncoalesced_sectors, outputs),
        Metric::GlobalLoadsPerElement => ratio(m.global_load_bytes, m.unique_global_load_bytes),
        Metric::SharedBankConflictsPerRequest => ratio(m.shared_bank_conflicts, m.shared_requests),
        Metric::SharedBankConflictsPerOutput => ratio(m.shared_bank_conflicts, outputs),
        Metric::LocalMemoryBytes => (m.local_load_bytes + m.local_store_bytes) as f64,
        Metric::ActiveLanePercent => 100.0 * ratio(m.lane_instructions, 32 * m.warp_instructions),
        Metric::PercentOfCopy => return None,
    })
}

/// The targets measured on the metrics case and, where there is one, checked on the second
/// metrics case: a target holds only where it holds on both. `model`: the speed model's
/// prediction, where the speed targets are graded without a GPU.
pub fn evaluate_targets(
    targets: &[Target],
    measured: Option<(&Metrics, &Case)>,
    second: Option<(&Metrics, &Case)>,
    model: Option<&Prediction>,
) -> Vec<TargetReport> {
    targets
        .iter()
        .map(|t| {
            let value = measured.and_then(|(m, c)| measure(t.metric, m, c));
            // A speed target is timed on a GPU (`time_speed_targets`). Without one it fails only
            // where the model's bound says it cannot be met; otherwise it is not held against
            // the kernel, and the report says so.
            let at_most = model
                .filter(|_| t.metric == Metric::PercentOfCopy)
                .map(|p| p.at_most_percent_of_copy)
                .filter(|&most| !t.compare.holds(most, t.value));
            // Where the bound allows the target, the estimate fails it only when even its worst
            // error on the corpus' kernels like this one would not reach it.
            let estimated_at_most = model
                .filter(|_| t.metric == Metric::PercentOfCopy && at_most.is_none())
                .and_then(|p| p.estimate_at_most())
                .filter(|&most| !t.compare.holds(most, t.value));
            let failed_without_gpu = at_most.is_some() || estimated_at_most.is_some();
            let skipped = (t.metric.needs_gpu() && measured.is_some() && !failed_without_gpu).then(|| match model {
                Some(p) if t.metric == Metric::PercentOfCopy => {
                    crate::text!(judge_not_graded_without_gpu, percent = format!("{:.0}", p.estimate_percent_of_copy))
                }
                _ => crate::text!(judge_needs_gpu),
            });
            let second = second
                .and_then(|(m, c)| Some(SecondMeasure { case: c.name.clone(), measured: measure(t.metric, m, c)? }));
            let holds = value.is_some_and(|v| t.compare.holds(v, t.value))
                && second.as_ref().is_none_or(|s| t.compare.holds(s.measured, t.value));
            TargetReport {
                name: t.metric,
                op: t.compare,
                target: t.value,
                measured: value,
                textbook: t.textbook,
                passed: skipped.is_some() || holds,
                // The section names its advice's message.
                advice: Text::message(t.advice, Vec::new()),
                skipped,
                second,
                at_most,
                estimated_at_most,
            }
        })
        .collect()
}

/// The targets of a section whose measuring run cannot be graded (it stopped, or did not run):
/// none passes, and each says why it was not graded.
pub fn targets_not_graded(targets: &[Target], why: Text) -> Vec<TargetReport> {
    evaluate_targets(targets, None, None, None)
        .into_iter()
        .map(|t| TargetReport { skipped: Some(crate::text!(judge_not_graded, why = why.clone())), ..t })
        .collect()
}

pub fn metrics_report(label: Text, m: &Metrics, case: &Case) -> MetricsReport {
    MetricsReport {
        case: label,
        flops: case.problem_flops,
        executed_flops: m.flops,
        global_load_bytes: m.global_load_bytes,
        op_per_byte: op_per_byte(m, case),
        global_load_requests: m.global_load_requests,
        global_load_sectors: m.global_load_sectors,
        global_store_bytes: m.global_store_bytes,
        shared_bytes_per_block: m.shared_bytes_per_block(),
        other_float_ops: m.other_float_ops,
        unique_global_load_bytes: m.unique_global_load_bytes,
        shared_bank_conflicts: m.shared_bank_conflicts,
        barriers: m.barriers,
        threads: m.threads,
        blocks: m.blocks,
        output_elements: case.expected.len() as u64,
        gpu: None,
        lines: Vec::new(),
        shown: Vec::new(),
    }
}

/// Whether `file`, as NVRTC recorded it, is the student's kernel file: NVRTC may record the
/// name joined to its working directory, or an absolute path. `canonical`: the kernel's.
fn is_students_file(kernel: &KernelFile, canonical: Option<&Path>, file: &str) -> bool {
    file == kernel.display
        || Path::new(file).ends_with(&kernel.display)
        || ends_with_path(file, &kernel.display)
        || (canonical.is_some() && Path::new(file).canonicalize().ok().as_deref() == canonical)
}

/// `file` ends with the path `display`, whichever separators either uses: under Wine NVRTC joins
/// its working directory to a Unix path (`Z:\tmp\course/tmp/course/kernel.cu`, its backslashes
/// doubled as the PTX's `.file` string escapes them), which `Path::ends_with` cannot match
/// component by component.
fn ends_with_path(file: &str, display: &str) -> bool {
    let slashes = |p: &str| {
        let mut out = String::with_capacity(p.len());
        for c in p.chars().map(|c| if c == '\\' { '/' } else { c }) {
            if !(c == '/' && out.ends_with('/')) {
                out.push(c);
            }
        }
        out
    };
    let (file, display) = (slashes(file), slashes(display));
    match file.strip_suffix(display.as_str()) {
        Some(head) => head.is_empty() || head.ends_with('/') || display.starts_with('/'),
        None => false,
    }
}

/// The emulator's per-line counts of the student's own file.
pub fn students_counts(counts: &[::emulator::LineCounts], kernel: &KernelFile) -> Vec<::emulator::LineCounts> {
    let canonical = kernel.path.canonicalize().ok();
    counts.iter().filter(|c| is_students_file(kernel, canonical.as_deref(), &c.file)).cloned().collect()
}

/// The emulator's per-line counts as the report gives them: the student's file name, the
/// line's text.
pub fn line_reports(counts: &[::emulator::LineCounts], kernel: &KernelFile, source: &[&str]) -> Vec<LineReport> {
    let canonical = kernel.path.canonicalize().ok();
    let own = |c: &::emulator::LineCounts| is_students_file(kernel, canonical.as_deref(), &c.file);
    // The per-thread arrays behind the local traffic of the student's lines.
    let local = |c: &::emulator::LineCounts| own(c) && c.local_load_bytes + c.local_store_bytes > 0;
    let local_lines: Vec<u32> = counts.iter().filter(|c| local(c)).map(|c| c.line).collect();
    let mut arrays = arrays::behind_local_traffic(source, &local_lines).into_iter();
    counts
        .iter()
        .map(|c| {
            let own = own(c);
            LineReport {
                file: if own { kernel.display.clone() } else { c.file.clone() },
                line: c.line,
                inferred: c.inferred,
                source: if own {
                    source.get((c.line as usize).wrapping_sub(1)).map(|s| s.trim().to_string())
                } else {
                    None
                },
                warp_instructions: c.warp_instructions,
                global_loads: c.global_loads,
                global_load_bytes: c.global_load_bytes,
                global_load_requests: c.global_load_requests,
                global_load_sectors: c.global_load_sectors,
                global_load_minimum_sectors: c.global_load_minimum_sectors,
                global_store_bytes: c.global_store_bytes,
                shared_load_bytes: c.shared_load_bytes,
                shared_store_bytes: c.shared_store_bytes,
                shared_bank_conflicts: c.shared_bank_conflicts,
                local_load_bytes: c.local_load_bytes,
                local_store_bytes: c.local_store_bytes,
                local_array: if local(c) { arrays.next().flatten() } else { None },
                flops: c.flops,
                bank_conflict: c.bank_conflict.as_ref().map(|b| CollidingLanes {
                    lanes: b.lanes,
                    threads: b.threads,
                    offsets: b.offsets,
                    elements: b.elements.clone().map(|e| e.map(|e| SharedElement { array: e.array, index: e.index })),
                    bank: b.bank,
                    ways: b.ways,
                    store: b.store,
                }),
            }
        })
        .collect()
}

/// "argument 1, element 37 (x 5, y 1)": where an input changed, in the kernel's terms.
fn changed_input_text(case: &Case, change: &InputChange) -> Text {
    let argument = case.args.iter().position(|a| matches!(a, Arg::Buffer(b) if *b == change.buffer)).unwrap_or(0);
    let e = change.element;
    let element = e.to_string();
    let place = match case.shape {
        [x, y, z] if x * y * z == case.buffers.get(change.buffer).map_or(0, buffer_len) && y * z > 1 => {
            if z > 1 {
                crate::text!(
                    judge_element_xyz,
                    element = element,
                    x = (e % x).to_string(),
                    y = (e / x % y).to_string(),
                    z = (e / (x * y)).to_string()
                )
            } else {
                crate::text!(judge_element_xy, element = element, x = (e % x).to_string(), y = (e / x).to_string())
            }
        }
        _ => crate::text!(judge_element, element = element),
    };
    crate::text!(
        judge_changed_input,
        argument = (argument + 1).to_string(),
        place = place,
        was = &change.was,
        now = &change.now
    )
}

fn buffer_len(b: &Buffer) -> usize {
    match b {
        Buffer::Input(d) | Buffer::InOut(d) => d.len(),
        Buffer::OutputF32(n) | Buffer::OutputI32(n) => *n,
    }
}

/// Notes said one after another ("1 of 4 elements wrong; 1 finding (see findings)"); none: "".
pub fn join_notes(notes: Vec<Text>) -> Text {
    let mut notes = notes.into_iter().rev();
    let last = notes.next().unwrap_or_default();
    notes.fold(last, |rest, first| crate::text!(judge_notes, first = first, rest = rest))
}

/// What the case's classic mistakes that give exactly `output` (within the case's tolerance)
/// did: a wrong output equal to a flipped filter's is named for what it is.
pub fn named_mistakes(case: &Case, output: &Data) -> Vec<&'static str> {
    case.mistakes
        .iter()
        .filter(|m| compare(&m.output, output, case.tolerance, case.shape).is_none())
        .map(|m| m.what)
        .collect()
}

/// What stopped a launch: the first finding's kind ("race"), else "a fault".
pub fn stopped_by(findings: &[Finding]) -> Text {
    match findings.first() {
        Some(f) => Text::plain(f.kind.as_str()),
        None => crate::text!(judge_a_fault),
    }
}

/// One test's verdict from its outcome.
pub fn judge(case: &Case, outcome: &Outcome) -> (bool, Text, Option<Mismatch>) {
    verdict(case, outcome, true)
}

/// [`judge`] for a run whose findings are not listed (a `--variants` configuration): its notes
/// point to no list of findings.
pub fn judge_unlisted(case: &Case, outcome: &Outcome) -> (bool, Text, Option<Mismatch>) {
    verdict(case, outcome, false)
}

fn verdict(case: &Case, outcome: &Outcome, listed: bool) -> (bool, Text, Option<Mismatch>) {
    let see_findings = |note: Text| if listed { crate::text!(judge_see_findings, note = note) } else { note };
    let mismatch = compare(&case.expected, &outcome.output, case.tolerance, case.shape);
    let mut notes = Vec::new();
    if let Some(change) = &outcome.changed_input {
        notes.push(changed_input_text(case, change));
    }
    if let Some(m) = &mismatch {
        let (wrong, total) = (m.wrong.to_string(), m.total.to_string());
        notes.push(if m.all_unwritten {
            crate::text!(judge_elements_wrong_never_written, wrong = wrong, total = total)
        } else {
            crate::text!(judge_elements_wrong, wrong = wrong, total = total)
        });
        if m.computed_nan > 0 {
            notes.push(crate::text!(judge_computed_nan, count = m.computed_nan.to_string()));
        }
        let mut named = named_mistakes(case, &outcome.output).into_iter().rev().map(|id| Text::message(id, Vec::new()));
        if let Some(last) = named.next() {
            // The mistakes are named by the section's message ids.
            let mistakes = named.fold(last, |rest, first| crate::text!(judge_mistakes_or, first = first, rest = rest));
            notes.push(crate::text!(judge_equals_mistake, mistakes = mistakes));
        }
    }
    let distinct = outcome.findings.len();
    let occurrences = distinct as u64 + outcome.findings_dropped;
    let against_outputs = outcome.findings.iter().filter(|f| may_have_changed_outputs(f)).count();
    if !outcome.completed {
        notes.push(see_findings(crate::text!(judge_stopped_by, kind = stopped_by(&outcome.findings))));
    } else if occurrences > 0 {
        let note = see_findings(crate::model::findings_text(distinct, occurrences));
        notes.push(match (against_outputs, distinct) {
            (0, 1) => crate::text!(judge_reached_no_output, note = note),
            (0, _) => crate::text!(judge_none_reached_an_output, note = note),
            _ => note,
        });
    }
    let passed = mismatch.is_none() && outcome.completed && against_outputs == 0 && outcome.changed_input.is_none();
    (passed, join_notes(notes), mismatch)
}

/// Whether a finding counts against a test's outputs (it may have made them wrong, here or on a
/// GPU): every finding but a read of unwritten shared memory whose value reached no output
/// directly, only a comparison, the address of a load or of a shared store, or local memory
/// (the emulator follows the value to what a store to global memory or an atomic writes; it
/// does not follow what a comparison decides). Such a read still fails the section, in the
/// sanitizer's row, and the test's message says it was there.
pub fn may_have_changed_outputs(f: &Finding) -> bool {
    f.kind != FindingKind::UninitializedShared || f.unwritten.as_ref().is_none_or(|u| u.used.writes_output())
}

/// One `printf` call as the reports show it: who printed it, and the text without its final
/// newline.
pub fn printf_line(p: &::emulator::PrintfLine) -> PrintfReport {
    PrintfReport { block: p.block, thread: p.thread, text: p.text.strip_suffix('\n').unwrap_or(&p.text).to_string() }
}

/// The section's findings over all its tests, one entry per [`FindingKey`] (the emulator's, of
/// the finding as the student reads it: at the student's line, under the file's name as given).
pub struct Findings<'k> {
    kernel: &'k KernelFile,
    lines: &'k [&'k str],
    canonical: Option<std::path::PathBuf>,
    list: Vec<FindingReport>,
    seen: HashMap<FindingKey, usize>,
    more: u64,
    /// The section's rule at the edge of its data, for the advice.
    boundary: advice::Boundary,
}

impl<'k> Findings<'k> {
    /// `lines`: the kernel file's lines, to quote; `section`: the section's id, whose rules the
    /// advice follows.
    pub fn new(kernel: &'k KernelFile, lines: &'k [&'k str], section: &str) -> Self {
        let canonical = kernel.path.canonicalize().ok();
        let boundary = advice::Boundary::of_section(section);
        Findings { kernel, lines, canonical, list: Vec::new(), seen: HashMap::new(), more: 0, boundary }
    }

    /// The file as the student names it.
    fn student_name(&self, file: &str) -> String {
        if is_students_file(self.kernel, self.canonical.as_deref(), file) {
            self.kernel.display.clone()
        } else {
            file.to_string()
        }
    }

    /// A finding inside one of the grader's headers (a cooperative-groups `sync`) belongs to the
    /// student's line that called it.
    fn in_course_header(&self, file: &str) -> bool {
        let path = Path::new(file);
        file != self.kernel.display
            && crate::toolchain::nvrtc::device_headers().iter().any(|(name, _)| path.ends_with(name))
    }

    /// One test's findings (and how many the emulator dropped beyond them).
    pub fn add(&mut self, findings: &[Finding], dropped: u64, case: &Case) {
        self.more += dropped;
        for f in findings {
            let advice = advice::for_finding(f, case, self.boundary);
            let mut f = f.clone();
            // The header's frames are dropped.
            while f.source.as_ref().is_some_and(|s| self.in_course_header(&s.file)) && !f.called_from.is_empty() {
                f.source = Some(f.called_from.remove(0));
                // The call's own line.
                f.line_inferred = false;
            }
            if let Some(s) = f.source.as_mut() {
                s.file = self.student_name(&s.file);
                // A timeout is the loop's: its statement's line, where the emulator's (the
                // loop's first line with code) is inside it or an inner loop's.
                if f.kind == FindingKind::Timeout && s.file == self.kernel.display {
                    s.line = loops::loop_around(self.lines, s.line, f.loops_inside).unwrap_or(s.line);
                }
            }
            let key = f.key();
            if let Some(&i) = self.seen.get(&key) {
                self.list[i].count += 1;
                continue;
            }
            self.seen.insert(key, self.list.len());
            let line = f.source.as_ref().map(|s| s.line);
            let source_line = line.and_then(|l| self.lines.get((l as usize).wrapping_sub(1)));
            self.list.push(FindingReport {
                kind: f.kind,
                message: evidence::message(&f),
                file: f.source.map(|s| s.file),
                line,
                block: f.block,
                thread: f.thread,
                case: case.name.clone(),
                source_line: source_line.map(|s| s.trim_end().to_string()),
                called_from: f
                    .called_from
                    .iter()
                    .map(|c| format!("{}:{}", self.student_name(&c.file), c.line))
                    .collect(),
                line_inferred: f.line_inferred,
                count: 1,
                consequence_of: None,
                advice,
            });
        }
    }

    /// The findings, causes first (see [`cause_rank`]; in the order first seen within a rank),
    /// each unwritten-shared read marked as the likely consequence of a race or a barrier listed
    /// above it, and how many more there were.
    pub fn finish(mut self) -> (Vec<FindingReport>, u64) {
        self.list.sort_by_key(|f| cause_rank(f.kind));
        let cause = self.list.iter().find(|f| matches!(f.kind, FindingKind::Race | FindingKind::Barrier)).map(|f| {
            let kind = f.kind.to_string();
            match f.line {
                Some(l) => crate::text!(judge_may_follow_from_line, kind = kind, line = l.to_string()),
                None => crate::text!(judge_may_follow_from, kind = kind),
            }
        });
        if let Some(cause) = cause {
            for f in self.list.iter_mut().filter(|f| f.kind == FindingKind::UninitializedShared) {
                f.consequence_of = Some(cause.clone());
            }
        }
        (self.list, self.more)
    }
}

/// Where a kind of finding is listed: the causes a fix removes others with first (a barrier only
/// part of the block reaches, a race: their missing or misplaced `__syncthreads()` leaves reads of
/// shared memory before the writes they wait for), the reads of unwritten shared memory last.
pub fn cause_rank(kind: FindingKind) -> u8 {
    match kind {
        FindingKind::Barrier => 0,
        FindingKind::Race => 1,
        FindingKind::Timeout => 2,
        FindingKind::OutOfBounds => 3,
        FindingKind::Misaligned => 4,
        FindingKind::Assertion => 5,
        FindingKind::CallDepth => 6,
        FindingKind::Unportable => 7,
        FindingKind::UninitializedShared => 8,
    }
}

#[cfg(test)]
pub(crate) mod tests;
