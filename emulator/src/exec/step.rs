//! One instruction of a warp: the semantics of every operation (values from `ops`), and the
//! branches, barriers and built-in calls that steer the warp.

use super::*;

/// `fma.rn` on every lane in `mask`. Rust's `mul_add` is exact (one rounding) everywhere; on
/// x86-64 without `-C target-feature=+fma` it is a library call per lane, so when the CPU has
/// FMA the loop is compiled a second time with it enabled and picked at run time.
#[inline(always)]
fn fused_multiply_add<const WIDE: bool>(w: &mut Warp, mask: u32, d: Reg, a: Reg, b: Reg, c: Reg, f64: bool) {
    if WIDE {
        // The executor's AVX2 copy has FMA already.
        return fused_multiply_add_lanes::<true>(w, mask, d, a, b, c, f64);
    }
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("fma") && std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU supports FMA and AVX2 (checked just above).
        unsafe { fused_multiply_add_hw(w, mask, d, a, b, c, f64) };
        return;
    }
    fused_multiply_add_lanes::<false>(w, mask, d, a, b, c, f64)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "fma,avx2")]
unsafe fn fused_multiply_add_hw(w: &mut Warp, mask: u32, d: Reg, a: Reg, b: Reg, c: Reg, f64: bool) {
    fused_multiply_add_lanes::<false>(w, mask, d, a, b, c, f64)
}

#[inline(always)]
fn fused_multiply_add_lanes<const WIDE: bool>(w: &mut Warp, mask: u32, d: Reg, a: Reg, b: Reg, c: Reg, f64: bool) {
    if f64 {
        w.map3::<WIDE>(mask, d, a, b, c, |x, y, z| ops::f64b(ops::f64v(x).mul_add(ops::f64v(y), ops::f64v(z))))
    } else {
        w.map3::<WIDE>(mask, d, a, b, c, |x, y, z| ops::f32b(ops::f32v(x).mul_add(ops::f32v(y), ops::f32v(z))))
    }
}

/// `add.cc`, `addc` and the like: rare (double-precision sin/cos), kept out of the hot loop.
#[cold]
#[inline(never)]
fn carry(w: &mut Warp, op: &Op, mask: u32) {
    let Op::Carry { op, ty, carry_in, carry_out, d, a, b, c, cc } = *op else { return };
    let (av, bv, cv, flags) = (w.regs[a.index()], w.regs[b.index()], w.regs[c.index()], w.regs[cc.index()]);
    let (mut dv, mut flags_out) = (w.regs[d.index()], flags);
    for_lanes(mask, |l| {
        let (r, carry) = ops::with_carry(op, ty, av[l], bv[l], cv[l], if carry_in { flags[l] } else { 0 });
        dv[l] = r;
        if carry_out {
            flags_out[l] = carry;
        }
    });
    w.regs[d.index()] = dv;
    w.regs[cc.index()] = flags_out;
}

/// Half-precision arithmetic: rare in this course's kernels, kept out of the hot loop.
#[cold]
#[inline(never)]
fn half(w: &mut Warp, op: &Op, mask: u32) {
    let Op::Half { op, pair, sat, rnd, d, a, b, c } = *op else { return };
    w.map3::<false>(mask, d, a, b, c, |x, y, z| ops::half(op, pair, sat, rnd, x, y, z));
}

