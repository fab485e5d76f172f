//! Speed without a GPU: from the emulator's exact counts on the metrics case, scaled to the
//! timing case, the least time that case can take on a reference GPU (a **bound**: each
//! resource the GPU can do no less of than the emulator counts, at its peak rate), and an
//! **estimate** calibrated on the course's corpus of kernels timed on that GPU (`corpus`).
//!
//! Fed by counts only; `grade` gives it the metrics cases and the timing case's launch, `judge`
//! turns it into the speed target's verdict, `render` shows it.

use emulator::{LineCounts, Metrics};
use serde::{Deserialize, Serialize};

pub mod cards;
pub mod corpus;
pub mod occupancy;
pub mod reference;
pub mod sample;

pub use cards::Card;
pub use occupancy::KernelResources;
pub use reference::{ReferenceGpu, H100};

/// A challenge's speed target holds at 80% of copy or where the kernel takes at most this many
/// times the course's reference timed in the same run on the same card: the reference passes on
/// every card (its own time, within the timing's noise of about 1%), and a kernel well below it
/// fails on every card, whatever that card's balance of DRAM and SMs.
pub const PACE_TOLERANCE: f64 = 1.05;

/// How many resources the model counts.
pub const RESOURCES: usize = 7;

/// What the model counts a kernel's time by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resource {
    /// Bytes between DRAM and the chip: the distinct bytes loaded, and those stored.
    Dram,
    /// Shared-memory wavefronts (a request's passes through the 32 banks).
    SharedWavefronts,
    /// Warp instructions issued (PTX's: the GPU runs SASS, which may be fewer).
    Issue,
    /// 32-byte sectors the L1 delivers: global loads', and local memory's.
    L1Sectors,
    /// Blocks started: a block costs the SM cycles to set up and retire, even one that does
    /// nothing (the stubs: about 160 cycles each).
    Blocks,
    /// Lanes of global atomics, which the L2 serialises per address.
    Atomics,
    /// DRAM loads with one request in flight per resident warp (occupancy, Little's law against
    /// the card's DRAM latency: `occupancy`). Estimated, not a bound: a warp may have several.
    LoadsInFlight,
}

impl Resource {
    pub const ALL: [Resource; RESOURCES] = [
        Resource::Dram,
        Resource::SharedWavefronts,
        Resource::Issue,
        Resource::L1Sectors,
        Resource::Blocks,
        Resource::Atomics,
        Resource::LoadsInFlight,
    ];

