//! Values read from shared memory that no thread of the block wrote, followed through the
//! registers. Such a read is harmless until its value is used: the textbook's 8.4 and 8.5
//! kernels move planes whose slots outside the grid were never loaded, copying them into shared
//! memory or registers that nothing reads again. So a read of unwritten memory is a finding
//! only once its value, or one computed from it, reaches a use that matters ([`ValueUse`]): a
//! store to global memory, an address, a comparison (a branch or a predicate), an atomic, or
//! local memory (`printf`'s arguments, a local array: not followed further). The finding is
//! placed at the read's line, and its message names the use's.
//!
//! Per warp and register slot: the marked lanes (their value came from unwritten memory), and
//! per lane where it was read. The shared check marks a load's registers where it read
//! unwritten bytes (`loaded`); each instruction of a warp that holds a mark then passes the
//! marks on (`step`), lane by lane from the registers it reads to those it writes (across the
//! warp for shuffles and votes), reports the marked lanes of the registers it uses, and clears
//! the registers it writes from memory. A store of marked lanes to shared memory keeps the bytes
//! it writes unwritten (the shadow's copies: a later read of them is a read of unwritten memory
//! again), one to a call's parameters keeps its marks with the parameter (`frames`).
//!
//! A warp that holds no mark costs one bit test per instruction (`holds`); the rest is out of
//! line, and a warp's bit clears once none of its registers and parameters holds a mark.

use super::shadow::SharedShadow;
use super::{CheckCtx, Findings};
use crate::detail::{Detail, UsePlace, ValueUse};
use crate::event::SharedAccess;
use crate::ir::{Kernel, Op, Reg, Space, NO_REG};
use crate::types::{SharedArray, UnwrittenRead};

/// Where a marked lane's value was read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Origin {
    pc: u32,
    /// The first unwritten byte read, as an offset in shared memory.
    offset: u32,
    tid: u16,
    /// The register's bytes.
    bytes: u8,
    /// It held a copy of unwritten memory.
    copy: bool,
}

/// A call parameter (a `.param` variable of a call sequence, `Space::Frame`) that holds marked
/// lanes: its address register and offset, as the store and the callee's load both name it.
struct FrameMark {
    warp: usize,
    base: Reg,
    off: i64,
    lanes: u32,
    origins: [Origin; 32],
}

#[derive(Default)]
pub(super) struct Taint {
    nslots: usize,
    /// Per warp and slot (`warp * nslots + slot`): the marked lanes.
    lanes: Vec<u32>,
    /// Per warp, slot and lane (`(warp * nslots + slot) * 32 + lane`): where the value of a
    /// marked lane was read (stale elsewhere).
    origins: Vec<Origin>,
    /// Per warp: its slots and parameters with a marked lane.
    marked: Vec<u32>,
    /// Bit `w`: warp `w` holds a mark (a block has at most 32 warps).
    warps: u32,
    frames: Vec<FrameMark>,
    /// Something was marked in this block: `lanes` and `marked` need clearing at the next.
    dirty: bool,
}

/// The lanes of a mask, in order.
fn lanes_of(mut m: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            l
        })
    })
}

impl Taint {
    /// A block of `nwarps` warps starts: nothing marked.
    pub fn begin_block(&mut self, nwarps: usize, nslots: usize) {
        let n = nwarps * nslots;
        if self.nslots != nslots || self.lanes.len() < n || self.marked.len() < nwarps {
            self.nslots = nslots;
            self.lanes = vec![0; n];
            self.marked = vec![0; nwarps];
        } else if self.dirty {
            self.lanes.fill(0);
            self.marked.fill(0);
        }
        self.frames.clear();
        self.warps = 0;
        self.dirty = false;
    }

    /// Whether warp `warp` holds a mark: only then do its instructions go to `step`.
    #[inline(always)]
    pub fn holds(&self, warp: usize) -> bool {
        (self.warps >> (warp & 31)) & 1 != 0
    }

    #[inline(always)]
    fn marks(&self, warp: usize, r: Reg) -> u32 {
        if r == NO_REG {
            0
        } else {
            self.lanes[warp * self.nslots + r.index()]
        }
    }

