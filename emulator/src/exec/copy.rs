//! `cp.async`, the asynchronous copy from global to shared memory, and its groups.
//!
//! As on a GPU, a lane reads its source when it issues the copy (a global load of the copy's
//! size, counted and checked as `ld.global` is), and the shared destination is written only
//! when the lane waits for the copy's group (`cp.async.wait_group`, `wait_all`): a shared
//! store of that thread then, for the race check, the record of written memory and the
//! counters. From the issue to the wait the destination counts as unwritten, whatever it held
//! before (a buffer reused for the next tile). So a thread that reads the destination before
//! waiting reads unwritten memory,
//! and one that reads another thread's copy with no barrier after the waits races with it.
//! A `__syncthreads()` does not complete copies (it does not on a GPU either).
//!
//! The state is the runner's, one `AsyncCopies` per warp, kept only for kernels that have
//! `cp.async` (the executor's loop does not look at it otherwise).

use super::*;

/// The copies a warp's lanes have in flight.
#[derive(Default)]
pub(super) struct AsyncCopies {
    /// Per lane: the groups it committed so far; copies not yet committed belong to the group
    /// of that number.
    committed: [u32; 32],
    /// Copies not yet written, oldest first.
    pending: Vec<PendingCopy>,
}

impl AsyncCopies {
    /// A warp starts: nothing in flight.
    pub fn clear(&mut self) {
        self.committed = [0; 32];
        self.pending.clear();
    }
}

/// One `cp.async` of a warp, for the lanes whose bytes are not yet in shared memory.
struct PendingCopy {
    /// The `cp.async` (its line is the store's).
    pc: usize,
    bytes: u8,
    lanes: u32,
    /// Per lane: the group the copy belongs to.
    group: [u32; 32],
    /// Per lane: where it goes in shared memory (in bounds and aligned: checked at issue).
    offsets: [u32; 32],
    /// Per lane: the bytes read at issue, zeros past the source size.
    data: [[u8; 16]; 32],
}

impl Runner {
    /// `cp.async`, `cp.async.commit_group` and `cp.async.wait_group`/`wait_all`.
    #[cold]
    #[inline(never)]
    pub(super) fn async_copy(
        &mut self,
        cx: &LaunchCtx,
        w: &mut Warp,
        pc: usize,
        inst: &Inst,
        mask: u32,
    ) -> Result<(), Stop> {
        match inst.op {
            Op::CpAsync { bytes, dst, dst_off, src, src_off, src_size, ignore_src, ignore_neg } => {
                let sizes = CopySizes { bytes, src_size, ignore_src, ignore_neg };
                self.issue_copy(cx, w, (pc, mask), CopyInst { sizes, dst, dst_off, src, src_off })?
            }
            Op::CpAsyncCommit => {
                let copies = &mut self.copies[w.base_tid as usize / 32];
                for_lanes(mask, |l| copies.committed[l] += 1);
            }
            Op::CpAsyncWait { keep, all } => {
                if all {
                    let copies = &mut self.copies[w.base_tid as usize / 32];
                    for_lanes(mask, |l| copies.committed[l] += 1);
                }
                self.complete_copies(cx, w.base_tid, mask, keep);
            }
            _ => unreachable!("not an asynchronous copy"),
        }
        Ok(())
    }

