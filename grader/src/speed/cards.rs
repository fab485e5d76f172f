//! The GPUs `--card` can name, and how the grader recognises the one it runs on: NVIDIA's figures, the
//! CUDA C++ Programming Guide's limits per compute capability and microbenchmarked DRAM latencies, each
//! card saying where they come from (`sources`) and, where sources disagree, what it took and why.

/// One GPU: what bounds a kernel's time on it (SMs, clock, DRAM, L2), what limits its occupancy (the
/// per-SM limits), and what caps the bytes a kernel can have in flight (DRAM latency, Little's law).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Card {
    /// What `--card` takes: lower case, e.g. "h100-sxm", "h100-pcie", "h200", "a100-40gb", "a100-80gb",
    /// "l4", "t4", "rtx-4090", "rtx-3090", "rtx-3060-laptop".
    pub id: &'static str,
    /// Marketing name, e.g. "H100 SXM5 80 GB".
    pub name: &'static str,
    /// Ends of the names `cudaGetDeviceProperties`/`cuDeviceGetName` report for it ("H100 80GB HBM3" of
    /// "NVIDIA H100 80GB HBM3"), matched as a whole end from a word on, case aside: a bare substring
    /// would take an "RTX 4090 Laptop GPU" or "RTX 4090 D" for an RTX 4090, an "H200 NVL" for an H200.
    /// The table still lists the most specific cards first, and the first match wins.
    pub device_names: &'static [&'static str],
    /// Compute capability, e.g. (9, 0).
    pub compute_capability: (u32, u32),
    /// Streaming multiprocessors enabled on this card.
    pub sms: u32,
    /// Maximum boost clock, MHz.
    pub max_clock_mhz: u32,
    /// Peak DRAM bandwidth from the datasheet, GB/s (10^9 bytes).
    pub dram_gb_per_s: f64,
    /// A device-to-device copy measured by the course (`grader time`), GB/s read+written, where one
    /// exists; None otherwise.
    pub measured_copy_gb_per_s: Option<f64>,
    /// L2 cache, bytes (NVIDIA's "MB" are MiB: `l2CacheSize` reports 50 MiB on an H100).
    pub l2_bytes: u64,
    /// Shared memory per SM usable by blocks (the maximum carve-out), bytes.
    pub shared_per_sm_bytes: u32,
    /// The most shared memory one block may have (with opt-in), bytes.
    pub shared_per_block_bytes: u32,
    /// Shared memory the driver reserves per block (1 KB from sm_80 on, 0 before).
    pub shared_reserved_per_block_bytes: u32,
    /// 32-bit registers per SM.
    pub registers_per_sm: u32,
    /// Register allocation granularity per warp (256 registers on every card here): a field, so that
    /// a card that differs needs no new code.
    pub register_allocation_unit: u32,
    /// Registers one thread may use.
    pub max_registers_per_thread: u32,
    /// Resident warps per SM.
    pub max_warps_per_sm: u32,
    /// Resident blocks per SM.
    pub max_blocks_per_sm: u32,
    /// Threads one block may have.
    pub max_threads_per_block: u32,
    /// Load-to-use latency of a DRAM access under light load, ns (pointer chases; each card says whose),
    /// used by a Little's-law bytes-in-flight limit.
    pub dram_latency_ns: f64,
    /// Where each figure comes from (datasheet names, CUDA Programming Guide's table of compute
    /// capabilities, papers), one string.
    pub sources: &'static str,
}

const MIB: u64 = 1024 * 1024;

/// The limits of the CUDA C++ Programming Guide's "Technical Specifications per Compute Capability"
/// for `cc`, on a card with no other figure yet (and no measured copy): each card below fills in the
/// rest. Shared memory per block is the per-SM carve-out less the 1 KB reserved per block from 8.0 on.
const fn per_sm(cc: (u32, u32)) -> Card {
    let (shared_kib, warps, blocks) = match cc {
        (7, 5) => (64, 32, 16),
        (8, 0) => (164, 64, 32),
        (8, 6) => (100, 48, 16),
        (8, 9) => (100, 48, 24),
        (9, 0) => (228, 64, 32),
        _ => panic!("no per-SM limits for this compute capability"),
    };
    let reserved = if cc.0 >= 8 { 1024 } else { 0 };
    Card {
        id: "",
        name: "",
        device_names: &[],
        compute_capability: cc,
        sms: 0,
        max_clock_mhz: 0,
        dram_gb_per_s: 0.0,
        measured_copy_gb_per_s: None,
        l2_bytes: 0,
        shared_per_sm_bytes: shared_kib * 1024,
        shared_per_block_bytes: shared_kib * 1024 - reserved,
        shared_reserved_per_block_bytes: reserved,
        registers_per_sm: 64 * 1024,
        register_allocation_unit: 256,
        max_registers_per_thread: 255,
        max_warps_per_sm: warps,
        max_blocks_per_sm: blocks,
        max_threads_per_block: 1024,
        dram_latency_ns: 0.0,
        sources: "",
    }
}