impl Runner {
    /// The instruction at `pc`, run by the lanes of `mask` (the `active` ones whose guard
    /// held): one dispatch for every operation. The steering ones move the warp's lanes
    /// themselves; the others run where `mask` has lanes, then the warp steps on. The
    /// commonest (`fma.rn.f32`, loads, two-operand arithmetic) come first, a jump from here
    /// rather than through a group's own match as well (2.7% fewer CPU instructions per
    /// lane-instruction, callgrind on `emulator-bench --short`).
    #[inline(always)]
    pub(super) fn exec<const WIDE: bool>(
        &mut self,
        cx: &LaunchCtx,
        w: &mut Warp,
        pc: usize,
        inst: &Inst,
        (active, mask): (u32, u32),
    ) -> Result<(), Stop> {
        let run = mask != 0;
        match inst.op {
            Op::Bra { target } => {
                if w.branch(pc, target, active, mask) {
                    self.checks.back_edge(pc);
                }
                return Ok(());
            }
            Op::Exit => {
                w.exit(mask);
                return Ok(());
            }
            Op::WarpSync => {
                if w.warp_sync(pc, mask) {
                    self.checks.warp_sync((w.base_tid / 32) as usize);
                }
                return Ok(());
            }
            Op::Bar | Op::BarRed { .. } => {
                w.waiting |= mask;
                w.wait_at(pc, mask);
                return Ok(());
            }
            Op::Mad { kind: MadKind::Float, ty: Ty::F32, d, a, b, c } if run => {
                fused_multiply_add::<WIDE>(w, mask, d, a, b, c, false)
            }
            Op::Ld { space, ty, n, d, base, off } if run => {
                if let Some(v) = cx.readonly_values[pc] {
                    // A constant or parameter at a fixed address: a fill (`fast::readonly_values`).
                    fill_lanes::<WIDE>(&mut w.regs[d[0].index()], mask, v);
                    self.probes.other_memory(&OtherAccess {
                        pc,
                        space,
                        lanes: mask,
                        bytes: ty.size() as u64,
                        store: false,
                    });
                } else {
                    self.mem_op::<WIDE>(cx, w, Access { pc, mask, space, ty, n, regs: d, base, off, store: false })?
                }
            }
            Op::Bin { op, ty, d, a, b } if run => w.binary::<WIDE>(mask, op, ty, d, a, b),
            _ if !run => {}
            Op::Mov { .. }
            | Op::Bin { .. }
            | Op::Un { .. }
            | Op::Mad { .. }
            | Op::Rounded { .. }
            | Op::Carry { .. }
            | Op::Half { .. }
            | Op::Slct { .. }
            | Op::Cvt { .. } => self.arith::<WIDE>(cx, w, pc, inst, mask)?,
            Op::Setp { .. } | Op::Set { .. } | Op::Selp { .. } | Op::Pred { .. } | Op::PredConst { .. } => {
                self.compare::<WIDE>(cx, w, pc, inst, mask)?
            }
            Op::Bfe { .. }
            | Op::Bfi { .. }
            | Op::Prmt { .. }
            | Op::Pack { .. }
            | Op::Unpack { .. }
            | Op::Shf { .. } => self.bits::<WIDE>(cx, w, pc, inst, mask)?,
            Op::Cvta { .. } | Op::Ld { .. } | Op::St { .. } | Op::Atom { .. } => {
                self.memory::<WIDE>(cx, w, pc, inst, mask)?
            }
            Op::Shfl { .. } | Op::Vote { .. } | Op::Match { .. } => self.warp::<WIDE>(cx, w, pc, inst, mask)?,
            Op::Redux { .. } | Op::CvtHalfPair { .. } => self.rare(w, inst, mask)?,
            Op::CpAsync { .. } | Op::CpAsyncCommit | Op::CpAsyncWait { .. } => {
                self.async_copy(cx, w, pc, inst, mask)?
            }
            Op::Nop
            | Op::Printf { .. }
            | Op::AssertFail { .. }
            | Op::Trap
            | Op::BadCall { .. }
            | Op::CallTooDeep { .. }
            | Op::ReadClock { .. }
            | Op::ReadWarpId { .. }
            | Op::ActiveMask { .. } => self.builtin(cx, w, pc, inst, mask)?,
        }
        w.advance();
        Ok(())
    }

