//! The shadow of a block's shared memory: who last wrote and read each location, and when, so
//! that hazards between barriers and reads of unwritten memory are caught (the sanitizer's
//! shared-memory half). It observes accesses; it never changes what a kernel computes.
//!
//! Time is counted in epochs. A block barrier or a `__syncwarp()` starts a new one and so does
//! a new block, so records are never cleared: a record older than the block's first epoch means
//! "never written by this block", one older than the last barrier means "ordered before now".
//!
//! Records are kept per 4-byte word, the size of nearly every shared access in the course. A
//! word that a 1- or 2-byte access touches is *split*: its record is copied to its four bytes,
//! which are tracked one by one from then on (until the block ends). Every check gives the
//! same answer as per-byte records would, since the bytes of an unsplit word share a record.

use crate::detail::RaceKind;

/// One access: the epoch it happened in, who made it (a thread index, or for readers
/// `READERS_OF_WARP | warp` or `MANY_READERS`; for writers possibly with `COPIED_UNWRITTEN`)
/// and the instruction that made it (`pc`, `NO_PC` when unknown or past 16 bits; for several
/// readers, the last one's). The `pc` sits in what was padding: a record is 8 bytes either way.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
#[repr(C, align(8))]
struct Access {
    epoch: u32,
    who: u16,
    pc: u16,
}

/// The `pc` of an access whose instruction is not known (an atomic, a `cp.async`, the initial
/// state).
pub(crate) const NO_PC: u16 = u16::MAX;

/// An instruction's index as a record keeps it: its low 16 bits, which name it only in a
/// kernel of fewer than `NO_PC` instructions (`pc_of` says); truncating costs nothing on the
/// hot path, where a saturating conversion cost two instructions per warp access.
#[inline(always)]
pub(crate) fn short_pc(pc: usize) -> u16 {
    pc as u16
}

/// The instruction a record's `pc` names in a kernel of `instructions` instructions: `None`
/// when not known or ambiguous (a kernel too long for 16 bits).
pub(crate) fn pc_of(pc: u16, instructions: usize) -> Option<usize> {
    (pc != NO_PC && instructions <= NO_PC as usize).then_some(pc as usize)
}

/// The last write and the reads since of one location (a word, or a byte of a split word).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
#[repr(C, align(16))]
struct Record {
    write: Access,
    read: Access,
}

/// Several threads of one warp read the location: `READERS_OF_WARP | warp`.
const READERS_OF_WARP: u16 = 0x8000;
/// Threads of several warps read the location.
const MANY_READERS: u16 = u16::MAX;
/// In a writer record: the value written was a copy of unwritten shared memory, so the location
/// still counts as unwritten for reads. `WRITER` masks the thread index out of it.
const COPIED_UNWRITTEN: u16 = 0x8000;
const WRITER: u16 = 0x7fff;
/// The writer record of a split word: an epoch and a writer that make every fast check fail,
/// so that accesses to the word take the per-byte path. No block has thread 0x7ffe.
const SPLIT: Access = Access { epoch: u32::MAX, who: 0x7ffe, pc: NO_PC };

/// A race a checked access found (at most one per access: the first, in address order):
/// another thread accessed `offset` earlier in this barrier interval. `what`: read-after-write,
/// write-after-read or write-after-write; `other` is a thread index, or `None` for several
/// threads; `other_pc` the earlier access's instruction (for several readers, the last one's;
/// `NO_PC`: not known).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hazard {
    pub offset: usize,
    pub other: Option<u16>,
    pub other_pc: u16,
    pub what: RaceKind,
}

/// The result of one thread's access.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Checked {
    pub hazard: Option<Hazard>,
    /// A load's bytes (bit `i`: the access's byte `i`) that no thread of the block wrote, or
    /// that hold a copy of such memory (`copy`). Not a finding by itself: the loaded value
    /// carries that state (`taint`) until it is used.
    pub unwritten: u32,
    pub copy: bool,
}

