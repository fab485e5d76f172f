//! Decoding arithmetic, comparisons, selects and bit fields.

use super::*;

pub(super) fn binary(cx: &mut Ctx, o: &Opcode, work: &mut Work) -> Result<Op, LoadError> {
    let base = o.base;
    let has = |m: &str| o.has(m);
    let ops = o.ops;
    let unknown = |cx: &Ctx| o.unknown(cx);
    let want = |cx: &Ctx, n: usize| o.want(cx, n);
    let ty = |cx: &Ctx| o.ty(cx);
    want(cx, 3)?;
    let t = ty(cx)?;
    Ok(if t == Ty::Pred {
        let d = cx.pred_src(&ops[0])?.0;
        let (a, aneg) = cx.pred_src(&ops[1])?;
        let (b, bneg) = cx.pred_src(&ops[2])?;
        let op = match base {
            "and" => PredOp::And,
            "or" => PredOp::Or,
            "xor" => PredOp::Xor,
            _ => return Err(unknown(cx)),
        };
        Op::Pred { op, d, a, aneg, b, bneg }
    } else {
        let op = match base {
            "add" if has("sat") && !t.is_float() => BinOp::AddSat,
            "sub" if has("sat") && !t.is_float() => BinOp::SubSat,
            "add" => BinOp::Add,
            "sub" => BinOp::Sub,
            "mul" if has("hi") => BinOp::MulHi,
            "mul" if has("wide") => BinOp::MulWide,
            "mul" => BinOp::MulLo,
            "min" => BinOp::Min,
            "max" => BinOp::Max,
            "div" => BinOp::Div,
            "rem" => BinOp::Rem,
            "and" => BinOp::And,
            "or" => BinOp::Or,
            "xor" => BinOp::Xor,
            "shl" => BinOp::Shl,
            "shr" => BinOp::Shr,
            _ => BinOp::Copysign,
        };
        if t.is_float() {
            if matches!(op, BinOp::Add | BinOp::Sub | BinOp::MulLo) {
                work.flops = 1;
            } else {
                work.other = 1;
            }
            if t == Ty::F16 {
                return Err(cx.err(format!("half-precision arithmetic (`{}`) is not supported", o.text)));
            }
        }
        if op == BinOp::MulWide && t.size() == 8 {
            return Err(cx.err(format!("`{}`: .wide needs a 16- or 32-bit type", o.text)));
        }
        if has("sat") && t.is_float() {
            return Err(cx.err(format!("`{}` (.sat on floats) is not supported", o.text)));
        }
        let d = cx.dst(&ops[0])?;
        let a = cx.src(&ops[1], t)?;
        let bt = if matches!(op, BinOp::Shl | BinOp::Shr) { Ty::U32 } else { t };
        let b = cx.src(&ops[2], bt)?;
        let rounded = match op {
            BinOp::Add => Some(RoundedOp::Add),
            BinOp::Sub => Some(RoundedOp::Sub),
            BinOp::MulLo => Some(RoundedOp::Mul),
            BinOp::Div => Some(RoundedOp::Div),
            _ => None,
        };
        match (directed_rounding(o, t), rounded) {
            (Some(rnd), Some(op)) => Op::Rounded { op, ty: t, rnd, d, a, b, c: a },
            _ => Op::Bin { op, ty: t, d, a, b },
        }
    })
}

