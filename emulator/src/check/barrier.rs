//! Barriers: a `__syncthreads()` that part of the block can never reach (some threads already
//! exited, so the others would wait forever), or threads of one block waiting at different
//! `__syncthreads()`. Checked when every warp of the block is done or waits at a barrier.

use super::{CheckCtx, Findings};
use crate::detail::{CodeLine, Detail};
use crate::types::FindingKind;

/// Where one warp stands when its block stops at a barrier.
pub(crate) struct WarpAtBarrier<'a> {
    /// The thread index (in the block) of lane 0.
    pub base_tid: u32,
    /// Lanes waiting at a barrier, each at `pc[lane]`.
    pub waiting: u32,
    /// Lanes that exited.
    pub exited: u32,
    pub pc: &'a [u32; 32],
}

/// Check the barrier the block's `nwarps` warps stopped at (some wait): the barrier is the one
/// of the first waiting lane (in warp, then lane order); findings are reported there for the
/// first exited thread, and at the other barrier for the first thread waiting elsewhere.
pub(super) fn check<'w>(
    findings: &mut Findings,
    cx: &CheckCtx,
    nwarps: usize,
    warp: impl Fn(usize) -> WarpAtBarrier<'w>,
) {
    let Some(first) = (0..nwarps).map(&warp).find(|w| w.waiting != 0) else { return };
    let bar_pc = first.pc[first.waiting.trailing_zeros() as usize] as usize;
    if let Some(ew) = (0..nwarps).map(&warp).find(|w| w.exited != 0) {
        let tid = ew.base_tid + ew.exited.trailing_zeros();
        let exited = cx.thread_coords(tid);
        findings.report(cx, FindingKind::Barrier, bar_pc, tid, || Detail::BarrierExited { exited });
    }
    let other = (0..nwarps).map(&warp).find_map(|w| {
        let mut m = w.waiting;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            if w.pc[l] as usize != bar_pc {
                return Some((w.base_tid + l as u32, w.pc[l] as usize));
            }
        }
        None
    });
    if let Some((tid, opc)) = other {
        let line_of = |pc: usize| {
            let loc = &cx.kernel.locs[pc];
            loc.source.as_ref().map_or(CodeLine::Ptx(loc.ptx_line), |s| CodeLine::Source(s.line))
        };
        let (first, other) = (line_of(bar_pc), line_of(opc));
        findings.report(cx, FindingKind::Barrier, opc, tid, || Detail::BarrierDiverged { first, other });
    }
}