    /// A warp's `cp.async` on `mask`: the destinations checked, the sources read (or the
    /// launch stopped at the first bad lane, as for a load), the bytes kept for their group.
    fn issue_copy(
        &mut self,
        cx: &LaunchCtx,
        w: &mut Warp,
        (pc, mask): (usize, u32),
        copy: CopyInst,
    ) -> Result<(), Stop> {
        let CopyInst { sizes, dst, dst_off, src, src_off } = copy;
        let bytes = sizes.bytes as usize;
        // Where each lane's bytes will go: in the block's shared memory, aligned to the size.
        let mut offsets = [0u32; 32];
        let dsts = w.regs[dst.index()];
        let mut bad = None;
        for_lanes(mask, |l| {
            let addr = dsts[l].wrapping_add(dst_off as i64 as u64);
            if bad.is_some() {
                return;
            }
            let size = bytes as u64;
            match self.resolve(cx, Space::Shared, addr, size) {
                Some(Region::Shared(o)) if o % size == 0 => offsets[l] = o as u32,
                Some(_) => bad = Some((l, BadAccess::Misaligned { space: Space::Shared, addr, size })),
                None => bad = Some((l, BadAccess::OutOfBounds { space: Space::Shared, addr, size, store: true })),
            }
        });
        if let Some((l, access)) = bad {
            return Err(self.checks.fault(&cx.check, pc, w.base_tid + l as u32, access));
        }
        // Until the wait the destination holds nothing a thread may read: not what was there
        // before (a reused buffer), nor the copy.
        self.checks.shared_in_flight(mask, &offsets, bytes);
        // How much each lane reads: all of it, part of it (zeros after), or nothing.
        let mut read = [0usize; 32];
        let (mut whole, mut part) = (0u32, 0u32);
        for_lanes(mask, |l| {
            read[l] = sizes.read(w, l);
            match read[l] {
                n if n == bytes => whole |= 1 << l,
                0 => {}
                _ => part |= 1 << l,
            }
        });
        let mut data = [[0u8; 16]; 32];
        if whole != 0 {
            // The lanes that read it all: a load of the copy's size in 32-bit parts, through
            // the loads' path (fast or slow, with its checks and counts).
            let regs = cx.k.copy_registers;
            let n = (bytes / 4) as u8;
            let load = Access {
                pc,
                mask: whole,
                space: Space::Global,
                ty: Ty::U32,
                n,
                regs,
                base: src,
                off: src_off as i64,
                store: false,
            };
            self.mem_op::<false>(cx, w, load)?;
            for_lanes(whole, |l| {
                for (k, reg) in regs[..n as usize].iter().enumerate() {
                    data[l][4 * k..4 * k + 4].copy_from_slice(&(w.regs[reg.index()][l] as u32).to_le_bytes());
                }
            });
        }
        // The lanes that read part of it (`src-size` below the copy's size, as a guarded copy
        // at the edge of an array has): one global access per distinct size, lane by lane.
        while part != 0 {
            let n = read[part.trailing_zeros() as usize];
            let mut same = 0u32;
            for_lanes(part, |l| same |= ((read[l] == n) as u32) << l);
            part &= !same;
            self.read_part(cx, w, (pc, same), &copy, n, &mut data)?;
        }
        let copies = &mut self.copies[w.base_tid as usize / 32];
        copies.pending.push(PendingCopy {
            pc,
            bytes: sizes.bytes,
            lanes: mask,
            group: copies.committed,
            offsets,
            data,
        });
        Ok(())
    }

    /// The lanes of `lanes` read the first `n` bytes of their copy into `data`: bounds and
    /// alignment (of the copy's size) checked lane by lane, one global load of `n` bytes per
    /// lane for the counts.
    fn read_part(
        &mut self,
        cx: &LaunchCtx,
        w: &Warp,
        (pc, lanes): (usize, u32),
        copy: &CopyInst,
        n: usize,
        data: &mut [[u8; 16]; 32],
    ) -> Result<(), Stop> {
        let (srcs, src_off, bytes) = (&w.regs[copy.src.index()], copy.src_off, copy.sizes.bytes as usize);
        let mut done = 0u32;
        let mut bad = None;
        for_lanes(lanes, |l| {
            if bad.is_some() {
                return;
            }
            let addr = srcs[l].wrapping_add(src_off as i64 as u64);
            match self.resolve(cx, Space::Global, addr, n as u64) {
                Some(Region::Global(i, o)) if addr % bytes as u64 == 0 => {
                    let al = &cx.mem.allocs[i];
                    for (k, byte) in data[l][..n].iter_mut().enumerate() {
                        *byte = al.load(o + k as u64, 1) as u8;
                    }
                    al.mark_read(o, n as u32);
                    done |= 1 << l;
                }
                Some(_) => bad = Some((l, BadAccess::Misaligned { space: Space::Global, addr, size: bytes as u64 })),
                None => {
                    bad = Some((l, BadAccess::OutOfBounds { space: Space::Global, addr, size: n as u64, store: false }))
                }
            }
        });
        if done != 0 {
            let (base_tid, offset) = (w.base_tid, src_off as i64 as u64);
            let access = GlobalAccess {
                pc,
                base_tid,
                lanes: done,
                base: srcs,
                offset,
                bytes: n as u64,
                store: false,
                sectors: Default::default(),
            };
            self.probes.global(&access);
        }
        match bad {
            Some((l, access)) => Err(self.checks.fault(&cx.check, pc, w.base_tid + l as u32, access)),
            None => Ok(()),
        }
    }

