//! Occupancy and bytes in flight: how many warps a card keeps resident per SM for a kernel (its
//! registers per thread from NVRTC's own `sm_XY` build, its shared memory and block size), and
//! from them a memory-level-parallelism limit by Little's law: a warp that waits on its load has
//! one request in flight, so the DRAM bytes that can be moving at once are at most the resident
//! warps × the bytes of a request, and the rate at most that ÷ the card's DRAM latency.

use serde::{Deserialize, Serialize};

use super::{Card, ReferenceGpu};

/// What limits a kernel's resident warps, the same on every card: the compiled kernel's and its
/// launch's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KernelResources {
    pub threads_per_block: u32,
    /// Registers per thread, as ptxas allocated them for the card's architecture (`sm_90` for the
    /// H100 and the H200).
    pub registers_per_thread: u32,
    /// Static (`__shared__`) and dynamic (the launch's) shared memory per block, bytes.
    pub shared_bytes_per_block: u32,
}

/// The per-SM limits occupancy is computed against (a card's, `Card::rates`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SmLimits {
    pub max_warps: u32,
    pub max_blocks: u32,
    pub registers: u32,
    /// Registers are allocated per warp in units of this many.
    pub register_allocation_unit: u32,
    pub shared_bytes: u32,
    pub shared_reserved_per_block: u32,
}

impl SmLimits {
    pub const fn of(card: &Card) -> SmLimits {
        SmLimits {
            max_warps: card.max_warps_per_sm,
            max_blocks: card.max_blocks_per_sm,
            registers: card.registers_per_sm,
            register_allocation_unit: card.register_allocation_unit,
            shared_bytes: card.shared_per_sm_bytes,
            shared_reserved_per_block: card.shared_reserved_per_block_bytes,
        }
    }
}

/// Blocks resident per SM (the CUDA occupancy calculator's rule: the least of the warp, block,
/// register and shared-memory limits); 0 where one block does not fit.
pub fn resident_blocks(k: &KernelResources, sm: &SmLimits) -> u32 {
    let warps_per_block = k.threads_per_block.div_ceil(32).max(1);
    let by_warps = sm.max_warps / warps_per_block;
    let unit = sm.register_allocation_unit.max(1);
    let registers_per_warp = (k.registers_per_thread.max(1) * 32).div_ceil(unit) * unit;
    let by_registers = (sm.registers / registers_per_warp) / warps_per_block;
    let by_shared = if k.shared_bytes_per_block == 0 {
        u32::MAX
    } else {
        sm.shared_bytes / (k.shared_bytes_per_block + sm.shared_reserved_per_block)
    };
    by_warps.min(by_registers).min(by_shared).min(sm.max_blocks)
}

/// Warps resident per SM.
pub fn resident_warps(k: &KernelResources, sm: &SmLimits) -> u32 {
    resident_blocks(k, sm) * k.threads_per_block.div_ceil(32)
}

/// A full warp's 4-byte loads: the fewest bytes a request is taken to have in flight.
pub const FULL_WARP_REQUEST_BYTES: f64 = 128.0;

/// The least time the timing launch's DRAM loads take with one request in flight per resident warp
/// (Little's law), seconds: `loaded_bytes × latency ÷ (warps at once × bytes per request)`, where the
/// warps at once are the resident ones on every SM, or the launch's all where it has fewer. 0 where
/// there are no loads or no resources (no NVRTC: the limit is not known). Not a bound: a warp may
/// have several loads in flight (the fit's efficiency says how many on average).
pub fn loads_in_flight_seconds(
    loaded_bytes: f64,
    bytes_per_request: f64,
    blocks: f64,
    kernel: Option<&KernelResources>,
    gpu: &ReferenceGpu,
) -> f64 {
    let Some(k) = kernel else { return 0.0 };
    if loaded_bytes <= 0.0 || bytes_per_request <= 0.0 {
        return 0.0;
    }
    // Requests narrower than a warp's 4-byte loads (a halo's few lanes) mostly hit in the L1 and
    // wait on no DRAM: averaged in, they would count latency the kernel does not wait for (the
    // corpus' 7.5 kernels, whose halo requests have a few lanes each, came out a third too slow).
    let bytes_per_request = bytes_per_request.max(FULL_WARP_REQUEST_BYTES);
    let warps_per_block = k.threads_per_block.div_ceil(32) as f64;
    let resident = resident_warps(k, &gpu.sm) as f64 * gpu.sms;
    let at_once = resident.min(blocks * warps_per_block);
    if at_once <= 0.0 {
        return 0.0;
    }
    loaded_bytes * gpu.dram_latency_s / (at_once * bytes_per_request)
}

