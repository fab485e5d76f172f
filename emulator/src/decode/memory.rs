//! Decoding loads, stores and atomics.

use super::*;

pub(super) fn ld_st(cx: &mut Ctx, o: &Opcode, _work: &mut Work) -> Result<Op, LoadError> {
    let base = o.base;
    let mods = &o.mods;
    let has = |m: &str| o.has(m);
    let ops = o.ops;
    let want = |cx: &Ctx, n: usize| o.want(cx, n);
    let ty = |cx: &Ctx| o.ty(cx);
    want(cx, 2)?;
    let space = mods.iter().find_map(|m| parse_space(m)).unwrap_or(Space::Generic);
    let t = ty(cx)?;
    let n: u8 = if has("v2") {
        2
    } else if has("v4") {
        4
    } else {
        1
    };
    let (regs_op, addr_op) = if base == "st" { (&ops[1], &ops[0]) } else { (&ops[0], &ops[1]) };
    let (base_r, off) = cx.addr(addr_op)?;
    let space = match (space, addr_op) {
        (Space::Param, Operand::Addr(AddrBase::Sym(n), _))
            if matches!(cx.syms.get(n.as_str()), Some(Sym::Frame(_))) =>
        {
            Space::Frame
        }
        (Space::Param, _) if base == "st" => return Err(cx.err("stores to kernel parameters are not supported")),
        _ => space,
    };
    let mut rs = [NO_REG; 4];
    match regs_op {
        Operand::Vector(v) => {
            if v.len() != n as usize {
                return Err(cx.err(format!("`{}` with {} registers", o.text, v.len())));
            }
            for (k, o) in v.iter().enumerate() {
                rs[k] = if base == "st" { cx.src(o, t)? } else { cx.dst(o)? };
            }
        }
        o if n == 1 => rs[0] = if base == "st" { cx.src(o, t)? } else { cx.dst(o)? },
        found => return Err(cx.err(format!("`{}` expects a vector, found {found:?}", o.text))),
    }
    Ok(if base == "st" {
        if space == Space::Const {
            return Err(cx.err("stores to constant memory are not allowed"));
        }
        Op::St { space, ty: t, n, s: rs, base: base_r, off }
    } else {
        Op::Ld { space, ty: t, n, d: rs, base: base_r, off }
    })
}

pub(super) fn atom(cx: &mut Ctx, o: &Opcode, work: &mut Work) -> Result<Op, LoadError> {
    let base = o.base;
    let mods = &o.mods;
    let ops = o.ops;
    let unknown = |cx: &Ctx| o.unknown(cx);
    let want = |cx: &Ctx, n: usize| o.want(cx, n);
    let ty = |cx: &Ctx| o.ty(cx);
    let space = mods.iter().find_map(|m| parse_space(m)).unwrap_or(Space::Generic);
    let t = ty(cx)?;
    let op = mods
        .iter()
        .find_map(|m| {
            Some(match *m {
                "add" => AtomOp::Add,
                "min" => AtomOp::Min,
                "max" => AtomOp::Max,
                "exch" => AtomOp::Exch,
                "cas" => AtomOp::Cas,
                "and" => AtomOp::And,
                "or" => AtomOp::Or,
                "xor" => AtomOp::Xor,
                "inc" => AtomOp::Inc,
                "dec" => AtomOp::Dec,
                _ => return None,
            })
        })
        .ok_or_else(|| unknown(cx))?;
    if t.size() < 4 || (t.is_float() && op != AtomOp::Add) || t == Ty::F16 {
        return Err(unknown(cx));
    }
    if t.is_float() {
        work.flops = 1;
    }
    let (d, rest) = if base == "atom" {
        want(cx, 3)?;
        (cx.dst(&ops[0])?, &ops[1..])
    } else {
        want(cx, 2)?;
        (NO_REG, ops)
    };
    let (base_r, off) = cx.addr(&rest[0])?;
    let b = cx.src(&rest[1], t)?;
    let c = if op == AtomOp::Cas {
        if rest.len() < 3 {
            return Err(cx.err("atom.cas needs a compare and a swap value"));
        }
        cx.src(&rest[2], t)?
    } else {
        NO_REG
    };
    Ok(Op::Atom { space, op, ty: t, d, base: base_r, off, b, c })
}