    /// Instructions a course kernel rarely has (sm_80's warp reductions, pairs of halves): out of
    /// the executor's loop, whose code the hot instructions share.
    #[cold]
    #[inline(never)]
    fn rare(&mut self, w: &mut Warp, inst: &Inst, mask: u32) -> Result<(), Stop> {
        match inst.op {
            Op::CvtHalfPair { relu, d, a, b } => {
                let half = |x: u64| {
                    let x = if relu && ops::f32v(x) < 0.0 { 0 } else { x };
                    ops::cvt(Ty::F16, Ty::F32, Rnd::Rn, false, x)
                };
                w.map2::<false>(mask, d, a, b, |x, y| (half(x) << 16) | half(y))
            }
            Op::Redux { op, signed, d, a, members } => {
                let av = w.regs[a.index()];
                let mv = w.regs[members.index()];
                let combine = |x: u32, y: u32| match op {
                    ReduxOp::Add => x.wrapping_add(y),
                    ReduxOp::Min if signed => (x as i32).min(y as i32) as u32,
                    ReduxOp::Max if signed => (x as i32).max(y as i32) as u32,
                    ReduxOp::Min => x.min(y),
                    ReduxOp::Max => x.max(y),
                    ReduxOp::And => x & y,
                    ReduxOp::Or => x | y,
                    ReduxOp::Xor => x ^ y,
                };
                let mut out = [0u64; 32];
                for_lanes(mask, |l| {
                    // Over the lanes of this lane's member mask that run it now.
                    let mut acc: Option<u32> = None;
                    for_lanes(mv[l] as u32 & mask, |k| {
                        let x = av[k] as u32;
                        acc = Some(acc.map_or(x, |y| combine(y, x)));
                    });
                    out[l] = acc.unwrap_or(0) as u64;
                });
                let dv = &mut w.regs[d.index()];
                for_lanes(mask, |l| dv[l] = out[l]);
            }
            _ => unreachable!("not a rare instruction"),
        }
        Ok(())
    }

