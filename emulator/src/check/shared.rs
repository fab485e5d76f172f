//! Shared memory: hazards between threads with no barrier in between (read-after-write,
//! write-after-read, write-after-write, per byte, a `__syncwarp()` ordering the lanes of one
//! warp) and reads of shared memory that no thread of the block wrote, over the records of
//! `shadow.rs`. A value of unwritten shared memory that is only copied to shared memory (a copy
//! load, found at decode: `Kernel::copy_load`) is not a finding: this check remembers which
//! lanes of the loaded register hold such a copy, keeps the bytes they are stored to unwritten,
//! and reports the later read that uses them.
//!
//! Per lane, a fast test that records the access when there is nothing to say
//! (`SharedShadow::try_words_of_warp` for whole 32-bit words, the bulk of tiled kernels;
//! `try_access` otherwise); the rare lane with something to say goes the slow, explaining way.

use super::shadow::{Accessor, Hazard, SharedShadow};
use super::{CheckCtx, Findings};
use crate::event::SharedAccess;
use crate::ir::NO_REG;
use crate::types::FindingKind;

#[derive(Default)]
pub(super) struct SharedCheck {
    shadow: SharedShadow,
    /// Per warp: the epoch of its last `__syncwarp()` or block barrier (accesses by lanes of
    /// the warp before it are ordered with those after it).
    warp_sync: Vec<u32>,
    /// Per warp and register slot (`warp * nslots + slot`): the lanes whose value is a copy of
    /// unwritten shared memory.
    unwritten: Vec<u32>,
    nslots: usize,
}

impl SharedCheck {
    /// A block starts: nothing written, every warp synchronised, no copies in registers.
    pub fn begin_block(&mut self, cx: &CheckCtx, nwarps: usize) {
        self.shadow.begin_block(cx.shared_bytes as usize);
        let epoch = self.shadow.epoch();
        self.warp_sync.clear();
        self.warp_sync.resize(nwarps, epoch);
        self.nslots = cx.kernel.nslots;
        self.unwritten.clear();
        self.unwritten.resize(nwarps * self.nslots, 0);
    }

    #[inline(always)]
    pub fn access(&mut self, findings: &mut Findings, cx: &CheckCtx, a: &SharedAccess) {
        let warp = (a.base_tid / 32) as usize;
        let ws = self.warp_sync[warp];
        let copied = if a.lanes == 0 {
            0
        } else if a.bytes == 4 {
            self.words_of_warp(findings, cx, a, ws)
        } else {
            self.lane_by_lane(findings, cx, a, ws)
        };
        if a.reg != NO_REG {
            self.follow_copies(a, warp, copied);
        }
    }

    /// 32-bit accesses, the warp's lanes in order while none has something to say. Returns the
    /// lanes that loaded a copy of unwritten memory.
    #[inline(always)]
    fn words_of_warp(&mut self, findings: &mut Findings, cx: &CheckCtx, a: &SharedAccess, ws: u32) -> u32 {
        let first_tid = a.base_tid as u16;
        let try_lanes = |shadow: &mut SharedShadow, lanes: u32| {
            if a.store {
                shadow.try_words_of_warp::<true>(first_tid, ws, lanes, a.offsets)
            } else {
                shadow.try_words_of_warp::<false>(first_tid, ws, lanes, a.offsets)
            }
        };
        let mut copied = 0u32;
        let mut rest = try_lanes(&mut self.shadow, a.lanes);
        while rest != 0 {
            let l = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            copied |= (self.explained(findings, cx, a, l, ws) as u32) << l;
            rest = try_lanes(&mut self.shadow, rest);
        }
        copied
    }

