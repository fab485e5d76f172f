//! The instruction budget (`Options::instruction_budget`): every lane of every instruction
//! issued spends one; past it, the launch stops with a `Timeout` finding. The launch spends it
//! in block order, so the timeout lands on the same instruction whatever the worker count.

use super::{CheckCtx, Findings, Stop};
use crate::types::FindingKind;

#[derive(Default)]
pub(crate) struct Budget {
    used: u64,
    limit: u64,
}

impl Budget {
    /// A block starts with `limit` lane-instructions left.
    pub fn begin_block(&mut self, limit: u64) {
        self.used = 0;
        self.limit = limit;
    }

    /// Spend `lanes`: false once past the limit.
    #[inline(always)]
    pub fn spend(&mut self, lanes: u64) -> bool {
        self.used += lanes;
        self.used <= self.limit
    }

    pub fn used(&self) -> u64 {
        self.used
    }

    /// The budget ran out at `pc`, in thread `tid`.
    #[cold]
    #[inline(never)]
    pub fn exhausted(&self, findings: &mut Findings, cx: &CheckCtx, pc: usize, tid: u32) -> Stop {
        findings.report(cx, FindingKind::Timeout, pc, tid, || {
            "the launch ran past its instruction budget: an endless loop?".to_string()
        });
        Stop
    }
}
