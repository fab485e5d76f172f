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

/// A warp's loads of words in a row, all settled, whose reader records are not yet written (see
/// `SharedShadow::logged`): lane `l` (of `lanes`), thread `first_tid + l`, read word
/// `first_word + l - first lane` at `epoch`, instruction `pc`.
#[derive(Clone, Copy)]
struct LoggedLoads {
    first_word: u32,
    lanes: u32,
    epoch: u32,
    first_tid: u16,
    pc: u16,
}

/// Loads logged before the log is written out anyway (a bound on its memory: 48 KiB).
const MOST_LOGGED: usize = 3072;

#[derive(Default)]
pub(crate) struct SharedShadow {
    words: Vec<Record>,
    /// One bit per word: its writer record is *settled* (written by this block before the last
    /// barrier, not a copy of unwritten memory), so no load of it has anything to say, whoever
    /// makes it. Set by loads that found so; cleared wherever a writer record changes (a
    /// settled record stays settled as barriers pass) and when a block starts.
    settled: Vec<u64>,
    /// Reads of settled words in a row, whose reader records are written only when something
    /// looks at them (every other access and check of the shadow writes them first), and
    /// dropped at a barrier, after which no reader record of the interval counts: a tile read
    /// by every warp between two barriers costs its warps a test of a few bits each.
    logged: Vec<LoggedLoads>,
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

/// The word's writer record may change: it is no longer known to be settled.
#[inline(always)]
fn unsettle(settled: &mut [u64], word: usize) {
    if let Some(bits) = settled.get_mut(word / 64) {
        *bits &= !(1 << (word % 64));
    }
}

/// The 32 settled bits of the words from `first_word` (words past the end are not settled).
#[inline(always)]
fn settled_bits(settled: &[u64], first_word: usize) -> u32 {
    let (i, shift) = (first_word / 64, first_word % 64);
    let low = settled.get(i).map_or(0, |b| b >> shift);
    let high = if shift == 0 { 0 } else { settled.get(i + 1).map_or(0, |b| b << (64 - shift)) };
    (low | high) as u32
}

impl SharedShadow {
    /// A new block with `bytes` of shared memory starts: nothing is written yet.
    pub fn begin_block(&mut self, bytes: usize) {
        let words = bytes.div_ceil(4);
        if self.words.len() < words {
            self.words.resize(words, Record::default());
            self.bytes.resize(4 * words, Record::default());
            self.settled.resize(self.words.len().div_ceil(64), 0);
        }
        self.settled.fill(0);
        self.logged.clear();
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
        // The logged reads are of the interval that ends: no reader record of it counts again.
        self.logged.clear();
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
        self.write_logged();
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
        self.write_logged();
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
                unsettle(&mut self.settled, offsets[l] as usize / 4);
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

    /// A warp's 32-bit loads of words in a row: the lanes of `lanes`, threads `first_tid + lane`
    /// (`first_tid` a multiple of 32), lane `l` at word `first_word + l - f` (`f`: the first lane
    /// of `lanes`, which reads `first_word`; all in bounds). True when every word is settled: the loads are logged and
    /// there is nothing to say; false when they must go `try_words_of_warp`'s way (nothing done).
    #[inline(always)]
    pub fn try_settled_row(&mut self, (first_tid, pc): (u16, u16), lanes: u32, first_word: usize) -> bool {
        let f = lanes.trailing_zeros();
        let wanted = lanes >> f;
        let unknown = wanted & !settled_bits(&self.settled, first_word);
        if unknown != 0 && !self.settle_row(first_word, unknown) {
            return false;
        }
        if self.logged.len() >= MOST_LOGGED {
            self.write_logged();
        }
        let epoch = self.epoch;
        self.logged.push(LoggedLoads {
            first_word: first_word as u32,
            lanes: wanted,
            epoch,
            first_tid: first_tid + f as u16,
            pc,
        });
        true
    }

    /// Look at the writer records of the words `first_word + i` for the bits `i` of `wanted`
    /// (those not yet known to be settled), mark the settled ones; true when all are.
    #[inline(never)]
    fn settle_row(&mut self, first_word: usize, wanted: u32) -> bool {
        let (bs, bep) = (self.bar_start, self.block_epoch);
        let mut settled = 0u32;
        let mut m = wanted;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let w = self.words[first_word + i].write;
            // Written by this block before the last barrier, and not a copy of unwritten memory
            // (`SPLIT`'s epoch is never before a barrier).
            let ok = w.epoch.wrapping_sub(bep) < bs.wrapping_sub(bep) && w.who & COPIED_UNWRITTEN == 0;
            if ok {
                self.settled[(first_word + i) / 64] |= 1 << ((first_word + i) % 64);
                settled |= 1 << i;
            }
        }
        settled == wanted
    }

    /// The logged loads into the reader records, in the order they happened.
    #[inline(always)]
    fn write_logged(&mut self) {
        if !self.logged.is_empty() {
            self.write_logged_now();
        }
    }

    #[inline(never)]
    fn write_logged_now(&mut self) {
        let bs = self.bar_start;
        for LoggedLoads { first_word, lanes, epoch, first_tid, pc } in std::mem::take(&mut self.logged) {
            let mut m = lanes;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let rec = &mut self.words[first_word as usize + i];
                let r = rec.read;
                if !(r.who == MANY_READERS && r.epoch >= bs) {
                    rec.read = merge_reader(r, first_tid + i as u16, epoch, bs, pc);
                }
            }
        }
    }

    /// The slow path of `access`: 1- and 2-byte accesses, split words, and every access with
    /// something to report or unwritten memory to read.
    #[cold]
    #[inline(never)]
    pub fn access_explained(&mut self, who: Accessor, offset: usize, size: usize, store: bool) -> Checked {
        self.write_logged();
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
        if store {
            for word in first..first + N {
                unsettle(&mut self.settled, word);
            }
        }
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
        unsettle(&mut self.settled, word);
        self.split.push(word as u32);
    }

    /// The records of the location at `offset`: its word's, or its byte's when the word is split;
    /// and how many bytes they cover from `offset`.
    fn records(&mut self, offset: usize) -> (&mut Access, &mut Access, usize) {
        let word = offset / 4;
        // Every caller may change the writer record.
        unsettle(&mut self.settled, word);
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
        self.write_logged();
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
        self.write_logged();
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
        self.write_logged();
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
mod tests;