    /// Other sizes, lane by lane.
    fn lane_by_lane(&mut self, findings: &mut Findings, cx: &CheckCtx, a: &SharedAccess, ws: u32) -> u32 {
        let mut copied = 0u32;
        let mut m = a.lanes;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let who = Accessor { tid: (a.base_tid + l as u32) as u16, warp_sync: ws };
            if !self.shadow.try_access(who, a.offsets[l] as usize, a.bytes as usize, a.store) {
                copied |= (self.explained(findings, cx, a, l, ws) as u32) << l;
            }
        }
        copied
    }

    /// Lane `l`'s access the long way (nothing recorded for it yet), its hazard reported. True
    /// when a copy load read unwritten bytes (not reported: the value carries that state).
    #[cold]
    #[inline(never)]
    fn explained(&mut self, findings: &mut Findings, cx: &CheckCtx, a: &SharedAccess, l: usize, ws: u32) -> bool {
        let who = Accessor { tid: (a.base_tid + l as u32) as u16, warp_sync: ws };
        let (offset, size, store) = (a.offsets[l] as usize, a.bytes as usize, a.store);
        let copy_load = !store && cx.kernel.copy_load[a.pc];
        let checked = self.shadow.access_explained(who, offset, size, store, copy_load);
        if let Some(hazard) = checked.hazard {
            report_hazard(findings, cx, a.pc, who.tid as u32, hazard);
        }
        checked.copied_unwritten
    }

    /// The copy state of the access's register: set by a load, passed on by a store.
    #[inline(always)]
    fn follow_copies(&mut self, a: &SharedAccess, warp: usize, copied: u32) {
        let slot = &mut self.unwritten[warp * self.nslots + a.reg.index()];
        if a.store {
            let lanes = *slot & a.mask;
            if lanes != 0 {
                self.mark_copies(a, lanes);
            }
        } else {
            *slot = (*slot & !a.mask) | copied;
        }
    }

    /// After a store of values from a copy load: the bytes that `lanes` stored hold copies of
    /// unwritten memory, so they stay unwritten (they still count as writes for races).
    #[cold]
    #[inline(never)]
    fn mark_copies(&mut self, a: &SharedAccess, lanes: u32) {
        let mut m = lanes;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let tid = (a.base_tid + l as u32) as u16;
            self.shadow.mark_copied_unwritten(tid, a.offsets[l] as usize, a.bytes as usize);
        }
    }

    /// An atomic of thread `tid`: atomics never race with each other; they do write.
    pub fn atomic(&mut self, tid: u32, offset: usize, size: usize) {
        self.shadow.atomic(tid as u16, offset, size);
    }

    /// The lanes of `warp` passed a `__syncwarp()`.
    pub fn warp_sync(&mut self, warp: usize) {
        self.warp_sync[warp] = self.shadow.warp_sync();
    }

    /// The whole block passed a barrier: a new interval for hazards, every warp in it.
    pub fn barrier(&mut self) {
        self.shadow.barrier();
        let epoch = self.shadow.epoch();
        self.warp_sync.fill(epoch);
    }
}

#[cold]
#[inline(never)]
fn report_hazard(findings: &mut Findings, cx: &CheckCtx, pc: usize, tid: u32, hazard: Hazard) {
    match hazard {
        Hazard::Unwritten { offset, holds_copy: false } => {
            findings.report(cx, FindingKind::UninitializedShared, pc, tid, || {
                format!("read of shared memory (offset {offset}) that no thread of the block has written")
            })
        }
        Hazard::Unwritten { offset, holds_copy: true } => findings.report(cx, FindingKind::UninitializedShared, pc, tid, || {
            format!("read of shared memory (offset {offset}) that holds a copy of shared memory no thread of the block has written")
        }),
        Hazard::Race { offset, other, what } => {
            let who = match other {
                None => "other threads".to_string(),
                Some(o) => {
                    let o = cx.thread_coords(o as u32);
                    format!("thread ({},{},{})", o[0], o[1], o[2])
                }
            };
            findings.report(cx, FindingKind::Race, pc, tid, || {
                format!("{what} race on shared memory (offset {offset}): {who} accessed it earlier with no __syncthreads() in between")
            });
        }
    }
}
