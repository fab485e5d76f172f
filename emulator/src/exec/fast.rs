//! The fast paths of the common memory accesses (uniform read-only loads, 32-bit shared and
//! coalesced global accesses): whole warps at once, with the slow path as the fallback.

use super::*;

/// Per instruction: the value a constant or parameter load of one register reads, where its
/// address is fixed when the launch starts (a symbol plus an offset, `ld.const.f32 %f3, [F+4]`:
/// the stencils' coefficients) and in bounds and aligned; `None` for every other instruction.
/// Both spaces are read-only while the kernel runs, so such a load is a fill of its register.
pub(crate) fn readonly_values(k: &Kernel, consts: &[u8], params: &[u8]) -> Vec<Option<u64>> {
    let mut fixed = vec![None; k.nslots];
    for &(slot, init) in &k.slot_init {
        if let SlotInit::Const(address) = init {
            fixed[slot.index()] = Some(address);
        }
    }
    let value = |op: &Op| {
        let Op::Ld { space: space @ (Space::Const | Space::Param), ty, n: 1, base, off, .. } = *op else {
            return None;
        };
        let buf = if space == Space::Const { consts } else { params };
        let (o, size) = (fixed[base.index()]?.wrapping_add(off as u64), ty.size());
        fits(buf, o, size as u64).then(|| extend_loaded(read_le(buf, o as usize, size), ty))
    };
    k.code.iter().map(|inst| value(&inst.op)).collect()
}

/// `total` bytes at offset `o` of a read-only buffer: in bounds and aligned to their size.
#[inline(always)]
fn fits(buf: &[u8], o: u64, total: u64) -> bool {
    let len = buf.len() as u64;
    (o <= len) & (total <= len.wrapping_sub(o)) & (o & (alignment(total) - 1) == 0)
}

impl Runner {
    /// Constant and parameter loads when every lane is in bounds and aligned.
    #[inline(always)]
    pub(super) fn ld_readonly_fast<const WIDE: bool>(&mut self, cx: &LaunchCtx, w: &mut Warp, a: Access) -> bool {
        let Access { pc, mask, space, ty, n, regs, base, off, .. } = a;
        let esize = ty.size();
        let total = (esize * n as u32) as u64;
        let buf = if space == Space::Const { &cx.consts } else { &cx.params };
        let fits = |o: u64| fits(buf, o, total);
        let first = w.regs[base.index()][mask.trailing_zeros() as usize];
        // Same address in every lane: the usual case for constants and parameters, known at
        // decode time when the base is a symbol (`[F+4]`).
        let uniform = cx.k.uniform[base.index()] || {
            let mut same = true;
            for_lanes(mask, |l| same &= w.regs[base.index()][l] == first);
            same
        };
        if uniform {
            let o = first.wrapping_add(off as u64);
            if !fits(o) {
                return false;
            }
            if n == 1 {
                // The usual load of one value (the loop over registers cost 14 more CPU instructions).
                let v = extend_loaded(read_le(buf, o as usize, esize), ty);
                fill_lanes::<WIDE>(&mut w.regs[regs[0].index()], mask, v);
            } else {
                for (k, &reg) in regs[..n as usize].iter().enumerate() {
                    let v = extend_loaded(read_le(buf, o as usize + k * esize as usize, esize), ty);
                    fill_lanes::<WIDE>(&mut w.regs[reg.index()], mask, v);
                }
            }
        } else {
            let addrs = w.regs[base.index()];
            let mut ok = true;
            for_lanes(mask, |l| ok &= fits(addrs[l].wrapping_add(off as u64)));
            if !ok {
                return false;
            }
            for (k, &reg) in regs[..n as usize].iter().enumerate() {
                let dv = &mut w.regs[reg.index()];
                for_lanes(mask, |l| {
                    let o = addrs[l].wrapping_add(off as u64) as usize + k * esize as usize;
                    dv[l] = extend_loaded(read_le(buf, o, esize), ty);
                });
            }
        }
        self.probes.other_memory(&OtherAccess { pc, space, lanes: mask, bytes: total, store: false });
        true
    }