    /// Whether the GPU can do no less of it than the emulator counts, so that it bounds the
    /// time: DRAM (the distinct bytes must cross) and shared wavefronts (counted as if ptxas
    /// had merged every thread's adjacent accesses it could into 8- or 16-byte ones: the
    /// corpus found a transposed tile whose four scalar loads became one). Instructions are not
    /// (ptxas fuses and removes PTX instructions), nor L1 sectors (loads the compiler keeps in
    /// registers, or merges).
    pub fn bounds(self) -> bool {
        matches!(self, Resource::Dram | Resource::SharedWavefronts)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Resource::Dram => "dram",
            Resource::SharedWavefronts => "shared_wavefronts",
            Resource::Issue => "issue",
            Resource::L1Sectors => "l1_sectors",
            Resource::Blocks => "blocks",
            Resource::Atomics => "atomics",
            Resource::LoadsInFlight => "loads_in_flight",
        }
    }

    /// The resource in the report's words.
    pub fn words(self) -> crate::i18n::Text {
        match self {
            Resource::Dram => crate::text!(judge_resource_dram),
            Resource::SharedWavefronts => crate::text!(judge_resource_shared_wavefronts),
            Resource::Issue => crate::text!(judge_resource_issue),
            Resource::L1Sectors => crate::text!(judge_resource_l1_sectors),
            Resource::Blocks => crate::text!(judge_resource_blocks),
            Resource::Atomics => crate::text!(judge_resource_atomics),
            Resource::LoadsInFlight => crate::text!(judge_resource_loads_in_flight),
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// A launch's counts at the timing case's size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Work {
    /// Distinct bytes loaded from global memory.
    pub loaded_bytes: f64,
    /// Bytes stored to global memory, at most the output's size.
    pub stored_bytes: f64,
    pub shared_wavefronts: f64,
    /// The fewest wavefronts the GPU could take for them, should ptxas merge a thread's adjacent
    /// shared accesses into wider ones (the emulator's `shared_wavefront_sixteenths_if_merged`).
    #[serde(default)]
    pub shared_wavefronts_if_merged: f64,
    pub warp_instructions: f64,
    /// Global load sectors, and local memory's bytes in sectors.
    pub l1_sectors: f64,
    #[serde(default)]
    pub blocks: f64,
    /// Lanes of global atomics (4-byte updates).
    #[serde(default)]
    pub global_atomics: f64,
    /// Bytes the threads' global loads request, and the warp-level requests they make: their
    /// ratio is the bytes a warp has in flight while it waits on one.
    #[serde(default)]
    pub global_load_bytes: f64,
    #[serde(default)]
    pub global_load_requests: f64,
}

impl Work {
    fn of(m: &Metrics) -> Work {
        Work {
            loaded_bytes: m.unique_global_load_bytes as f64,
            stored_bytes: m.global_store_bytes as f64,
            shared_wavefronts: m.shared_wavefronts as f64,
            shared_wavefronts_if_merged: m.shared_wavefront_sixteenths_if_merged as f64 / 16.0,
            warp_instructions: m.warp_instructions as f64,
            l1_sectors: m.global_load_sectors as f64 + (m.local_load_bytes + m.local_store_bytes) as f64 / 32.0,
            blocks: m.blocks as f64,
            global_atomics: m.global_atomic_bytes as f64 / 4.0,
            global_load_bytes: m.global_load_bytes as f64,
            global_load_requests: m.global_load_requests as f64,
        }
    }

    fn map2(self, other: Work, f: impl Fn(f64, f64) -> f64) -> Work {
        Work {
            loaded_bytes: f(self.loaded_bytes, other.loaded_bytes),
            stored_bytes: f(self.stored_bytes, other.stored_bytes),
            shared_wavefronts: f(self.shared_wavefronts, other.shared_wavefronts),
            shared_wavefronts_if_merged: f(self.shared_wavefronts_if_merged, other.shared_wavefronts_if_merged),
            warp_instructions: f(self.warp_instructions, other.warp_instructions),
            l1_sectors: f(self.l1_sectors, other.l1_sectors),
            blocks: f(self.blocks, other.blocks),
            global_atomics: f(self.global_atomics, other.global_atomics),
            global_load_bytes: f(self.global_load_bytes, other.global_load_bytes),
            global_load_requests: f(self.global_load_requests, other.global_load_requests),
        }
    }

    fn map(self, f: impl Fn(f64) -> f64) -> Work {
        self.map2(self, |a, _| f(a))
    }

    /// The bytes of an average warp-level global load request (0 without any).
    pub fn bytes_per_load_request(&self) -> f64 {
        if self.global_load_requests > 0.0 {
            self.global_load_bytes / self.global_load_requests
        } else {
            0.0
        }
    }
}

/// A measured launch: its counts and its shape.
#[derive(Clone, Copy)]
pub struct Launch<'a> {
    pub metrics: &'a Metrics,
    pub outputs: u64,
    pub blocks: u64,
}

/// The timing case: its outputs (4-byte elements) and the blocks of its launch.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TimingShape {
    pub outputs: u64,
    pub blocks: u64,
}

impl TimingShape {
    /// The bytes "% of copy" counts: an input of the output's size read once and the output
    /// written once (`grader time` also counts a 7.2 filter's 100 bytes: nothing at this size).
    pub fn copy_bytes(&self) -> f64 {
        8.0 * self.outputs as f64
    }
}

/// The metrics case's counts at the timing case's size, for the bound and for the estimate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Scaled {
    /// Scaled by the smaller of the outputs' and the blocks' growth: a block at the image's
    /// edge does less than one inside, and the small case has more of them, so neither ratio
    /// makes a count larger than the timing case's (checked against a direct emulation).
    pub bound: Work,
    /// Each count as `a × outputs + b × blocks` (work per output, and per block: a tile's
    /// halo), solved from the two metrics cases; proportional to outputs where it cannot be.
    pub estimate: Work,
}

pub fn scale(first: Launch, second: Option<Launch>, timing: TimingShape) -> Scaled {
    let ratio = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    let by_outputs = ratio(timing.outputs, first.outputs);
    let by_blocks = ratio(timing.blocks, first.blocks);
    let w1 = Work::of(first.metrics);
    let output_bytes = 4.0 * timing.outputs as f64;
    let cap = |w: Work| Work { stored_bytes: w.stored_bytes.min(output_bytes), ..w };
    let bound = cap(w1.map(|c| c * by_outputs.min(by_blocks)));
    let proportional = w1.map(|c| c * by_outputs);
    let estimate = match fit(first, second) {
        None => proportional,
        Some((per_output, per_block)) => {
            let fitted = per_output.map2(per_block, |a, b| a * timing.outputs as f64 + b * timing.blocks as f64);
            fitted.map2(proportional, |f, p| if f.is_nan() { p } else { f })
        }
    };
    // The timing launch's blocks are known, not scaled.
    let exact = |w: Work| Work { blocks: timing.blocks as f64, ..cap(w) };
    Scaled { bound: exact(bound), estimate: exact(estimate) }
}