/// H100 SXM5 80 GB, the card of the course's timings: the same figures as `reference::H100`. DRAM
/// 3,350 GB/s as the datasheet rounds it (the HBM3 pin rate is 3,352). Latency 350 ns: pointer chases
/// on GH100 measure 689 (GH200) and 700 (H100 SXM) cycles at 1,980 MHz.
pub const H100_SXM: Card = Card {
    id: "h100-sxm",
    name: "H100 SXM5 80 GB",
    device_names: &["H100 80GB HBM3"],
    sms: 132,
    max_clock_mhz: 1980,
    dram_gb_per_s: 3350.0,
    measured_copy_gb_per_s: Some(2989.0),
    l2_bytes: 50 * MIB,
    dram_latency_ns: 350.0,
    sources: "NVIDIA H100 Tensor Core GPU datasheet; NVIDIA H100 (Hopper) architecture whitepaper; CUDA C++ \
        Programming Guide, CC 9.0; copy: grader time all --solutions on an H100 80GB HBM3 (docs/gpu-timing.md); \
        latency: RRZE-HPC/gpu-benches gpu-latency (GH200), markdewing/AI_kernels latency (H100 SXM)",
    ..per_sm((9, 0))
};

/// H100 PCIe 80 GB (HBM2e, 350 W). DRAM 2,039 GB/s rather than the datasheet's rounded "2 TB/s": the
/// card reports a 1,593 MHz memory clock on 5,120 bits (2,039.04 GB/s), and a bound wants the higher
/// figure. Latency: no measurement found; the SXM's 350 ns is assumed.
pub const H100_PCIE: Card = Card {
    id: "h100-pcie",
    name: "H100 PCIe 80 GB",
    device_names: &["H100 PCIe"],
    sms: 114,
    max_clock_mhz: 1755,
    dram_gb_per_s: 2039.0,
    l2_bytes: 50 * MIB,
    dram_latency_ns: 350.0,
    sources: "NVIDIA H100 Tensor Core GPU datasheet (PCIe); cudaGetDeviceProperties on an H100 PCIe (114 SMs, \
        1,755 MHz, 1,593 MHz x 5,120-bit memory, 50 MiB L2); Chips and Cheese, \"Nvidia's H100: Funny L2, and Tons \
        of Bandwidth\" (2023); CUDA C++ Programming Guide, CC 9.0; latency assumed as the H100 SXM's",
    ..per_sm((9, 0))
};

/// H200 SXM 141 GB: the H100 SXM's GH100 (132 SMs) with 4.8 TB/s of HBM3e. Its L2 is 60 MiB: what the
/// driver reports (`CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE`) on the course's H200, where the whitepaper's
/// H100 SXM has 50. The datasheet gives no clock; 1,980 MHz is what GH100 SXM boards report.
/// Latency: measured on the course's H200 by tools/gpu/dram-latency.cu, one thread chasing pointers
/// through lines the L2 does not hold: 350 ns over 256 MiB, 354 over 1 GiB (an L2 hit: 146). An
/// "H200 NVL" (600 W, lower clocks) is not matched.
pub const H200: Card = Card {
    id: "h200",
    name: "H200 SXM 141 GB",
    device_names: &["H200"],
    sms: 132,
    max_clock_mhz: 1980,
    dram_gb_per_s: 4800.0,
    measured_copy_gb_per_s: Some(4221.0),
    l2_bytes: 60 * MIB,
    dram_latency_ns: 350.0,
    sources: "NVIDIA H200 Tensor Core GPU datasheet (141 GB HBM3e, 4.8 TB/s); NVIDIA Hopper architecture \
        whitepaper (GH100: 132 SMs); L2: the driver's attribute on an NVIDIA H200; CUDA C++ Programming Guide, \
        CC 9.0; copy: grader time all --solutions on an NVIDIA H200; latency: tools/gpu/dram-latency.cu on an NVIDIA H200",
    ..per_sm((9, 0))
};