    /// Arithmetic and conversions, lane-parallel.
    #[inline(always)]
    fn arith<const WIDE: bool>(
        &mut self,
        _cx: &LaunchCtx,
        w: &mut Warp,
        _pc: usize,
        _inst: &Inst,
        mask: u32,
    ) -> Result<(), Stop> {
        match _inst.op {
            Op::Mov { d, a } => w.copy::<WIDE>(mask, d, a),
            Op::Bin { op, ty, d, a, b } => w.binary::<WIDE>(mask, op, ty, d, a, b),
            Op::Un { op, ty, d, a } => w.map1::<WIDE>(mask, d, a, |x| ops::un(op, ty, x)),
            Op::Rounded { op, ty: Ty::F32, rnd, d, a, b, c } => {
                w.map3::<WIDE>(mask, d, a, b, c, |x, y, z| rounding::f32_op(op, rnd, x, y, z))
            }
            Op::Rounded { op, rnd, d, a, b, c, .. } => {
                w.map3::<WIDE>(mask, d, a, b, c, |x, y, z| rounding::f64_op(op, rnd, x, y, z))
            }
            Op::Carry { .. } => carry(w, &_inst.op, mask),
            Op::Half { .. } => half(w, &_inst.op, mask),
            Op::Mad { kind, ty, d, a, b, c } => match (kind, ty) {
                (MadKind::Float, Ty::F32) => fused_multiply_add::<WIDE>(w, mask, d, a, b, c, false),
                (MadKind::Float, _) => fused_multiply_add::<WIDE>(w, mask, d, a, b, c, true),
                (MadKind::Lo, Ty::S32 | Ty::U32) => w.map3::<WIDE>(mask, d, a, b, c, |x, y, z| {
                    (x as u32).wrapping_mul(y as u32).wrapping_add(z as u32) as u64
                }),
                (MadKind::Lo, _) => w.map3::<WIDE>(mask, d, a, b, c, |x, y, z| {
                    ops::trunc(ops::bin(BinOp::MulLo, ty, x, y).wrapping_add(z), ty)
                }),
                (MadKind::Hi, _) => w.map3::<WIDE>(mask, d, a, b, c, |x, y, z| {
                    ops::trunc(ops::bin(BinOp::MulHi, ty, x, y).wrapping_add(z), ty)
                }),
                (MadKind::Sad, _) => w.map3::<WIDE>(mask, d, a, b, c, |x, y, z| {
                    let difference = if ty.is_signed() {
                        ops::sext(x, ty).abs_diff(ops::sext(y, ty))
                    } else {
                        ops::trunc(x, ty).abs_diff(ops::trunc(y, ty))
                    };
                    ops::trunc(difference.wrapping_add(z), ty)
                }),
                (MadKind::Wide, _) => {
                    let wt = match ty {
                        Ty::S16 => Ty::S32,
                        Ty::U16 => Ty::U32,
                        _ => Ty::U64,
                    };
                    w.map3::<WIDE>(mask, d, a, b, c, |x, y, z| {
                        ops::trunc(ops::bin(BinOp::MulWide, ty, x, y).wrapping_add(z), wt)
                    })
                }
            },
            Op::Slct { ty, d, a, b, c } => w.map3::<WIDE>(mask, d, a, b, c, |x, y, z| {
                let pick_a = if ty == Ty::F32 { ops::f32v(z) >= 0.0 } else { (z as u32 as i32) >= 0 };
                if pick_a {
                    x
                } else {
                    y
                }
            }),
            // The course's common conversions in a lane loop each (`tests::convert` holds them
            // to `ops::cvt`, which the rest take lane by lane).
            Op::Cvt { dty, sty, rnd, sat, d, a } => {
                let to_integer = matches!(rnd, Rnd::Rni | Rnd::Rzi | Rnd::Rmi | Rnd::Rpi);
                let nearest = matches!(rnd, Rnd::Default | Rnd::Rn);
                match (dty, sty) {
                    (Ty::U64 | Ty::S64, Ty::U32) => w.map1::<WIDE>(mask, d, a, |x| x as u32 as u64),
                    (Ty::U64 | Ty::S64, Ty::S32) if !sat => {
                        w.map1::<WIDE>(mask, d, a, |x| x as u32 as i32 as i64 as u64)
                    }
                    // Narrowing, and widening an unsigned 16-bit value: the low bits.
                    (Ty::U16 | Ty::S16, Ty::U32 | Ty::S32 | Ty::U64 | Ty::S64) | (Ty::U32 | Ty::S32, Ty::U16)
                        if !sat =>
                    {
                        w.map1::<WIDE>(mask, d, a, |x| x & 0xffff)
                    }
                    (Ty::U32 | Ty::S32, Ty::U64 | Ty::S64) if !sat => w.map1::<WIDE>(mask, d, a, |x| x & 0xffff_ffff),
                    // Exact; a NaN keeps its payload, as `ops::cvt` does.
                    (Ty::F64, Ty::F32) if !sat && !to_integer => {
                        w.map1::<WIDE>(mask, d, a, |x| ops::f64b(ops::f32v(x) as f64))
                    }
                    // Rust's conversions saturate and take NaN to 0, as the GPU does here.
                    (Ty::S32, Ty::F32) if !sat && rnd == Rnd::Rzi => {
                        w.map1::<WIDE>(mask, d, a, |x| ops::f32v(x) as i32 as u32 as u64)
                    }
                    (Ty::F32, Ty::S32) if !sat && nearest => {
                        w.map1::<WIDE>(mask, d, a, |x| ops::f32b(x as u32 as i32 as f32))
                    }
                    (Ty::F32, Ty::U32) if !sat && nearest => w.map1::<WIDE>(mask, d, a, |x| ops::f32b(x as u32 as f32)),
                    _ => w.map1::<WIDE>(mask, d, a, |x| ops::cvt(dty, sty, rnd, sat, x)),
                }
            }
            _ => unreachable!("not a arith instruction"),
        }
        Ok(())
    }