/// Each count of the metrics cases as `a × outputs + b × blocks`: (a, b), solved from the two
/// cases; NaN where the two give a negative one, and `None` without a second case or where the
/// cases' shapes cannot tell the two apart (then a count is proportional to the outputs).
pub fn fit(first: Launch, second: Option<Launch>) -> Option<(Work, Work)> {
    let s = second?;
    let (w1, w2) = (Work::of(first.metrics), Work::of(s.metrics));
    let (o1, b1, o2, b2) = (first.outputs as f64, first.blocks as f64, s.outputs as f64, s.blocks as f64);
    let det = o1 * b2 - o2 * b1;
    if det.abs() < 1e-9 * (o1 * b2).abs().max(1.0) {
        return None;
    }
    // Per count: a = (c1 b2 − c2 b1) / det, b = (o1 c2 − o2 c1) / det.
    let valid = |a: f64, b: f64| if a >= 0.0 && b >= 0.0 { (a, b) } else { (f64::NAN, f64::NAN) };
    let a = w1.map2(w2, |c1, c2| valid((c1 * b2 - c2 * b1) / det, (o1 * c2 - o2 * c1) / det).0);
    let b = w1.map2(w2, |c1, c2| valid((c1 * b2 - c2 * b1) / det, (o1 * c2 - o2 * c1) / det).1);
    Some((a, b))
}

/// Each resource's least time (bound) at the reference GPU's peak rates, seconds; `None` for
/// those that do not bound.
pub fn bound_seconds(w: &Work, gpu: &ReferenceGpu) -> [Option<f64>; RESOURCES] {
    let clocks = gpu.sms * gpu.max_clock_hz;
    // Stored bytes the L2 can still hold dirty when the launch ends need not have reached DRAM.
    let dram = w.loaded_bytes + (w.stored_bytes - gpu.l2_bytes).max(0.0);
    [
        Some(dram / gpu.dram_bytes_per_s),
        Some(w.shared_wavefronts_if_merged / (clocks * gpu.shared_wavefronts_per_clock)),
        None,
        None,
        None,
        None,
        None,
    ]
}

/// Each resource's time at the rates the estimate starts from (DRAM at copy speed), seconds.
/// Shared wavefronts as if merged, as for the bound: where lanes share an alignment ptxas does
/// merge (the corpus' transposed tile ran at the merged count). Loads in flight need the
/// kernel's registers and shared memory (`None`: not known, no time).
pub fn raw_seconds(w: &Work, kernel: Option<&KernelResources>, gpu: &ReferenceGpu) -> [f64; RESOURCES] {
    let clocks = gpu.sms * gpu.max_clock_hz;
    [
        (w.loaded_bytes + w.stored_bytes) / gpu.copy_bytes_per_s,
        w.shared_wavefronts_if_merged / (clocks * gpu.shared_wavefronts_per_clock),
        w.warp_instructions / (clocks * gpu.issue_per_clock),
        w.l1_sectors / (clocks * gpu.l1_sectors_per_clock),
        // One a clock per SM: the rates the efficiencies are fitted against.
        w.blocks / clocks,
        w.global_atomics / clocks,
        occupancy::loads_in_flight_seconds(w.loaded_bytes, w.bytes_per_load_request(), w.blocks, kernel, gpu),
    ]
}

/// The estimate: the slowest resource at its calibrated efficiency, seconds, and which.
pub fn estimate_seconds(
    w: &Work,
    kernel: Option<&KernelResources>,
    gpu: &ReferenceGpu,
    efficiency: &[f64; RESOURCES],
) -> (f64, Resource) {
    let raw = raw_seconds(w, kernel, gpu);
    Resource::ALL.iter().map(|&r| (raw[r.index()] / efficiency[r.index()], r)).fold((0.0, Resource::Dram), |best, x| {
        if x.0 > best.0 {
            x
        } else {
            best
        }
    })
}

/// One resource's times on the timing case, ms.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ResourceTime {
    pub resource: Resource,
    /// At its peak rate (only the resources that bound).
    pub bound_ms: Option<f64>,
    /// At its calibrated efficiency.
    pub estimate_ms: f64,
}

