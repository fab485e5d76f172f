//! The timing case seen, not assumed. The model scales the metrics case's counts to the timing
//! case (`scale`); a kernel that takes another path only at the timing size (tiled below 4096
//! wide, a global load per tap at 8192) would be judged on work it does not do there. So a few of
//! the timing case's own blocks run on the emulator, at the timing case's real size, with inputs
//! made lazily: the buffers are zeroed allocations the system maps only where they are touched,
//! and the words the sampled blocks read are given values from the seed (a first run finds
//! them). Their counts are compared with what `scale` assumed for those same blocks; where the
//! estimate or the bound made from the sample's counts is slower than the scaled one by more than
//! [`TOLERANCE`], the kernel is judged on the sample (never where it is faster: a kernel could see
//! it is sampled and take a fast path there only).

use emulator::Metrics;
use kernels::exercise::{Arg, Buffer, Case, Data, Geometry};
use serde::Serialize;

use super::{Launch, Scaled, TimingShape, Work};

/// How far the estimate (or the bound) from the sampled blocks' counts may differ from the
/// scaled one, as a fraction of it, before the kernel is judged on the sample. The sample is
/// weighted to the grid's edges, where a block does less (ghost cells, a partial tile), which
/// the fit of the metrics cases spreads over all blocks: on the challenges' kernels that take one
/// path at every size the two differ by at most 11% (`wrong/challenge-2d/tiled-7.4-style.cu`,
/// whose 28-wide tiles leave a partial one at the edge; the references 0% and 2.5%); the kernel
/// with another path at the timing size (`wrong/challenge-2d/per-tap-at-timing-size.cu`) by 4.1×.
pub const TOLERANCE: f64 = 0.15;

/// A buffer of the sampled timing case.
#[derive(Clone, Debug, PartialEq)]
pub enum SampleBuffer {
    /// An input of this many 4-byte elements, made lazily ([`input_value`]).
    Input(usize),
    /// An output (or an input/output) of this many 4-byte elements, zeroed.
    Output(usize),
    /// A buffer whose size does not grow with the case (a filter), as the metrics case has it.
    Kept(Buffer),
}

/// The timing case's launch without its data: what the emulator needs to run some of its blocks.
#[derive(Clone, Debug, PartialEq)]
pub struct SampleCase {
    pub geometry: Geometry,
    pub buffers: Vec<SampleBuffer>,
    pub args: Vec<Arg>,
    pub constants: Vec<(String, Data)>,
    /// Picks the inputs' values and where the buffers lie.
    pub seed: u64,
}

impl SampleCase {
    /// The timing case made from the metrics case: a buffer of the metrics case's output size
    /// grows to the timing case's, others are kept (a filter); an integer argument equal to one
    /// of the metrics case's dimensions becomes the timing case's (width, height, N), others are
    /// kept (a radius); the launch is the timing case's (the one the file chooses).
    pub fn from_metrics(case: &Case, shape: [usize; 3], geometry: Geometry, seed: u64) -> SampleCase {
        let (small, large): (usize, usize) = (case.shape.iter().product(), shape.iter().product());
        let grown = |n: usize| if n == small { large } else { n };
        let buffers = case
            .buffers
            .iter()
            .map(|b| match b {
                Buffer::Input(d) if d.len() == small => SampleBuffer::Input(large),
                Buffer::OutputF32(n) | Buffer::OutputI32(n) if *n == small => SampleBuffer::Output(grown(*n)),
                Buffer::InOut(d) if d.len() == small => SampleBuffer::Output(large),
                other => SampleBuffer::Kept(other.clone()),
            })
            .collect();
        let dimension = |v: i64| (0..3).find(|&d| case.shape[d] as i64 == v && case.shape[d] != shape[d]);
        let args = case
            .args
            .iter()
            .map(|&a| match a {
                Arg::I32(v) => dimension(v as i64).map_or(a, |d| Arg::I32(shape[d] as i32)),
                Arg::U32(v) => dimension(v as i64).map_or(a, |d| Arg::U32(shape[d] as u32)),
                other => other,
            })
            .collect();
        SampleCase { geometry, buffers, args, constants: case.constants.clone(), seed }
    }
}

