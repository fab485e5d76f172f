//! The reference GPU the speed model speaks of, in one place: NVIDIA's published figures and
//! the course's own measurements of an H100, each with where it comes from.

/// The figures of one GPU that the bound and the estimate use.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReferenceGpu {
    pub name: &'static str,
    /// Streaming multiprocessors.
    pub sms: f64,
    /// The highest clock the SMs run at (the bound assumes it all the time).
    pub max_clock_hz: f64,
    /// Peak DRAM bandwidth, bytes per second.
    pub dram_bytes_per_s: f64,
    /// A device-to-device copy as `grader time` measures it (bytes read + written per second):
    /// the "copy" of "% of copy".
    pub copy_bytes_per_s: f64,
    /// L2 cache: written bytes it can still hold when a launch ends are not yet DRAM traffic.
    pub l2_bytes: f64,
    /// Shared-memory wavefronts per clock per SM (32 banks of 4 bytes: 128 bytes).
    pub shared_wavefronts_per_clock: f64,
    /// Warp instructions issued per clock per SM (one per scheduler).
    pub issue_per_clock: f64,
    /// L1 sectors (32 bytes) delivered per clock per SM (128 bytes).
    pub l1_sectors_per_clock: f64,
    /// What limits the warps resident per SM (occupancy).
    pub sm: super::occupancy::SmLimits,
    /// A DRAM load's latency, seconds (Little's law: bytes in flight ÷ latency = the rate).
    pub dram_latency_s: f64,
}

/// An H100 SXM5 80 GB, the card the challenges' 80% is set on.
///
/// - 132 SMs, four schedulers each, 1,980 MHz maximum boost clock, 50 MB L2, 3.35 TB/s HBM3:
///   NVIDIA H100 Tensor Core GPU datasheet and the Hopper architecture whitepaper (2022).
/// - Shared memory: 32 banks, each 4 bytes wide per clock (CUDA C++ Programming Guide, compute
///   capability 9.0: "shared memory has 32 banks … successive 32-bit words map to successive
///   banks … each bank has a bandwidth of 32 bits per clock cycle").
/// - L1: 128 bytes per clock per SM, as for shared memory (the same data path, Hopper tuning
///   guide); used by the estimate only.
/// - Copy: 2,989 GB/s, `cargo run --release -p grader -- time all --solutions` on an H100 80GB
///   HBM3 (docs/gpu-timing.md): 89% of the DRAM peak.
/// - Per-SM limits and DRAM latency: `cards::H100_SXM`'s.
pub const H100: ReferenceGpu = ReferenceGpu {
    name: "H100",
    sms: 132.0,
    max_clock_hz: 1.98e9,
    dram_bytes_per_s: 3.35e12,
    copy_bytes_per_s: 2.989e12,
    l2_bytes: 50.0 * 1024.0 * 1024.0,
    shared_wavefronts_per_clock: 1.0,
    issue_per_clock: 4.0,
    l1_sectors_per_clock: 4.0,
    sm: super::occupancy::SmLimits::of(&super::cards::H100_SXM),
    dram_latency_s: 350.0 * 1e-9,
};