/// Who is asking: thread `tid`, whose warp last synchronised at epoch `warp_sync`, at the
/// instruction `pc` (as `short_pc` keeps it).
#[derive(Clone, Copy)]
pub(crate) struct Accessor {
    pub tid: u16,
    pub warp_sync: u32,
    pub pc: u16,
}

#[derive(Default)]
pub(crate) struct SharedShadow {
    words: Vec<Record>,
    bytes: Vec<Record>,
    /// Words split in this block (reset when the next block starts).
    split: Vec<u32>,
    /// Some location of this block holds a copy of unwritten memory: only then does
    /// `try_access` look at `COPIED_UNWRITTEN` (the warp loop tests the bit itself).
    copies_unwritten: bool,
    epoch: u32,
    block_epoch: u32,
    /// Epoch of the last block barrier: accesses before it are ordered with later ones.
    bar_start: u32,
}

#[inline(always)]
fn warp_of(who: u16) -> u16 {
    if who & READERS_OF_WARP != 0 {
        who & 0x7fff // MANY_READERS gives 0x7fff, which is no warp
    } else {
        who >> 5
    }
}

/// Does an earlier access (at `epoch`, by `who`) conflict with one by thread `t` now? Only
/// accesses since the last block barrier count, and for lanes of the same warp only those
/// since its last `__syncwarp()` (`ws`).
#[inline(always)]
fn conflicts(prev: Access, t: u16, ws: u32, bar_start: u32) -> bool {
    (prev.who != t) & (prev.epoch >= bar_start) & ((prev.epoch >= ws) | (warp_of(prev.who) != t >> 5))
}

/// The reader record after thread `t` reads a location last read as `prev`, at `pc`.
#[inline(always)]
fn merge_reader(prev: Access, t: u16, epoch: u32, bar_start: u32, pc: u16) -> Access {
    let who = if prev.epoch < bar_start || prev.who == t {
        t
    } else if warp_of(prev.who) == t >> 5 {
        READERS_OF_WARP | (t >> 5)
    } else {
        MANY_READERS
    };
    Access { epoch, who, pc }
}

fn other_of(who: u16) -> Option<u16> {
    (who & READERS_OF_WARP == 0).then_some(who)
}

impl SharedShadow {
    /// A new block with `bytes` of shared memory starts: nothing is written yet.
    pub fn begin_block(&mut self, bytes: usize) {
        let words = bytes.div_ceil(4);
        if self.words.len() < words {
            self.words.resize(words, Record::default());
            self.bytes.resize(4 * words, Record::default());
        }
        for &word in &self.split {
            self.words[word as usize] = Record::default();
        }
        self.split.clear();
        self.copies_unwritten = false;
        self.epoch += 1;
        self.block_epoch = self.epoch;
        self.bar_start = self.epoch;
    }

    /// The current epoch (a warp that synchronises remembers it).
    pub fn epoch(&self) -> u32 {
        self.epoch
    }

    /// Every thread of the block passed a barrier.
    pub fn barrier(&mut self) {
        self.epoch += 1;
        self.bar_start = self.epoch;
    }

    /// The lanes of one warp passed a `__syncwarp()`: returns the epoch it starts.
    pub fn warp_sync(&mut self) -> u32 {
        self.epoch += 1;
        self.epoch
    }

    /// Check and record an access of `size` bytes at `offset` (in bounds, naturally aligned).
    /// (The shared check calls the two halves itself, to keep the slow one out of line.)
    #[cfg(test)]
    pub fn access(&mut self, who: Accessor, offset: usize, size: usize, store: bool) -> Checked {
        if self.try_access(who, offset, size, store) {
            Checked::default()
        } else {
            self.access_explained(who, offset, size, store)
        }
    }

