//! The GPU a kernel sees through its special registers: an H100 SXM5. Each register reads a
//! value such a GPU could give, so that a kernel cannot tell it runs on the emulator and take
//! a path a GPU would not take (with figures the GPU would not give).
//!
//! Everything here follows from the block's linear index and the work a warp has done (its
//! instructions, and the modelled latency of its loads: [`LoadLatency`]), never from the host's
//! clock or threads: a launch reads the same values every run.

/// `%nsmid`: the SMs of an H100 SXM5.
pub(crate) const SMS: u64 = 132;

/// `%nwarpid`: the warp slots of an H100's SM.
pub(crate) const WARP_SLOTS: u64 = 64;

/// The SM clock, in MHz (the H100 SXM5's boost clock).
const CLOCK_MHZ: u64 = 1755;

/// Cycles per lane-instruction, as a divisor: a full warp's instruction is about 4 cycles.
const LANE_INSTRUCTIONS_PER_CYCLE: u64 = 8;

/// What a load costs a warp's clocks, in cycles: H100 figures from published
/// microbenchmarks (Chips and Cheese's and Luo et al.'s "Benchmarking and Dissecting the Nvidia
/// Hopper GPU Architecture", 2024: L2 hit about 260 cycles, DRAM about 480–650 cycles, shared
/// memory about 30). An H200 timing eight dependent `__ldcg` loads reads 2,000–2,900 cycles.
/// Which level serves a load is a model: the emulator runs blocks in parallel on the host, so
/// what other blocks have read is not known in a repeatable way; a load is a DRAM access when
/// its first lane's 32-byte sector is not among those its block read recently
/// ([`SectorsRead`]), an L2 access otherwise. Other lanes' sectors and later waves are not
/// looked at: one lookup per load instruction keeps it cheap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LoadLatency {
    Dram,
    L2,
    Shared,
}

impl LoadLatency {
    /// The cycles of the load.
    pub const fn cycles(self) -> u64 {
        match self {
            LoadLatency::Dram => 600,
            LoadLatency::L2 => 260,
            LoadLatency::Shared => 30,
        }
    }

    /// The same as lane-instructions, the unit a warp's clocks count in (`Clocks::cycles`).
    #[inline(always)]
    pub const fn work(self) -> u64 {
        self.cycles() * LANE_INSTRUCTIONS_PER_CYCLE
    }
}

/// Entries of [`SectorsRead`] (a power of two): 8192 sectors of 32 bytes, 256 KiB, an H100 SM's
/// L1.
const SECTOR_ENTRIES: usize = 8192;

/// The 32-byte sectors of global memory a block read, as a direct-mapped table of tags (a
/// sector evicts the one that maps to the same entry): what decides a DRAM or an L2 latency.
/// Each entry holds the sector and the block (its linear index + 1), so a new block starts with
/// nothing read, without clearing the table.
#[derive(Default)]
pub(crate) struct SectorsRead {
    entries: Vec<(u64, u64)>,
}

impl SectorsRead {
    /// Block `block` loads from global address `addr`: the latency of the load, and the sector
    /// is now read.
    #[inline(always)]
    pub fn load(&mut self, block: u64, addr: u64) -> LoadLatency {
        if self.entries.is_empty() {
            self.entries = vec![(0, 0); SECTOR_ENTRIES];
        }
        let sector = addr >> 5;
        let key = (sector, block + 1);
        let slot = &mut self.entries[(sector ^ (sector >> 13)) as usize & (SECTOR_ENTRIES - 1)];
        if *slot == key {
            LoadLatency::L2
        } else {
            *slot = key;
            LoadLatency::Dram
        }
    }
}

/// `%globaltimer` when the launch starts: nanoseconds since the Unix epoch (September 2026).
const LAUNCH_NS: u64 = 1_790_000_000_000_000_000;

/// `%clock64` of SM 0 when the launch starts: the GPU has been up for ten minutes.
const LAUNCH_CYCLES: u64 = 600 * CLOCK_MHZ * 1_000_000;

/// How far apart the SMs' cycle counters are: each SM counts its own cycles, from its own
/// start.
const SM_SKEW_CYCLES: u64 = 7_919_113;

/// How long a wave of blocks (one per SM) takes before the next one starts on the same SMs.
const WAVE_NS: u64 = 20_000;

/// `%smid`: the SM a GPU would place block `bidx` (linear) on. Blocks are spread over every
/// SM in turn; a block in a later wave reuses the SM of one in the first.
pub(crate) fn sm_of(bidx: u64) -> u64 {
    bidx % SMS
}

/// Where a block's clocks start, from which each warp's advance with its work.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Clocks {
    /// `%clock64` of the block's SM when the block starts.
    cycles: u64,
    /// `%globaltimer` when the block starts.
    ns: u64,
}

impl Clocks {
    /// The clocks of block `bidx` (linear) when it starts: its SM's counter, and a time that
    /// grows with its wave.
    pub fn of_block(bidx: u64) -> Clocks {
        // Saturating: a grid of 2^63 blocks must not overflow (it never runs that far).
        let wave_ns = (bidx / SMS).saturating_mul(WAVE_NS);
        Clocks {
            cycles: (LAUNCH_CYCLES + sm_of(bidx) * SM_SKEW_CYCLES)
                .saturating_add(wave_ns.saturating_mul(CLOCK_MHZ) / 1000),
            ns: LAUNCH_NS.saturating_add(wave_ns),
        }
    }

    /// `%clock64` once a warp has executed `work` lane-instructions.
    pub fn cycles(self, work: u64) -> u64 {
        self.cycles.saturating_add(work / LANE_INSTRUCTIONS_PER_CYCLE)
    }

    /// `%globaltimer` once a warp has executed `work` lane-instructions.
    pub fn ns(self, work: u64) -> u64 {
        self.ns.saturating_add(work / LANE_INSTRUCTIONS_PER_CYCLE * 1000 / CLOCK_MHZ)
    }
}

/// Shared memory a CTA is given comes in units of this many bytes on sm_8x and sm_9x (the PTX
/// ISA's table for `%total_smem_size`).
pub(crate) const SHARED_ALLOCATION_UNIT: u64 = 128;

/// Shared memory sm_8x and sm_9x reserve for the system in every CTA, besides the kernel's
/// (`cudaDevAttrReservedSharedMemoryPerBlock`: 1 KiB).
pub(crate) const RESERVED_SHARED_BYTES: u64 = 1024;

/// `%total_smem_size` of a block using `bytes` of shared memory (static and dynamic): what it
/// is given, in whole allocation units (the reserved region not included).
pub(crate) fn shared_allocation(bytes: u64) -> u64 {
    bytes.div_ceil(SHARED_ALLOCATION_UNIT) * SHARED_ALLOCATION_UNIT
}