    /// 32-bit shared accesses (`ld/st.shared` of one `b32`/`u32`/`s32`/`f32`), the bulk of
    /// every tiled kernel: lanes in order, each checked for bounds and alignment as it comes. A
    /// bad lane is handed, with the lanes after it, to `mem_op_slow`, which reports it, so the
    /// outcome (state, counts, finding) is the slow path's.
    #[inline(never)]
    pub(super) fn shared_32bit(&mut self, cx: &LaunchCtx, w: &mut Warp, a: Access) -> Result<(), Stop> {
        self.shared_32bit_inlined::<false>(cx, w, a)
    }

    /// `shared_32bit`'s body: out of line in the baseline copy of the executor (its state stays
    /// in registers), inlined into the AVX2 one (`mem_op`).
    #[inline(always)]
    pub(super) fn shared_32bit_inlined<const WIDE: bool>(
        &mut self,
        cx: &LaunchCtx,
        w: &mut Warp,
        a: Access,
    ) -> Result<(), Stop> {
        let Access { pc, mask, ty, base, off, store, .. } = a;
        let r = a.regs[0];
        if cx.shared_bytes < 4 {
            return self.mem_op_slow(cx, w, a);
        }
        let last = cx.shared_bytes - 4;
        let ri = r.index();
        if let Some(first) = words_in_a_row(&w.regs[base.index()], off, mask, last) {
            let f = mask.trailing_zeros() as usize;
            let shared = &mut self.shared[..cx.shared_bytes as usize];
            move_words_in_a_row(shared, first as usize, f, mask, &mut w.regs[ri], ty, store);
            if !store {
                w.work += gpu::LoadLatency::Shared.work();
            }
            let offsets = per_lane::<WIDE, _>(|l| (first as u32).wrapping_add(4 * l as u32).wrapping_sub(4 * f as u32));
            let access = SharedAccess {
                pc,
                base_tid: w.base_tid,
                mask,
                lanes: mask,
                offsets: &offsets,
                bytes: 4,
                store,
                ascending: true,
                in_a_row: true,
                values: &a.regs[..1],
            };
            self.checks.shared(&cx.check, &access);
            self.probes.shared(&access);
            return Ok(());
        }
        // The register row is kept local (it may also be the address register).
        let mut row = w.regs[ri];
        let addrs = &w.regs[base.index()];
        // Lane by lane up to the first bad one: bounds and alignment, then the value (a store by
        // several lanes to one word keeps the last). The observers come after.
        let mut offsets = [0u32; 32];
        let shared = &mut self.shared[..];
        let mut m = mask;
        let (mut ascending, mut previous) = (true, -1i64);
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            let o = addrs[l].wrapping_add(off as u64);
            if (o > last) | (o & 3 != 0) {
                break;
            }
            m &= m - 1;
            offsets[l] = o as u32;
            ascending &= o as i64 > previous;
            previous = o as i64;
            let cell: &mut [u8; 4] = (&mut shared[o as usize..o as usize + 4]).try_into().unwrap();
            if store {
                *cell = (row[l] as u32).to_le_bytes();
            } else {
                row[l] = extend_loaded(u32::from_le_bytes(*cell) as u64, ty);
            }
        }
        let done = mask & !m;
        if !store {
            w.regs[ri] = row;
            w.work += gpu::LoadLatency::Shared.work();
        }
        let access = SharedAccess {
            pc,
            base_tid: w.base_tid,
            mask: done,
            lanes: done,
            offsets: &offsets,
            bytes: 4,
            store,
            ascending,
            in_a_row: false,
            values: &a.regs[..1],
        };
        self.checks.shared(&cx.check, &access);
        if done != 0 {
            self.probes.shared(&access);
        }
        if m != 0 {
            return self.mem_op_slow(cx, w, Access { mask: m, ..a });
        }
        Ok(())
    }

    /// A thread's own memory (`.local` arrays, and the frame of a call: `printf`'s arguments, a
    /// helper that is not inlined) when every lane names the same offset, in bounds and aligned:
    /// the usual case, each lane reaching its own copy, with no resolving lane by lane. As the
    /// slow path, only `.local` is traffic (a call's parameters travel in registers on a GPU).
    /// Out of line: lane by lane scalar work, whose loop the executor's copies would not inline.
    #[inline(never)]
    pub(super) fn private_fast(&mut self, cx: &LaunchCtx, w: &mut Warp, a: Access) -> bool {
        let Access { pc, mask, space, ty, n, regs, base, off, store } = a;
        let esize = ty.size();
        let total = (esize * n as u32) as u64;
        let addrs = &w.regs[base.index()];
        let o = addrs[mask.trailing_zeros() as usize].wrapping_add(off as u64);
        let mut same = true;
        for_lanes(mask, |l| same &= addrs[l].wrapping_add(off as u64) == o);
        let (len, before) = match space {
            Space::Local => (cx.k.local_bytes, 0),
            _ => (cx.k.frame_bytes, cx.k.local_bytes),
        };
        if !same || o > len || total > len - o || o & (alignment(total) - 1) != 0 {
            return false;
        }
        let (frame, first) = (cx.thread_frame(), w.base_tid as usize * cx.thread_frame() + (before + o) as usize);
        for (k, &reg) in regs[..n as usize].iter().enumerate() {
            let (row, at) = (&mut w.regs[reg.index()], first + k * esize as usize);
            let local = &mut self.local[..];
            match (store, esize) {
                (true, 4) => for_lanes(mask, |l| write_le(local, at + l * frame, 4, row[l])),
                (true, 8) => for_lanes(mask, |l| write_le(local, at + l * frame, 8, row[l])),
                (true, _) => for_lanes(mask, |l| write_le(local, at + l * frame, esize, row[l])),
                (false, 4) => for_lanes(mask, |l| row[l] = extend_loaded(read_le(local, at + l * frame, 4), ty)),
                (false, 8) => for_lanes(mask, |l| row[l] = read_le(local, at + l * frame, 8)),
                (false, _) => for_lanes(mask, |l| row[l] = extend_loaded(read_le(local, at + l * frame, esize), ty)),
            }
        }
        if space == Space::Local {
            self.probes.other_memory(&OtherAccess { pc, space, lanes: mask, bytes: total, store });
        }
        true
    }

    /// Other shared accesses (vectors, 8-byte and sub-word values) when every lane is in bounds
    /// and aligned: all lanes are checked first.
    #[inline(always)]
    pub(super) fn shared_fast(&mut self, cx: &LaunchCtx, w: &mut Warp, a: Access) -> bool {
        let Access { pc, mask, ty, n, regs, base, off, store, .. } = a;
        let esize = ty.size();
        let total = (esize * n as u32) as u64;
        let am = alignment(total) - 1;
        let len = cx.shared_bytes;
        if total > len {
            return false;
        }
        // Bounds and alignment of all 32 lanes at once (branch-free, so it vectorises), then
        // only the lanes that run count. Offsets fit in 32 bits once in bounds.
        let last = len - total;
        let mut offsets = [0u32; 32];
        let mut bad = 0u32;
        for (l, (a, o32)) in w.regs[base.index()].iter().zip(offsets.iter_mut()).enumerate() {
            let o = a.wrapping_add(off as u64);
            *o32 = o as u32;
            bad |= (((o > last) | (o & am != 0)) as u32) << l;
        }
        if bad & mask != 0 {
            return false;
        }
        let mut m = mask;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let o = offsets[l] as usize;
            for (k, &reg) in regs[..n as usize].iter().enumerate() {
                let at = o + k * esize as usize;
                if store {
                    write_le(&mut self.shared, at, esize, w.regs[reg.index()][l]);
                } else {
                    w.regs[reg.index()][l] = extend_loaded(read_le(&self.shared, at, esize), ty);
                }
            }
        }
        if !store {
            w.work += gpu::LoadLatency::Shared.work();
        }
        let (base_tid, bytes, values) = (w.base_tid, total as u32, &regs[..n as usize]);
        let access = SharedAccess {
            pc,
            base_tid,
            mask,
            lanes: mask,
            offsets: &offsets,
            bytes,
            store,
            ascending: false,
            in_a_row: false,
            values,
        };
        self.checks.shared(&cx.check, &access);
        self.probes.shared(&access);
        true
    }

    #[inline(always)]
    pub(super) fn global_fast(&mut self, cx: &LaunchCtx, w: &mut Warp, a: Access) -> bool {
        let Access { pc, mask, ty, n, regs, base, off, store, .. } = a;
        let esize = ty.size();
        let total = (esize * n as u32) as u64;
        let am = alignment(total) - 1;
        let addrs = w.regs[base.index()];
        if n == 1 && esize == 4 && self.global_words_in_runs(cx, w, &addrs, a) {
            return true;
        }
        let mut which = [0u32; 32];
        let mut ok = true;
        let mut m = mask;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let a = addrs[l].wrapping_add(off as u64);
            match self.resolve(cx, Space::Global, a, total) {
                Some(Region::Global(i, o)) if o & am == 0 => which[l] = i as u32,
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if !ok {
            return false;
        }
        let mut m = mask;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let a = addrs[l].wrapping_add(off as u64);
            let al = &cx.mem.allocs[which[l] as usize];
            let o = a - al.base;
            if store {
                for (k, &reg) in regs[..n as usize].iter().enumerate() {
                    al.store(o + (k as u32 * esize) as u64, esize, w.regs[reg.index()][l]);
                }
            } else {
                for (k, &reg) in regs[..n as usize].iter().enumerate() {
                    let v = al.load(o + (k as u32 * esize) as u64, esize);
                    w.regs[reg.index()][l] = extend_loaded(v, ty);
                }
                al.mark_read(o, total as u32);
            }
        }
        if !store {
            self.global_load_latency(w, addrs[mask.trailing_zeros() as usize].wrapping_add(off as u64));
        }
        let access = GlobalAccess {
            pc,
            base_tid: w.base_tid,
            lanes: mask,
            base: &addrs,
            offset: off as u64,
            bytes: total,
            store,
            sectors: Default::default(),
        };
        self.probes.global(&access);
        true
    }
}

