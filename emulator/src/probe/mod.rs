//! Measuring as observers of execution: the executor emits per-warp events and knows nothing
//! of who listens; each probe turns the events it cares about into counts. The metrics are a
//! probe (`metrics.rs`), and so is any new view of a launch: one file implementing [`Probe`],
//! plus one line in the `probes!` list below (the per-source-line traffic of `lines.rs` is one).
//!
//! Dispatch is static: the set is a struct with one field per probe, each event a call per
//! field that inlines away; an optional probe is an `Option` that costs one test when off.
//! Per-block results are merged in block order, so they never depend on worker threads.
//!
//! The sanitizer's checks observe the same execution from the `check` module, with one
//! difference that keeps them out of this trait: a check may answer. The budget and a faulting
//! access stop the launch (`check::Stop`), so the checks are a fixed set with events of their
//! own (`check::Checks`), called beside the probes' at the same places.

pub mod block;
pub mod lines;
pub(crate) mod metrics;
pub mod reuse;

use crate::ir::{Kernel, Space};
use crate::types::BlockTraffic;

/// A warp's access to global memory: one instruction, the lanes that reached global memory.
pub(crate) struct GlobalAccess<'a> {
    pub pc: usize,
    /// The thread index (in the block) of the warp's lane 0.
    pub base_tid: u32,
    pub lanes: u32,
    /// Each lane's address is `base[l] + offset` (only the lanes in `lanes` are meaningful).
    pub base: &'a [u64; 32],
    pub offset: u64,
    /// Bytes per lane (all the registers of a vector access).
    pub bytes: u64,
    pub store: bool,
}

impl GlobalAccess<'_> {
    #[inline(always)]
    pub fn address(&self, lane: usize) -> u64 {
        self.base[lane].wrapping_add(self.offset)
    }

    /// The distinct 32-byte sectors the lanes touch (an aligned access of at most 16 bytes lies
    /// in one): Nsight Compute's sectors of one request.
    #[inline(always)]
    pub fn sectors(&self) -> u64 {
        // Lanes in increasing address order (a coalesced warp): count the changes.
        let mut m = self.lanes;
        if m == 0 {
            return 0;
        }
        let mut previous = self.address(m.trailing_zeros() as usize) >> 5;
        let mut n = 1;
        m &= m - 1;
        while m != 0 {
            let sector = self.address(m.trailing_zeros() as usize) >> 5;
            if sector < previous {
                return self.sectors_in_any_order();
            }
            n += (sector != previous) as u64;
            previous = sector;
            m &= m - 1;
        }
        n
    }

    #[cold]
    fn sectors_in_any_order(&self) -> u64 {
        let mut sectors = [0u64; 32];
        let mut n = 0;
        let mut m = self.lanes;
        while m != 0 {
            sectors[n] = self.address(m.trailing_zeros() as usize) >> 5;
            n += 1;
            m &= m - 1;
        }
        metrics::count_distinct(&mut sectors[..n])
    }
}

/// A warp's access to shared memory: the lanes that reached it, their offsets, and the bank
/// conflicts they caused (extra wavefronts; 0 when conflict-free).
pub(crate) struct SharedAccess<'a> {
    pub pc: usize,
    /// The thread index (in the block) of the warp's lane 0.
    pub base_tid: u32,
    pub lanes: u32,
    /// Each lane's byte offset in the block's shared memory (meaningful for `lanes` only).
    pub offsets: &'a [u32; 32],
    pub bytes: u64,
    pub store: bool,
    pub conflicts: u64,
}

/// Accesses to constant, parameter or local memory by `lanes` lanes (call-sequence parameters
/// are not memory traffic and never appear).
pub(crate) struct OtherAccess {
    pub pc: usize,
    pub space: Space,
    pub lanes: u32,
    pub bytes: u64,
    pub store: bool,
}

/// An atomic instruction (`atom`, `red`): the lanes that updated global and shared memory, and
/// whether it completed (a fault stops it at the first bad lane).
pub(crate) struct AtomicAccess {
    pub pc: usize,
    pub global_lanes: u32,
    pub shared_lanes: u32,
    pub bytes: u64,
    pub completed: bool,
}

/// What a probe may observe. Every method defaults to nothing.
pub(crate) trait Probe: Default + Send {
    /// A block starts, with this many threads.
    fn block_begin(&mut self, _threads: usize) {}
    /// A warp-level instruction issued with `active` lanes (before its guard predicate).
    fn instruction(&mut self, _pc: usize, _active: u32) {}
    /// Floating-point work of an instruction, for the `lanes` whose guard held.
    fn float_ops(&mut self, _pc: usize, _lanes: u32, _flops: u8, _other: u8) {}
    fn global(&mut self, _access: &GlobalAccess) {}
    fn shared(&mut self, _access: &SharedAccess) {}
    fn other_memory(&mut self, _access: &OtherAccess) {}
    fn atomic(&mut self, _access: &AtomicAccess) {}
    /// A whole block passed a barrier.
    fn barrier(&mut self) {}
    /// The block ended (or stopped at a fault).
    fn block_end(&mut self, _threads: usize) {}
    /// Fold in the result of a later block (blocks are merged in order).
    fn merge(&mut self, later: Self);
    /// The launch is over: `kernel` maps instruction indices to source lines.
    fn finish(&mut self, _kernel: &Kernel) {}
}