    /// The lanes of `mask` wait for their copies but for the `keep` most recent groups they
    /// committed: those copies are written to shared memory now, one shared store per
    /// `cp.async` for the checks and the probes.
    fn complete_copies(&mut self, cx: &LaunchCtx, base_tid: u32, mask: u32, keep: u32) {
        let warp = base_tid as usize / 32;
        let mut copies = std::mem::take(&mut self.copies[warp]);
        let committed = copies.committed;
        for copy in &mut copies.pending {
            let mut done = 0u32;
            for_lanes(copy.lanes & mask, |l| {
                if (copy.group[l] as u64 + keep as u64) < committed[l] as u64 {
                    done |= 1 << l;
                }
            });
            if done == 0 {
                continue;
            }
            let bytes = copy.bytes as usize;
            for_lanes(done, |l| {
                let o = copy.offsets[l] as usize;
                self.shared[o..o + bytes].copy_from_slice(&copy.data[l][..bytes]);
            });
            let access = SharedAccess {
                pc: copy.pc,
                base_tid,
                mask: done,
                lanes: done,
                offsets: &copy.offsets,
                bytes: bytes as u32,
                store: true,
                ascending: false,
                in_a_row: false,
                // From global memory: no register carries the values.
                values: &[],
            };
            self.checks.shared(&cx.check, &access);
            self.probes.shared(&access);
            copy.lanes &= !done;
        }
        copies.pending.retain(|c| c.lanes != 0);
        self.copies[warp] = copies;
    }

    /// The block is over: the copies its threads never waited for land in shared memory, as a
    /// GPU completes them. (No thread can wait for them any more, so no thread may read them:
    /// landing them when each thread exits would show nothing more, and would cost the
    /// executor's loop a test at every exit.)
    pub(super) fn land_copies_at_block_end(&mut self, cx: &LaunchCtx, nwarps: usize) {
        for warp in 0..nwarps {
            self.copies[warp].committed.iter_mut().for_each(|c| *c += 1);
            self.complete_copies(cx, 32 * warp as u32, FULL, 0);
        }
    }
}

/// A `cp.async`'s operands.
struct CopyInst {
    sizes: CopySizes,
    dst: Reg,
    dst_off: i32,
    src: Reg,
    src_off: i32,
}

/// How many bytes a `cp.async` reads.
#[derive(Clone, Copy)]
struct CopySizes {
    bytes: u8,
    src_size: Reg,
    ignore_src: Pred,
    ignore_neg: bool,
}

impl CopySizes {
    /// What lane `l` reads of its source: the copy's size, its `src-size` (at most the copy's
    /// size), or nothing when `ignore-src` holds.
    fn read(self, w: &Warp, l: usize) -> usize {
        if self.ignore_src != NO_PRED && ((w.preds[self.ignore_src.index()] >> l) & 1 != 0) != self.ignore_neg {
            return 0;
        }
        if self.src_size == NO_REG {
            return self.bytes as usize;
        }
        (w.regs[self.src_size.index()][l] as u32).min(self.bytes as u32) as usize
    }
}