    /// The hot path of `access`: true when the access was checked and recorded and there is
    /// nothing to say; false when it must go through `access_explained` (nothing recorded).
    #[inline(always)]
    pub fn try_access(&mut self, who: Accessor, offset: usize, size: usize, store: bool) -> bool {
        match size {
            4 => self.try_words::<1>(who, offset, store),
            8 => self.try_words::<2>(who, offset, store),
            16 => self.try_words::<4>(who, offset, store),
            _ => false,
        }
    }

    /// `try_access` for a whole warp's 32-bit accesses at instruction `pc`: the lanes of
    /// `lanes`, threads `first_tid + lane` (`first_tid` a multiple of 32), at `offsets[lane]` (in
    /// bounds, aligned), in lane order, while none needs explaining. Returns the lanes left, the
    /// first of which needs `access_explained`. Out of line, so that its state stays in registers.
    #[inline(never)]
    pub fn try_words_of_warp<const STORE: bool>(
        &mut self,
        (first_tid, pc): (u16, u16),
        warp_sync: u32,
        lanes: u32,
        offsets: &[u32; 32],
    ) -> u32 {
        let (bs, bep, ep, ws) = (self.bar_start, self.block_epoch, self.epoch, warp_sync);
        let records = &mut self.words[..];
        let mut m = lanes;
        while m != 0 {
            let l = m.trailing_zeros() as usize & 31;
            let t = first_tid + l as u16;
            let Some(rec) = records.get_mut(offsets[l] as usize / 4) else { return m };
            let (w, r) = (rec.write, rec.read);
            let writer = Access { who: w.who & WRITER, ..w };
            if STORE {
                // Usually neither record is from this barrier interval (a tile stored right
                // after a barrier): then neither conflicts, and the fold is skipped. (A split
                // word's writer record is of the last epoch, so it takes the fold and fails it.)
                if ((w.epoch >= bs) | (r.epoch >= bs)) && (conflicts(writer, t, ws, bs) | conflicts(r, t, ws, bs)) {
                    return m;
                }
                rec.write = Access { epoch: ep, who: t, pc };
            } else {
                // Usually: written by this block before the last barrier. (A copy of unwritten
                // memory always has something to say; its flag is only ever set in this block.)
                let settled = w.epoch.wrapping_sub(bep) < bs.wrapping_sub(bep);
                if (w.who & COPIED_UNWRITTEN != 0) | (!settled && ((w.epoch < bep) | conflicts(writer, t, ws, bs))) {
                    return m;
                }
                // Already read by several warps since the barrier: merging changes nothing that
                // `conflicts` looks at (for MANY_READERS only `epoch >= bar_start` counts).
                if !(r.who == MANY_READERS && r.epoch >= bs) {
                    rec.read = merge_reader(r, t, ep, bs, pc);
                }
            }
            m &= m - 1;
        }
        0
    }

    /// The slow path of `access`: 1- and 2-byte accesses, split words, and every access with
    /// something to report or unwritten memory to read.
    #[cold]
    #[inline(never)]
    pub fn access_explained(&mut self, who: Accessor, offset: usize, size: usize, store: bool) -> Checked {
        if size < 4 {
            self.access_bytes(who, offset, size, store)
        } else {
            self.access_slow(who, offset, size, store)
        }
    }