/// `cp.async` and its groups: `cp.async.{ca,cg}.shared{::cta}.global{.L2::cache_hint}
/// {.L2::64B,128B,256B} [dst], [src], cp-size{, src-size | ignore-src}{, cache-policy}`,
/// `cp.async.commit_group`, `cp.async.wait_group N`, `cp.async.wait_all`. The cache and
/// prefetch hints change no value and are ignored. The bulk (TMA) copies and the mbarrier
/// completion are refused by name.
pub(super) fn cp_async(cx: &mut Ctx, o: &Opcode) -> Result<Op, LoadError> {
    let ops = o.ops;
    let refused = |cx: &Ctx, what: &str| {
        cx.err(format!(
            "`{}` is not supported: {what} (the emulator runs cp.async.ca/cg with commit_group and wait_group)",
            o.text
        ))
    };
    match o.mods.first().copied() {
        Some("async") => {}
        _ => return Err(o.unknown(cx)),
    }
    match o.mods.get(1).copied() {
        Some("commit_group") => return Ok(Op::CpAsyncCommit),
        Some("wait_all") => return Ok(Op::CpAsyncWait { keep: 0, all: true }),
        Some("wait_group") => {
            o.want(cx, 1)?;
            return match ops[0] {
                Operand::Int(n) if (0..=u32::MAX as i64).contains(&n) => {
                    Ok(Op::CpAsyncWait { keep: n as u32, all: false })
                }
                ref found => Err(cx.err(format!("`{}` needs a constant group count, found {found:?}", o.text))),
            };
        }
        Some("ca" | "cg") => {}
        Some("bulk") => {
            return Err(refused(cx, "bulk asynchronous copies (TMA) are a Hopper feature outside the course"))
        }
        Some("mbarrier") => return Err(refused(cx, "completing copies through an mbarrier (use cp.async.wait_group)")),
        _ => return Err(o.unknown(cx)),
    }
    if !(o.has("shared") || o.has("shared::cta")) || !o.has("global") {
        return Err(refused(cx, "only copies from .global to .shared (::cta) exist for cp.async.ca/cg"));
    }
    o.want(cx, 3)?;
    let bytes = match ops[2] {
        Operand::Int(b @ (4 | 8 | 16)) => b as u8,
        ref found => return Err(cx.err(format!("`{}`: the copy size must be 4, 8 or 16, found {found:?}", o.text))),
    };
    if o.has("cg") && bytes != 16 {
        return Err(cx.err(format!("`{}` copies 16 bytes, not {bytes}", o.text)));
    }
    let offset = |cx: &Ctx, off: i64| i32::try_from(off).map_err(|_| cx.err(format!("offset {off} is too large")));
    let (dst, dst_off) = cx.addr(&ops[0])?;
    let dst_off = offset(cx, dst_off)?;
    let (src, src_off) = cx.addr(&ops[1])?;
    let src_off = offset(cx, src_off)?;
    // The cache policy (a 64-bit register) comes last, and only with `.L2::cache_hint`.
    let mut rest = &ops[3..];
    if o.has("L2::cache_hint") {
        rest = &rest[..rest.len().saturating_sub(1)];
    }
    let (mut src_size, mut ignore_src, mut ignore_neg) = (NO_REG, NO_PRED, false);
    match rest {
        [] => {}
        [Operand::NotReg(_)] => (ignore_src, ignore_neg) = cx.pred_src(&rest[0])?,
        [Operand::Reg(n) | Operand::Sym(n)] if matches!(cx.regs.get(n.as_str()), Some((_, true))) => {
            (ignore_src, ignore_neg) = cx.pred_src(&rest[0])?
        }
        [size] => src_size = cx.src(size, Ty::U32)?,
        _ => return Err(cx.err(format!("`{}` has {} operands", o.text, ops.len()))),
    }
    if cx.copy_registers.is_none() {
        cx.copy_registers = Some([cx.new_slot()?, cx.new_slot()?, cx.new_slot()?, cx.new_slot()?]);
    }
    Ok(Op::CpAsync { bytes, dst, dst_off, src, src_off, src_size, ignore_src, ignore_neg })
}
