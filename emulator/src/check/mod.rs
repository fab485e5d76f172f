//! Checking as observers of execution: the sanitizer's checks receive the executor's events
//! through [`Checks`], the fixed set of them, and turn what they see into findings, all
//! reported to one sink ([`Findings`]: the first finding of a kind on a source line, at most
//! `max_findings`, in the order they happen). One file per check:
//!
//! - `bounds`: accesses outside their memory, misaligned, or writing read-only memory;
//! - `shared`: shared-memory hazards between barriers and reads of shared memory nothing wrote
//!   (over the records of `shadow`), whose values `taint` follows through the registers to the
//!   use that makes them a finding;
//! - `barrier`: a barrier reached by part of a block, or at different places;
//! - `budget`: the instruction budget (and `loops`: where a block that ran past it looped);
//! - the uses of values a GPU gives otherwise (clocks, SM ids, buffer addresses) that decide
//!   what the kernel does, found in its code at load time (`crate::unportable`), reported when
//!   the launch's first block starts.
//!
//! The interface: the executor calls one method of `Checks` per event (a block begins, an
//! instruction issues, a warp's shared access, a shared atomic, a `__syncwarp()`, a block
//! barrier, a faulting access) and knows nothing of what the checks keep. Unlike the probes
//! (`probe`), which only count, a check may answer, and its answer is part of the
//! signature: a [`Stop`] (the launch stops at this instruction, as a GPU's does) from
//! [`Checks::instruction`] when the budget is spent and from [`Checks::fault`], the one event
//! that is always fatal. Nothing else comes back: the shared check's fast word-level test and
//! its slow, explaining path are both inside it (`shared.rs`), so a fast path of the executor
//! only hands over the lanes it performed.
//!
//! What stays in the executor, because it needs it to run at all: where an address lands and
//! whether it fits (it must find the memory to touch; the rule for alignment is
//! [`bounds::alignment`]). A lane that does not fit is handed to the slow path, which emits the
//! fault; the words of the finding are the bounds check's.
//!
//! Checks run once per block, on the block's worker; their findings are merged with the
//! blocks', in block order, by `launch`, so they never depend on the number of threads.

mod barrier;
pub(crate) mod bounds;
mod budget;
mod findings;
mod loops;
mod shadow;
mod shared;
mod taint;

pub(crate) use barrier::WarpAtBarrier;
pub(crate) use bounds::BadAccess;
pub(crate) use budget::LaunchEnd;
pub(crate) use findings::Findings;

use crate::event::SharedAccess;
use crate::ir::Kernel;
use crate::types::{Finding, FindingKind};
use crate::unportable::UnportableUse;

/// The verdict of a check that stops the launch: the block unwinds with it (`Err(Stop)`), and
/// the launch ends after the blocks before this one are merged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stop;

/// What the checks know of the launch (read-only while blocks run).
pub(crate) struct CheckCtx<'a> {
    /// Source lines of each instruction (`locs`), copy loads, local and frame sizes.
    pub kernel: &'a Kernel,
    pub block: [u32; 3],
    pub shared_bytes: u64,
    pub const_bytes: u64,
    pub max_findings: usize,
    /// Set from outside: stop at the next budget slice (`Options::stop`).
    pub stop: Option<&'a std::sync::atomic::AtomicBool>,
    /// How the launch's blocks end it (the launch sets it; the budget reads it).
    pub end: LaunchEnd,
    /// The kernel's uses of values a GPU gives otherwise, found at load (`unportable`):
    /// reported when the first block starts.
    pub unportable: &'a [UnportableUse],
    /// The shared-memory checks (races, reads of unwritten words and the values they taint):
    /// off only to measure what they cost (`Options::hazard_checks`).
    pub hazards: bool,
}

impl CheckCtx<'_> {
    /// The (x, y, z) of thread `tid` (block-linear) of a block.
    pub fn thread_coords(&self, tid: u32) -> [u32; 3] {
        let [bx, by, _] = self.block;
        [tid % bx, (tid / bx) % by, tid / (bx * by)]
    }
}

/// The element of `kernel`'s shared array at `offset` (4-byte elements counted row by row, as a
/// race names it): for a probe's account of an access.
pub(crate) fn shared_element(kernel: &Kernel, offset: u32) -> Option<crate::detail::ArrayElement> {
    let a = taint::array_of(kernel, u64::MAX, offset)?;
    Some(crate::detail::ArrayElement { index: (offset - a.offset) / 4, array: a.name })
}

/// The checks of one block, each a field; every event goes to the checks it concerns.
#[derive(Default)]
pub(crate) struct Checks {
    findings: Findings,
    shared: shared::SharedCheck,
    budget: budget::Budget,
}

impl Checks {
    /// Block `linear` starts: `budget` lane-instructions left, `nwarps` warps, nothing found yet.
    pub fn begin_block(&mut self, cx: &CheckCtx, block: [u32; 3], linear: u64, budget: u64, nwarps: usize) {
        self.findings.begin_block(block);
        self.budget.begin_block(linear, budget);
        if cx.hazards {
            self.shared.begin_block(cx, nwarps);
        }
        if linear == 0 {
            for u in cx.unportable {
                self.findings.report(cx, FindingKind::Unportable, u.pc as usize, 0, || u.detail(cx.kernel));
            }
        }
    }