    /// Comparisons, selects and predicate logic.
    #[inline(always)]
    fn compare<const WIDE: bool>(
        &mut self,
        _cx: &LaunchCtx,
        w: &mut Warp,
        _pc: usize,
        _inst: &Inst,
        mask: u32,
    ) -> Result<(), Stop> {
        match _inst.op {
            Op::Setp { cmp, ty, d, dn, a, b, comb, c, cneg } => {
                let av = w.regs[a.index()];
                let bv = w.regs[b.index()];
                let mut res = 0u32;
                // Integer compares: widen once, then one tight loop per comparison.
                macro_rules! int_cmp {
                ($conv:expr) => {{
                    let conv = $conv;
                    macro_rules! go {
                        // Every lane, then the mask: a loop with no closure, which LLVM keeps
                        // inlined and vectorised (the compares are pure).
                        ($op:tt) => {{
                            for l in 0..32 {
                                res |= ((conv(av[l]) $op conv(bv[l])) as u32) << l;
                            }
                            res &= mask;
                        }};
                    }
                    match cmp {
                        Cmp::Eq => go!(==),
                        Cmp::Ne => go!(!=),
                        Cmp::Lt => go!(<),
                        Cmp::Le => go!(<=),
                        Cmp::Gt => go!(>),
                        Cmp::Ge => go!(>=),
                        _ => for_lanes(mask, |l| res |= (ops::compare(cmp, ty, av[l], bv[l]) as u32) << l),
                    }
                }};
            }
                match ty {
                    Ty::S32 => int_cmp!(|x: u64| x as u32 as i32 as i64),
                    Ty::U32 => int_cmp!(|x: u64| x as u32 as i64),
                    Ty::S64 => int_cmp!(|x: u64| x as i64 as i128),
                    Ty::U64 => int_cmp!(|x: u64| x as i128),
                    // NVRTC compares bools and chars at 16 bits (`setp.ne.s16` after a byte load).
                    Ty::S16 => int_cmp!(|x: u64| x as u16 as i16 as i64),
                    Ty::U16 => int_cmp!(|x: u64| x as u16 as i64),
                    Ty::S8 => int_cmp!(|x: u64| x as u8 as i8 as i64),
                    Ty::U8 => int_cmp!(|x: u64| x as u8 as i64),
                    Ty::F32 | Ty::F64 => res = super::binary::float_compare::<WIDE>(cmp, ty, &av, &bv) & mask,
                    _ => for_lanes(mask, |l| res |= (ops::compare(cmp, ty, av[l], bv[l]) as u32) << l),
                }
                let (mut t, mut f) = (res, !res & mask);
                if let Some(bop) = comb {
                    let cv = w.preds[c.index()] ^ if cneg { FULL } else { 0 };
                    let apply = |x: u32| match bop {
                        BoolOp::And => x & cv,
                        BoolOp::Or => x | cv,
                        BoolOp::Xor => x ^ cv,
                    };
                    t = apply(t);
                    f = apply(f);
                }
                w.set_pred(d, mask, t);
                if dn != NO_PRED {
                    w.set_pred(dn, mask, f);
                }
            }
            Op::Set { cmp, ty, dty, d, a, b } => {
                let one = match dty {
                    Ty::F32 => 1f32.to_bits() as u64,
                    Ty::F16 => 0x3c00,
                    _ => 0xffff_ffff,
                };
                w.map2::<WIDE>(mask, d, a, b, |x, y| if ops::compare(cmp, ty, x, y) { one } else { 0 });
            }
            Op::Selp { d, a, b, p } => {
                let pv = w.preds[p.index()];
                let av = w.regs[a.index()];
                let bv = w.regs[b.index()];
                let dv = &mut w.regs[d.index()];
                for_lanes(mask, |l| dv[l] = if pv & (1 << l) != 0 { av[l] } else { bv[l] });
            }
            Op::Pred { op, d, a, aneg, b, bneg } => {
                let av = w.preds[a.index()] ^ if aneg { FULL } else { 0 };
                let bv = if b == NO_PRED { 0 } else { w.preds[b.index()] ^ if bneg { FULL } else { 0 } };
                let v = match op {
                    PredOp::And => av & bv,
                    PredOp::Or => av | bv,
                    PredOp::Xor => av ^ bv,
                    PredOp::Not => !av,
                    PredOp::Mov => av,
                };
                w.set_pred(d, mask, v);
            }
            Op::PredConst { d, v } => w.set_pred(d, mask, if v { FULL } else { 0 }),
            _ => unreachable!("not a compare instruction"),
        }
        Ok(())
    }