impl Runner {
    /// A warp's 32-bit global accesses whose lanes form a few runs of words in a row (a row of
    /// a block, or two half-warps on two rows of a 16-wide block), each run within one
    /// allocation (its ends are, so every lane between is): moved without resolving each lane.
    /// False when they do not (nothing done).
    #[inline(always)]
    fn global_words_in_runs(&mut self, cx: &LaunchCtx, w: &mut Warp, addrs: &[u64; 32], a: Access) -> bool {
        let Access { pc, mask, ty, regs, off, store, .. } = a;
        // Lanes whose word follows the lane before's, and those at the same word; a run starts
        // at every other active lane.
        let (mut follows, mut same) = (0u32, 0u32);
        for l in 1..32 {
            let step = addrs[l].wrapping_sub(addrs[l - 1]);
            follows |= ((step == 4) as u32) << l;
            same |= ((step == 0) as u32) << l;
        }
        let f = mask.trailing_zeros();
        // One word for the whole warp (a filter or a size read by every thread): one load.
        if mask != 0 && (mask >> f) & (mask >> f).wrapping_add(1) == 0 && same & mask == mask & !(1 << f) {
            let at = addrs[f as usize].wrapping_add(off as u64);
            let Some(Region::Global(i, o)) = self.resolve(cx, Space::Global, at, 4) else { return false };
            if o & 3 != 0 {
                return false;
            }
            let al = &cx.mem.allocs[i];
            if store {
                // Several lanes store to one word: the last lane's value stays.
                al.store(o, 4, w.regs[regs[0].index()][31 - mask.leading_zeros() as usize]);
            } else {
                let v = extend_loaded(al.load(o, 4), ty);
                for_lanes(mask, |l| w.regs[regs[0].index()][l] = v);
                al.mark_read(o, 4);
                self.global_load_latency(w, at);
            }
            self.probes.global(&GlobalAccess {
                pc,
                base_tid: w.base_tid,
                lanes: mask,
                base: addrs,
                offset: off as u64,
                bytes: 4,
                store,
                sectors: Default::default(),
            });
            return true;
        }
        let starts = mask & !(follows & (mask << 1));
        if starts == 0 || starts.count_ones() > MOST_RUNS {
            return false;
        }
        // Every run's ends resolved before anything moves: a run that fails leaves it all to
        // the lane-by-lane path.
        let mut runs = [(0u32, 0u32, 0usize, 0u64); MOST_RUNS as usize];
        let mut m = starts;
        for run in runs.iter_mut().take(starts.count_ones() as usize) {
            let first = m.trailing_zeros();
            m &= m - 1;
            let next = if m == 0 { 32 } else { m.trailing_zeros() };
            let last = first + (!(mask >> first)).trailing_zeros().min(next - first) - 1;
            let at = |l: u32| addrs[l as usize].wrapping_add(off as u64);
            let (Some(Region::Global(i, o)), Some(Region::Global(j, _))) =
                (self.resolve(cx, Space::Global, at(first), 4), self.resolve(cx, Space::Global, at(last), 4))
            else {
                return false;
            };
            if i != j || o & 3 != 0 || at(last) < at(first) {
                return false;
            }
            *run = (first, last, i, o);
        }
        let row = &mut w.regs[regs[0].index()];
        for &(first, last, i, o) in runs.iter().take(starts.count_ones() as usize) {
            let al = &cx.mem.allocs[i];
            let at = |l: u32| o + 4 * (l - first) as u64;
            // Plain loops: as `for_each` closures they were left out of line, in baseline code.
            if store {
                for l in first..=last {
                    al.store(at(l), 4, row[l as usize]);
                }
            } else {
                for l in first..=last {
                    row[l as usize] = extend_loaded(al.load(at(l), 4), ty);
                }
                al.mark_read(o, 4 * (last - first + 1));
            }
        }
        if !store {
            self.global_load_latency(w, addrs[f as usize].wrapping_add(off as u64));
        }
        self.probes.global(&GlobalAccess {
            pc,
            base_tid: w.base_tid,
            lanes: mask,
            base: addrs,
            offset: off as u64,
            bytes: 4,
            store,
            sectors: Default::default(),
        });
        true
    }
}

