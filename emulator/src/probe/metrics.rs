//! The launch's [`Metrics`] as a probe: every count the grader grades comes from here.

use super::{AtomicAccess, GlobalAccess, OtherAccess, Probe, SharedAccess};
use crate::ir::{Kernel, Space};
use crate::memory::DeviceMemory;
use crate::types::{LaunchReport, Metrics};

#[derive(Default)]
pub(crate) struct MetricsProbe {
    pub m: Metrics,
    /// Global loads per thread of the running block (for `max_global_loads_per_thread`).
    loads_per_thread: Vec<u32>,
}

/// Distinct values in `v` (sorted in place when it is not already).
fn count_distinct(v: &mut [u64]) -> u64 {
    if v.is_empty() {
        return 0;
    }
    // Fast path: already non-decreasing (the common, coalesced case).
    if !v.windows(2).all(|w| w[0] <= w[1]) {
        v.sort_unstable();
    }
    1 + v.windows(2).filter(|w| w[0] != w[1]).count() as u64
}

#[inline(always)]
fn for_lanes(mask: u32, mut f: impl FnMut(usize)) {
    let mut m = mask;
    while m != 0 {
        f(m.trailing_zeros() as usize);
        m &= m - 1;
    }
}

/// The distinct 32-byte sectors the lanes of a global access touch (an aligned access of at
/// most 16 bytes lies in one): Nsight Compute's sectors of one request; and the fewest sectors
/// its distinct addresses could have needed at its width (a float4 warp request needs 16).
#[inline(always)]
fn sectors(a: &GlobalAccess) -> (u64, u64) {
    if let Some(counted) = a.sectors.get() {
        return counted;
    }
    let counted = count_sectors(a);
    a.sectors.set(Some(counted));
    counted
}

#[inline(always)]
fn count_sectors(a: &GlobalAccess) -> (u64, u64) {
    // Lanes in increasing address order (a coalesced warp): count the changes.
    let mut m = a.lanes;
    if m == 0 {
        return (0, 0);
    }
    let mut previous = a.address(m.trailing_zeros() as usize);
    let (mut sectors, mut addresses) = (1, 1);
    m &= m - 1;
    while m != 0 {
        let address = a.address(m.trailing_zeros() as usize);
        if address < previous {
            return sectors_in_any_order(a);
        }
        sectors += (address >> 5 != previous >> 5) as u64;
        addresses += (address != previous) as u64;
        previous = address;
        m &= m - 1;
    }
    (sectors, minimum_sectors(addresses, a.bytes))
}

/// The fewest 32-byte sectors `addresses` distinct accesses of `bytes` each can lie in.
fn minimum_sectors(addresses: u64, bytes: u64) -> u64 {
    (addresses * bytes).div_ceil(32)
}

#[cold]
fn sectors_in_any_order(a: &GlobalAccess) -> (u64, u64) {
    let mut addresses = [0u64; 32];
    let mut n = 0;
    for_lanes(a.lanes, |l| {
        addresses[n] = a.address(l);
        n += 1;
    });
    let distinct = count_distinct(&mut addresses[..n]);
    let mut sectors = addresses.map(|address| address >> 5);
    (count_distinct(&mut sectors[..n]), minimum_sectors(distinct, a.bytes))
}

/// A shared request's extra wavefronts caused by bank conflicts (0 when conflict-free), and its
/// wavefronts: the most distinct words it needs from one bank (2 for a warp's 8-byte accesses
/// without conflicts, 1 for its 4-byte ones).
#[inline(always)]
fn bank_conflicts(a: &SharedAccess) -> (u64, u64) {
    // The bulk of tiled kernels, told without sorting: whole words, strictly increasing in lane
    // order within a window of 32 words, are in distinct banks.
    if a.ascending && a.bytes == 4 && a.lanes != 0 {
        let first = a.offsets[a.lanes.trailing_zeros() as usize];
        let last = a.offsets[31 - a.lanes.leading_zeros() as usize];
        if (last - first) >> 2 < 32 {
            return (0, 1);
        }
    }
    let mut words = [0u64; 128];
    let mut n = 0;
    for_lanes(a.lanes, |l| {
        let o = a.offsets[l] as u64;
        let mut word = o >> 2;
        while word << 2 < o + a.bytes as u64 {
            words[n] = word;
            n += 1;
            word += 1;
        }
    });
    conflicts_of_words(&mut words[..n])
}