/// An optional probe: off, it observes nothing.
impl<P: Probe> Probe for Option<P> {
    #[inline(always)]
    fn block_begin(&mut self, threads: usize) {
        if let Some(p) = self {
            p.block_begin(threads)
        }
    }
    #[inline(always)]
    fn instruction(&mut self, pc: usize, active: u32) {
        if let Some(p) = self {
            p.instruction(pc, active)
        }
    }
    #[inline(always)]
    fn float_ops(&mut self, pc: usize, lanes: u32, flops: u8, other: u8) {
        if let Some(p) = self {
            p.float_ops(pc, lanes, flops, other)
        }
    }
    #[inline(always)]
    fn global(&mut self, access: &GlobalAccess) {
        if let Some(p) = self {
            p.global(access)
        }
    }
    #[inline(always)]
    fn shared(&mut self, access: &SharedAccess) {
        if let Some(p) = self {
            p.shared(access)
        }
    }
    #[inline(always)]
    fn other_memory(&mut self, access: &OtherAccess) {
        if let Some(p) = self {
            p.other_memory(access)
        }
    }
    #[inline(always)]
    fn atomic(&mut self, access: &AtomicAccess) {
        if let Some(p) = self {
            p.atomic(access)
        }
    }
    #[inline(always)]
    fn barrier(&mut self) {
        if let Some(p) = self {
            p.barrier()
        }
    }
    #[inline(always)]
    fn block_end(&mut self, threads: usize) {
        if let Some(p) = self {
            p.block_end(threads)
        }
    }
    fn merge(&mut self, later: Self) {
        match (self.as_mut(), later) {
            (Some(p), Some(l)) => p.merge(l),
            (None, Some(l)) => *self = Some(l),
            _ => {}
        }
    }
    fn finish(&mut self, kernel: &Kernel) {
        if let Some(p) = self {
            p.finish(kernel)
        }
    }
}

/// The probe set: one line per probe. Each event goes to every probe, in this order.
macro_rules! probes {
    ($($name:ident: $ty:ty,)*) => {
        #[derive(Default)]
        pub(crate) struct Probes {
            $(pub $name: $ty,)*
        }

        impl Probe for Probes {
            #[inline(always)]
            fn block_begin(&mut self, threads: usize) {
                $(self.$name.block_begin(threads);)*
            }
            #[inline(always)]
            fn instruction(&mut self, pc: usize, active: u32) {
                $(self.$name.instruction(pc, active);)*
            }
            #[inline(always)]
            fn float_ops(&mut self, pc: usize, lanes: u32, flops: u8, other: u8) {
                $(self.$name.float_ops(pc, lanes, flops, other);)*
            }
            #[inline(always)]
            fn global(&mut self, access: &GlobalAccess) {
                $(self.$name.global(access);)*
            }
            #[inline(always)]
            fn shared(&mut self, access: &SharedAccess) {
                $(self.$name.shared(access);)*
            }
            #[inline(always)]
            fn other_memory(&mut self, access: &OtherAccess) {
                $(self.$name.other_memory(access);)*
            }
            #[inline(always)]
            fn atomic(&mut self, access: &AtomicAccess) {
                $(self.$name.atomic(access);)*
            }
            #[inline(always)]
            fn barrier(&mut self) {
                $(self.$name.barrier();)*
            }
            #[inline(always)]
            fn block_end(&mut self, threads: usize) {
                $(self.$name.block_end(threads);)*
            }
            fn merge(&mut self, later: Self) {
                $(self.$name.merge(later.$name);)*
            }
            fn finish(&mut self, kernel: &Kernel) {
                $(self.$name.finish(kernel);)*
            }
        }
    };
}

probes! {
    metrics: metrics::MetricsProbe,
    lines: Option<lines::LineTraffic>,
    reuse: Option<reuse::ElementLoads>,
    block: Option<BlockTraffic>,
}

impl Probes {
    /// The set a block observes with: the metrics always, the optional probes when asked for.
    /// `watched_thread`: this is the watched block, and this thread of it is watched.
    pub fn new(traffic_per_line: bool, loads_per_element: bool, watched_thread: Option<u32>) -> Probes {
        Probes {
            lines: traffic_per_line.then(Default::default),
            reuse: loads_per_element.then(Default::default),
            block: watched_thread.map(BlockTraffic::new),
            ..Default::default()
        }
    }
}