/// The most runs of words in a row a warp's global access is moved in at once.
const MOST_RUNS: u32 = 4;

/// The offset of the first lane of `mask` when the lanes' 32-bit words lie in a row (lane `l` at
/// the first lane's word plus `l` less the first lane), all in bounds (`last`: the highest
/// offset a word may start at) and aligned: the bulk of a tile's accesses, moved and checked as
/// one span. Every lane is compared, branch-free, and only the lanes of `mask` count.
#[inline(always)]
fn words_in_a_row(addrs: &[u64; 32], off: i64, mask: u32, last: u64) -> Option<u64> {
    if mask == 0 {
        return None;
    }
    let f = mask.trailing_zeros() as u64;
    let lane0 = addrs[f as usize & 31].wrapping_add(off as u64).wrapping_sub(4 * f);
    // Lanes out of their place in the row, as bits: every lane compared, a fixed-length loop
    // with no branch that the compiler vectorises whatever the mask; only `mask`'s count.
    let expected = |l: usize| lane0.wrapping_add(off.wrapping_neg() as u64).wrapping_add(4 * l as u64);
    let mut astray = 0u32;
    for (l, &a) in addrs.iter().enumerate() {
        astray |= ((a != expected(l)) as u32) << l;
    }
    let astray = astray & mask;
    let first = lane0.wrapping_add(4 * f);
    let end = lane0.wrapping_add(4 * (31 - mask.leading_zeros() as u64));
    (astray == 0 && first & 3 == 0 && first <= end && end <= last).then_some(first)
}

