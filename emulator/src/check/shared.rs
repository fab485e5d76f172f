//! Shared memory: hazards between threads with no barrier in between (read-after-write,
//! write-after-read, write-after-write, per byte, a `__syncwarp()` ordering the lanes of one
//! warp) and reads of shared memory that no thread of the block wrote, over the records of
//! `shadow.rs`. Such a read is not a finding by itself: the loaded registers are marked, and
//! `taint.rs` follows the value to where it is used (a value only copied to shared memory keeps
//! the bytes it is stored to unwritten).
//!
//! Per lane, a fast test that records the access when there is nothing to say
//! (`SharedShadow::try_words_of_warp` for whole 32-bit words, the bulk of tiled kernels;
//! `try_access` otherwise); the rare lane with something to say goes the slow, explaining way.
//! Before those, a warp's loads of settled words in a row take a test of the words' bits
//! (`try_settled_row`): the reads of a tile between two barriers.

use super::shadow::{pc_of, short_pc, Accessor, Hazard, SharedShadow};
use super::taint::Taint;
use super::{CheckCtx, Findings};
use crate::detail::{ArrayElement, Detail};
use crate::event::SharedAccess;
use crate::types::FindingKind;

#[derive(Default)]
pub(super) struct SharedCheck {
    shadow: SharedShadow,
    /// Per warp: the epoch of its last `__syncwarp()` or block barrier (accesses by lanes of
    /// the warp before it are ordered with those after it).
    warp_sync: Vec<u32>,
    /// The values read from unwritten memory, in the registers.
    taint: Taint,
}

impl SharedCheck {
    /// A block starts: nothing written, every warp synchronised, no values of unwritten memory.
    pub fn begin_block(&mut self, cx: &CheckCtx, nwarps: usize) {
        self.shadow.begin_block(cx.shared_bytes as usize);
        let epoch = self.shadow.epoch();
        self.warp_sync.clear();
        self.warp_sync.resize(nwarps, epoch);
        self.taint.begin_block(nwarps, cx.kernel.nslots);
    }

    #[inline(always)]
    pub fn access(&mut self, findings: &mut Findings, cx: &CheckCtx, a: &SharedAccess) {
        let warp = (a.base_tid / 32) as usize;
        let ws = self.warp_sync[warp];
        // (No lane reached shared memory: a generic store's values went elsewhere.)
        if a.lanes != 0 && a.bytes == 4 {
            self.words_of_warp(findings, cx, a, ws)
        } else if a.lanes != 0 {
            self.lane_by_lane(findings, cx, a, ws)
        }
        if a.store && self.taint.holds(warp) {
            self.taint.stored(&mut self.shadow, findings, cx, a);
        }
    }

    /// Whether the warp of `base_tid` holds values read from unwritten memory.
    #[inline(always)]
    pub fn holds_unwritten(&self, base_tid: u32) -> bool {
        self.taint.holds(base_tid as usize / 32)
    }

    /// The warp of `base_tid` runs the instruction at `pc` on `mask`: its values of unwritten
    /// memory follow (see `taint.rs`).
    pub fn follow_values(
        &mut self,
        findings: &mut Findings,
        cx: &CheckCtx,
        (pc, base_tid, mask): (usize, u32, u32),
        preds: &[u32],
    ) {
        self.taint.step(&self.shadow, findings, cx, (pc, base_tid as usize / 32, mask), preds)
    }

    /// 32-bit accesses, the warp's lanes in order while none has something to say.
    #[inline(always)]
    fn words_of_warp(&mut self, findings: &mut Findings, cx: &CheckCtx, a: &SharedAccess, ws: u32) {
        let who = (a.base_tid as u16, short_pc(a.pc));
        // A tile's words read in a row, all settled: a test of their bits.
        if a.in_a_row && !a.store {
            let first_word = a.offsets[a.lanes.trailing_zeros() as usize] as usize / 4;
            if self.shadow.try_settled_row(who, a.lanes, first_word) {
                return;
            }
        }
        let try_lanes = |shadow: &mut SharedShadow, lanes: u32| {
            if a.store {
                shadow.try_words_of_warp::<true>(who, ws, lanes, a.offsets)
            } else {
                shadow.try_words_of_warp::<false>(who, ws, lanes, a.offsets)
            }
        };
        let mut rest = try_lanes(&mut self.shadow, a.lanes);
        while rest != 0 {
            let l = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.explained(findings, cx, a, l, ws);
            rest = try_lanes(&mut self.shadow, rest);
        }
    }

    /// Other sizes, lane by lane.
    fn lane_by_lane(&mut self, findings: &mut Findings, cx: &CheckCtx, a: &SharedAccess, ws: u32) {
        let (mut m, pc) = (a.lanes, short_pc(a.pc));
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let who = Accessor { tid: (a.base_tid + l as u32) as u16, warp_sync: ws, pc };
            if !self.shadow.try_access(who, a.offsets[l] as usize, a.bytes as usize, a.store) {
                self.explained(findings, cx, a, l, ws);
            }
        }
    }

    /// Lane `l`'s access the long way (nothing recorded for it yet): its race reported, the
    /// registers it loaded from unwritten bytes marked (not a finding: the value is followed).
    #[cold]
    #[inline(never)]
    fn explained(&mut self, findings: &mut Findings, cx: &CheckCtx, a: &SharedAccess, l: usize, ws: u32) {
        let who = Accessor { tid: (a.base_tid + l as u32) as u16, warp_sync: ws, pc: short_pc(a.pc) };
        let (offset, size, store) = (a.offsets[l] as usize, a.bytes as usize, a.store);
        let checked = self.shadow.access_explained(who, offset, size, store);
        if let Some(hazard) = checked.hazard {
            report_race(findings, cx, a.pc, who.tid as u32, hazard);
        }
        if checked.unwritten != 0 {
            self.taint.loaded(a, l, checked.unwritten, checked.copy);
        }
    }

    /// An atomic of thread `tid`: atomics never race with each other; they do write.
    pub fn atomic(&mut self, tid: u32, offset: usize, size: usize) {
        self.shadow.atomic(tid as u16, offset, size);
    }

    /// `size` bytes at `offset` that a `cp.async` writes when its thread waits for it.
    pub fn in_flight(&mut self, offset: usize, size: usize) {
        self.shadow.mark_in_flight(offset, size);
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
fn report_race(
    findings: &mut Findings,
    cx: &CheckCtx,
    pc: usize,
    tid: u32,
    Hazard { offset, other, other_pc, what }: Hazard,
) {
    let offset = offset as u32;
    findings.report(cx, FindingKind::Race, pc, tid, || Detail::Race {
        race: what,
        offset,
        // Where in the student's terms: the array, and the element counted row by row (4-byte
        // elements: the course's float and int tiles).
        element: super::taint::array_at(cx, offset)
            .map(|a| ArrayElement { index: (offset - a.offset) / 4, array: a.name }),
        other: other.map(|o| cx.thread_coords(o as u32)),
        // The earlier access's line, from the instruction its record kept.
        other_line: pc_of(other_pc, cx.kernel.locs.len()).and_then(|pc| cx.kernel.locs.get(pc)).map(|loc| {
            loc.source
                .as_ref()
                .map_or(crate::detail::CodeLine::Ptx(loc.ptx_line), |s| crate::detail::CodeLine::Source(s.line))
        }),
    });
}