    fn origin(&mut self, warp: usize, r: Reg, l: usize) -> &mut Origin {
        let i = (warp * self.nslots + r.index()) * 32 + l;
        if self.origins.len() <= i {
            self.origins.resize(32 * self.lanes.len(), Origin::default());
        }
        &mut self.origins[i]
    }

    /// A slot or parameter of `warp` went from no mark to some (`+1`) or back (`-1`).
    #[inline]
    fn count(&mut self, warp: usize, was: u32, now: u32) {
        if was == 0 && now != 0 {
            self.marked[warp] += 1;
            self.warps |= 1 << warp;
            self.dirty = true;
        } else if was != 0 && now == 0 {
            self.marked[warp] -= 1;
            if self.marked[warp] == 0 {
                self.warps &= !(1 << warp);
            }
        }
    }

    /// The lanes of `mask` in register `r` now hold values marked in `marked` (of `mask`).
    #[inline]
    fn set(&mut self, warp: usize, r: Reg, mask: u32, marked: u32) {
        if r == NO_REG {
            return;
        }
        let i = warp * self.nslots + r.index();
        let was = self.lanes[i];
        let now = (was & !mask) | marked;
        self.lanes[i] = now;
        self.count(warp, was, now);
    }

    /// Lane `l` of a shared load read the unwritten bytes `unwritten` (bit `i`: the access's
    /// byte `i`; `copy`: some held a copy of unwritten memory): the registers of the elements
    /// they are in are marked there.
    pub fn loaded(&mut self, a: &SharedAccess, l: usize, unwritten: u32, copy: bool) {
        let warp = a.base_tid as usize / 32;
        let esize = a.bytes as usize / a.values.len().max(1);
        for (k, &r) in a.values.iter().enumerate() {
            let bits = (unwritten >> (k * esize)) & ((1u32 << esize) - 1);
            if bits == 0 || r == NO_REG {
                continue;
            }
            self.set(warp, r, 1 << l, 1 << l);
            *self.origin(warp, r, l) = Origin {
                pc: a.pc as u32,
                offset: a.offsets[l] + (k * esize) as u32 + bits.trailing_zeros(),
                tid: (a.base_tid + l as u32) as u16,
                bytes: esize as u8,
                copy,
            };
        }
    }

    /// A store's lanes `a.mask` ran: the marked values that went to shared memory (`a.lanes`)
    /// keep the bytes they are stored to unwritten; those that went elsewhere (a generic store's
    /// other lanes: global or local memory) are reported.
    #[cold]
    #[inline(never)]
    pub fn stored(&self, shadow: &mut SharedShadow, findings: &mut Findings, cx: &CheckCtx, a: &SharedAccess) {
        let warp = a.base_tid as usize / 32;
        let elsewhere = a.mask & !a.lanes;
        if elsewhere != 0 {
            self.report(
                shadow,
                findings,
                cx,
                Use { at: (a.pc, warp), lanes: elsewhere, regs: a.values, what: ValueUse::GlobalStore },
            );
        }
        let esize = a.bytes as usize / a.values.len().max(1);
        for (k, &r) in a.values.iter().enumerate() {
            for l in lanes_of(self.marks(warp, r) & a.lanes) {
                let tid = (a.base_tid + l as u32) as u16;
                shadow.mark_copied_unwritten(tid, a.offsets[l] as usize + k * esize, esize);
            }
        }
    }

