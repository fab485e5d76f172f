//! What the executor tells its observers, one warp-level instruction at a time: the memory
//! accesses, each one struct read by the probes (`probe`: counts) and the checks (`check`:
//! findings) alike. What is derived from an access (the sectors of a global load, the bank
//! conflicts of a shared one) is computed by the probe that counts it.

use std::cell::Cell;

use crate::ir::{Reg, Space};

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
    /// A load's 32-byte sectors and the fewest it could take, kept by the first probe that
    /// counts them (`metrics::sectors`) for the next: the launch's metrics and each line's both
    /// need them. Left empty by the executor.
    pub sectors: Cell<Option<(u64, u64)>>,
}

impl GlobalAccess<'_> {
    #[inline(always)]
    pub fn address(&self, lane: usize) -> u64 {
        self.base[lane].wrapping_add(self.offset)
    }
}

/// A warp's load or store that may reach shared memory, after the executor performed it: the
/// probes count it, the shared check looks for hazards and follows values of unwritten memory.
pub(crate) struct SharedAccess<'a> {
    pub pc: usize,
    /// The thread index (in the block) of lane 0 (a multiple of 32).
    pub base_tid: u32,
    /// The lanes of the instruction that ran.
    pub mask: u32,
    /// The lanes of `mask` that reached shared memory, each at `offsets[lane]` (in bounds and
    /// aligned; the other entries mean nothing).
    pub lanes: u32,
    pub offsets: &'a [u32; 32],
    /// Bytes per lane (all the registers of a vector access).
    pub bytes: u32,
    pub store: bool,
    /// Each lane's offset above the one before it, in lane order (the executor sees it as it
    /// goes, for free; `false` is always allowed): with the lanes within 32 words, no bank
    /// conflict, and a probe needs no second pass over the lanes to say so.
    pub ascending: bool,
    /// The lanes' 4-byte words lie in a row: lane `l` at the first lane's offset plus 4 × (`l`
    /// less the first lane); implies `ascending` (`false` is always allowed).
    pub in_a_row: bool,
    /// The registers loaded or stored (one per element of a vector access), whose values the
    /// shared check follows: a load of unwritten bytes marks the lanes of its registers (see
    /// `check::taint`); a store of marked lanes keeps the bytes it writes unwritten.
    pub values: &'a [Reg],
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