/// A bank-conflicted request's most loaded bank: two lanes that need different words of it
/// (the first in lane order), the bank, and how many distinct words it serves (its passes).
#[cold]
pub(super) fn colliding_lanes(a: &SharedAccess) -> Option<([u32; 2], u32, u32)> {
    let mut words_of_bank: [Vec<(u32, u32)>; 32] = Default::default(); // (word, first lane)
    for_lanes(a.lanes, |l| {
        let o = a.offsets[l];
        for word in o >> 2..(o + a.bytes.max(1) - 1) / 4 + 1 {
            let bank = &mut words_of_bank[(word % 32) as usize];
            if !bank.iter().any(|&(w, _)| w == word) {
                bank.push((word, l as u32));
            }
        }
    });
    let (bank, words) = words_of_bank.iter().enumerate().rev().max_by_key(|(_, w)| w.len())?;
    (words.len() > 1).then(|| ([words[0].1, words[1].1], bank as u32, words.len() as u32))
}

/// How many requests like this one the compiler could have merged into one wider access: ptxas
/// turns a thread's adjacent shared accesses (`a[i]`, `a[i+1]`, …) into an 8- or 16-byte one
/// where it can prove the address aligned, which needs every lane's address to have the same
/// remainder modulo that width (one instruction, one constant offset). A merged access takes as
/// many wavefronts as its most loaded bank, which is at least each part's: so each part costs at
/// least its wavefronts ÷ this.
#[inline(always)]
fn merge_ways(a: &SharedAccess) -> u64 {
    let bytes = a.bytes as u64;
    // Two neighbouring lanes' words in a row are 4 bytes apart: no wider access covers both.
    if bytes >= 16 || a.lanes == 0 || (a.in_a_row && a.lanes & (a.lanes >> 1) != 0) {
        return 1;
    }
    let first = a.offsets[a.lanes.trailing_zeros() as usize];
    let mut differ = 0;
    for_lanes(a.lanes, |l| differ |= a.offsets[l] ^ first);
    let same_below = |width: u32| differ & (width - 1) == 0;
    let width = [16, 8, 4].into_iter().find(|&w| w as u64 > bytes && same_below(w)).unwrap_or(bytes as u32);
    (width as u64 / bytes).max(1)
}

/// Extra wavefronts of a request for these 4-byte words: the most distinct words that fall in
/// one of the 32 banks, less the minimum number of wavefronts the request needs anyway; and its
/// wavefronts, that most.
fn conflicts_of_words(words: &mut [u64]) -> (u64, u64) {
    if words.is_empty() {
        return (0, 0);
    }
    // Fast path: strictly increasing words spanning fewer than 32 (distinct banks).
    if words[words.len() - 1].wrapping_sub(words[0]) < 32 && words.windows(2).all(|p| p[0] < p[1]) {
        return (0, 1);
    }
    let distinct = {
        if !words.windows(2).all(|w| w[0] <= w[1]) {
            words.sort_unstable();
        }
        let mut n = 0;
        for i in 0..words.len() {
            if i == 0 || words[i] != words[i - 1] {
                words[n] = words[i];
                n += 1;
            }
        }
        n
    };
    let uniq = &words[..distinct];
    // Conflict-free: all distinct words within a window of 32 words.
    if uniq[uniq.len() - 1] - uniq[0] < 32 {
        return (0, 1);
    }
    let mut per_bank = [0u32; 32];
    for w in uniq {
        per_bank[(w % 32) as usize] += 1;
    }
    let worst = *per_bank.iter().max().unwrap() as u64;
    let minimum = (distinct as u64).div_ceil(32);
    (worst.saturating_sub(minimum), worst)
}

