//! The launch's [`Metrics`] as a probe: every count the grader grades comes from here.

use super::{AtomicAccess, GlobalAccess, OtherAccess, Probe, SharedAccess};
use crate::ir::Space;
use crate::types::Metrics;

#[derive(Default)]
pub(crate) struct MetricsProbe {
    pub m: Metrics,
    /// Global loads per thread of the running block (for `max_global_loads_per_thread`).
    loads_per_thread: Vec<u32>,
}

/// Distinct values in `v` (sorted in place when it is not already).
pub(crate) fn count_distinct(v: &mut [u64]) -> u64 {
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
        self.global_load_sectors += a.sectors();
    }

    #[inline(always)]
    fn shared(&mut self, a: &SharedAccess) {
        let bytes = a.bytes * a.lanes.count_ones() as u64;
        if a.store {
            self.shared_store_bytes += bytes;
        } else {
            self.shared_load_bytes += bytes;
        }
        self.shared_requests += 1;
        self.shared_bank_conflicts += a.conflicts;
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
        self.loads_per_thread.resize(threads, 0);
    }

    #[inline(always)]
    fn instruction(&mut self, pc: usize, active: u32) {
        self.m.instruction(pc, active);
    }

    #[inline(always)]
    fn float_ops(&mut self, pc: usize, lanes: u32, flops: u8, other: u8) {
        self.m.float_ops(pc, lanes, flops, other);
    }

    #[inline(always)]
    fn global(&mut self, a: &GlobalAccess) {
        self.m.global(a);
        if !a.store {
            for_lanes(a.lanes, |l| self.loads_per_thread[(a.base_tid + l as u32) as usize] += 1);
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

    fn block_end(&mut self, threads: usize) {
        self.m.threads = threads as u64;
        self.m.blocks = 1;
        self.m.max_global_loads_per_thread = self.loads_per_thread.iter().copied().max().unwrap_or(0) as u64;
    }

    fn merge(&mut self, later: Self) {
        self.m.merge(&later.m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(base: &[u64; 32], lanes: u32, bytes: u64) -> GlobalAccess<'_> {
        GlobalAccess { pc: 0, base_tid: 0, lanes, base, offset: 0, bytes, store: false }
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
        p.block_end(64);
        assert_eq!(p.m.max_global_loads_per_thread, 3, "lanes 0..15 loaded three times");
    }

    #[test]
    fn shared_other_atomic_and_instruction_events_count_as_the_metrics_say() {
        let mut p = MetricsProbe::default();
        p.shared(&SharedAccess {
            pc: 0,
            base_tid: 0,
            offsets: &[0; 32],
            lanes: u32::MAX,
            bytes: 4,
            store: true,
            conflicts: 0,
        });
        p.shared(&SharedAccess {
            pc: 0,
            base_tid: 0,
            offsets: &[0; 32],
            lanes: 0xFF,
            bytes: 8,
            store: false,
            conflicts: 3,
        });
        p.other_memory(&OtherAccess { pc: 0, space: Space::Const, lanes: 0b11, bytes: 4, store: false });
        p.other_memory(&OtherAccess { pc: 0, space: Space::Local, lanes: 0b1, bytes: 16, store: true });
        p.atomic(&AtomicAccess { pc: 0, global_lanes: 0b111, shared_lanes: 0, bytes: 4, completed: true });
        p.atomic(&AtomicAccess { pc: 0, global_lanes: 0b1, shared_lanes: 0, bytes: 4, completed: false });
        p.instruction(0, 0xF);
        p.float_ops(0, 0x3, 2, 1);
        p.barrier();
        let m = &p.m;
        assert_eq!(
            (m.shared_store_bytes, m.shared_load_bytes, m.shared_requests, m.shared_bank_conflicts),
            (128, 64, 2, 3)
        );
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