pub(super) fn unary(cx: &mut Ctx, o: &Opcode, work: &mut Work) -> Result<Op, LoadError> {
    let base = o.base;
    let has = |m: &str| o.has(m);
    let ops = o.ops;
    let unknown = |cx: &Ctx| o.unknown(cx);
    let want = |cx: &Ctx, n: usize| o.want(cx, n);
    let ty = |cx: &Ctx| o.ty(cx);
    want(cx, 2)?;
    let t = ty(cx)?;
    Ok(if t == Ty::Pred {
        if base != "not" {
            return Err(unknown(cx));
        }
        let d = cx.pred_src(&ops[0])?.0;
        let (a, aneg) = cx.pred_src(&ops[1])?;
        Op::Pred { op: PredOp::Not, d, a, aneg, b: NO_PRED, bneg: false }
    } else {
        let op = match base {
            "neg" => UnOp::Neg,
            "abs" => UnOp::Abs,
            "not" => UnOp::Not,
            "cnot" => UnOp::Cnot,
            "popc" => UnOp::Popc,
            "clz" => UnOp::Clz,
            "brev" => UnOp::Brev,
            "bfind" if has("shiftamt") => UnOp::BfindShift,
            "bfind" => UnOp::Bfind,
            "rcp" => UnOp::Rcp,
            "sqrt" => UnOp::Sqrt,
            "rsqrt" => UnOp::Rsqrt,
            "ex2" => UnOp::Ex2,
            "lg2" => UnOp::Lg2,
            "sin" => UnOp::Sin,
            "cos" => UnOp::Cos,
            _ => UnOp::Tanh,
        };
        if t.is_float() {
            work.other = 1;
            if t == Ty::F16 {
                return Err(cx.err(format!("half-precision arithmetic (`{}`) is not supported", o.text)));
            }
        } else if !matches!(
            op,
            UnOp::Neg
                | UnOp::Abs
                | UnOp::Not
                | UnOp::Cnot
                | UnOp::Popc
                | UnOp::Clz
                | UnOp::Brev
                | UnOp::Bfind
                | UnOp::BfindShift
        ) {
            return Err(unknown(cx));
        }
        let d = cx.dst(&ops[0])?;
        let a = cx.src(&ops[1], t)?;
        let rounded = match op {
            UnOp::Rcp => Some(RoundedOp::Rcp),
            UnOp::Sqrt => Some(RoundedOp::Sqrt),
            _ => None,
        };
        match (directed_rounding(o, t), rounded) {
            (Some(rnd), Some(op)) => Op::Rounded { op, ty: t, rnd, d, a, b: a, c: a },
            _ => Op::Un { op, ty: t, d, a },
        }
    })
}

pub(super) fn mad(cx: &mut Ctx, o: &Opcode, work: &mut Work) -> Result<Op, LoadError> {
    let has = |m: &str| o.has(m);
    let ops = o.ops;
    let want = |cx: &Ctx, n: usize| o.want(cx, n);
    let ty = |cx: &Ctx| o.ty(cx);
    want(cx, 4)?;
    let t = ty(cx)?;
    let kind = if t.is_float() {
        work.flops = 2;
        if t == Ty::F16 {
            return Err(cx.err(format!("half-precision arithmetic (`{}`) is not supported", o.text)));
        }
        MadKind::Float
    } else if has("hi") {
        MadKind::Hi
    } else if has("wide") {
        MadKind::Wide
    } else if has("lo") {
        MadKind::Lo
    } else {
        return Err(cx.err(format!("`{}` needs .lo, .hi or .wide", o.text)));
    };
    if kind == MadKind::Wide && t.size() == 8 {
        return Err(cx.err(format!("`{}`: .wide needs a 16- or 32-bit type", o.text)));
    }
    let ct = if kind == MadKind::Wide { wide(t) } else { t };
    let d = cx.dst(&ops[0])?;
    let a = cx.src(&ops[1], t)?;
    let b = cx.src(&ops[2], t)?;
    let c = cx.src(&ops[3], ct)?;
    Ok(match directed_rounding(o, t) {
        Some(rnd) if kind == MadKind::Float => Op::Rounded { op: RoundedOp::Fma, ty: t, rnd, d, a, b, c },
        _ => Op::Mad { kind, ty: t, d, a, b, c },
    })
}

/// `.rz`, `.rm` or `.rp` on a float instruction (`.rn`, the default, needs nothing special).
fn directed_rounding(o: &Opcode, t: Ty) -> Option<Rnd> {
    if !t.is_float() {
        return None;
    }
    o.mods.iter().find_map(|m| match *m {
        "rz" => Some(Rnd::Rz),
        "rm" => Some(Rnd::Rm),
        "rp" => Some(Rnd::Rp),
        _ => None,
    })
}

pub(super) fn setp(cx: &mut Ctx, o: &Opcode, work: &mut Work) -> Result<Op, LoadError> {
    let base = o.base;
    let mods = &o.mods;
    let types = &o.types;
    let ops = o.ops;
    let unknown = |cx: &Ctx| o.unknown(cx);
    let want = |cx: &Ctx, n: usize| o.want(cx, n);
    let ty = |cx: &Ctx| o.ty(cx);
    want(cx, 3)?;
    let cmp =
        mods.iter().find_map(|m| parse_cmp(m)).ok_or_else(|| cx.err(format!("`{}` has no comparison", o.text)))?;
    let comb = mods.iter().find_map(|m| match *m {
        "and" => Some(BoolOp::And),
        "or" => Some(BoolOp::Or),
        "xor" => Some(BoolOp::Xor),
        _ => None,
    });
    let (st, dty) = if base == "set" {
        if types.len() < 2 {
            return Err(cx.err(format!("`{}` needs two types", o.text)));
        }
        (types[1], Some(types[0]))
    } else {
        (ty(cx)?, None)
    };
    if st.is_float() {
        work.other = 1;
    }
    let a = cx.src(&ops[1], st)?;
    let b = cx.src(&ops[2], st)?;
    Ok(if let Some(dty) = dty {
        if comb.is_some() {
            return Err(unknown(cx));
        }
        let d = cx.dst(&ops[0])?;
        Op::Set { cmp, ty: st, dty, d, a, b }
    } else {
        let (d, dn) = match &ops[0] {
            Operand::Pair(p, q) => (cx.pred(p)?, cx.pred(q)?),
            // A predicate declared in an inline asm block may be named without `%`.
            Operand::Reg(p) | Operand::Sym(p) => (cx.pred(p)?, NO_PRED),
            found => return Err(cx.err(format!("bad setp destination {found:?}"))),
        };
        let (c, cneg) = match comb {
            Some(_) => {
                want(cx, 4)?;
                cx.pred_src(&ops[3])?
            }
            None => (NO_PRED, false),
        };
        Op::Setp { cmp, ty: st, d, dn, a, b, comb, c, cneg }
    })
}