/// Load or store the lanes of `mask` whose words lie in a row from `first` (the offset of lane
/// `f`, the first of `mask`; all in bounds and aligned). Where all 32 lanes' words would fit,
/// every lane is moved branch-free and only those of `mask` kept (a loop the compiler
/// vectorises); otherwise lane by lane.
#[inline(always)]
fn move_words_in_a_row(shared: &mut [u8], first: usize, f: usize, mask: u32, row: &mut [u64; 32], ty: Ty, store: bool) {
    let on = |l: usize| mask & (1 << l) != 0;
    let signed = ty.is_signed();
    let widen = |word: [u8; 4]| {
        let v = u32::from_le_bytes(word);
        if signed {
            v as i32 as i64 as u64
        } else {
            v as u64
        }
    };
    if let Some(lane0) = first.checked_sub(4 * f).filter(|&o| o + 128 <= shared.len()) {
        let words: &mut [u8; 128] = (&mut shared[lane0..lane0 + 128]).try_into().unwrap();
        if mask == FULL {
            // A whole warp: no lane to keep, no blend.
            if store {
                for l in 0..32 {
                    words[4 * l..4 * l + 4].copy_from_slice(&(row[l] as u32).to_le_bytes());
                }
            } else {
                *row = std::array::from_fn(|l| widen(words[4 * l..4 * l + 4].try_into().unwrap()));
            }
            return;
        }
        let old: [u32; 32] = std::array::from_fn(|l| u32::from_le_bytes(words[4 * l..4 * l + 4].try_into().unwrap()));
        if store {
            for l in 0..32 {
                let v = if on(l) { row[l] as u32 } else { old[l] };
                words[4 * l..4 * l + 4].copy_from_slice(&v.to_le_bytes());
            }
        } else if signed {
            *row = std::array::from_fn(|l| if on(l) { old[l] as i32 as i64 as u64 } else { row[l] });
        } else {
            *row = std::array::from_fn(|l| if on(l) { old[l] as u64 } else { row[l] });
        }
    } else {
        let words = &mut shared[first..];
        for_lanes(mask, |l| {
            let at = 4 * (l - f);
            if store {
                words[at..at + 4].copy_from_slice(&(row[l] as u32).to_le_bytes());
            } else {
                row[l] = widen(words[at..at + 4].try_into().unwrap());
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::words_in_a_row;

    #[test]
    fn words_in_a_row_counts_only_the_lanes_of_the_mask() {
        // Lane l's address register holds 100 + 4l; the access adds 8: words from 108.
        let mut addrs: [u64; 32] = std::array::from_fn(|l| 100 + 4 * l as u64);
        let last = 4096;
        assert_eq!(words_in_a_row(&addrs, 8, u32::MAX, last), Some(108), "a whole warp");
        assert_eq!(words_in_a_row(&addrs, 8, 0x3FFF_FFFC, last), Some(116), "a tile's inner lanes");
        assert_eq!(words_in_a_row(&addrs, 8, 0b1010_0100, last), Some(116), "lanes with holes");
        assert_eq!(words_in_a_row(&addrs, 8, 0, last), None, "no lane");
        // Lanes outside the mask may hold anything.
        addrs[0] = 7;
        addrs[31] = u64::MAX;
        addrs[5] = 3;
        assert_eq!(words_in_a_row(&addrs, 8, 0x3FFF_FFDE, last), Some(112), "astray lanes outside the mask");
        // A lane of the mask out of its place, past the end, or misaligned.
        assert_eq!(words_in_a_row(&addrs, 8, 0x3FFF_FFFE, last), None, "lane 5 out of its place");
        let addrs: [u64; 32] = std::array::from_fn(|l| 100 + 4 * l as u64);
        assert_eq!(words_in_a_row(&addrs, 8, u32::MAX, 108 + 4 * 30), None, "the last word past the end");
        assert_eq!(words_in_a_row(&addrs, 8, u32::MAX, 108 + 4 * 31), Some(108), "the last word at the end");
        assert_eq!(words_in_a_row(&addrs, 9, u32::MAX, last), None, "misaligned");
        let reversed: [u64; 32] = std::array::from_fn(|l| 400 - 4 * l as u64);
        assert_eq!(words_in_a_row(&reversed, 0, u32::MAX, last), None, "descending");
        assert_eq!(words_in_a_row(&reversed, 0, 1 << 9, last), Some(364), "one lane");
    }
}