/// A100 SXM4 40 GB: 1,555 GB/s of HBM2 (1,215 MHz x 5,120 bits). Latency 390 ns: a pointer chase on an
/// A100 80 GB past the L2 levels off at 552 cycles at 1,410 MHz. Abdelkhalik et al. ("Demystifying the
/// Nvidia Ampere Architecture", 2022) give 290 cycles (206 ns); the longer, plateau figure is kept.
pub const A100_40GB: Card = Card {
    id: "a100-40gb",
    name: "A100 SXM4 40 GB",
    device_names: &["A100-SXM4-40GB"],
    sms: 108,
    max_clock_mhz: 1410,
    dram_gb_per_s: 1555.0,
    l2_bytes: 40 * MIB,
    dram_latency_ns: 390.0,
    sources: "NVIDIA A100 Tensor Core GPU datasheet; NVIDIA A100 (Ampere) architecture whitepaper; CUDA C++ \
        Programming Guide, CC 8.0; latency: RRZE-HPC/gpu-benches gpu-latency (a100_80), Abdelkhalik et al. 2022",
    ..per_sm((8, 0))
};

/// A100 SXM4 80 GB: 2,039 GB/s of HBM2e (the datasheet's SXM figure; the PCIe card's 1,935 GB/s differs,
/// and its name "A100 80GB PCIe" is not matched). Latency as the 40 GB's, measured on this one.
pub const A100_80GB: Card = Card {
    id: "a100-80gb",
    name: "A100 SXM4 80 GB",
    device_names: &["A100-SXM4-80GB"],
    sms: 108,
    max_clock_mhz: 1410,
    dram_gb_per_s: 2039.0,
    l2_bytes: 40 * MIB,
    dram_latency_ns: 390.0,
    sources: "NVIDIA A100 Tensor Core GPU datasheet (80 GB SXM: 2,039 GB/s); NVIDIA A100 architecture \
        whitepaper; CUDA C++ Programming Guide, CC 8.0; latency: RRZE-HPC/gpu-benches gpu-latency (a100_80)",
    ..per_sm((8, 0))
};

/// L4 24 GB (AD104, 72 W). 58 SMs as the device reports them (7,424 cores); databases that say 60 count
/// the full die. 300 GB/s of GDDR6 (6,251 MHz x 2 x 192 bits). Latency 250 ns: taken from the L40
/// (AD102, GDDR6: 625 cycles at 2,490 MHz), not measured on an L4.
pub const L4: Card = Card {
    id: "l4",
    name: "L4 24 GB",
    device_names: &["L4"],
    sms: 58,
    max_clock_mhz: 2040,
    dram_gb_per_s: 300.0,
    l2_bytes: 48 * MIB,
    dram_latency_ns: 250.0,
    sources: "NVIDIA L4 Tensor Core GPU datasheet; deviceQuery on an NVIDIA L4 (58 SMs, 2,040 MHz, 48 MiB L2); \
        CUDA C++ Programming Guide, CC 8.9; latency: RRZE-HPC/gpu-benches gpu-latency (L40)",
    ..per_sm((8, 9))
};

/// T4 16 GB (TU104, 70 W): 320 GB/s of GDDR6 (5,001 MHz x 2 x 256 bits). Latency 300 ns: a Turing
/// pointer chase missing the L2 but not the TLB takes 472 cycles, here at the T4's 1,590 MHz; Jia et
/// al.'s T4 tables were not at hand, so this one is the least sure.
pub const T4: Card = Card {
    id: "t4",
    name: "T4 16 GB",
    device_names: &["T4"],
    sms: 40,
    max_clock_mhz: 1590,
    dram_gb_per_s: 320.0,
    l2_bytes: 4 * MIB,
    dram_latency_ns: 300.0,
    sources: "NVIDIA T4 Tensor Core GPU datasheet; deviceQuery on a Tesla T4 (40 SMs, 1,590 MHz, 4 MiB L2); CUDA \
        C++ Programming Guide, CC 7.5; latency: sjfeng1999/gpu-arch-microbenchmark (TU104), after Jia et al., \
        \"Dissecting the NVidia Turing T4 GPU via Microbenchmarking\" (2019)",
    ..per_sm((7, 5))
};