/// Element `element` of input buffer `buffer`: a float in [-1, 1) from the seed (splitmix64), the
/// same on every machine.
pub fn input_value(seed: u64, buffer: usize, element: u64) -> f32 {
    let mut z = (seed ^ ((buffer as u64) << 56) ^ element).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    (z >> 40) as f32 / (1u64 << 23) as f32 - 1.0
}

/// The blocks sampled, by grid position: the first, the centre, the last, and the middle of the
/// far edge on each axis (where a kernel that treats the image's border apart does so), each once.
pub fn blocks(grid: [u32; 3]) -> Vec<[u32; 3]> {
    let [x, y, z] = grid.map(|g| g.max(1));
    let (mx, my, mz) = (x / 2, y / 2, z / 2);
    let mut chosen: Vec<[u32; 3]> = Vec::new();
    for b in [[0, 0, 0], [mx, my, mz], [x - 1, y - 1, z - 1], [x - 1, my, mz], [mx, y - 1, mz], [mx, my, z - 1]] {
        if !chosen.contains(&b) {
            chosen.push(b);
        }
    }
    chosen
}

/// The linear index of a block (x fastest), as the emulator numbers them.
pub fn linear(block: [u32; 3], grid: [u32; 3]) -> u64 {
    block[0] as u64 + grid[0] as u64 * (block[1] as u64 + grid[1] as u64 * block[2] as u64)
}

/// The outputs a block covers: its tile, cut at the shape's end.
fn outputs_of(block: [u32; 3], tile: [u64; 3], shape: [usize; 3]) -> u64 {
    (0..3).map(|d| (shape[d] as u64).saturating_sub(block[d] as u64 * tile[d]).min(tile[d])).product()
}

/// One count of the sample: what its blocks did, and what the scaled counts assumed of them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SampledCount {
    pub count: &'static str,
    pub sampled: f64,
    pub assumed: f64,
}

/// What the sample found, for the report and the JSON.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sample {
    /// The blocks run, by grid position.
    pub blocks: Vec<[u32; 3]>,
    /// The outputs they cover.
    pub outputs: u64,
    pub counts: Vec<SampledCount>,
    /// The estimate from the sample's counts ÷ the scaled one (above 1: slower than assumed),
    /// and the same of the bound.
    pub estimate_ratio: f64,
    pub bound_ratio: f64,
    pub tolerance: f64,
    /// Whether the bound and estimate shown are the sample's (they differed beyond the tolerance).
    pub judged_on_sample: bool,
    /// The count whose sampled value is furthest from the assumed one, by ratio.
    pub furthest: &'static str,
}

/// The counts compared: all that the model times, except the distinct bytes loaded (a block run
/// alone also loads the halo its neighbours would share: the scaled figure is the problem's).
const COMPARED: [&str; 8] = [
    "stored_bytes",
    "shared_wavefronts",
    "shared_wavefronts_if_merged",
    "warp_instructions",
    "l1_sectors",
    "global_atomics",
    "global_load_bytes",
    "global_load_requests",
];

fn field<'w>(w: &'w mut Work, name: &str) -> &'w mut f64 {
    match name {
        "stored_bytes" => &mut w.stored_bytes,
        "shared_wavefronts" => &mut w.shared_wavefronts,
        "shared_wavefronts_if_merged" => &mut w.shared_wavefronts_if_merged,
        "warp_instructions" => &mut w.warp_instructions,
        "l1_sectors" => &mut w.l1_sectors,
        "global_atomics" => &mut w.global_atomics,
        "global_load_bytes" => &mut w.global_load_bytes,
        _ => &mut w.global_load_requests,
    }
}