    /// Warp `warp` runs the instruction at `pc` on the lanes of `mask` (its guard applied;
    /// `preds`: the warp's predicates): the marked lanes of the registers it uses are reported,
    /// and the marks follow its values.
    #[inline]
    pub fn step(
        &mut self,
        shadow: &SharedShadow,
        findings: &mut Findings,
        cx: &CheckCtx,
        (pc, warp, mask): (usize, usize, u32),
        preds: &[u32],
    ) {
        if mask == 0 {
            return;
        }
        let at = (pc, warp);
        let mut uses =
            |regs: &[Reg], lanes: u32, what: ValueUse| self.report(shadow, findings, cx, Use { at, lanes, regs, what });
        match cx.kernel.code[pc].op {
            Op::Mov { d, a } | Op::Un { d, a, .. } | Op::Cvt { d, a, .. } | Op::Cvta { d, a, .. } => {
                self.flow(warp, mask, &[a], &[d])
            }
            Op::Bin { d, a, b, .. } | Op::Set { d, a, b, .. } => self.flow(warp, mask, &[a, b], &[d]),
            // Each lane gets the operand its predicate picks (a predicate is never marked: a
            // comparison of a marked value is a use).
            Op::Selp { d, a, b, p } => {
                let picks_a = preds[p.index()];
                self.flow(warp, mask & picks_a, &[a], &[d]);
                self.flow(warp, mask & !picks_a, &[b], &[d]);
            }
            Op::Mad { d, a, b, c, .. }
            | Op::Rounded { d, a, b, c, .. }
            | Op::Half { d, a, b, c, .. }
            | Op::Slct { d, a, b, c, .. }
            | Op::Bfe { d, a, b, c, .. }
            | Op::Prmt { d, a, b, c }
            | Op::Shf { d, a, b, c, .. } => self.flow(warp, mask, &[a, b, c], &[d]),
            Op::Carry { d, a, b, c, cc, .. } => self.flow(warp, mask, &[a, b, c, cc], &[d, cc]),
            Op::Bfi { d, f, a, b, c, .. } => self.flow(warp, mask, &[f, a, b, c], &[d]),
            Op::Pack { d, parts, n, .. } => self.flow(warp, mask, &parts[..n as usize], &[d]),
            Op::Unpack { parts, n, a, .. } => self.flow(warp, mask, &[a], &parts[..n as usize]),
            Op::Shfl { d, a, b, c, .. } => self.across(warp, mask, &[a, b, c], d),
            Op::Vote { d, members, .. } => self.across(warp, mask, &[members], d),
            Op::Match { d, a, members, .. } => self.across(warp, mask, &[a, members], d),
            Op::Redux { d, a, members, .. } => self.across(warp, mask, &[a, members], d),
            Op::CvtHalfPair { d, a, b, .. } => self.flow(warp, mask, &[a, b], &[d]),
            Op::ReadClock { d, .. } | Op::ReadWarpId { d } | Op::ActiveMask { d } | Op::BarRed { d, .. } => {
                self.set(warp, d, mask, 0)
            }
            Op::Setp { a, b, .. } => {
                uses(&[a, b], mask, ValueUse::Comparison);
            }
            Op::Ld { space, n, d, base, off, .. } => {
                uses(&[base], mask, ValueUse::Address);
                for (k, &r) in d[..n as usize].iter().enumerate() {
                    match space {
                        Space::Frame => {
                            self.frame_load(warp, mask, r, (base, off + k as i64 * esize(&cx.kernel.code[pc].op)))
                        }
                        // The shared check marks what the load reads of unwritten memory.
                        _ => self.set(warp, r, mask, 0),
                    }
                }
            }
            Op::St { space, n, s, base, off, .. } => {
                let values = &s[..n as usize];
                let (address, value) = match space {
                    // The shared check follows the values (it sees where a generic store went).
                    Space::Shared => (ValueUse::Address, None),
                    Space::Generic => (ValueUse::StoreAddress, None),
                    Space::Local => (ValueUse::Address, Some(ValueUse::LocalStore)),
                    Space::Frame => (ValueUse::Address, None),
                    _ => (ValueUse::StoreAddress, Some(ValueUse::GlobalStore)),
                };
                let done = uses(&[base], mask, address);
                if let Some(value) = value {
                    uses(values, mask & !done, value);
                }
                if space == Space::Frame {
                    let step = esize(&cx.kernel.code[pc].op);
                    for (k, &r) in values.iter().enumerate() {
                        self.frame_store(warp, mask, r, (base, off + k as i64 * step));
                    }
                }
            }
            Op::Atom { d, base, b, c, .. } => {
                uses(&[base, b, c], mask, ValueUse::Atomic);
                self.set(warp, d, mask, 0);
            }
            // Its bytes come from global memory: only the addresses and the size are uses.
            Op::CpAsync { dst, src, src_size, .. } => {
                uses(&[dst, src, src_size], mask, ValueUse::Address);
            }
            Op::Pred { .. }
            | Op::PredConst { .. }
            | Op::Bra { .. }
            | Op::Bar
            | Op::WarpSync
            | Op::Exit
            | Op::Nop
            | Op::Printf { .. }
            | Op::AssertFail { .. }
            | Op::Trap
            | Op::BadCall { .. }
            | Op::CallTooDeep { .. }
            | Op::CpAsyncCommit
            | Op::CpAsyncWait { .. } => {}
        }
    }