/// GeForce RTX 4090 (AD102, 128 of 144 SMs, 72 of 96 MB L2): 2,520 MHz reference boost, as the card
/// reports it; 1,008 GB/s of GDDR6X (21 Gbps x 384 bits). Latency 250 ns: 636 cycles (~252 ns at
/// 2,520 MHz), and the L40's 251 ns on the same die.
pub const RTX_4090: Card = Card {
    id: "rtx-4090",
    name: "GeForce RTX 4090",
    device_names: &["RTX 4090"],
    sms: 128,
    max_clock_mhz: 2520,
    dram_gb_per_s: 1008.0,
    l2_bytes: 72 * MIB,
    dram_latency_ns: 250.0,
    sources: "NVIDIA GeForce RTX 4090 specifications and Ada GPU architecture whitepaper; deviceQuery on an RTX \
        4090 (128 SMs, 2,520 MHz, 72 MiB L2); CUDA C++ Programming Guide, CC 8.9; latency: markdewing/AI_kernels \
        latency (RTX 4090), RRZE-HPC/gpu-benches gpu-latency (L40)",
    ..per_sm((8, 9))
};

/// GeForce RTX 3090 (GA102): 1,695 MHz, NVIDIA's reference boost (partner cards report up to 1,740);
/// 936 GB/s of GDDR6X (19.5 Gbps x 384 bits). Latency 320 ns: the A40 (GA102, GDDR6) measures 557 cycles
/// at 1,740 MHz; no 3090 measurement found.
pub const RTX_3090: Card = Card {
    id: "rtx-3090",
    name: "GeForce RTX 3090",
    device_names: &["RTX 3090"],
    sms: 82,
    max_clock_mhz: 1695,
    dram_gb_per_s: 936.0,
    l2_bytes: 6 * MIB,
    dram_latency_ns: 320.0,
    sources: "NVIDIA GeForce RTX 3090 specifications; NVIDIA Ampere GA102 GPU architecture whitepaper; deviceQuery \
        on an RTX 3090 (82 SMs, 6 MiB L2, 9,751 MHz x 384-bit memory); TechPowerUp GPU database; CUDA C++ \
        Programming Guide, CC 8.6; latency: RRZE-HPC/gpu-benches gpu-latency (A40)",
    ..per_sm((8, 6))
};

/// GeForce RTX 3060 Laptop GPU (GA106, 30 SMs): 336 GB/s of GDDR6 (14 Gbps x 192 bits). The clock is the
/// laptop maker's (NVIDIA: 1,283-1,703 MHz; laptops report 1,425 or 1,702): the top keeps a bound a bound,
/// though the device's own is better where known. Latency 300 ns: ~515 cycles at 1,702 MHz on one.
pub const RTX_3060_LAPTOP: Card = Card {
    id: "rtx-3060-laptop",
    name: "GeForce RTX 3060 Laptop GPU",
    device_names: &["RTX 3060 Laptop GPU"],
    sms: 30,
    max_clock_mhz: 1703,
    dram_gb_per_s: 336.0,
    l2_bytes: 3 * MIB,
    dram_latency_ns: 300.0,
    sources: "NVIDIA GeForce RTX 3060 Laptop GPU specifications (boost 1,283-1,703 MHz); TechPowerUp GPU database \
        (30 SMs, 3 MB L2, 14 Gbps x 192 bits); cudaGetDeviceProperties on RTX 3060 Laptop GPUs (3 MiB L2, 7,001 MHz \
        x 192-bit memory); CUDA C++ Programming Guide, CC 8.6; latency: YKTian-x2b/AmpereArchViaMicroBenchMark",
    ..per_sm((8, 6))
};

/// The card the challenges' target was first set on, and the one the model speaks of without a GPU
/// when `--card` names none.
pub const REFERENCE: &Card = &H100_SXM;

