//! Atomics (`atom`, `red`) in global and shared memory, and what they count. An `atom` returns
//! the old value: its global lanes are a read of global memory too, counted as a load (bytes,
//! request, sectors, compulsory bytes) so that a kernel cannot read its inputs unseen through
//! `atomicAdd(&x, 0)`; a `red` returns nothing and reads nothing the thread sees.

use super::*;

impl Runner {
    pub(super) fn atom(
        &mut self,
        cx: &LaunchCtx,
        w: &mut Warp,
        pc: usize,
        mask: u32,
        inst: AtomInst,
    ) -> Result<(), Stop> {
        let AtomInst { space, op, ty, d, base, off, b, c } = inst;
        let size = ty.size() as u64;
        let addrs = w.regs[base.index()];
        let bv = w.regs[b.index()];
        let cv = if c == NO_REG { [0; 32] } else { w.regs[c.index()] };
        let (mut global_lanes, mut shared_lanes) = (0u32, 0u32);
        let mut m = mask;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let tid = w.base_tid + l as u32;
            let addr = addrs[l].wrapping_add(off as u64);
            let region = match self.resolve(cx, space, addr, size) {
                Some(r @ (Region::Global(..) | Region::Shared(_))) => r,
                _ => {
                    let stop = self.checks.fault(
                        &cx.check,
                        pc,
                        tid,
                        BadAccess::OutOfBounds { space, addr, size, store: true },
                    );
                    self.atomic_done(
                        w,
                        inst,
                        &addrs,
                        AtomicAccess { pc, global_lanes, shared_lanes, bytes: size, completed: false },
                    );
                    return Err(stop);
                }
            };
            let inner = match region {
                Region::Global(_, o) | Region::Shared(o) => o,
                _ => 0,
            };
            // Sizes are 4 or 8 (16-bit atomics are 2): a mask, not a division per lane.
            if inner & (size - 1) != 0 {
                let stop = self.checks.fault(&cx.check, pc, tid, BadAccess::MisalignedAtomic { addr, size });
                self.atomic_done(
                    w,
                    inst,
                    &addrs,
                    AtomicAccess { pc, global_lanes, shared_lanes, bytes: size, completed: false },
                );
                return Err(stop);
            }
            let apply = |old: u64| atom_apply(op, ty, old, bv[l], cv[l]);
            let old = match region {
                Region::Global(i, o) => {
                    global_lanes |= 1 << l;
                    let al = &cx.mem.allocs[i];
                    if d != NO_REG {
                        al.mark_read(o, size as u32);
                    }
                    if size == 4 {
                        let a = al.atomic32(o);
                        let mut cur = a.load(std::sync::atomic::Ordering::Relaxed);
                        loop {
                            let new = apply(cur as u64) as u32;
                            match a.compare_exchange_weak(
                                cur,
                                new,
                                std::sync::atomic::Ordering::Relaxed,
                                std::sync::atomic::Ordering::Relaxed,
                            ) {
                                Ok(_) => break cur as u64,
                                Err(x) => cur = x,
                            }
                        }
                    } else {
                        let a = al.atomic64(o);
                        let mut cur = a.load(std::sync::atomic::Ordering::Relaxed);
                        loop {
                            let new = apply(cur);
                            match a.compare_exchange_weak(
                                cur,
                                new,
                                std::sync::atomic::Ordering::Relaxed,
                                std::sync::atomic::Ordering::Relaxed,
                            ) {
                                Ok(_) => break cur,
                                Err(x) => cur = x,
                            }
                        }
                    }
                }
                Region::Shared(o) => {
                    // One block runs on one host thread: plain read-modify-write is atomic here.
                    shared_lanes |= 1 << l;
                    let at = o as usize;
                    let old = read_le(&self.shared, at, size as u32);
                    write_le(&mut self.shared, at, size as u32, apply(old));
                    self.checks.shared_atomic(tid, at, size as usize);
                    old
                }
                _ => 0,
            };
            if d != NO_REG {
                w.regs[d.index()][l] = old;
            }
        }
        self.atomic_done(
            w,
            inst,
            &addrs,
            AtomicAccess { pc, global_lanes, shared_lanes, bytes: size, completed: true },
        );
        Ok(())
    }

    /// Tells the probes what the atomic did (`access`): the update, and for an `atom` the read of
    /// its global lanes, at the addresses the base register held before the destinations were
    /// written.
    fn atomic_done(&mut self, w: &Warp, inst: AtomInst, addrs: &[u64; 32], access: AtomicAccess) {
        if inst.d != NO_REG && access.global_lanes != 0 {
            self.probes.global(&GlobalAccess {
                pc: access.pc,
                base_tid: w.base_tid,
                lanes: access.global_lanes,
                base: addrs,
                offset: inst.off as u64,
                bytes: access.bytes,
                store: false,
                sectors: Default::default(),
            });
        }
        self.probes.atomic(&access);
    }
}

fn atom_apply(op: AtomOp, ty: Ty, old: u64, b: u64, c: u64) -> u64 {
    let t = |v: u64| ops::trunc(v, ty);
    match op {
        AtomOp::Add => match ty {
            Ty::F32 => ops::f32b(ops::f32v(old) + ops::f32v(b)),
            Ty::F64 => ops::f64b(ops::f64v(old) + ops::f64v(b)),
            _ => t(old.wrapping_add(b)),
        },
        AtomOp::Min => ops::bin(BinOp::Min, ty, old, b),
        AtomOp::Max => ops::bin(BinOp::Max, ty, old, b),
        AtomOp::Exch => t(b),
        AtomOp::Cas => {
            if t(old) == t(b) {
                t(c)
            } else {
                t(old)
            }
        }
        AtomOp::And => t(old & b),
        AtomOp::Or => t(old | b),
        AtomOp::Xor => t(old ^ b),
        AtomOp::Inc => {
            if t(old) >= t(b) {
                0
            } else {
                t(old + 1)
            }
        }
        AtomOp::Dec => {
            if t(old) == 0 || t(old) > t(b) {
                t(b)
            } else {
                t(old - 1)
            }
        }
    }
}
