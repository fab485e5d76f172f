//! Memory accesses: where an address lands (`resolve`), the sanitizer's bounds and shared-memory
//! checks, and the general (slow) path that serves every access lane by lane.

use super::*;

impl Runner {
    /// Map an address of `space` to a region, or report why it is bad.
    #[inline(always)]
    pub(super) fn resolve(&mut self, cx: &LaunchCtx, space: Space, addr: u64, size: u64) -> Option<Region> {
        let in_window = |base: u64| addr.wrapping_sub(base) < WINDOW_SIZE;
        let (space, a) = match space {
            Space::Generic => {
                if in_window(SHARED_WINDOW) {
                    (Space::Shared, addr - SHARED_WINDOW)
                } else if in_window(LOCAL_WINDOW) {
                    (Space::Local, addr - LOCAL_WINDOW)
                } else if in_window(CONST_WINDOW) {
                    (Space::Const, addr - CONST_WINDOW)
                } else {
                    (Space::Global, addr)
                }
            }
            s => (s, addr),
        };
        let fits = |len: u64| a <= len && size <= len - a;
        match space {
            Space::Global => {
                let allocs = &cx.mem.allocs;
                if let Some(al) = allocs.get(self.last_alloc) {
                    let o = a.wrapping_sub(al.base);
                    if o <= al.len && size <= al.len - o {
                        return Some(Region::Global(self.last_alloc, o));
                    }
                }
                let i = cx.mem.find(a, size)?;
                self.last_alloc = i;
                Some(Region::Global(i, a - allocs[i].base))
            }
            Space::Shared => fits(cx.shared_bytes).then_some(Region::Shared(a)),
            Space::Local => fits(cx.k.local_bytes).then_some(Region::Local(a)),
            Space::Const => fits(cx.consts.len() as u64).then_some(Region::Const(a)),
            Space::Param => fits(cx.params.len() as u64).then_some(Region::Param(a)),
            Space::Frame => fits(cx.k.frame_bytes).then_some(Region::Frame(a)),
            Space::Generic => None,
        }
    }

    pub(super) fn bad_access(&mut self, cx: &LaunchCtx, pc: usize, tid: u32, access: BadAccess) {
        let BadAccess { space, addr, size, store } = access;
        let what = if store { "write" } else { "read" };
        let detail = match space {
            Space::Shared => format!("shared offset {addr} (the block has {} bytes of shared memory)", cx.shared_bytes),
            Space::Const => {
                format!("constant offset {addr} (the module has {} bytes of __constant__ data)", cx.consts.len())
            }
            Space::Local => format!("local offset {addr} (each thread has {} bytes)", cx.k.local_bytes),
            Space::Param => format!("parameter offset {addr}"),
            Space::Frame => format!("call parameter offset {addr} (each thread has {} bytes)", cx.k.frame_bytes),
            _ => format!("address {addr:#x}, outside every allocation"),
        };
        self.report(cx, FindingKind::OutOfBounds, pc, tid, || {
            format!("out-of-bounds {what} of {size} bytes in {} memory: {detail}", space.name())
        });
    }

    /// The shadow's check of one thread's shared access of `size` bytes at `o`, reported.
    /// True when a copy load read unwritten bytes (not reported: the value carries that state).
    #[inline(always)]
    pub(super) fn shared_access(&mut self, cx: &LaunchCtx, pc: usize, tid: u32, ws: u32, at: SharedRef) -> bool {
        let who = Accessor { tid: tid as u16, warp_sync: ws };
        if self.shadow.try_access(who, at.offset, at.size, at.store) {
            return false;
        }
        self.shared_access_explained(cx, pc, who, at)
    }

    #[cold]
    #[inline(never)]
    pub(super) fn shared_access_explained(&mut self, cx: &LaunchCtx, pc: usize, who: Accessor, at: SharedRef) -> bool {
        let checked = self.shadow.access_explained(who, at.offset, at.size, at.store, at.copy_load);
        if let Some(hazard) = checked.hazard {
            self.report_hazard(cx, pc, who.tid as u32, hazard);
        }
        checked.copied_unwritten
    }

