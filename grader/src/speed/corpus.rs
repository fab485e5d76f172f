//! The estimate's calibration: the course's corpus of kernels timed on the reference GPU
//! (`tools/gpu/speed-corpus.sh` records it in `docs/generated/speed-corpus.jsonl`), the
//! efficiencies fitted to it, and the error of predictions made for kernels the fit did not see.

use serde::Deserialize;

use super::{raw_seconds, KernelResources, ReferenceGpu, Resource, Scaled, TimingShape, RESOURCES};

/// The fitted model and how well it predicts, as `fit_and_validate` computes them from the
/// recorded corpus (a test checks that these are its figures).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Calibration {
    /// Each resource's fraction of its rate that kernels reach, in `Resource::ALL`'s order.
    pub efficiency: [f64; RESOURCES],
    /// |estimate − measured| ÷ measured over the corpus, each kernel predicted by a model
    /// fitted without its section's kernels: median and worst, %.
    pub error_median_percent: f64,
    pub error_worst_percent: f64,
    pub kernels: usize,
    /// Per resource that limits an estimate, the most the estimate was slower than the measured
    /// time (estimate ÷ measured) over the corpus' kernels limited by it, predicted as above; ∞
    /// where no kernel is. A kernel fails a speed target without a GPU on its estimate only when
    /// even this many times faster it would miss it.
    pub slowest_estimate: [f64; RESOURCES],
}

pub const CALIBRATION: Calibration = Calibration {
    efficiency: [
        0.9274418648276836,
        0.4508996016988872,
        0.8224046464778337,
        0.2960573579251934,
        0.006323235480592604,
        1.3301178397267541,
        0.28408847449265445,
    ],
    error_median_percent: 20.83008490593379,
    error_worst_percent: 1479.7849571461181,
    kernels: 141,
    slowest_estimate: [
        1.6124541232413603,
        1.937183347873427,
        2.624671782747656,
        1.5686702555473515,
        1.0602018317422441,
        1.5616852817469165,
        1.7420897918035199,
    ],
};