/// What the model says of a kernel on the timing case.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Prediction {
    pub gpu: String,
    /// The least time the timing case takes, ms, the resource that sets it, and the source
    /// line that contributes most to that resource (none for DRAM: the bytes are the problem's).
    pub bound_ms: f64,
    pub binding: Resource,
    pub binding_line: Option<u32>,
    /// So the kernel reaches at most this % of a copy of the same bytes.
    pub at_most_percent_of_copy: f64,
    pub estimate_ms: f64,
    pub estimate_percent_of_copy: f64,
    pub estimate_limited_by: Resource,
    pub estimate_line: Option<u32>,
    /// The estimate's error on the corpus (predicted section by section from a model fitted on
    /// the other sections): median and worst, as a % of the measured time.
    pub error_median_percent: f64,
    pub error_worst_percent: f64,
    pub corpus_kernels: usize,
    /// The most the corpus' estimates limited by `estimate_limited_by` were slower than measured
    /// (`Calibration::slowest_estimate`): the estimate's error for kernels like this one.
    pub slowest_estimate: f64,
    /// Whether the kernel printed on the metrics case: its GPU build has `printf` compiled out,
    /// so the estimate counts work the timed kernel does not do, and cannot fail it.
    pub prints: bool,
    /// Block size, registers and shared memory (registers from NVRTC's build for the card's
    /// architecture), and so the warps resident per SM on the card: `None` where NVRTC could
    /// not build it.
    pub kernel_resources: Option<KernelResources>,
    pub resident_warps_per_sm: Option<u32>,
    pub resources: Vec<ResourceTime>,
    /// The counts it was computed from (for the corpus and `time`).
    pub scaled: Scaled,
    pub timing: TimingShape,
    /// The timing case's own blocks run on the emulator, compared with the scaled counts
    /// (`sample`): the challenges without a GPU.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sample: Option<sample::Sample>,
}

impl Prediction {
    /// The most % of copy the kernel can reach by the estimate, allowing for its error on kernels
    /// like it (as fast as the estimate's slowest miss on the corpus): `None` where the kernel
    /// prints (see `prints`).
    pub fn estimate_at_most(&self) -> Option<f64> {
        (!self.prints).then_some(self.estimate_percent_of_copy * self.slowest_estimate)
    }
}

/// The line whose instructions did the most of `resource` (a line of the student's file only
/// where the caller passes those).
fn heaviest_line(lines: &[LineCounts], resource: Resource) -> Option<u32> {
    let of = |l: &LineCounts| match resource {
        Resource::Dram => 0,
        Resource::SharedWavefronts => l.shared_wavefronts,
        Resource::Issue => l.warp_instructions,
        Resource::L1Sectors => l.global_load_sectors,
        Resource::LoadsInFlight => l.global_load_requests,
        Resource::Blocks | Resource::Atomics => 0,
    };
    lines.iter().filter(|l| l.line > 0 && of(l) > 0).max_by_key(|l| of(l)).map(|l| l.line)
}

/// The model's verdict from scaled counts.
pub fn predict(
    scaled: Scaled,
    timing: TimingShape,
    kernel: Option<KernelResources>,
    lines: &[LineCounts],
    gpu: &ReferenceGpu,
) -> Prediction {
    let calibration = corpus::CALIBRATION;
    let bound = bound_seconds(&scaled.bound, gpu);
    let (bound_s, binding) = Resource::ALL
        .iter()
        .filter_map(|&r| Some((bound[r.index()]?, r)))
        .fold((0.0, Resource::Dram), |best, x| if x.0 > best.0 { x } else { best });
    let (estimate_s, limited_by) = estimate_seconds(&scaled.estimate, kernel.as_ref(), gpu, &calibration.efficiency);
    let raw = raw_seconds(&scaled.estimate, kernel.as_ref(), gpu);
    let copy_s = timing.copy_bytes() / gpu.copy_bytes_per_s;
    let percent = |s: f64| if s > 0.0 { 100.0 * copy_s / s } else { f64::INFINITY };
    Prediction {
        gpu: gpu.name.to_string(),
        bound_ms: bound_s * 1e3,
        binding,
        binding_line: heaviest_line(lines, binding),
        at_most_percent_of_copy: percent(bound_s),
        estimate_ms: estimate_s * 1e3,
        estimate_percent_of_copy: percent(estimate_s),
        estimate_limited_by: limited_by,
        estimate_line: heaviest_line(lines, limited_by),
        error_median_percent: calibration.error_median_percent,
        error_worst_percent: calibration.error_worst_percent,
        corpus_kernels: calibration.kernels,
        slowest_estimate: calibration.slowest_estimate[limited_by.index()],
        prints: false,
        kernel_resources: kernel,
        resident_warps_per_sm: kernel.map(|k| occupancy::resident_warps(&k, &gpu.sm)),
        resources: Resource::ALL
            .iter()
            .map(|&r| ResourceTime {
                resource: r,
                bound_ms: bound[r.index()].map(|s| s * 1e3),
                estimate_ms: raw[r.index()] / calibration.efficiency[r.index()] * 1e3,
            })
            .collect(),
        scaled,
        timing,
        sample: None,
    }
}

#[cfg(test)]
mod tests;