pub(super) fn selp(cx: &mut Ctx, o: &Opcode, _work: &mut Work) -> Result<Op, LoadError> {
    let ops = o.ops;
    let want = |cx: &Ctx, n: usize| o.want(cx, n);
    let ty = |cx: &Ctx| o.ty(cx);
    want(cx, 4)?;
    let t = ty(cx)?;
    let d = cx.dst(&ops[0])?;
    let a = cx.src(&ops[1], t)?;
    let b = cx.src(&ops[2], t)?;
    let (p, neg) = cx.pred_src(&ops[3])?;
    Ok(if neg { Op::Selp { d, a: b, b: a, p } } else { Op::Selp { d, a, b, p } })
}

pub(super) fn slct(cx: &mut Ctx, o: &Opcode, _work: &mut Work) -> Result<Op, LoadError> {
    let types = &o.types;
    let ops = o.ops;
    let want = |cx: &Ctx, n: usize| o.want(cx, n);
    want(cx, 4)?;
    if types.len() < 2 {
        return Err(cx.err("slct needs two types"));
    }
    let d = cx.dst(&ops[0])?;
    let a = cx.src(&ops[1], types[0])?;
    let b = cx.src(&ops[2], types[0])?;
    let c = cx.src(&ops[3], types[1])?;
    Ok(Op::Slct { ty: types[1], d, a, b, c })
}

pub(super) fn bfe(cx: &mut Ctx, o: &Opcode, _work: &mut Work) -> Result<Op, LoadError> {
    let ops = o.ops;
    let want = |cx: &Ctx, n: usize| o.want(cx, n);
    let ty = |cx: &Ctx| o.ty(cx);
    want(cx, 4)?;
    let t = ty(cx)?;
    let d = cx.dst(&ops[0])?;
    let a = cx.src(&ops[1], t)?;
    let b = cx.src(&ops[2], Ty::U32)?;
    let c = cx.src(&ops[3], Ty::U32)?;
    Ok(Op::Bfe { ty: t, d, a, b, c })
}

pub(super) fn bfi(cx: &mut Ctx, o: &Opcode, _work: &mut Work) -> Result<Op, LoadError> {
    let ops = o.ops;
    let want = |cx: &Ctx, n: usize| o.want(cx, n);
    let ty = |cx: &Ctx| o.ty(cx);
    want(cx, 5)?;
    let t = ty(cx)?;
    let d = cx.dst(&ops[0])?;
    let f = cx.src(&ops[1], t)?;
    let a = cx.src(&ops[2], t)?;
    let b = cx.src(&ops[3], Ty::U32)?;
    let c = cx.src(&ops[4], Ty::U32)?;
    Ok(Op::Bfi { ty: t, d, f, a, b, c })
}

pub(super) fn prmt(cx: &mut Ctx, o: &Opcode, _work: &mut Work) -> Result<Op, LoadError> {
    let mods = &o.mods;
    let ops = o.ops;
    let unknown = |cx: &Ctx| o.unknown(cx);
    let want = |cx: &Ctx, n: usize| o.want(cx, n);
    want(cx, 4)?;
    if mods.iter().any(|m| matches!(*m, "f4e" | "b4e" | "rc8" | "ecl" | "ecr" | "rc16")) {
        return Err(unknown(cx));
    }
    let d = cx.dst(&ops[0])?;
    let a = cx.src(&ops[1], Ty::U32)?;
    let b = cx.src(&ops[2], Ty::U32)?;
    let c = cx.src(&ops[3], Ty::U32)?;
    Ok(Op::Prmt { d, a, b, c })
}