/// The sample's run, as the scaling saw the metrics cases.
pub struct Sampled<'a> {
    pub metrics: &'a Metrics,
    pub blocks: &'a [[u32; 3]],
    /// TILE_X, TILE_Y, TILE_Z of the timing launch.
    pub tile: [u64; 3],
    pub shape: [usize; 3],
}

/// The scaled counts made the sample's: each compared count of `scaled` times the sampled blocks'
/// count ÷ what the fit of the metrics cases assumed for those blocks (`a × outputs + b` each, for
/// the outputs they wrote, at most those their tiles cover),
/// or, where it assumed none, the sample's count per block times the timing launch's blocks.
/// With the counts compared and the outputs the sampled blocks cover.
pub fn judge_on(
    scaled: &Scaled,
    first: Launch,
    second: Option<Launch>,
    sampled: &Sampled,
    timing: TimingShape,
) -> (Scaled, Vec<SampledCount>, u64) {
    let covered: u64 = sampled.blocks.iter().map(|&b| outputs_of(b, sampled.tile, sampled.shape)).sum();
    // The outputs the blocks wrote, at most those they cover: a block at the edge of a stencil's
    // grid leaves its boundary points alone, which the metrics cases' fit spreads over all blocks.
    let total = (sampled.metrics.global_store_bytes / 4).min(covered) as f64;
    let n = sampled.blocks.len() as f64;
    let w1 = Work::of(first.metrics);
    let per_output_only = w1.map(|c| if first.outputs == 0 { 0.0 } else { c / first.outputs as f64 });
    let assumed = match super::fit(first, second) {
        None => per_output_only.map(|a| a * total),
        Some((a, b)) => {
            a.map2(b, |a, b| a * total + b * n).map2(per_output_only, |f, p| if f.is_nan() { p * total } else { f })
        }
    };
    let mut seen = Work::of(sampled.metrics);
    let mut assumed = assumed;
    let (mut bound, mut estimate) = (scaled.bound, scaled.estimate);
    let mut counts = Vec::new();
    for name in COMPARED {
        let (s, a) = (*field(&mut seen, name), *field(&mut assumed, name));
        counts.push(SampledCount { count: name, sampled: s, assumed: a });
        for w in [&mut bound, &mut estimate] {
            let c = field(w, name);
            *c = if a > 0.0 { *c * s / a } else { s / n * timing.blocks as f64 };
        }
    }
    let cap = 4.0 * timing.outputs as f64;
    bound.stored_bytes = bound.stored_bytes.min(cap);
    estimate.stored_bytes = estimate.stored_bytes.min(cap);
    (Scaled { bound, estimate }, counts, total as u64)
}

