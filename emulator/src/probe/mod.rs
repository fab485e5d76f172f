//! Measuring as observers of execution: the executor emits per-warp events and knows nothing
//! of who listens; each probe turns the events it cares about into counts. The metrics are a
//! probe (`metrics.rs`), and so is any new view of a launch: one file implementing [`Probe`]
//! (what it counts, whether the options ask for it, what it puts in the report), plus one line
//! in the `probes!` list below (the per-source-line traffic of `lines.rs` is one). A public
//! view has, besides, its switch in `Options` and its field of `LaunchReport`.
//!
//! Dispatch is static: the set is a struct with one field per probe, each event a call per
//! field that inlines away; an optional probe is an `Option` that costs one test when off.
//! Per-block results are merged in block order, so they never depend on worker threads.
//!
//! The sanitizer's checks observe the same execution from the `check` module, with one
//! difference that keeps them out of this trait: a check may answer. The budget and a faulting
//! access stop the launch (`check::Stop`), so the checks are a fixed set (`check::Checks`),
//! called beside the probes' at the same places with the same accesses (`event`).

pub mod block;
pub mod lines;
pub(crate) mod metrics;
pub mod reuse;

pub(crate) use crate::event::{AtomicAccess, GlobalAccess, OtherAccess, SharedAccess};
use crate::ir::Kernel;
use crate::memory::DeviceMemory;
use crate::types::{BlockTraffic, LaunchReport, Options};

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
    /// The block ended (or stopped at a fault), having executed `lane_instructions` (the
    /// budget's count of them, which the launch's metrics take rather than count again).
    fn block_end(&mut self, _threads: usize, _lane_instructions: u64) {}
    /// Fold in the result of a later block (blocks are merged in order).
    fn merge(&mut self, later: Self);
    /// The probe that starts observing (see [`Start`]); `None` when the options leave it off,
    /// which only an optional probe (`Option<P>`) can be.
    fn start(_at: &Start) -> Option<Self> {
        Some(Self::default())
    }
    /// The launch is over: what the probe saw goes into the report (`kernel` maps instruction
    /// indices to source lines, `mem` holds the allocations).
    fn finish(self, _kernel: &Kernel, _mem: &DeviceMemory, _report: &mut LaunchReport) {}
}

/// Where a probe starts: a block, or the launch that merges the blocks' probes.
pub(crate) struct Start<'a> {
    pub options: &'a Options,
    /// The block's index in the grid; `None` for the launch's own probe.
    pub block: Option<[u32; 3]>,
    /// The shape of every block.
    pub shape: [u32; 3],
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
    fn block_end(&mut self, threads: usize, lane_instructions: u64) {
        if let Some(p) = self {
            p.block_end(threads, lane_instructions)
        }
    }
    fn merge(&mut self, later: Self) {
        match (self.as_mut(), later) {
            (Some(p), Some(l)) => p.merge(l),
            (None, Some(l)) => *self = Some(l),
            _ => {}
        }
    }
    fn start(at: &Start) -> Option<Self> {
        Some(P::start(at))
    }
    fn finish(self, kernel: &Kernel, mem: &DeviceMemory, report: &mut LaunchReport) {
        if let Some(p) = self {
            p.finish(kernel, mem, report)
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
            fn block_end(&mut self, threads: usize, lane_instructions: u64) {
                $(self.$name.block_end(threads, lane_instructions);)*
            }
            fn merge(&mut self, later: Self) {
                $(self.$name.merge(later.$name);)*
            }
            fn start(at: &Start) -> Option<Self> {
                Some(Probes { $($name: <$ty>::start(at).unwrap_or_default(),)* })
            }
            fn finish(self, kernel: &Kernel, mem: &DeviceMemory, report: &mut LaunchReport) {
                $(self.$name.finish(kernel, mem, report);)*
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
