//! A warp: its registers and its lanes' PCs, and the scheduler's rule for which lanes run next
//! (the lowest PC; see the module above). The steering instructions move its lanes here.

use super::{for_lanes, NO_PC};
use crate::ir::Pred;

#[derive(Default)]
pub(super) struct Warp {
    pub(super) regs: Vec<[u64; 32]>,
    pub(super) preds: Vec<u32>,
    pub(super) pc: [u32; 32],
    pub(super) active_pc: u32,
    /// Lanes running now (all at `active_pc`).
    pub(super) active: u32,
    /// Lanes ready to run but at another PC.
    pub(super) pending: u32,
    /// Lowest PC among `pending`.
    pub(super) other_min: u32,
    pub(super) waiting: u32,
    /// Lanes waiting at a `bar.warp.sync`.
    pub(super) warp_waiting: u32,
    pub(super) exited: u32,
    /// Lanes that exist (the last warp of a block may be partial).
    pub(super) lanes: u32,
    /// Block-linear thread index of lane 0.
    pub(super) base_tid: u32,
    /// Reschedule with AVX2 (the CPU has it, and the executor runs its AVX2 copy).
    pub(super) wide: bool,
    /// The slots whose start value is the same in every block have been filled (see
    /// `Runner::start_warp`).
    pub(super) slots_filled: bool,
    /// Lane-instructions the warp's clocks count as done, until `run_from`: its own, the
    /// latency of its loads (`gpu::LoadLatency::work`), and at a barrier those of the slowest
    /// warp (all leave it together).
    pub(super) work: u64,
    /// The block's lane-instructions when the warp last started running (the budget's count:
    /// no counting of its own in the hot loop).
    pub(super) run_from: u64,
}

impl Warp {
    #[inline(always)]
    pub(super) fn set_pred(&mut self, p: Pred, mask: u32, v: u32) {
        let old = self.preds[p.index()];
        self.preds[p.index()] = (old & !mask) | (v & mask);
    }

    /// Pick the lanes to run next: the lowest PC among lanes that may run. Where the CPU has
    /// AVX2 (and the executor runs its AVX2 copy), over all 32 lanes at once.
    pub(super) fn reschedule(&mut self) {
        #[cfg(target_arch = "x86_64")]
        if self.wide {
            // SAFETY: `wide` is set only where the CPU has AVX2 (`Runner::start_warp`).
            return unsafe { self.reschedule_avx2() };
        }
        self.reschedule_lane_by_lane();
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn reschedule_avx2(&mut self) {
        let (ap, active) = (self.active_pc, self.active);
        let on = |mask: u32, l: usize| (mask >> l) & 1 != 0;
        let mut pc = self.pc;
        for (l, p) in pc.iter_mut().enumerate() {
            if on(active, l) {
                *p = ap;
            }
        }
        self.pc = pc;
        let cand = active | self.pending;
        if cand == 0 {
            self.active = 0;
            self.pending = 0;
            self.other_min = NO_PC;
            return;
        }
        let mut pcs = [NO_PC; 32];
        for (l, p) in pcs.iter_mut().enumerate() {
            if on(cand, l) {
                *p = pc[l];
            }
        }
        let min = pcs.iter().fold(NO_PC, |m, &p| m.min(p));
        let mut act = 0u32;
        let mut other = NO_PC;
        for (l, &p) in pcs.iter().enumerate() {
            act |= ((p == min) as u32) << l;
            other = other.min(if p == min { NO_PC } else { p });
        }
        self.active = act;
        self.pending = cand & !act;
        self.other_min = other;
        self.active_pc = min;
    }

    fn reschedule_lane_by_lane(&mut self) {
        let ap = self.active_pc;
        for_lanes(self.active, |l| self.pc[l] = ap);
        let cand = self.active | self.pending;
        if cand == 0 {
            self.active = 0;
            self.pending = 0;
            self.other_min = NO_PC;
            return;
        }
        let mut min = NO_PC;
        for_lanes(cand, |l| min = min.min(self.pc[l]));
        let mut act = 0u32;
        let mut other = NO_PC;
        for_lanes(cand, |l| {
            if self.pc[l] == min {
                act |= 1 << l;
            } else {
                other = other.min(self.pc[l]);
            }
        });
        self.active = act;
        self.pending = cand & !act;
        self.other_min = other;
        self.active_pc = min;
    }

    #[inline(always)]
    pub(super) fn advance(&mut self) {
        self.active_pc += 1;
        if self.pending != 0 && self.active_pc >= self.other_min {
            self.reschedule();
        }
    }

    /// A branch to `target` at `pc` taken by the lanes of `taken`, of the `active` ones. True
    /// when it went backwards (a loop went round).
    #[inline(always)]
    pub(super) fn branch(&mut self, pc: usize, target: u32, active: u32, taken: u32) -> bool {
        if taken == active {
            self.active_pc = target;
            if self.pending != 0 && target >= self.other_min {
                self.reschedule();
            }
        } else if taken == 0 {
            self.advance();
        } else {
            let next = pc as u32 + 1;
            for_lanes(active, |l| self.pc[l] = if taken & (1 << l) != 0 { target } else { next });
            self.pending |= active;
            self.active = 0;
            self.reschedule();
        }
        target as usize <= pc && taken != 0
    }

    /// The lanes of `mask` leave the warp's running lanes, the others go on.
    #[inline(always)]
    pub(super) fn exit(&mut self, mask: u32) {
        self.exited |= mask;
        self.leave(mask);
    }

    /// The lanes of `mask` wait at `pc`, the others go on.
    #[inline(always)]
    pub(super) fn wait_at(&mut self, pc: usize, mask: u32) {
        for_lanes(mask, |l| self.pc[l] = pc as u32);
        self.leave(mask);
    }

    #[inline(always)]
    fn leave(&mut self, mask: u32) {
        self.active &= !mask;
        if self.active == 0 {
            self.reschedule();
        } else {
            self.advance();
        }
    }

    /// The lanes of `mask` reach a `__syncwarp()` at `pc`. True when that releases the warp's
    /// waiting lanes: every lane that can still come has arrived.
    #[inline(always)]
    pub(super) fn warp_sync(&mut self, pc: usize, mask: u32) -> bool {
        self.warp_waiting |= mask;
        self.wait_at(pc, mask);
        if self.active != 0 || self.warp_waiting == 0 {
            return false;
        }
        let ww = self.warp_waiting;
        for_lanes(ww, |l| self.pc[l] += 1);
        self.pending |= ww;
        self.warp_waiting = 0;
        self.reschedule();
        true
    }
}