/// Registers per thread and static shared bytes of `kernel` from ptxas' verbose log (NVRTC with
/// `--ptxas-options=-v` building a CUBIN): the lines after "Compiling entry function 'NAME'" up to
/// its "Used N registers, … M bytes smem" (no "smem" where it has none).
pub fn parse_ptxas_log(log: &str, kernel: &str) -> Option<(u32, u32)> {
    let entry = format!("entry function '{kernel}'");
    let start = log.find(&entry)?;
    let used = log[start..].lines().find(|l| l.contains("Used ") && l.contains(" registers"))?;
    let number_before = |word: &str| -> Option<u32> {
        let at = used.find(word)?;
        used[..at].split_whitespace().last()?.parse().ok()
    };
    let registers = number_before(" registers")?;
    let shared = if used.contains(" bytes smem") { number_before(" bytes smem")? } else { 0 };
    Some((registers, shared))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speed::cards::{H100_SXM, H200, T4};

    const LOG: &str = "ptxas info    : 0 bytes gmem\n\
        ptxas info    : Compiling entry function 'other' for 'sm_90'\n\
        ptxas info    : Used 8 registers, used 0 barriers, 380 bytes cmem[0]\n\
        ptxas info    : Compiling entry function 'convolution_2D_challenge_kernel' for 'sm_90'\n\
        ptxas info    : Function properties for convolution_2D_challenge_kernel\n\
        ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n\
        ptxas info    : Used 32 registers, used 1 barriers, 2880 bytes smem\n";

    #[test]
    fn the_log_gives_each_kernels_registers_and_shared_memory() {
        assert_eq!(parse_ptxas_log(LOG, "convolution_2D_challenge_kernel"), Some((32, 2880)));
        assert_eq!(parse_ptxas_log(LOG, "other"), Some((8, 0)));
        assert_eq!(parse_ptxas_log(LOG, "missing"), None);
        assert_eq!(parse_ptxas_log("", "other"), None);
    }

    #[test]
    fn resident_warps_are_the_tightest_limit() {
        let sm = SmLimits::of(&H100_SXM);
        // One warp a block: 32 blocks an SM, half its 64 warps (the hostile one-warp-blocks kernel).
        let one_warp =
            KernelResources { threads_per_block: 32, registers_per_thread: 32, shared_bytes_per_block: 2880 };
        assert_eq!((resident_blocks(&one_warp, &sm), resident_warps(&one_warp, &sm)), (32, 32));
        // 256 threads, 32 registers, 19 KB: 8 blocks by warps (64), 11 by shared memory.
        let reference =
            KernelResources { threads_per_block: 256, registers_per_thread: 32, shared_bytes_per_block: 19008 };
        assert_eq!(resident_warps(&reference, &sm), 64);
        // 128 registers a thread: 65,536 ÷ 4,096 = 16 warps.
        let heavy = KernelResources { registers_per_thread: 128, ..reference };
        assert_eq!(resident_warps(&heavy, &sm), 16);
        // 100 KB of shared memory: two blocks in 228 KB with 1 KB reserved each.
        let big = KernelResources { shared_bytes_per_block: 100 * 1024, ..reference };
        assert_eq!(resident_blocks(&big, &sm), 2);
        // A T4's 64 KB of shared memory holds three of these blocks (24 warps of its 32); without
        // shared memory its 32 warps.
        assert_eq!(resident_warps(&reference, &SmLimits::of(&T4)), 24);
        let no_shared = KernelResources { shared_bytes_per_block: 0, ..reference };
        assert_eq!(resident_warps(&no_shared, &SmLimits::of(&T4)), 32);
        // 33 registers take 1,280 per warp (units of 256): 51 warps by registers, so 6 blocks of 8.
        let odd = KernelResources { registers_per_thread: 33, ..reference };
        assert_eq!(resident_warps(&odd, &sm), 48);
    }

    #[test]
    fn fewer_resident_warps_take_longer_for_the_same_bytes() {
        let gpu = H200.rates();
        let one_warp =
            KernelResources { threads_per_block: 32, registers_per_thread: 32, shared_bytes_per_block: 2880 };
        // 1 GB in 128-byte requests, 32 warps on each of 132 SMs, 350 ns: 1 GB ÷ 1.545 TB/s.
        let t = loads_in_flight_seconds(1e9, 128.0, 1e6, Some(&one_warp), &gpu);
        assert!((t - 1e9 * 350e-9 / (32.0 * 132.0 * 128.0)).abs() < 1e-12, "{t}");
        let reference = KernelResources { threads_per_block: 256, ..one_warp };
        let r = loads_in_flight_seconds(1e9, 128.0, 1e6, Some(&reference), &gpu);
        assert!((t / r - 2.0).abs() < 1e-9, "twice the warps in flight: {t} {r}");
        // A launch of fewer blocks than the card holds has only its own warps in flight.
        let small = loads_in_flight_seconds(1e9, 128.0, 10.0, Some(&reference), &gpu);
        assert!((small - 1e9 * 350e-9 / (80.0 * 128.0)).abs() < 1e-9, "{small}");
        assert_eq!(loads_in_flight_seconds(1e9, 128.0, 1e6, None, &gpu), 0.0);
        // Narrower requests count as a full warp's.
        assert_eq!(loads_in_flight_seconds(1e9, 8.0, 1e6, Some(&one_warp), &gpu), t);
    }
}
