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