/// `add.cc`, `addc`, `sub.cc`, `subc`, `mad.lo.cc`, `madc.hi` and the like: 32- or 64-bit
/// integer arithmetic through the carry flag (NVIDIA's double-precision sin/cos use them).
pub(super) fn carry(cx: &mut Ctx, o: &Opcode) -> Result<Op, LoadError> {
    let t = o.ty(cx)?;
    if t.is_float() || t.size() < 4 {
        return Err(o.unknown(cx));
    }
    let carry_in = o.base.ends_with('c');
    let carry_out = o.has("cc");
    let op = match o.base {
        "add" | "addc" => CarryOp::Add,
        "sub" | "subc" => CarryOp::Sub,
        _ if o.has("hi") => CarryOp::MadHi,
        _ if o.has("lo") => CarryOp::MadLo,
        _ => return Err(cx.err(format!("`{}` needs .lo or .hi", o.text))),
    };
    let mad = matches!(op, CarryOp::MadLo | CarryOp::MadHi);
    o.want(cx, if mad { 4 } else { 3 })?;
    let ops = o.ops;
    let d = cx.dst(&ops[0])?;
    let a = cx.src(&ops[1], t)?;
    let b = cx.src(&ops[2], t)?;
    let c = if mad { cx.src(&ops[3], t)? } else { a };
    let cc = cx.carry_flag()?;
    Ok(Op::Carry { op, ty: t, carry_in, carry_out, d, a, b, c, cc })
}

/// `sad.type d, a, b, c`: |a - b| + c.
pub(super) fn sad(cx: &mut Ctx, o: &Opcode) -> Result<Op, LoadError> {
    o.want(cx, 4)?;
    let t = o.ty(cx)?;
    if t.is_float() {
        return Err(o.unknown(cx));
    }
    let ops = o.ops;
    let d = cx.dst(&ops[0])?;
    let a = cx.src(&ops[1], t)?;
    let b = cx.src(&ops[2], t)?;
    let c = cx.src(&ops[3], t)?;
    Ok(Op::Mad { kind: MadKind::Sad, ty: t, d, a, b, c })
}

/// `shf.{l,r}.{wrap,clamp}.b32 d, a, b, c`: the funnel shift.
pub(super) fn shf(cx: &mut Ctx, o: &Opcode) -> Result<Op, LoadError> {
    o.want(cx, 4)?;
    let left = match (o.has("l"), o.has("r")) {
        (true, false) => true,
        (false, true) => false,
        _ => return Err(cx.err(format!("`{}` needs .l or .r", o.text))),
    };
    let ops = o.ops;
    let d = cx.dst(&ops[0])?;
    let a = cx.src(&ops[1], Ty::U32)?;
    let b = cx.src(&ops[2], Ty::U32)?;
    let c = cx.src(&ops[3], Ty::U32)?;
    Ok(Op::Shf { left, clamp: o.has("clamp"), d, a, b, c })
}

/// Whether an instruction works on halves (`.f16`, `.f16x2`).
pub(super) fn is_half(o: &Opcode) -> bool {
    o.has("f16x2") || o.types.first() == Some(&Ty::F16)
}

/// Half-precision arithmetic: `add`, `sub`, `mul`, `fma`, `neg`, `abs`, `min`, `max` on `.f16`
/// or `.f16x2`.
pub(super) fn half(cx: &mut Ctx, o: &Opcode, work: &mut Work) -> Result<Op, LoadError> {
    let pair = o.has("f16x2");
    let (op, operands) = match o.base {
        "add" => (HalfOp::Add, 3),
        "sub" => (HalfOp::Sub, 3),
        "mul" => (HalfOp::Mul, 3),
        "fma" => (HalfOp::Fma, 4),
        "neg" => (HalfOp::Neg, 2),
        "abs" => (HalfOp::Abs, 2),
        "min" => (HalfOp::Min, 3),
        "max" => (HalfOp::Max, 3),
        _ => return Err(o.unknown(cx)),
    };
    o.want(cx, operands)?;
    let halves = if pair { 2 } else { 1 };
    match op {
        HalfOp::Fma => work.flops = 2 * halves,
        HalfOp::Add | HalfOp::Sub | HalfOp::Mul => work.flops = halves,
        _ => work.other = halves,
    }
    let ty = if pair { Ty::U32 } else { Ty::F16 };
    let ops = o.ops;
    let d = cx.dst(&ops[0])?;
    let a = cx.src(&ops[1], ty)?;
    let b = if operands > 2 { cx.src(&ops[2], ty)? } else { a };
    let c = if operands > 3 { cx.src(&ops[3], ty)? } else { a };
    let rnd = directed_rounding(o, Ty::F16).unwrap_or(Rnd::Rn);
    Ok(Op::Half { op, pair, sat: o.has("sat"), rnd, d, a, b, c })
}