/// One kernel of the corpus: what `grader time --unchecked --format json` prints for it.
#[derive(Clone, Debug, Deserialize)]
pub struct CorpusRow {
    pub section: String,
    pub kernel: String,
    pub median_ms: Option<f64>,
    /// Why its output was wrong on the timing case (it is timed all the same).
    #[serde(default)]
    pub wrong_output: Option<String>,
    pub model: Option<CorpusModel>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct CorpusModel {
    pub scaled: Scaled,
    pub timing: TimingShape,
    /// The kernel printed: its timed build had `printf` compiled out (see `Prediction::prints`).
    #[serde(default)]
    pub prints: bool,
    /// Block size, registers (NVRTC's build) and shared memory: occupancy (absent in older rows).
    #[serde(default)]
    pub kernel_resources: Option<KernelResources>,
}

/// The rows of a `.jsonl` corpus that were timed and modelled: (row, measured seconds, model).
pub fn usable(rows: &[CorpusRow]) -> Vec<(&CorpusRow, f64, &CorpusModel)> {
    rows.iter().filter_map(|r| Some((r, r.median_ms? / 1e3, r.model.as_ref()?))).filter(|(_, t, _)| *t > 0.0).collect()
}

pub fn parse(jsonl: &str) -> Result<Vec<CorpusRow>, String> {
    jsonl
        .lines()
        .filter(|l| l.trim_start().starts_with('{'))
        .enumerate()
        .map(|(i, l)| serde_json::from_str(l).map_err(|e| format!("row {}: {e}", i + 1)))
        .collect()
}

/// The estimate from raw resource times at these efficiencies.
fn estimate(raw: &[f64; RESOURCES], efficiency: &[f64; RESOURCES]) -> f64 {
    raw.iter().zip(efficiency).map(|(t, e)| t / e).fold(0.0, f64::max)
}

/// Sum of |ln(estimate ÷ measured)|: the fit's loss (a factor of 2 too slow or too fast costs
/// the same; no single kernel dominates as with squares).
fn loss(samples: &[([f64; RESOURCES], f64)], efficiency: &[f64; RESOURCES]) -> f64 {
    samples.iter().map(|(raw, t)| (estimate(raw, efficiency) / t).ln().abs()).sum()
}

/// Efficiencies fitted by coordinate descent over a log grid from 0.01% to 150% of each rate
/// (a block takes far more than the nominal clock: the grid reaches down for it); loads in
/// flight's ten times higher, to 1,500%: its rate is one request per warp, and a warp may have
/// several.
pub fn fit(samples: &[([f64; RESOURCES], f64)]) -> [f64; RESOURCES] {
    let grid: Vec<f64> = (0..=160).map(|i| 1e-4 * (15000.0f64).powf(i as f64 / 160.0)).collect();
    let scale = |r: usize| if r == Resource::LoadsInFlight as usize { 10.0 } else { 1.0 };
    let mut e = [0.85, 0.85, 0.6, 0.6, 0.006, 0.1, 1.0];
    for _ in 0..8 {
        for r in 0..RESOURCES {
            let best = grid
                .iter()
                .map(|&g| g * scale(r))
                .map(|g| {
                    let mut trial = e;
                    trial[r] = g;
                    (loss(samples, &trial), g)
                })
                .fold((f64::INFINITY, e[r]), |b, x| if x.0 < b.0 { x } else { b });
            e[r] = best.1;
        }
    }
    e
}

/// One kernel's estimate beside its measurement.
#[derive(Clone, Debug)]
pub struct Predicted {
    pub section: String,
    pub kernel: String,
    pub measured_s: f64,
    /// Predicted by the model fitted on the other sections' kernels.
    pub estimate_s: f64,
    pub bound_s: f64,
    pub binding: Resource,
    /// What limits the estimate.
    pub limited_by: Resource,
    /// It printed (its estimate is of more work than was timed).
    pub prints: bool,
    pub copy_s: f64,
}

/// The calibration from a corpus: efficiencies fitted on all of it; the error from predicting
/// each section's kernels with a fit on the other sections (leave one section out).
pub fn fit_and_validate(rows: &[CorpusRow], gpu: &ReferenceGpu) -> (Calibration, Vec<Predicted>) {
    let usable = usable(rows);
    let samples: Vec<([f64; RESOURCES], f64)> = usable
        .iter()
        .map(|(_, t, m)| (raw_seconds(&m.scaled.estimate, m.kernel_resources.as_ref(), gpu), *t))
        .collect();
    let efficiency = fit(&samples);
    let mut sections: Vec<&str> = usable.iter().map(|(r, _, _)| r.section.as_str()).collect();
    sections.sort_unstable();
    sections.dedup();
    let mut predicted = Vec::new();
    for section in sections {
        let others: Vec<([f64; RESOURCES], f64)> =
            usable.iter().zip(&samples).filter(|((r, _, _), _)| r.section != section).map(|(_, s)| *s).collect();
        let e = fit(&others);
        for ((row, t, m), (raw, _)) in usable.iter().zip(&samples).filter(|((r, _, _), _)| r.section == section) {
            let bound = super::bound_seconds(&m.scaled.bound, gpu);
            let (bound_s, binding) = Resource::ALL
                .iter()
                .filter_map(|&r| Some((bound[r as usize]?, r)))
                .fold((0.0, Resource::Dram), |b, x| if x.0 > b.0 { x } else { b });
            let limited_by = Resource::ALL
                .iter()
                .map(|&r| (raw[r as usize] / e[r as usize], r))
                .fold((0.0, Resource::Dram), |b, x| if x.0 > b.0 { x } else { b })
                .1;
            predicted.push(Predicted {
                section: row.section.clone(),
                kernel: row.kernel.clone(),
                measured_s: *t,
                estimate_s: estimate(raw, &e),
                bound_s,
                binding,
                limited_by,
                prints: m.prints,
                copy_s: m.timing.copy_bytes() / gpu.copy_bytes_per_s,
            });
        }
    }
    let mut errors: Vec<f64> =
        predicted.iter().map(|p| 100.0 * (p.estimate_s - p.measured_s).abs() / p.measured_s).collect();
    errors.sort_by(f64::total_cmp);
    let median = errors.get(errors.len() / 2).copied().unwrap_or(0.0);
    let worst = errors.last().copied().unwrap_or(0.0);
    let mut slowest_estimate = [f64::INFINITY; RESOURCES];
    for r in Resource::ALL {
        let factors = predicted.iter().filter(|p| p.limited_by == r && !p.prints).map(|p| p.estimate_s / p.measured_s);
        if let Some(most) = factors.reduce(f64::max) {
            slowest_estimate[r as usize] = most;
        }
    }
    let calibration = Calibration {
        efficiency,
        error_median_percent: median,
        error_worst_percent: worst,
        kernels: predicted.len(),
        slowest_estimate,
    };
    (calibration, predicted)
}