/// The counters are a probe themselves: the launch's (in [`MetricsProbe`]) and each
/// instruction's (in the per-line probe) are counted by this one code.
impl Probe for Metrics {
    #[inline(always)]
    fn instruction(&mut self, _pc: usize, active: u32) {
        self.warp_instructions += 1;
        self.lane_instructions += active.count_ones() as u64;
    }

    #[inline(always)]
    fn float_ops(&mut self, _pc: usize, lanes: u32, flops: u8, other: u8) {
        let n = lanes.count_ones() as u64;
        self.flops += flops as u64 * n;
        self.other_float_ops += other as u64 * n;
    }

    #[inline(always)]
    fn global(&mut self, a: &GlobalAccess) {
        let lanes = a.lanes.count_ones() as u64;
        if a.store {
            self.global_store_bytes += a.bytes * lanes;
            return;
        }
        self.global_load_bytes += a.bytes * lanes;
        self.global_loads += lanes;
        self.global_load_requests += 1;
        let (sectors, minimum) = sectors(a);
        self.global_load_sectors += sectors;
        self.global_load_minimum_sectors += minimum;
        if sectors > 2 * minimum {
            self.global_load_uncoalesced_sectors += sectors - minimum;
        }
    }

    #[inline(always)]
    fn shared(&mut self, a: &SharedAccess) {
        let bytes = a.bytes as u64 * a.lanes.count_ones() as u64;
        if a.store {
            self.shared_store_bytes += bytes;
        } else {
            self.shared_load_bytes += bytes;
        }
        self.shared_requests += 1;
        if a.in_a_row && a.bytes == 4 && a.lanes & (a.lanes >> 1) != 0 {
            // A tile's row (the executor's fast path): distinct words in a row, so distinct banks,
            // one wavefront, and neighbouring lanes 4 bytes apart, which no wider access merges
            // (what `bank_conflicts` and `merge_ways` find, told without their tests).
            self.shared_wavefronts += 1;
            self.shared_wavefront_sixteenths_if_merged += 16;
            return;
        }
        let (conflicts, wavefronts) = bank_conflicts(a);
        self.shared_bank_conflicts += conflicts;
        self.shared_wavefronts += wavefronts;
        self.shared_wavefront_sixteenths_if_merged += wavefronts * 16 / merge_ways(a);
    }

    #[inline(always)]
    fn other_memory(&mut self, a: &OtherAccess) {
        let bytes = a.bytes * a.lanes.count_ones() as u64;
        match (a.space, a.store) {
            (Space::Const, _) => self.const_load_bytes += bytes,
            (Space::Param, _) => self.param_load_bytes += bytes,
            (_, true) => self.local_store_bytes += bytes,
            (_, false) => self.local_load_bytes += bytes,
        }
    }

    fn atomic(&mut self, a: &AtomicAccess) {
        self.global_atomic_bytes += a.bytes * a.global_lanes.count_ones() as u64;
        self.shared_atomic_bytes += a.bytes * a.shared_lanes.count_ones() as u64;
        if a.completed && (a.global_lanes | a.shared_lanes) != 0 {
            self.atomic_requests += 1;
        }
    }

    fn barrier(&mut self) {
        self.barriers += 1;
    }

    fn merge(&mut self, later: Self) {
        Metrics::merge(self, &later);
    }
}

/// The launch's metrics: the counters, and what only a whole block knows (its threads, the
/// most global loads of one of them).
impl Probe for MetricsProbe {
    fn block_begin(&mut self, threads: usize) {
        self.loads_per_thread.clear();
        // Whole warps: a warp's counts are added as one row (the lanes past the block's last
        // thread are never active and stay 0).
        self.loads_per_thread.resize(threads.next_multiple_of(32), 0);
    }

    /// The lanes are counted at the block's end, from the budget (`block_end`).
    #[inline(always)]
    fn instruction(&mut self, _pc: usize, _active: u32) {
        self.m.warp_instructions += 1;
    }

