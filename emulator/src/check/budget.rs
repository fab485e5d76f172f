//! The instruction budget (`Options::instruction_budget`): every lane of every instruction
//! issued spends one; past it, the launch stops with a `Timeout` finding. The launch spends it
//! in block order, so the timeout lands on the same instruction whatever the worker count.
//!
//! The budget is handed out in slices; between two, the launch's stop flag
//! (`Options::stop`) is read, so that a launch another one asked to stop (the grader's other
//! tests of a kernel that never ends) stops within a slice, at no cost to the hot path.

use std::sync::atomic::{AtomicBool, Ordering};

use super::{CheckCtx, Findings, Stop};
use crate::types::FindingKind;

/// Lane-instructions between two looks at the stop flag (a few milliseconds).
const SLICE: u64 = 1 << 24;

#[derive(Default)]
pub(crate) struct Budget {
    used: u64,
    limit: u64,
    /// Where the current slice ends (at most `limit`).
    slice_end: u64,
    /// The stop flag ended the block, not the budget.
    stopped: bool,
}

impl Budget {
    /// A block starts with `limit` lane-instructions left.
    pub fn begin_block(&mut self, limit: u64) {
        self.used = 0;
        self.limit = limit;
        self.slice_end = limit.min(SLICE);
        self.stopped = false;
    }

    /// Spend `lanes`: false once past the current slice.
    #[inline(always)]
    pub fn spend(&mut self, lanes: u64) -> bool {
        self.used += lanes;
        self.used <= self.slice_end
    }

    /// Past a slice: the next one, unless the budget is spent or the launch was asked to stop.
    #[cold]
    #[inline(never)]
    pub fn next_slice(&mut self, stop: Option<&AtomicBool>) -> bool {
        if self.used > self.limit {
            return false;
        }
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            self.stopped = true;
            return false;
        }
        self.slice_end = self.used.saturating_add(SLICE).min(self.limit);
        self.used <= self.slice_end
    }

    pub fn used(&self) -> u64 {
        self.used
    }

    /// The budget ran out at `pc`, in thread `tid`.
    #[cold]
    #[inline(never)]
    pub fn exhausted(&self, findings: &mut Findings, cx: &CheckCtx, pc: usize, tid: u32) -> Stop {
        let stopped = self.stopped;
        findings.report(cx, FindingKind::Timeout, pc, tid, || {
            if stopped {
                crate::types::STOPPED_BY_ANOTHER_LAUNCH.to_string()
            } else {
                "the launch ran past its instruction budget: an endless loop?".to_string()
            }
        });
        Stop
    }
}