    /// Bit fields, byte permutes, and packing registers into wider ones.
    #[inline(always)]
    fn bits<const WIDE: bool>(
        &mut self,
        _cx: &LaunchCtx,
        w: &mut Warp,
        _pc: usize,
        _inst: &Inst,
        mask: u32,
    ) -> Result<(), Stop> {
        match _inst.op {
            Op::Shf { left, clamp, d, a, b, c } => w.map3::<WIDE>(mask, d, a, b, c, |lo, hi, n| {
                let n = if clamp { (n as u32).min(32) } else { n as u32 & 31 };
                let both = (hi as u32 as u64) << 32 | lo as u32 as u64;
                if left {
                    ((both << n) >> 32) as u32 as u64
                } else {
                    (both >> n) as u32 as u64
                }
            }),
            Op::Bfe { ty, d, a, b, c } => w.map3::<WIDE>(mask, d, a, b, c, |x, pos, len| {
                let width = ops::bits(ty);
                let pos = (pos & 0xff) as u32;
                let len = (len & 0xff) as u32;
                let signed = ty.is_signed();
                let msb = if len == 0 { 0 } else { (pos + len - 1).min(width - 1) };
                let sbit = if signed && len != 0 { (ops::trunc(x, ty) >> msb) & 1 } else { 0 };
                let mut r = 0u64;
                for i in 0..width {
                    let bit = if i < len && pos + i < width { (x >> (pos + i)) & 1 } else { sbit };
                    r |= bit << i;
                }
                ops::trunc(r, ty)
            }),
            Op::Bfi { ty, d, f, a, b, c } => {
                let fv = w.regs[f.index()];
                let av = w.regs[a.index()];
                let bv = w.regs[b.index()];
                let cv = w.regs[c.index()];
                let dv = &mut w.regs[d.index()];
                for_lanes(mask, |l| {
                    let width = ops::bits(ty);
                    let pos = (bv[l] & 0xff) as u32;
                    let len = (cv[l] & 0xff) as u32;
                    let mut r = av[l];
                    for i in 0..len {
                        if pos + i >= width {
                            break;
                        }
                        let bit = (fv[l] >> i) & 1;
                        r = (r & !(1 << (pos + i))) | (bit << (pos + i));
                    }
                    dv[l] = ops::trunc(r, ty);
                });
            }
            Op::Prmt { d, a, b, c } => w.map3::<WIDE>(mask, d, a, b, c, |x, y, sel| {
                let bytes = ((y as u32 as u64) << 32) | (x as u32 as u64);
                let mut r = 0u32;
                for i in 0..4 {
                    let s = ((sel as u32) >> (4 * i)) & 0xf;
                    let mut byte = ((bytes >> (8 * (s & 7))) & 0xff) as u32;
                    if s & 8 != 0 {
                        byte = if byte & 0x80 != 0 { 0xff } else { 0 };
                    }
                    r |= byte << (8 * i);
                }
                r as u64
            }),
            Op::Pack { d, parts, n, bits } => {
                let mut out = w.regs[d.index()];
                let m = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
                for_lanes(mask, |l| {
                    let mut v = 0u64;
                    for (k, &part) in parts[..n as usize].iter().enumerate() {
                        v |= (w.regs[part.index()][l] & m) << (k as u32 * bits as u32);
                    }
                    out[l] = v;
                });
                w.regs[d.index()] = out;
            }
            Op::Unpack { parts, n, bits, a } => {
                let av = w.regs[a.index()];
                let m = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
                for (k, &part) in parts[..n as usize].iter().enumerate() {
                    let dv = &mut w.regs[part.index()];
                    for_lanes(mask, |l| dv[l] = (av[l] >> (k as u32 * bits as u32)) & m);
                }
            }
            _ => unreachable!("not a bits instruction"),
        }
        Ok(())
    }