    /// Whole, aligned words. Hazards are rare, so they are detected with branch-free folds.
    #[inline(always)]
    fn try_words<const N: usize>(&mut self, who: Accessor, offset: usize, store: bool) -> bool {
        let first = offset / 4;
        let (t, ws, bs) = (who.tid, who.warp_sync, self.bar_start);
        let records: &mut [Record; N] = (&mut self.words[first..first + N]).try_into().unwrap();
        // First a cheap filter: nothing written since the last barrier means no write hazard.
        let mut recent = false;
        let mut unwritten = false;
        for w in records.iter().map(|rec| &rec.write) {
            recent |= w.epoch >= bs;
            unwritten |= w.epoch < self.block_epoch;
        }
        if self.copies_unwritten {
            for w in records.iter().map(|rec| &rec.write) {
                unwritten |= w.who & COPIED_UNWRITTEN != 0;
            }
        }
        let mut bad = !store & unwritten;
        if recent {
            for w in records.iter().map(|rec| &rec.write) {
                bad |= conflicts(Access { who: w.who & WRITER, ..*w }, t, ws, bs);
            }
        }
        if store {
            for r in records.iter().map(|rec| &rec.read) {
                bad |= conflicts(*r, t, ws, bs);
            }
        }
        if bad {
            return false;
        }
        let (ep, pc) = (self.epoch, who.pc);
        for rec in records {
            if store {
                rec.write = Access { epoch: ep, who: t, pc };
            } else {
                rec.read = merge_reader(rec.read, t, ep, bs, pc);
            }
        }
        true
    }

    /// 1- and 2-byte accesses: split the word, then go byte by byte.
    fn access_bytes(&mut self, who: Accessor, offset: usize, size: usize, store: bool) -> Checked {
        for word in offset / 4..(offset + size).div_ceil(4) {
            self.split_word(word);
        }
        self.access_slow(who, offset, size, store)
    }

    fn split_word(&mut self, word: usize) {
        if self.words[word].write == SPLIT {
            return;
        }
        for b in 4 * word..4 * word + 4 {
            self.bytes[b] = self.words[word];
        }
        self.words[word].write = SPLIT;
        self.split.push(word as u32);
    }

    /// The records of the location at `offset`: its word's, or its byte's when the word is split;
    /// and how many bytes they cover from `offset`.
    fn records(&mut self, offset: usize) -> (&mut Access, &mut Access, usize) {
        let word = offset / 4;
        let (rec, step) = if self.words[word].write == SPLIT {
            (&mut self.bytes[offset], 1)
        } else {
            (&mut self.words[word], 4 - offset % 4)
        };
        (&mut rec.write, &mut rec.read, step)
    }

    /// Check each location of the access in order, keep the first hazard and the unwritten
    /// bytes read, then record the access.
    fn access_slow(&mut self, who: Accessor, offset: usize, size: usize, store: bool) -> Checked {
        let (t, ws, bs, bep, ep, pc) = (who.tid, who.warp_sync, self.bar_start, self.block_epoch, self.epoch, who.pc);
        let mut out = Checked::default();
        let mut at = offset;
        while at < offset + size {
            let (w, r, step) = self.records(at);
            let writer = Access { who: w.who & WRITER, ..*w };
            if !store {
                let never_written = w.epoch < bep;
                let holds_copy = !never_written && w.who & COPIED_UNWRITTEN != 0;
                if never_written || holds_copy {
                    out.unwritten |= ((1u32 << step) - 1) << (at - offset);
                    out.copy |= holds_copy;
                }
            }
            if out.hazard.is_none() {
                out.hazard = if store {
                    if conflicts(writer, t, ws, bs) {
                        Some(Hazard {
                            offset: at,
                            other: Some(writer.who),
                            other_pc: w.pc,
                            what: RaceKind::WriteAfterWrite,
                        })
                    } else if conflicts(*r, t, ws, bs) {
                        Some(Hazard {
                            offset: at,
                            other: other_of(r.who),
                            other_pc: r.pc,
                            what: RaceKind::WriteAfterRead,
                        })
                    } else {
                        None
                    }
                } else {
                    conflicts(writer, t, ws, bs).then_some(Hazard {
                        offset: at,
                        other: Some(writer.who),
                        other_pc: w.pc,
                        what: RaceKind::ReadAfterWrite,
                    })
                };
            }
            if store {
                *w = Access { epoch: ep, who: t, pc };
            } else {
                *r = merge_reader(*r, t, ep, bs, pc);
            }
            at += step;
        }
        out.unwritten &= (1u32 << size) - 1;
        out
    }