    #[inline(always)]
    fn float_ops(&mut self, pc: usize, lanes: u32, flops: u8, other: u8) {
        self.m.float_ops(pc, lanes, flops, other);
    }

    #[inline(always)]
    fn global(&mut self, a: &GlobalAccess) {
        self.m.global(a);
        if !a.store {
            // Branch-free over the warp's row, which the compiler does a vector at a time.
            let row: &mut [u32; 32] =
                (&mut self.loads_per_thread[a.base_tid as usize..a.base_tid as usize + 32]).try_into().unwrap();
            for (l, n) in row.iter_mut().enumerate() {
                *n += (a.lanes >> l) & 1;
            }
        }
    }

    #[inline(always)]
    fn shared(&mut self, a: &SharedAccess) {
        self.m.shared(a);
    }

    #[inline(always)]
    fn other_memory(&mut self, a: &OtherAccess) {
        self.m.other_memory(a);
    }

    fn atomic(&mut self, a: &AtomicAccess) {
        self.m.atomic(a);
    }

    fn barrier(&mut self) {
        self.m.barrier();
    }

    fn block_end(&mut self, threads: usize, lane_instructions: u64) {
        self.m.lane_instructions += lane_instructions;
        self.m.threads = threads as u64;
        self.m.blocks = 1;
        self.m.max_global_loads_per_thread = self.loads_per_thread.iter().copied().max().unwrap_or(0) as u64;
    }

    fn merge(&mut self, later: Self) {
        self.m.merge(&later.m);
    }

    fn finish(self, _kernel: &Kernel, _mem: &DeviceMemory, report: &mut LaunchReport) {
        report.metrics = self.m;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(base: &[u64; 32], lanes: u32, bytes: u64) -> GlobalAccess<'_> {
        GlobalAccess { pc: 0, base_tid: 0, lanes, base, offset: 0, bytes, store: false, sectors: Default::default() }
    }

    #[test]
    fn a_coalesced_warp_load_is_one_request_of_four_sectors() {
        let mut p = MetricsProbe::default();
        p.block_begin(64);
        let consecutive: [u64; 32] = std::array::from_fn(|l| 0x1000 + 4 * l as u64);
        p.global(&load(&consecutive, u32::MAX, 4));
        let m = &p.m;
        assert_eq!(
            (m.global_load_requests, m.global_load_sectors, m.global_load_bytes, m.global_loads),
            (1, 4, 128, 32)
        );
        // 32 floats 128 bytes apart: one sector each.
        let strided: [u64; 32] = std::array::from_fn(|l| 0x1000 + 128 * l as u64);
        p.global(&load(&strided, u32::MAX, 4));
        assert_eq!((p.m.global_load_requests, p.m.global_load_sectors), (2, 36));
        // Half a warp, and a store (bytes only).
        p.global(&load(&consecutive, 0xFFFF, 4));
        p.global(&GlobalAccess { store: true, ..load(&consecutive, u32::MAX, 8) });
        assert_eq!((p.m.global_load_sectors, p.m.global_loads, p.m.global_store_bytes), (38, 80, 256));
        p.block_end(64, 0);
        assert_eq!(p.m.max_global_loads_per_thread, 3, "lanes 0..15 loaded three times");
        assert_eq!(p.m.global_load_minimum_sectors, 4 + 4 + 2, "the minimum of each request");
        assert_eq!(p.m.global_load_uncoalesced_sectors, 32 - 4, "only the strided request is uncoalesced");
    }