    #[cold]
    #[inline(never)]
    pub(super) fn report_hazard(&mut self, cx: &LaunchCtx, pc: usize, tid: u32, hazard: Hazard) {
        match hazard {
            Hazard::Unwritten { offset, holds_copy: false } => self.report(cx, FindingKind::UninitializedShared, pc, tid, || {
                format!("read of shared memory (offset {offset}) that no thread of the block has written")
            }),
            Hazard::Unwritten { offset, holds_copy: true } => self.report(cx, FindingKind::UninitializedShared, pc, tid, || {
                format!("read of shared memory (offset {offset}) that holds a copy of shared memory no thread of the block has written")
            }),
            Hazard::Race { offset, other, what } => {
                let who = match other {
                    None => "other threads".to_string(),
                    Some(o) => {
                        let o = Self::thread_coords(cx, o as u32);
                        format!("thread ({},{},{})", o[0], o[1], o[2])
                    }
                };
                self.report(cx, FindingKind::Race, pc, tid, || {
                    format!("{what} race on shared memory (offset {offset}): {who} accessed it earlier with no __syncthreads() in between")
                });
            }
        }
    }

    /// After a store of values from a copy load: the bytes that `lanes` stored hold copies of
    /// unwritten memory, so they stay unwritten (they still count as writes for races).
    #[cold]
    #[inline(never)]
    pub(super) fn mark_copied_unwritten(&mut self, w: &Warp, lanes: u32, base: Reg, off: i64, size: usize) {
        let addrs = w.regs[base.index()];
        for_lanes(lanes, |l| {
            // Copy stores are `st.shared`: the address is an offset in the block's shared memory.
            let o = addrs[l].wrapping_add(off as u64) as usize;
            self.shadow.mark_copied_unwritten((w.base_tid + l as u32) as u16, o, size);
        });
    }

    pub(super) fn mem_op(&mut self, cx: &LaunchCtx, w: &mut Warp, a: Access) -> Result<(), Fault> {
        let Access { n, space, ty, store, .. } = a;
        let done = !cx.slow_memory_path
            && match space {
                Space::Const | Space::Param if !store => self.ld_readonly_fast(cx, w, a),
                Space::Shared if n == 1 && ty.size() == 4 => return self.shared_32bit(cx, w, a),
                Space::Shared => self.shared_fast(cx, w, a),
                Space::Global => self.global_fast(cx, w, a),
                _ => false,
            };
        if done {
            return Ok(());
        }
        self.mem_op_slow(cx, w, a)
    }