    /// Bytes among `len` from `start` that no thread of the block has written (or that hold a
    /// copy of such memory): what a finding says of the array it read.
    pub fn unwritten_bytes(&self, start: usize, len: usize) -> usize {
        let end = (start + len).min(4 * self.words.len());
        (start..end)
            .filter(|&at| {
                let word = self.words[at / 4].write;
                let w = if word == SPLIT { self.bytes[at].write } else { word };
                w.epoch < self.block_epoch || w.who & COPIED_UNWRITTEN != 0
            })
            .count()
    }

    /// Thread `tid` stored, at `offset`, a value copied from unwritten memory: where it is still
    /// the last writer, the location stays unwritten (it still counts as a write for races).
    pub fn mark_copied_unwritten(&mut self, tid: u16, offset: usize, size: usize) {
        let ep = self.epoch;
        let mut at = offset;
        while at < offset + size && at / 4 < self.words.len() {
            let (w, _, step) = self.records(at);
            if (w.epoch, w.who) == (ep, tid) {
                w.who = tid | COPIED_UNWRITTEN;
                self.copies_unwritten = true;
            }
            at += step;
        }
    }

    /// An asynchronous copy (`cp.async`) will write `size` bytes at `offset` when its thread
    /// waits for it: until then they hold nothing any thread may read (a barrier does not
    /// complete the copy), as if never written.
    pub fn mark_in_flight(&mut self, offset: usize, size: usize) {
        let mut at = offset;
        while at < offset + size && at / 4 < self.words.len() {
            let (w, _, step) = self.records(at);
            *w = Access::default(); // epoch 0: before every block's
            at += step;
        }
    }