    /// A warp issues the instruction at `pc` with lanes `active` (threads `base_tid + lane`):
    /// they spend the budget. `Err(Stop)` when it is spent (a `Timeout` finding).
    #[inline(always)]
    pub fn instruction(&mut self, cx: &CheckCtx, pc: usize, base_tid: u32, active: u32) -> Result<(), Stop> {
        if self.budget.spend(active.count_ones() as u64) || self.budget.next_slice(cx) {
            return Ok(());
        }
        Err(self.budget.exhausted(&mut self.findings, cx, pc, base_tid + active.trailing_zeros()))
    }

    /// Whether the warp of `base_tid` holds values read from unwritten shared memory: then each
    /// instruction it runs goes to [`Checks::follow_values`] first.
    #[inline(always)]
    pub fn follows_values(&self, base_tid: u32) -> bool {
        self.shared.holds_unwritten(base_tid)
    }

    /// The warp of `base_tid` runs the instruction at `pc` on `mask` (its guard applied; `preds`:
    /// its predicates, which a select reads): the values of unwritten memory it uses are
    /// reported, the others move with its registers.
    #[cold]
    #[inline(never)]
    pub fn follow_values(&mut self, cx: &CheckCtx, pc: usize, base_tid: u32, mask: u32, preds: &[u32]) {
        self.shared.follow_values(&mut self.findings, cx, (pc, base_tid, mask), preds)
    }

    /// A warp took the backward branch at `pc` (a loop went round): the budget keeps where the
    /// last loops were, to place a timeout.
    #[inline(always)]
    pub fn back_edge(&mut self, pc: usize) {
        self.budget.back_edge(pc)
    }

    /// Lane-instructions the block executed (what it spent of the budget).
    pub fn lane_instructions(&self) -> u64 {
        self.budget.used()
    }

    /// The block stopped because it was asked to (the stop flag, or an earlier block ended the
    /// launch), not by its own budget or a fault.
    pub fn stopped(&self) -> bool {
        self.budget.stopped()
    }

    /// An access of thread `tid` that the executor cannot perform: always fatal.
    #[cold]
    #[inline(never)]
    pub fn fault(&mut self, cx: &CheckCtx, pc: usize, tid: u32, access: BadAccess) -> Stop {
        bounds::report(&mut self.findings, cx, pc, tid, access);
        Stop
    }

    /// A warp's load or store that may reach shared memory (see [`SharedAccess`]).
    #[inline(always)]
    pub fn shared(&mut self, cx: &CheckCtx, access: &SharedAccess) {
        if cx.hazards {
            self.shared.access(&mut self.findings, cx, access)
        }
    }

    /// An atomic of thread `tid` on `size` bytes of shared memory at `offset`.
    pub fn shared_atomic(&mut self, tid: u32, offset: usize, size: usize) {
        self.shared.atomic(tid, offset, size)
    }

    /// A `cp.async` will write `size` bytes at each of `offsets` (of the lanes of `lanes`) when
    /// its thread waits for it: until then a read of them reads nothing written.
    pub fn shared_in_flight(&mut self, lanes: u32, offsets: &[u32; 32], size: usize) {
        let mut m = lanes;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            self.shared.in_flight(offsets[l] as usize, size);
        }
    }

    /// The lanes of warp `warp` passed a `__syncwarp()` together.
    pub fn warp_sync(&mut self, warp: usize) {
        self.shared.warp_sync(warp)
    }

    /// The block's `nwarps` warps are done or wait at a barrier, and some wait (`warp(i)`:
    /// where warp `i` stands): the barrier is checked, then released, which starts a new
    /// interval for hazards.
    pub fn barrier<'w>(&mut self, cx: &CheckCtx, nwarps: usize, warp: impl Fn(usize) -> WarpAtBarrier<'w>) {
        barrier::check(&mut self.findings, cx, nwarps, warp);
        if cx.hazards {
            self.shared.barrier();
        }
    }

    /// The executor saw something to report that does not stop the launch (a read of
    /// `%warpid`).
    #[cold]
    #[inline(never)]
    pub fn report(
        &mut self,
        cx: &CheckCtx,
        kind: FindingKind,
        pc: usize,
        tid: u32,
        detail: impl FnOnce() -> crate::detail::Detail,
    ) {
        self.findings.report(cx, kind, pc, tid, detail);
    }

    /// The executor stops the launch itself (a failed `assert`, calls nested too deep): its
    /// finding joins the others.
    #[cold]
    #[inline(never)]
    pub fn stop(
        &mut self,
        cx: &CheckCtx,
        kind: FindingKind,
        pc: usize,
        tid: u32,
        detail: impl FnOnce() -> crate::detail::Detail,
    ) -> Stop {
        self.findings.report(cx, kind, pc, tid, detail);
        Stop
    }

    /// The block's findings, and how many were dropped (duplicates, or past `max_findings`).
    pub fn take_findings(&mut self) -> (Vec<Finding>, u64) {
        self.findings.take()
    }
}

#[cfg(test)]
mod tests;
