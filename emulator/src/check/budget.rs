//! The instruction budget (`Options::instruction_budget`): every lane of every instruction
//! issued spends one; past it, the launch stops with a `Timeout` finding. The launch spends it
//! in block order, so the timeout lands on the same instruction whatever the worker count.
//!
//! The budget is handed out in slices; between two, the launch's stop flag
//! (`Options::stop`) is read, so that a launch another one asked to stop (the grader's other
//! tests of a kernel that never ends) stops within a slice, at no cost to the hot path. A launch
//! raises the flag itself the moment one of its blocks runs out ([`LaunchEnd`]): the launches
//! beside it stop then, not when this one has merged its blocks.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::loops::{self, Recent};
use super::{CheckCtx, Findings, Stop};
use crate::detail::Detail;
use crate::types::FindingKind;

/// Lane-instructions between two looks at the stop flag (a few milliseconds); a quarter of the
/// block's budget when that is less, so that the last two slices, whose loops place a timeout
/// (see `loops`), are a good part of it.
const SLICE: u64 = 1 << 24;

/// How a launch's blocks, running side by side, end it: shared by its workers.
pub(crate) struct LaunchEnd {
    /// The first block that ended the launch itself (ran out of budget, or faulted). The blocks
    /// after it are never merged: they stop at their next slice. Those before it are needed for
    /// the launch's report, whatever the stop flag says.
    cut: AtomicU64,
    /// This launch raised the stop flag: its own blocks do not obey it.
    raised: AtomicBool,
}

impl Default for LaunchEnd {
    fn default() -> Self {
        LaunchEnd { cut: AtomicU64::new(u64::MAX), raised: AtomicBool::new(false) }
    }
}

impl LaunchEnd {
    /// Block `block` ended the launch itself; when it ran out of budget, the launch times out
    /// whatever the other blocks do, and says so to the launches sharing `stop` at once.
    pub fn ended_at(&self, block: u64, timed_out: bool, stop: Option<&AtomicBool>) {
        self.cut.fetch_min(block, Ordering::SeqCst);
        if let (true, Some(stop)) = (timed_out, stop) {
            // Raised here first, so that no block of this launch reads the flag as another's.
            self.raised.store(true, Ordering::SeqCst);
            stop.store(true, Ordering::SeqCst);
        }
    }

    /// Whether block `block` stops at its next slice.
    fn stops(&self, block: u64, stop: Option<&AtomicBool>) -> bool {
        let cut = self.cut.load(Ordering::SeqCst);
        if cut != u64::MAX {
            return block > cut;
        }
        stop.is_some_and(|s| s.load(Ordering::SeqCst)) && !self.raised.load(Ordering::SeqCst)
    }
}

#[derive(Default)]
pub(crate) struct Budget {
    used: u64,
    limit: u64,
    /// Where the current slice ends (at most `limit`).
    slice_end: u64,
    slice: u64,
    /// The loops that went round in the last two slices.
    recent: Recent,
    /// The block's linear index (its place in [`LaunchEnd::cut`]'s order).
    block: u64,
    /// The stop flag ended the block, not the budget.
    stopped: bool,
}

impl Budget {
    /// Block `block` (linear) starts with `limit` lane-instructions left.
    pub fn begin_block(&mut self, block: u64, limit: u64) {
        self.used = 0;
        self.limit = limit;
        self.slice = (limit / 4).clamp(1, SLICE);
        self.slice_end = limit.min(self.slice);
        self.recent.clear();
        self.block = block;
        self.stopped = false;
    }

    /// Spend `lanes`: false once past the current slice.
    #[inline(always)]
    pub fn spend(&mut self, lanes: u64) -> bool {
        self.used += lanes;
        self.used <= self.slice_end
    }

    /// Past a slice: the next one, unless the budget is spent or the block is to stop (see
    /// [`LaunchEnd::stops`]).
    #[cold]
    #[inline(never)]
    pub fn next_slice(&mut self, cx: &CheckCtx) -> bool {
        if self.used > self.limit {
            return false;
        }
        if cx.end.stops(self.block, cx.stop) {
            self.stopped = true;
            return false;
        }
        self.slice_end = self.used.saturating_add(self.slice).min(self.limit);
        self.recent.next_slice();
        self.used <= self.slice_end
    }

    /// The backward branch at `pc` was taken.
    #[inline(always)]
    pub fn back_edge(&mut self, pc: usize) {
        self.recent.taken(pc)
    }

    pub fn used(&self) -> u64 {
        self.used
    }

    /// The block ended because it was asked to, not by its own budget or a fault.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// The budget ran out at `pc`, in thread `tid`: reported on the loop it was in.
    #[cold]
    #[inline(never)]
    pub fn exhausted(&self, findings: &mut Findings, cx: &CheckCtx, pc: usize, tid: u32) -> Stop {
        let stopped = self.stopped;
        let (at, inside) = loops::place(cx.kernel, pc, &self.recent);
        findings.report_at(cx, FindingKind::Timeout, (&at, inside), tid, || {
            if stopped {
                Detail::StoppedByAnotherLaunch
            } else {
                Detail::BudgetSpent
            }
        });
        Stop
    }
}