    /// An atomic by thread `tid` on `size` bytes at `offset`. Atomics never race with each
    /// other; they do count as writing (initialising) the location.
    pub fn atomic(&mut self, tid: u16, offset: usize, size: usize) {
        let bep = self.block_epoch;
        let mut at = offset;
        while at < offset + size {
            let (w, _, step) = self.records(at);
            if w.epoch < bep {
                *w = Access { epoch: bep, who: tid, pc: NO_PC };
            }
            w.who &= WRITER;
            at += step;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn thread(tid: u16, shadow: &SharedShadow) -> Accessor {
        Accessor { tid, warp_sync: shadow.block_epoch, pc: 1000 + tid }
    }

    #[test]
    fn unwritten_read_then_write_then_read() {
        let mut s = SharedShadow::default();
        s.begin_block(64);
        let t0 = thread(0, &s);
        assert_eq!(s.access(t0, 8, 4, false), Checked { hazard: None, unwritten: 0xf, copy: false });
        assert_eq!(s.access(t0, 8, 4, true), Checked::default());
        assert_eq!(s.access(t0, 8, 4, false), Checked::default());
        assert_eq!(s.unwritten_bytes(0, 64), 60);
        // Another block: unwritten again.
        s.begin_block(64);
        assert_eq!(s.access(t0, 8, 4, false).unwritten, 0xf);
        assert_eq!(s.unwritten_bytes(0, 64), 64);
    }

    #[test]
    fn races_need_a_barrier_between_threads_of_different_warps() {
        let mut s = SharedShadow::default();
        s.begin_block(64);
        let (a, b) = (thread(1, &s), thread(40, &s));
        assert_eq!(s.access(a, 16, 4, true).hazard, None);
        assert_eq!(
            s.access(b, 16, 4, false).hazard,
            Some(Hazard { offset: 16, other: Some(1), other_pc: 1001, what: RaceKind::ReadAfterWrite })
        );
        s.barrier();
        assert_eq!(s.access(b, 16, 4, false).hazard, None);
        assert_eq!(
            s.access(a, 16, 4, true).hazard,
            Some(Hazard { offset: 16, other: Some(40), other_pc: 1040, what: RaceKind::WriteAfterRead })
        );
        s.barrier();
        // Two readers of different warps, then a write: "several threads".
        s.access(a, 16, 4, false);
        s.access(b, 16, 4, false);
        assert_eq!(
            s.access(thread(2, &s), 16, 4, true).hazard,
            Some(Hazard { offset: 16, other: None, other_pc: 1040, what: RaceKind::WriteAfterRead })
        );
        // Two writers: the earlier store's instruction; an atomic's is not known.
        s.barrier();
        s.access(thread(3, &s), 16, 4, true);
        assert_eq!(
            s.access(thread(4, &s), 16, 4, true).hazard,
            Some(Hazard { offset: 16, other: Some(3), other_pc: 1003, what: RaceKind::WriteAfterWrite })
        );
        assert_eq!(pc_of(short_pc(1003), 2000), Some(1003));
        assert_eq!(pc_of(short_pc(70_000), 80_000), None, "a kernel past 16 bits: not known");
        assert_eq!(pc_of(NO_PC, 2000), None);
    }

    #[test]
    fn bytes_of_one_word_written_by_different_threads_do_not_race() {
        let mut s = SharedShadow::default();
        s.begin_block(64);
        for t in 0..4u16 {
            let who = Accessor { tid: t * 32, warp_sync: s.epoch(), pc: 7 };
            assert_eq!(s.access(who, 20 + t as usize, 1, true).hazard, None, "byte {t}");
        }
        // A word read by a fifth thread races with the first byte's writer, reported there.
        assert_eq!(
            s.access(thread(200, &s), 20, 4, false).hazard,
            Some(Hazard { offset: 20, other: Some(0), other_pc: 7, what: RaceKind::ReadAfterWrite })
        );
        s.barrier();
        assert_eq!(s.access(thread(200, &s), 20, 4, false).hazard, None);
        // Half a word written: the other half is still unwritten, and found at its first byte.
        assert_eq!(s.access(thread(3, &s), 32, 2, true).hazard, None);
        s.barrier();
        assert_eq!(s.access(thread(3, &s), 32, 4, false).unwritten, 0b1100);
        // The split ends with the block.
        s.begin_block(64);
        assert_eq!(s.access(thread(0, &s), 20, 4, true).hazard, None);
        assert_eq!(s.access(thread(0, &s), 20, 4, false).hazard, None);
    }

    #[test]
    fn copies_of_unwritten_memory_stay_unwritten() {
        let mut s = SharedShadow::default();
        s.begin_block(64);
        let t = thread(5, &s);
        let c = s.access(t, 0, 4, false);
        assert_eq!(c, Checked { hazard: None, unwritten: 0xf, copy: false });
        assert_eq!(s.access(t, 32, 8, true).hazard, None);
        s.mark_copied_unwritten(5, 32, 8);
        assert_eq!(s.access(t, 36, 4, false), Checked { hazard: None, unwritten: 0xf, copy: true });
        // An 8-byte read of a word written again and a copied one: the second half only.
        s.access(t, 32, 4, true);
        assert_eq!(s.access(t, 32, 8, false), Checked { hazard: None, unwritten: 0xf0, copy: true });
        s.atomic(5, 36, 4);
        assert_eq!(s.access(t, 36, 4, false), Checked::default());
    }

    #[test]
    fn lanes_of_one_warp_are_ordered_by_syncwarp() {
        let mut s = SharedShadow::default();
        s.begin_block(64);
        let a = thread(0, &s);
        s.access(a, 0, 4, true);
        let ep = s.warp_sync();
        let b = Accessor { tid: 1, warp_sync: ep, pc: 1 };
        assert_eq!(s.access(b, 0, 4, false).hazard, None);
        let c = Accessor { tid: 33, warp_sync: s.epoch(), pc: 2 };
        assert_eq!(
            s.access(c, 0, 4, false).hazard,
            Some(Hazard { offset: 0, other: Some(0), other_pc: 1000, what: RaceKind::ReadAfterWrite })
        );
    }
}