    /// Loads, stores, atomics and address-space conversions.
    #[inline(always)]
    fn memory<const WIDE: bool>(
        &mut self,
        cx: &LaunchCtx,
        w: &mut Warp,
        pc: usize,
        _inst: &Inst,
        mask: u32,
    ) -> Result<(), Stop> {
        match _inst.op {
            Op::Cvta { to, space, d, a } => {
                let window = match space {
                    Space::Shared => SHARED_WINDOW,
                    Space::Local => LOCAL_WINDOW,
                    Space::Const => CONST_WINDOW,
                    _ => 0,
                };
                if to {
                    w.map1::<WIDE>(mask, d, a, |x| x.wrapping_sub(window));
                } else {
                    w.map1::<WIDE>(mask, d, a, |x| x.wrapping_add(window));
                }
            }
            Op::Ld { space, ty, n, d, base, off } => {
                self.mem_op::<WIDE>(cx, w, Access { pc, mask, space, ty, n, regs: d, base, off, store: false })?
            }
            Op::St { space, ty, n, s, base, off } => {
                self.mem_op::<WIDE>(cx, w, Access { pc, mask, space, ty, n, regs: s, base, off, store: true })?
            }
            Op::Atom { space, op, ty, d, base, off, b, c } => {
                self.atom(cx, w, pc, mask, AtomInst { space, op, ty, d, base, off, b, c })?
            }
            _ => unreachable!("not a memory instruction"),
        }
        Ok(())
    }

    /// Warp shuffles and votes.
    #[inline(always)]
    fn warp<const WIDE: bool>(
        &mut self,
        _cx: &LaunchCtx,
        w: &mut Warp,
        _pc: usize,
        _inst: &Inst,
        mask: u32,
    ) -> Result<(), Stop> {
        match _inst.op {
            Op::Shfl { mode, d, dp, a, b, c } => {
                let av = w.regs[a.index()];
                let bv = w.regs[b.index()];
                let cv = w.regs[c.index()];
                let mut out = w.regs[d.index()];
                let mut pv = 0u32;
                for_lanes(mask, |l| {
                    let lane = l as u32;
                    let bval = (bv[l] as u32) & 31;
                    let clamp = (cv[l] as u32) & 31;
                    let seg = ((cv[l] as u32) >> 8) & 31;
                    let min_lane = lane & seg;
                    let max_lane = min_lane | (clamp & !seg);
                    let (j, ok) = match mode {
                        ShflMode::Up => (lane.wrapping_sub(bval), lane >= bval && lane - bval >= min_lane),
                        ShflMode::Down => (lane + bval, lane + bval <= max_lane),
                        ShflMode::Bfly => (lane ^ bval, (lane ^ bval) <= max_lane),
                        ShflMode::Idx => {
                            let j = min_lane | (bval & !seg);
                            (j, j <= max_lane)
                        }
                    };
                    let j = if ok { j } else { lane };
                    out[l] = av[j as usize];
                    pv |= (ok as u32) << l;
                });
                w.regs[d.index()] = out;
                if dp != NO_PRED {
                    w.set_pred(dp, mask, pv);
                }
            }
            Op::Match { all, wide, d, dp, a, members } => {
                let av = w.regs[a.index()];
                let value = |l: usize| if wide { av[l] } else { av[l] & 0xffff_ffff };
                let mv = w.regs[members.index()];
                let mut out = [0u64; 32];
                let mut uniform = 0u32;
                for_lanes(mask, |l| {
                    // The lanes of this lane's member mask that run it now.
                    let group = mv[l] as u32 & mask;
                    let mut same = 0u32;
                    for_lanes(group, |k| same |= ((value(k) == value(l)) as u32) << k);
                    out[l] = match (all, same == group) {
                        (false, _) => same as u64,
                        (true, true) => group as u64,
                        (true, false) => 0,
                    };
                    uniform |= ((same == group) as u32) << l;
                });
                let dv = &mut w.regs[d.index()];
                for_lanes(mask, |l| dv[l] = out[l]);
                if all && dp != NO_PRED {
                    w.set_pred(dp, mask, uniform);
                }
            }
            Op::Vote { mode, d, dp, a, aneg, members } => {
                let p = (w.preds[a.index()] ^ if aneg { FULL } else { 0 }) & mask;
                let mv = w.regs[members.index()];
                let mut result = 0u32;
                let mut ballots = [0u64; 32];
                for_lanes(mask, |l| {
                    let group = mv[l] as u32 & mask;
                    let set = p & group;
                    ballots[l] = set as u64;
                    let holds = match mode {
                        VoteMode::Ballot | VoteMode::Any => set != 0,
                        VoteMode::All => set == group,
                        VoteMode::Uni => set == 0 || set == group,
                    };
                    result |= (holds as u32) << l;
                });
                if mode == VoteMode::Ballot {
                    let dv = &mut w.regs[d.index()];
                    for_lanes(mask, |l| dv[l] = ballots[l]);
                } else {
                    w.set_pred(dp, mask, result);
                }
            }
            _ => unreachable!("not a warp instruction"),
        }
        Ok(())
    }