    #[test]
    fn the_minimum_sectors_of_a_request_follow_its_width() {
        let of = |stride: u64, bytes: u64| {
            let lanes: [u64; 32] = std::array::from_fn(|l| 0x1000 + stride * l as u64);
            sectors(&load(&lanes, u32::MAX, bytes))
        };
        assert_eq!(of(16, 16), (16, 16), "a warp's coalesced float4 loads: 16 sectors, the minimum");
        assert_eq!(of(32, 16), (32, 16), "float4 loads 32 bytes apart: twice the minimum");
        assert_eq!(of(4, 4), (4, 4));
        assert_eq!(of(128, 4), (32, 4), "a sector per lane: 8 times the minimum");
        assert_eq!(of(0, 4), (1, 1), "a broadcast");
        let reversed: [u64; 32] = std::array::from_fn(|l| 0x1000 + 4 * (31 - l as u64));
        assert_eq!(sectors(&load(&reversed, u32::MAX, 4)), (4, 4), "any lane order");
        let pairs: [u64; 32] = std::array::from_fn(|l| 0x1000 + 4 * (l as u64 / 2));
        assert_eq!(sectors(&load(&pairs, u32::MAX, 4)), (2, 2), "two lanes per word: 16 distinct words");
    }

    fn shared<'a>(lanes: u32, offsets: &'a [u32; 32], bytes: u32, store: bool) -> SharedAccess<'a> {
        SharedAccess {
            pc: 0,
            base_tid: 0,
            mask: lanes,
            lanes,
            offsets,
            bytes,
            store,
            ascending: false,
            in_a_row: false,
            values: &[],
        }
    }

    #[test]
    fn a_row_of_words_counts_as_the_general_count_does() {
        // The executor's fast path marks a tile's rows `in_a_row` (and `ascending`): the
        // metrics' shortcut for them must give what the general count gives.
        for (first, lanes) in [(0u32, u32::MAX), (8, 0x3FFF_FFFC), (4, 0b0110), (124, 0xFFFF_0000), (64, 0b1010_1100)] {
            let f = lanes.trailing_zeros();
            let offsets: [u32; 32] = std::array::from_fn(|l| (first + 4 * l as u32).wrapping_sub(4 * f));
            for store in [false, true] {
                let (mut general, mut row) = (MetricsProbe::default(), MetricsProbe::default());
                general.shared(&shared(lanes, &offsets, 4, store));
                let mut marked = shared(lanes, &offsets, 4, store);
                (marked.in_a_row, marked.ascending) = (true, true);
                row.shared(&marked);
                assert_eq!(row.m, general.m, "first {first}, lanes {lanes:#x}, store {store}");
            }
        }
    }

    #[test]
    fn only_requests_whose_lanes_share_an_alignment_could_have_been_merged() {
        let ways = |stride: u32, lanes: u32, bytes: u32| {
            let offsets: [u32; 32] = std::array::from_fn(|l| 64 + stride * l as u32);
            merge_ways(&shared(lanes, &offsets, bytes, false))
        };
        assert_eq!(ways(4, u32::MAX, 4), 1, "consecutive words: lanes at every remainder");
        assert_eq!(ways(8, u32::MAX, 4), 2, "every other word: a pair each");
        assert_eq!(ways(16, u32::MAX, 4), 4, "a word every 16 bytes: four could be one float4");
        assert_eq!(ways(384, u32::MAX, 4), 4, "a column of a transposed tile");
        assert_eq!(ways(4, 1, 4), 4, "one lane");
        assert_eq!(ways(16, u32::MAX, 8), 2, "8-byte values 16 bytes apart");
        assert_eq!(ways(8, u32::MAX, 8), 1, "8-byte values side by side");
        assert_eq!(ways(16, u32::MAX, 16), 1, "16 bytes is the widest");
        assert_eq!(ways(16, u32::MAX, 2), 8, "halves 16 bytes apart");
    }

    #[test]
    fn bank_conflicts_are_the_extra_wavefronts() {
        let by = |stride: u32, lanes: u32, bytes: u32| {
            let offsets: [u32; 32] = std::array::from_fn(|l| stride * l as u32);
            bank_conflicts(&shared(lanes, &offsets, bytes, false))
        };
        // (extra wavefronts, wavefronts)
        assert_eq!(by(4, u32::MAX, 4), (0, 1), "consecutive words");
        assert_eq!(by(0, u32::MAX, 4), (0, 1), "one word: a broadcast");
        assert_eq!(by(8, u32::MAX, 4), (1, 2), "every other word: 2-way");
        assert_eq!(by(8, 0xFFFF, 4), (0, 1), "half a warp, every other word: distinct banks");
        assert_eq!(by(128, u32::MAX, 4), (31, 32), "one bank: 32-way");
        assert_eq!(by(8, u32::MAX, 8), (0, 2), "8-byte values: two wavefronts anyway");
        assert_eq!(by(16, u32::MAX, 16), (0, 4), "16-byte values: four");
        assert_eq!(by(4, 0b1010, 4), (0, 1), "two lanes, increasing");
        assert_eq!(by(4, 0, 4), (0, 0), "no lane");
        let reversed: [u32; 32] = std::array::from_fn(|l| 4 * (31 - l as u32));
        assert_eq!(bank_conflicts(&shared(u32::MAX, &reversed, 4, false)), (0, 1), "any order of distinct banks");
        // The executor's `ascending` only spares the sort: the same answer with it or without.
        for (stride, lanes) in [(4, u32::MAX), (4, 0b1010), (8, 0xFFFF), (8, u32::MAX), (128, u32::MAX), (128, 0xF)] {
            let offsets: [u32; 32] = std::array::from_fn(|l| stride * l as u32);
            let mut access = shared(lanes, &offsets, 4, false);
            let sorted = bank_conflicts(&access);
            access.ascending = true;
            assert_eq!(bank_conflicts(&access), sorted, "stride {stride}, lanes {lanes:#x}");
        }
    }

    #[test]
    fn shared_other_atomic_and_instruction_events_count_as_the_metrics_say() {
        let mut p = MetricsProbe::default();
        p.shared(&shared(u32::MAX, &[0; 32], 4, true));
        // Four lanes 128 bytes apart: four words in one bank, three extra wavefronts.
        let strided: [u32; 32] = std::array::from_fn(|l| 128 * l as u32);
        p.shared(&shared(0xF, &strided, 4, false));
        p.other_memory(&OtherAccess { pc: 0, space: Space::Const, lanes: 0b11, bytes: 4, store: false });
        p.other_memory(&OtherAccess { pc: 0, space: Space::Local, lanes: 0b1, bytes: 16, store: true });
        p.atomic(&AtomicAccess { pc: 0, global_lanes: 0b111, shared_lanes: 0, bytes: 4, completed: true });
        p.atomic(&AtomicAccess { pc: 0, global_lanes: 0b1, shared_lanes: 0, bytes: 4, completed: false });
        p.instruction(0, 0xF);
        p.float_ops(0, 0x3, 2, 1);
        p.barrier();
        p.block_end(32, 4);
        let m = &p.m;
        assert_eq!(
            (m.shared_store_bytes, m.shared_load_bytes, m.shared_requests, m.shared_bank_conflicts),
            (128, 16, 2, 3)
        );
        assert_eq!(m.shared_wavefronts, 1 + 4, "a broadcast store, then four words of one bank");
        // The broadcast could be one quarter of a 16-byte access; the strided loads (lanes 128
        // bytes apart, the same remainder) too.
        assert_eq!(m.shared_wavefront_sixteenths_if_merged, 4 + 4 * 4);
        assert_eq!((m.const_load_bytes, m.local_store_bytes), (8, 16));
        assert_eq!((m.atomic_requests, m.global_atomic_bytes), (1, 16), "a faulting atomic is no request");
        assert_eq!((m.warp_instructions, m.lane_instructions, m.flops, m.other_float_ops, m.barriers), (1, 4, 4, 2, 1));
    }

    #[test]
    fn blocks_merge_by_sums_and_the_largest_per_thread_count() {
        let (mut a, mut b) = (MetricsProbe::default(), MetricsProbe::default());
        a.m.global_load_bytes = 10;
        a.m.max_global_loads_per_thread = 7;
        b.m.global_load_bytes = 5;
        b.m.max_global_loads_per_thread = 3;
        b.m.blocks = 1;
        a.merge(b);
        assert_eq!((a.m.global_load_bytes, a.m.max_global_loads_per_thread, a.m.blocks), (15, 7, 1));
    }
}