    /// Any space, lane by lane, reporting the first bad access.
    pub(super) fn mem_op_slow(&mut self, cx: &LaunchCtx, w: &mut Warp, a: Access) -> Result<(), Fault> {
        let Access { pc, mask, space, ty, n, regs, base, off, store } = a;
        let esize = ty.size();
        let total = (esize * n as u32) as u64;
        let addrs = w.regs[base.index()];
        self.words.clear();
        let mut seen = LanesSeen::default();
        let mut result = Ok(());
        let mut m = mask;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            if self.slow_lane(cx, w, a, l, &mut seen).is_err() {
                result = Err(());
                break;
            }
        }
        let LanesSeen { global, shared, local, constant, param, copied_unwritten } = seen;
        if global != 0 {
            let (base_tid, offset) = (w.base_tid, off as u64);
            self.probes.global(&GlobalAccess {
                pc,
                base_tid,
                lanes: global,
                base: &addrs,
                offset,
                bytes: total,
                store,
            });
        }
        if shared != 0 {
            let conflicts = bank_conflicts(&mut self.words);
            self.probes.shared(&SharedAccess { pc, lanes: shared, bytes: total, store, conflicts });
        }
        for (space, lanes) in [(Space::Local, local), (Space::Const, constant), (Space::Param, param)] {
            if lanes != 0 {
                self.probes.other_memory(&OtherAccess { pc, space, lanes, bytes: total, store });
            }
        }
        if n == 1 {
            let r = regs[0].index();
            if store {
                let lanes = w.unwritten[r] & mask;
                if lanes != 0 && space == Space::Shared {
                    self.mark_copied_unwritten(w, lanes, base, off, total as usize);
                }
            } else {
                w.unwritten[r] = (w.unwritten[r] & !mask) | copied_unwritten;
            }
        }
        result
    }

    /// Lane `l` of a slow-path access: checked, performed, and noted in `seen`.
    fn slow_lane(
        &mut self,
        cx: &LaunchCtx,
        w: &mut Warp,
        a: Access,
        l: usize,
        seen: &mut LanesSeen,
    ) -> Result<(), Fault> {
        let Access { pc, space, ty, n, regs, base, off, store, .. } = a;
        let esize = ty.size();
        let total = (esize * n as u32) as u64;
        let tid = w.base_tid + l as u32;
        let addr = w.regs[base.index()][l].wrapping_add(off as u64);
        let Some(region) = self.resolve(cx, space, addr, total) else {
            self.bad_access(cx, pc, tid, BadAccess { space, addr, size: total, store });
            return Err(());
        };
        let inner = match region {
            Region::Global(_, o)
            | Region::Shared(o)
            | Region::Local(o)
            | Region::Const(o)
            | Region::Param(o)
            | Region::Frame(o) => o,
        };
        if inner % total.min(16) != 0 {
            let sp = match region {
                Region::Global(..) => "global",
                Region::Shared(_) => "shared",
                Region::Local(_) => "local",
                Region::Const(_) => "const",
                Region::Param(_) => "param",
                Region::Frame(_) => "call parameter",
            };
            self.report(cx, FindingKind::Misaligned, pc, tid, || {
                format!("misaligned {total}-byte access to {sp} memory at {addr:#x}")
            });
            return Err(());
        }
        match region {
            Region::Global(i, o) => {
                let al = &cx.mem.allocs[i];
                seen.global |= 1 << l;
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
            Region::Shared(o) => {
                seen.shared |= 1 << l;
                let copy_load = !store && cx.k.copy_load[pc];
                seen.copied_unwritten |= (self.shared_access(
                    cx,
                    pc,
                    tid,
                    w.sync_start,
                    SharedRef { offset: o as usize, size: total as usize, store, copy_load },
                ) as u32)
                    << l;
                for (k, &reg) in regs[..n as usize].iter().enumerate() {
                    let at = o as usize + k * esize as usize;
                    if store {
                        write_le(&mut self.shared, at, esize, w.regs[reg.index()][l]);
                    } else {
                        w.regs[reg.index()][l] = extend_loaded(read_le(&self.shared, at, esize), ty);
                    }
                }
                let mut word = o >> 2;
                while word << 2 < o + total {
                    self.words.push(word);
                    word += 1;
                }
            }
            Region::Local(o) | Region::Frame(o) => {
                let is_local = matches!(region, Region::Local(_));
                let mut at = tid as usize * cx.thread_frame() + o as usize;
                if !is_local {
                    at += cx.k.local_bytes as usize;
                }
                for (k, &reg) in regs[..n as usize].iter().enumerate() {
                    let at = at + k * esize as usize;
                    if store {
                        write_le(&mut self.local, at, esize, w.regs[reg.index()][l]);
                    } else {
                        w.regs[reg.index()][l] = extend_loaded(read_le(&self.local, at, esize), ty);
                    }
                }
                // Call parameters travel in registers on a GPU: not memory traffic.
                if is_local {
                    seen.local |= 1 << l;
                }
            }
            Region::Const(o) | Region::Param(o) => {
                let is_const = matches!(region, Region::Const(_));
                if store {
                    // st.param only appears in call sequences, which are refused at load.
                    self.report(cx, FindingKind::OutOfBounds, pc, tid, || {
                        "write to read-only (constant or parameter) memory".to_string()
                    });
                    return Err(());
                }
                let buf = if is_const { &cx.consts } else { &cx.params };
                for (k, &reg) in regs[..n as usize].iter().enumerate() {
                    let v = read_le(buf, o as usize + k * esize as usize, esize);
                    w.regs[reg.index()][l] = extend_loaded(v, ty);
                }
                if is_const {
                    seen.constant |= 1 << l;
                } else {
                    seen.param |= 1 << l;
                }
            }
        }
        Ok(())
    }
}

/// The lanes of a slow-path access that reached each kind of memory (for the probes), and the
/// loaded values that are copies of unwritten shared memory.
#[derive(Default)]
struct LanesSeen {
    global: u32,
    shared: u32,
    local: u32,
    constant: u32,
    param: u32,
    copied_unwritten: u32,
}