    /// Lane by lane: the lanes of `mask` in `writes` are marked where a register of `reads` is,
    /// with the origin of the first such register.
    fn flow(&mut self, warp: usize, mask: u32, reads: &[Reg], writes: &[Reg]) {
        let marked = reads.iter().fold(0, |m, &r| m | self.marks(warp, r)) & mask;
        for &d in writes.iter().filter(|&&d| d != NO_REG) {
            for l in lanes_of(marked) {
                let from = *reads.iter().find(|&&r| (self.marks(warp, r) >> l) & 1 != 0).expect("a marked read");
                let o = *self.origin(warp, from, l);
                *self.origin(warp, d, l) = o;
            }
            self.set(warp, d, mask, marked);
        }
    }

    /// Across the warp (shuffles, votes): any marked lane of `mask` in `reads` marks every lane
    /// of `mask` in `d`.
    fn across(&mut self, warp: usize, mask: u32, reads: &[Reg], d: Reg) {
        let from = reads.iter().find_map(|&r| {
            let m = self.marks(warp, r) & mask;
            (m != 0).then(|| (r, m.trailing_zeros() as usize))
        });
        match from {
            Some((r, l)) if d != NO_REG => {
                let o = *self.origin(warp, r, l);
                for l in lanes_of(mask) {
                    *self.origin(warp, d, l) = o;
                }
                self.set(warp, d, mask, mask);
            }
            _ => self.set(warp, d, mask, 0),
        }
    }

    /// `st.param` of register `r` to a call parameter: its marks go with the parameter.
    fn frame_store(&mut self, warp: usize, mask: u32, r: Reg, (base, off): (Reg, i64)) {
        let marked = self.marks(warp, r) & mask;
        let i = match self.frames.iter().position(|f| f.warp == warp && f.base == base && f.off == off) {
            Some(i) => i,
            None if marked == 0 => return,
            None => {
                let origins = [Origin::default(); 32];
                self.frames.push(FrameMark { warp, base, off, lanes: 0, origins });
                self.frames.len() - 1
            }
        };
        for l in lanes_of(marked) {
            self.frames[i].origins[l] = *self.origin(warp, r, l);
        }
        let was = self.frames[i].lanes;
        self.frames[i].lanes = (was & !mask) | marked;
        self.count(warp, was, self.frames[i].lanes);
    }

    /// `ld.param` of a call parameter into register `r`: the parameter's marks.
    fn frame_load(&mut self, warp: usize, mask: u32, r: Reg, (base, off): (Reg, i64)) {
        let Some(f) = self.frames.iter().find(|f| f.warp == warp && f.base == base && f.off == off) else {
            return self.set(warp, r, mask, 0);
        };
        let (marked, origins) = (f.lanes & mask, f.origins);
        for l in lanes_of(marked) {
            *self.origin(warp, r, l) = origins[l];
        }
        self.set(warp, r, mask, marked);
    }

    /// The marked lanes of the use's registers among its lanes are used as its `what` (by the
    /// instruction at its `pc`, of warp `warp`): each is reported once, at its read. Returns the
    /// lanes reported.
    #[inline]
    fn report(&self, shadow: &SharedShadow, findings: &mut Findings, cx: &CheckCtx, u: Use) -> u32 {
        let hit = u.regs.iter().fold(0, |m, &r| m | self.marks(u.at.1, r)) & u.lanes;
        if hit == 0 {
            return 0;
        }
        self.report_lanes(shadow, findings, cx, u)
    }

    /// `report` where some lane is marked.
    #[cold]
    #[inline(never)]
    fn report_lanes(&self, shadow: &SharedShadow, findings: &mut Findings, cx: &CheckCtx, u: Use) -> u32 {
        let Use { at: (pc, warp), lanes, regs, what } = u;
        let mut done = 0u32;
        let mut last = None;
        for &r in regs {
            let hit = self.marks(warp, r) & lanes & !done;
            done |= hit;
            for l in lanes_of(hit) {
                let o = self.origins[(warp * self.nslots + r.index()) * 32 + l];
                // Lanes that read on one line: one finding, the others counted.
                if last == Some(o.pc) {
                    findings.repeat();
                    continue;
                }
                last = Some(o.pc);
                report(shadow, findings, cx, o, pc, what);
            }
        }
        done
    }
}