    /// The built-in calls (printf, assert) and the call-depth stop.
    #[inline(always)]
    fn builtin(&mut self, cx: &LaunchCtx, w: &mut Warp, pc: usize, _inst: &Inst, mask: u32) -> Result<(), Stop> {
        match _inst.op {
            Op::Nop => {}
            Op::ReadClock { d, clock } => {
                let work = w.work + self.checks.lane_instructions() - w.run_from;
                let (cycles, ns) = (self.clocks.cycles(work), self.clocks.ns(work));
                let v = match clock {
                    Clock::Cycles32 => cycles as u32 as u64,
                    Clock::CyclesHigh => cycles >> 32,
                    Clock::Cycles64 => cycles,
                    Clock::Timer => ns,
                    Clock::TimerLow => ns as u32 as u64,
                    Clock::TimerHigh => ns >> 32,
                };
                w.map1::<false>(mask, d, d, |_| v);
            }
            Op::ReadWarpId { d } => {
                let rank = (w.base_tid / 32) as u64;
                w.map1::<false>(mask, d, d, |_| rank);
                let tid = w.base_tid + mask.trailing_zeros();
                self.checks.report(&cx.check, FindingKind::Unportable, pc, tid, || Detail::WarpId);
            }
            Op::ActiveMask { d } => {
                let active = w.active as u64;
                w.map1::<false>(mask, d, d, |_| active);
            }
            Op::Printf { fmt, args, ret } => self.printf(cx, w, mask, fmt, args, ret),
            Op::AssertFail { message, file, line, function } => {
                return self.assert_fail(cx, w, pc, mask, [message, file, line, function]);
            }
            Op::Trap => {
                let tid = w.base_tid + mask.trailing_zeros();
                return Err(self.checks.stop(&cx.check, FindingKind::Assertion, pc, tid, || Detail::Trap));
            }
            Op::BadCall { a } => {
                let lane = mask.trailing_zeros();
                let pointer = w.regs[a.index()][lane as usize];
                return Err(self
                    .checks
                    .stop(&cx.check, FindingKind::OutOfBounds, pc, w.base_tid + lane, || Detail::BadCall { pointer }));
            }
            Op::CallTooDeep { too_large } => {
                let tid = w.base_tid + mask.trailing_zeros();
                return Err(self.checks.stop(&cx.check, FindingKind::CallDepth, pc, tid, || {
                    if too_large {
                        Detail::InlinedTooLarge { limit: crate::inline::MAX_INLINED }
                    } else {
                        Detail::CallsTooDeep { limit: crate::inline::MAX_CALL_DEPTH }
                    }
                }));
            }
            _ => unreachable!("not a builtin instruction"),
        }
        Ok(())
    }
}