/// The count to name: the one behind the resource that limits `limited_by` (the sample's
/// estimate) where its sampled value strays beyond the tolerance, else the one furthest from its
/// assumed value, by ratio (either way).
pub fn furthest(counts: &[SampledCount], limited_by: super::Resource) -> &'static str {
    use super::Resource;
    let off = |c: &SampledCount| {
        let (lo, hi) = (c.sampled.min(c.assumed), c.sampled.max(c.assumed));
        if hi == 0.0 {
            1.0
        } else if lo == 0.0 {
            f64::INFINITY
        } else {
            hi / lo
        }
    };
    let behind = match limited_by {
        Resource::Dram => "stored_bytes",
        Resource::SharedWavefronts => "shared_wavefronts_if_merged",
        Resource::Issue => "warp_instructions",
        Resource::L1Sectors => "l1_sectors",
        Resource::Atomics => "global_atomics",
        Resource::LoadsInFlight | Resource::Blocks => "global_load_requests",
    };
    match counts.iter().find(|c| c.count == behind && off(c) - 1.0 > TOLERANCE) {
        Some(c) => c.count,
        None => counts.iter().max_by(|a, b| off(a).total_cmp(&off(b))).map_or("", |c| c.count),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_is_the_corners_the_centre_and_the_far_edges_once_each() {
        assert_eq!(blocks([64, 128, 1]), vec![[0, 0, 0], [32, 64, 0], [63, 127, 0], [63, 64, 0], [32, 127, 0]]);
        assert_eq!(blocks([1, 1, 1]), vec![[0, 0, 0]]);
        assert_eq!(blocks([4, 128, 32]).len(), 6);
        assert_eq!(linear([63, 127, 0], [64, 128, 1]), 64 * 128 - 1);
        assert_eq!(outputs_of([63, 127, 0], [128, 64, 1], [8192, 8192, 1]), 128 * 64);
        // A tile of 48 leaves the last column 8192 − 170·48 = 32 wide.
        assert_eq!(outputs_of([170, 0, 0], [48, 64, 1], [8192, 8192, 1]), 32 * 64);
    }

    fn metrics(outputs: u64, blocks: u64) -> Metrics {
        // 3 L1 sectors an output and 40 a block; 10 instructions an output; 4 bytes stored and
        // 4 distinct bytes loaded an output.
        Metrics {
            global_load_sectors: 3 * outputs + 40 * blocks,
            warp_instructions: 10 * outputs,
            global_store_bytes: 4 * outputs,
            unique_global_load_bytes: 4 * outputs,
            blocks,
            ..Metrics::default()
        }
    }

    /// A sample that does what the metrics cases' fit says its blocks do leaves the scaled counts
    /// as they are; one whose blocks load ten times the sectors makes the estimate's sectors ten
    /// times as many, and leaves the distinct bytes (the problem's) alone.
    #[test]
    fn the_scaled_counts_change_only_by_what_the_sample_does_otherwise() {
        let (m1, m2) = (metrics(1 << 20, 256), metrics(1 << 18, 100));
        let first = Launch { metrics: &m1, outputs: 1 << 20, blocks: 256 };
        let second = Some(Launch { metrics: &m2, outputs: 1 << 18, blocks: 100 });
        let timing = TimingShape { outputs: 1 << 26, blocks: 1 << 14 };
        let scaled = super::super::scale(first, second, timing);
        let shape = [8192, 8192, 1];
        let (tile, blocks) = ([64, 64, 1], [[0, 0, 0], [64, 64, 0], [127, 127, 0]]);
        let same = metrics(3 * 4096, 3);
        let sampled = Sampled { metrics: &same, blocks: &blocks, tile, shape };
        let (judged, counts, outputs) = judge_on(&scaled, first, second, &sampled, timing);
        assert_eq!(outputs, 3 * 4096);
        assert_eq!(judged, scaled);
        assert!(counts.iter().all(|c| (c.sampled - c.assumed).abs() < 1e-6 * c.assumed.max(1.0)), "{counts:?}");
        let mut more = metrics(3 * 4096, 3);
        more.global_load_sectors *= 10;
        let sampled = Sampled { metrics: &more, ..sampled };
        let (judged, counts, _) = judge_on(&scaled, first, second, &sampled, timing);
        let ratio = judged.estimate.l1_sectors / scaled.estimate.l1_sectors;
        assert!((ratio - 10.0).abs() < 1e-9, "{ratio}");
        assert_eq!(judged.estimate.loaded_bytes, scaled.estimate.loaded_bytes);
        assert_eq!(judged.estimate.warp_instructions, scaled.estimate.warp_instructions);
        assert_eq!(furthest(&counts, super::super::Resource::L1Sectors), "l1_sectors");
    }

    #[test]
    fn input_values_are_fixed_by_the_seed_and_spread_over_minus_one_to_one() {
        let v: Vec<f32> = (0..4096).map(|i| input_value(7, 0, i)).collect();
        assert!(v.iter().all(|x| (-1.0..1.0).contains(x)));
        assert!(v.iter().any(|&x| x < -0.9) && v.iter().any(|&x| x > 0.9));
        assert_eq!(input_value(7, 0, 5), v[5]);
        assert_ne!(input_value(8, 0, 5), v[5]);
        assert_ne!(input_value(7, 1, 5), v[5]);
    }
}
