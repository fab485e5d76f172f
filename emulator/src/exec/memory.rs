//! Memory accesses: where an address lands (`resolve`), and the general (slow) path that serves
//! every access lane by lane and hands the one it cannot perform to the checks.

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

    /// A load or store: in the executor's AVX2 copy (`WIDE`) inlined into it, so that it is
    /// compiled with its features; in the baseline copy a call (as the compiler did best there).
    #[inline(always)]
    pub(super) fn mem_op<const WIDE: bool>(&mut self, cx: &LaunchCtx, w: &mut Warp, a: Access) -> Result<(), Stop> {
        if WIDE {
            self.mem_op_inlined::<true>(cx, w, a)
        } else {
            self.mem_op_baseline(cx, w, a)
        }
    }

    fn mem_op_baseline(&mut self, cx: &LaunchCtx, w: &mut Warp, a: Access) -> Result<(), Stop> {
        self.mem_op_inlined::<false>(cx, w, a)
    }

    #[inline(always)]
    fn mem_op_inlined<const WIDE: bool>(&mut self, cx: &LaunchCtx, w: &mut Warp, a: Access) -> Result<(), Stop> {
        let Access { n, space, ty, store, .. } = a;
        let done = !cx.slow_memory_path
            && match space {
                Space::Const | Space::Param if !store => self.ld_readonly_fast::<WIDE>(cx, w, a),
                Space::Shared if n == 1 && ty.size() == 4 => {
                    return if WIDE {
                        self.shared_32bit_inlined::<true>(cx, w, a)
                    } else {
                        self.shared_32bit(cx, w, a)
                    };
                }
                Space::Shared => self.shared_fast(cx, w, a),
                Space::Global => self.global_fast(cx, w, a),
                Space::Local | Space::Frame => self.private_fast(cx, w, a),
                _ => false,
            };
        if done {
            return Ok(());
        }
        self.mem_op_slow(cx, w, a)
    }

    /// Any space, lane by lane, up to the first access that cannot be performed, which stops
    /// the launch.
    pub(super) fn mem_op_slow(&mut self, cx: &LaunchCtx, w: &mut Warp, a: Access) -> Result<(), Stop> {
        let Access { pc, mask, space, ty, n, regs, base, off, store } = a;
        let esize = ty.size();
        let total = (esize * n as u32) as u64;
        let addrs = w.regs[base.index()];
        let mut seen = LanesSeen::default();
        let mut bad = None;
        let mut m = mask;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            if let Err(access) = self.slow_lane(cx, w, a, l, &mut seen) {
                bad = Some((w.base_tid + l as u32, access));
                break;
            }
            m &= m - 1;
        }
        let LanesSeen { global, shared, local, constant, param, offsets } = seen;
        // The checks: the shared accesses of the lanes that ran, then the fault that stopped
        // the others. A generic store's values that went elsewhere are the shared check's too:
        // it follows values read from unwritten shared memory to where they are stored.
        let (base_tid, bytes) = (w.base_tid, total as u32);
        let access = SharedAccess {
            pc,
            base_tid,
            mask: mask & !m,
            lanes: shared,
            offsets: &offsets,
            bytes,
            store,
            ascending: false,
            in_a_row: false,
            values: &regs[..n as usize],
        };
        if shared != 0 || (store && space == Space::Generic) {
            self.checks.shared(&cx.check, &access);
        }
        let result = match bad {
            Some((tid, access)) => Err(self.checks.fault(&cx.check, pc, tid, access)),
            None => Ok(()),
        };
        if !store && global != 0 {
            self.global_load_latency(w, addrs[global.trailing_zeros() as usize].wrapping_add(off as u64));
        }
        if !store && shared != 0 {
            w.work += gpu::LoadLatency::Shared.work();
        }
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
                sectors: Default::default(),
            });
        }
        if shared != 0 {
            self.probes.shared(&access);
        }
        for (space, lanes) in [(Space::Local, local), (Space::Const, constant), (Space::Param, param)] {
            if lanes != 0 {
                self.probes.other_memory(&OtherAccess { pc, space, lanes, bytes: total, store });
            }
        }
        result
    }

    /// Lane `l` of a slow-path access: performed and noted in `seen`, or why it cannot be.
    fn slow_lane(
        &mut self,
        cx: &LaunchCtx,
        w: &mut Warp,
        a: Access,
        l: usize,
        seen: &mut LanesSeen,
    ) -> Result<(), BadAccess> {
        let Access { space, ty, n, regs, base, off, store, .. } = a;
        let esize = ty.size();
        let total = (esize * n as u32) as u64;
        let tid = w.base_tid + l as u32;
        let addr = w.regs[base.index()][l].wrapping_add(off as u64);
        let Some(region) = self.resolve(cx, space, addr, total) else {
            return Err(BadAccess::OutOfBounds { space, addr, size: total, store });
        };
        let inner = match region {
            Region::Global(_, o)
            | Region::Shared(o)
            | Region::Local(o)
            | Region::Const(o)
            | Region::Param(o)
            | Region::Frame(o) => o,
        };
        // A mask, not `%`: sizes are powers of two, and a division per lane was most of this path.
        let align = alignment(total);
        let misaligned = if align.is_power_of_two() { inner & (align - 1) } else { inner % align };
        if misaligned != 0 {
            let space = match region {
                Region::Global(..) => Space::Global,
                Region::Shared(_) => Space::Shared,
                Region::Local(_) => Space::Local,
                Region::Const(_) => Space::Const,
                Region::Param(_) => Space::Param,
                Region::Frame(_) => Space::Frame,
            };
            return Err(BadAccess::Misaligned { space, addr, size: total });
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
                seen.offsets[l] = o as u32;
                for (k, &reg) in regs[..n as usize].iter().enumerate() {
                    let at = o as usize + k * esize as usize;
                    if store {
                        write_le(&mut self.shared, at, esize, w.regs[reg.index()][l]);
                    } else {
                        w.regs[reg.index()][l] = extend_loaded(read_le(&self.shared, at, esize), ty);
                    }
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
                    return Err(BadAccess::ReadOnly);
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

/// The lanes of a slow-path access that reached each kind of memory (for the probes and the
/// checks), and the offsets of those that reached shared memory.
#[derive(Default)]
struct LanesSeen {
    global: u32,
    shared: u32,
    local: u32,
    constant: u32,
    param: u32,
    offsets: [u32; 32],
}