/// A copy's share of the DRAM peak where the course has not measured the card: the lower of the
/// two it has (H100 SXM 2,989 of 3,350 GB/s, 0.892; H200 4,221 of 4,800, 0.879). The lower share
/// makes the card's copy slower, so a kernel's "at most" on it is never too low.
pub const COPY_SHARE_OF_PEAK: f64 = 0.879;

impl Card {
    /// The copy "% of copy" is against, GB/s read + written: measured, or the datasheet's peak at
    /// the measured cards' share.
    pub fn copy_gb_per_s(&self) -> f64 {
        self.measured_copy_gb_per_s.unwrap_or(self.dram_gb_per_s * COPY_SHARE_OF_PEAK)
    }

    /// The rates the bound and the estimate use. Every card here has four schedulers per SM and
    /// 32 shared-memory banks of 4 bytes (compute capability 7.5 to 9.0), and an L1 of 128 bytes
    /// per clock, as the shared memory it shares its data path with.
    pub fn rates(&self) -> super::ReferenceGpu {
        super::ReferenceGpu {
            name: self.name,
            sms: self.sms as f64,
            max_clock_hz: self.max_clock_mhz as f64 * 1e6,
            dram_bytes_per_s: self.dram_gb_per_s * 1e9,
            copy_bytes_per_s: self.copy_gb_per_s() * 1e9,
            l2_bytes: self.l2_bytes as f64,
            shared_wavefronts_per_clock: 1.0,
            issue_per_clock: 4.0,
            l1_sectors_per_clock: 4.0,
            sm: super::occupancy::SmLimits::of(self),
            dram_latency_s: self.dram_latency_ns * 1e-9,
        }
    }
}

/// Every card `--card` can name, the most specific device names first.
pub const CARDS: &[Card] =
    &[H100_SXM, H100_PCIE, H200, A100_40GB, A100_80GB, L4, T4, RTX_4090, RTX_3090, RTX_3060_LAPTOP];

/// The card `--card` names: case aside, dashes, underscores and spaces optional ("h100sxm"), and
/// "h100" for "h100-sxm".
pub fn by_id(id: &str) -> Option<&'static Card> {
    let key = squash(id);
    let key = if key == "h100" { squash(H100_SXM.id) } else { key };
    CARDS.iter().find(|c| squash(c.id) == key)
}

/// The card a device of this name is (`cudaGetDeviceProperties`' `name`), if the table has it: the
/// first whose one of `device_names` is the whole end of the name, from a word on, case aside.
pub fn by_device_name(name: &str) -> Option<&'static Card> {
    let name = name.trim().to_ascii_lowercase();
    CARDS.iter().find(|c| {
        c.device_names.iter().any(|p| {
            let rest = name.strip_suffix(p.to_ascii_lowercase().as_str());
            rest.is_some_and(|rest| rest.is_empty() || rest.ends_with(' '))
        })
    })
}

/// The ids `--card` takes, in the table's order.
pub fn ids() -> impl Iterator<Item = &'static str> {
    CARDS.iter().map(|c| c.id)
}