/// A use of registers by an instruction: at (`pc`, warp), by `lanes`, as `what`.
#[derive(Clone, Copy)]
struct Use<'r> {
    at: (usize, usize),
    lanes: u32,
    regs: &'r [Reg],
    what: ValueUse,
}

/// Bytes per register of a load or store.
fn esize(op: &Op) -> i64 {
    match *op {
        Op::Ld { ty, .. } | Op::St { ty, .. } => ty.size() as i64,
        _ => 0,
    }
}

/// The finding of a read (`o`) whose value the instruction at `use_pc` used as `used`.
#[cold]
#[inline(never)]
fn report(shadow: &SharedShadow, findings: &mut Findings, cx: &CheckCtx, o: Origin, use_pc: usize, used: ValueUse) {
    let (read, use_loc) = (&cx.kernel.locs[o.pc as usize], &cx.kernel.locs[use_pc]);
    let array = array_at(cx, o.offset);
    let message = || Detail::UnwrittenRead {
        offset: o.offset,
        array: array.as_ref().map(|a| a.name.clone()),
        copy: o.copy,
        used,
        at: match (&use_loc.source, &read.source) {
            (Some(u), Some(r)) if u == r => UsePlace::SameLine,
            (Some(u), Some(r)) if u.file == r.file => UsePlace::Line(u.line),
            (Some(u), _) => UsePlace::File { file: u.file.clone(), line: u.line },
            (None, _) => UsePlace::Ptx(use_loc.ptx_line),
        },
    };
    let detail = || {
        let (start, len) =
            array.as_ref().map_or((0, cx.shared_bytes as usize), |a| (a.offset as usize, a.bytes as usize));
        UnwrittenRead {
            offset: o.offset,
            bytes: o.bytes as u32,
            unwritten_bytes: shadow.unwritten_bytes(start, len) as u32,
            array: array.clone(),
            copy: o.copy,
            used,
            used_at: use_loc.source.clone(),
            used_ptx_line: use_loc.ptx_line,
        }
    };
    findings.report_unwritten(cx, (o.pc as usize, o.tid as u32), message, detail, used.writes_output());
}

/// The shared array holding `offset` (dynamic memory ends with the block's).
pub(super) fn array_at(cx: &CheckCtx, offset: u32) -> Option<SharedArray> {
    array_of(cx.kernel, cx.shared_bytes, offset)
}

/// The shared array at `offset` of `kernel`'s shared memory of `shared_bytes` (a dynamic array
/// runs to its end).
pub(super) fn array_of(kernel: &Kernel, shared_bytes: u64, offset: u32) -> Option<SharedArray> {
    let offset = offset as u64;
    kernel.shared_arrays.iter().find_map(|(name, start, bytes)| {
        let bytes = if *bytes == 0 { shared_bytes.saturating_sub(*start) } else { *bytes };
        (*start <= offset && offset < start + bytes).then(|| SharedArray {
            name: plain_name(name),
            offset: *start as u32,
            bytes: bytes as u32,
        })
    })
}

/// A function's static `__shared__` variable by its own name: `N_s` for
/// `_ZZ35convolution_tiled_2D_const_mem_kernelE3N_s` (the mangled name ends `E<length><name>`,
/// perhaps `_<n>` after it); any other name as it is.
pub(super) fn plain_name(name: &str) -> String {
    let Some(rest) = name.strip_prefix("_ZZ") else { return name.to_string() };
    for (i, _) in rest.match_indices('E') {
        let tail = &rest[i + 1..];
        let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
        let Ok(len) = tail[..digits].parse::<usize>() else { continue };
        let id = &tail[digits..];
        let id = match id.rsplit_once('_') {
            Some((head, n)) if head.len() == len && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => head,
            _ => id,
        };
        if id.len() == len && !id.is_empty() {
            return id.to_string();
        }
    }
    name.to_string()
}