fn squash(s: &str) -> String {
    s.chars().filter(|c| !matches!(c, '-' | '_' | ' ')).map(|c| c.to_ascii_lowercase()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Programming Guide's table written out again, apart from `per_sm`: compute capability,
    /// shared memory per SM and per block (KiB), reserved per block (bytes), warps and blocks per SM.
    const GUIDE_TABLE: &[[u32; 7]] = &[
        [7, 5, 64, 64, 0, 32, 16],
        [8, 0, 164, 163, 1024, 64, 32],
        [8, 6, 100, 99, 1024, 48, 16],
        [8, 9, 100, 99, 1024, 48, 24],
        [9, 0, 228, 227, 1024, 64, 32],
    ];

    #[test]
    fn ids_are_unique_lower_case_and_found() {
        let ids: Vec<_> = ids().collect();
        for (i, id) in ids.iter().enumerate() {
            assert!(id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'), "{id}");
            assert!(!ids[..i].iter().any(|other| squash(other) == squash(id)), "{id} twice");
            assert_eq!(by_id(id).map(|c| c.id), Some(*id));
        }
        assert_eq!(by_id("h100").map(|c| c.id), Some("h100-sxm"));
        assert_eq!(by_id("H100SXM").map(|c| c.id), Some("h100-sxm"));
        assert_eq!(by_id("rtx3060laptop").map(|c| c.id), Some("rtx-3060-laptop"));
        assert_eq!(by_id("RTX-4090").map(|c| c.id), Some("rtx-4090"));
        assert_eq!(by_id("a100").or(by_id("")), None);
    }

    #[test]
    fn per_sm_limits_are_the_programming_guides() {
        for c in CARDS {
            let row = GUIDE_TABLE.iter().find(|row| (row[0], row[1]) == c.compute_capability);
            let &[_, _, shared, block, reserved, warps, blocks] = row.unwrap_or_else(|| panic!("{}", c.id));
            assert_eq!(c.shared_per_sm_bytes, shared * 1024, "{}", c.id);
            assert_eq!(c.shared_per_block_bytes, block * 1024, "{}", c.id);
            assert_eq!(c.shared_reserved_per_block_bytes, reserved, "{}", c.id);
            assert_eq!((c.max_warps_per_sm, c.max_blocks_per_sm, c.max_threads_per_block), (warps, blocks, 1024));
            assert_eq!([c.registers_per_sm, c.register_allocation_unit, c.max_registers_per_thread], [65536, 256, 255]);
        }
    }

    #[test]
    fn device_names_pick_the_right_card_or_none() {
        let id = |name: &str| by_device_name(name).map(|c| c.id);
        assert_eq!(id("NVIDIA H100 80GB HBM3"), Some("h100-sxm"));
        assert_eq!(id("NVIDIA H100 PCIe"), Some("h100-pcie"));
        assert_eq!(id("NVIDIA H200"), Some("h200"));
        assert_eq!(id("NVIDIA A100-SXM4-40GB"), Some("a100-40gb"));
        assert_eq!(id("A100-SXM4-80GB"), Some("a100-80gb"));
        assert_eq!(id("NVIDIA L4"), Some("l4"));
        assert_eq!(id("Tesla T4"), Some("t4"));
        assert_eq!(id("NVIDIA GeForce RTX 4090"), Some("rtx-4090"));
        assert_eq!(id("nvidia geforce rtx 3090 "), Some("rtx-3090"));
        assert_eq!(id("NVIDIA GeForce RTX 3060 Laptop GPU"), Some("rtx-3060-laptop"));
        let desktop_3060_and_laptop_4090 = ["NVIDIA GeForce RTX 3060", "NVIDIA GeForce RTX 4090 Laptop GPU"];
        let others = ["NVIDIA GeForce RTX 4090 D", "NVIDIA GeForce RTX 3090 Ti", "NVIDIA H100 NVL", "NVIDIA H200 NVL"];
        let more = ["NVIDIA A100 80GB PCIe", "NVIDIA L40", "NVIDIA H100", ""];
        for other in desktop_3060_and_laptop_4090.into_iter().chain(others).chain(more) {
            assert_eq!(id(other), None, "{other}");
        }
        // No card's name is shadowed by an earlier card's.
        for card in CARDS {
            for name in card.device_names {
                assert_eq!(by_device_name(&format!("NVIDIA {name}")).map(|c| c.id), Some(card.id), "{name}");
            }
        }
    }

    #[test]
    fn figures_are_plausible_and_the_copy_is_below_the_peak() {
        for c in CARDS {
            assert!(c.sms > 0 && c.max_clock_mhz > 0 && c.l2_bytes > 0 && c.dram_gb_per_s > 0.0, "{}", c.id);
            assert!(!c.sources.is_empty() && !c.name.is_empty() && !c.device_names.is_empty(), "{}", c.id);
            assert!((150.0..=600.0).contains(&c.dram_latency_ns), "{}", c.id);
            if let Some(copy) = c.measured_copy_gb_per_s {
                assert!(copy < c.dram_gb_per_s && copy > 0.5 * c.dram_gb_per_s, "{}", c.id);
            }
        }
    }

    #[test]
    fn the_h100_sxm_is_the_reference_gpu() {
        // The calibration's rates are this card's: the corpus was timed on it.
        let r = crate::speed::reference::H100;
        assert_eq!(H100_SXM.rates(), crate::speed::ReferenceGpu { name: H100_SXM.name, ..r });
        assert_eq!(REFERENCE.id, H100_SXM.id);
    }
}
