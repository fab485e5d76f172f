//! Decoding branches, barriers, exits, warp shuffles and votes, and the calls left after inlining.

use super::*;

pub(super) fn bra(cx: &mut Ctx, o: &Opcode, _work: &mut Work) -> Result<Op, LoadError> {
    let base = o.base;
    let ops = o.ops;
    let unknown = |cx: &Ctx| o.unknown(cx);
    let want = |cx: &Ctx, n: usize| o.want(cx, n);
    want(cx, 1)?;
    if base == "brx" {
        return Err(unknown(cx));
    }
    let target = match &ops[0] {
        Operand::Sym(l) => *cx.labels.get(l).ok_or_else(|| cx.err(format!("unknown label `{l}`")))?,
        found => return Err(cx.err(format!("bad branch target {found:?}"))),
    };
    Ok(Op::Bra { target })
}

pub(super) fn bar(cx: &mut Ctx, o: &Opcode, _work: &mut Work) -> Result<Op, LoadError> {
    let mods = &o.mods;
    let has = |m: &str| o.has(m);
    let ops = o.ops;
    let unknown = |cx: &Ctx| o.unknown(cx);
    Ok(if has("warp") {
        Op::WarpSync
    } else if has("red") {
        bar_red(cx, o)?
    } else if has("sync") || has("aligned") || mods.is_empty() {
        if ops.len() > 1 {
            return Err(cx.err("barriers with a thread count are not supported"));
        }
        if let Some(Operand::Int(id)) = ops.first() {
            if *id != 0 {
                return Err(cx.err("named barriers other than 0 are not supported"));
            }
        }
        Op::Bar
    } else {
        return Err(unknown(cx));
    })
}

/// `bar.red.popc.u32 d, a{, b}, {!}c;` and `bar.red.{and,or}.pred p, a{, b}, {!}c;`.
fn bar_red(cx: &mut Ctx, o: &Opcode) -> Result<Op, LoadError> {
    let ops = o.ops;
    if ops.len() != 3 {
        return Err(cx.err("barrier reductions with a thread count are not supported"));
    }
    if !matches!(ops[1], Operand::Int(0)) {
        return Err(cx.err("named barriers other than 0 are not supported"));
    }
    let (c, cneg) = cx.pred_src(&ops[2])?;
    Ok(if o.has("popc") {
        Op::BarRed { mode: BarRedMode::Popc, d: cx.dst(&ops[0])?, dp: NO_PRED, c, cneg }
    } else {
        let mode = if o.has("and") {
            BarRedMode::And
        } else if o.has("or") {
            BarRedMode::Or
        } else {
            return Err(o.unknown(cx));
        };
        Op::BarRed { mode, d: NO_REG, dp: cx.pred_src(&ops[0])?.0, c, cneg }
    })
}

/// `ret`, `exit`, and `trap`, which ends the launch when a thread executes it.
pub(super) fn exit(_cx: &mut Ctx, o: &Opcode, _work: &mut Work) -> Result<Op, LoadError> {
    Ok(if o.base == "trap" { Op::Trap } else { Op::Exit })
}

pub(super) fn shfl(cx: &mut Ctx, o: &Opcode, _work: &mut Work) -> Result<Op, LoadError> {
    let has = |m: &str| o.has(m);
    let ops = o.ops;
    let unknown = |cx: &Ctx| o.unknown(cx);
    let want = |cx: &Ctx, n: usize| o.want(cx, n);
    want(cx, 4)?;
    let mode = if has("up") {
        ShflMode::Up
    } else if has("down") {
        ShflMode::Down
    } else if has("bfly") {
        ShflMode::Bfly
    } else if has("idx") {
        ShflMode::Idx
    } else {
        return Err(unknown(cx));
    };
    let (d, dp) = match &ops[0] {
        Operand::Pair(r, p) => (cx.reg(r)?, cx.pred(p)?),
        o => (cx.dst(o)?, NO_PRED),
    };
    let a = cx.src(&ops[1], Ty::U32)?;
    let b = cx.src(&ops[2], Ty::U32)?;
    let c = cx.src(&ops[3], Ty::U32)?;
    Ok(Op::Shfl { mode, d, dp, a, b, c })
}

pub(super) fn vote(cx: &mut Ctx, o: &Opcode, _work: &mut Work) -> Result<Op, LoadError> {
    let has = |m: &str| o.has(m);
    let ops = o.ops;
    let unknown = |cx: &Ctx| o.unknown(cx);
    let want = |cx: &Ctx, n: usize| o.want(cx, n);
    want(cx, 2)?;
    let mode = if has("all") {
        VoteMode::All
    } else if has("any") {
        VoteMode::Any
    } else if has("uni") {
        VoteMode::Uni
    } else if has("ballot") {
        VoteMode::Ballot
    } else {
        return Err(unknown(cx));
    };
    let (a, aneg) = cx.pred_src(&ops[1])?;
    // `vote.sync` names its members; the old `vote` has the whole warp.
    let members = cx.src(ops.get(2).unwrap_or(&Operand::Int(-1)), Ty::U32)?;
    Ok(if mode == VoteMode::Ballot {
        Op::Vote { mode, d: cx.dst(&ops[0])?, dp: NO_PRED, a, aneg, members }
    } else {
        Op::Vote { mode, d: NO_REG, dp: cx.pred_src(&ops[0])?.0, a, aneg, members }
    })
}

/// `match.any.sync.b32 d, a, membermask;` and `match.all.sync.b64 d{|p}, a, membermask;`.
pub(super) fn matching(cx: &mut Ctx, o: &Opcode, _work: &mut Work) -> Result<Op, LoadError> {
    o.want(cx, 3)?;
    let all = if o.has("all") {
        true
    } else if o.has("any") {
        false
    } else {
        return Err(o.unknown(cx));
    };
    let wide = o.has("b64");
    let (d, dp) = match &o.ops[0] {
        Operand::Pair(r, p) => (cx.reg(r)?, cx.pred(p)?),
        op => (cx.dst(op)?, NO_PRED),
    };
    let a = cx.src(&o.ops[1], if wide { Ty::U64 } else { Ty::U32 })?;
    let members = cx.src(&o.ops[2], Ty::U32)?;
    Ok(Op::Match { all, wide, d, dp, a, members })
}

/// `redux.sync.{add,min,max}.{u32,s32} d, a, membermask;` and `redux.sync.{and,or,xor}.b32`.
pub(super) fn redux(cx: &mut Ctx, o: &Opcode, _work: &mut Work) -> Result<Op, LoadError> {
    o.want(cx, 3)?;
    let op = [
        ("add", ReduxOp::Add),
        ("min", ReduxOp::Min),
        ("max", ReduxOp::Max),
        ("and", ReduxOp::And),
        ("or", ReduxOp::Or),
        ("xor", ReduxOp::Xor),
    ]
    .into_iter()
    .find_map(|(m, op)| o.has(m).then_some(op));
    // The float forms (`redux.sync.min.f32`, sm_100a) are not among them.
    let (Some(op), false) = (op, o.types.iter().any(|t| t.is_float())) else { return Err(o.unknown(cx)) };
    let signed = o.types.iter().any(|t| t.is_signed());
    let d = cx.dst(&o.ops[0])?;
    let a = cx.src(&o.ops[1], Ty::U32)?;
    let members = cx.src(&o.ops[2], Ty::U32)?;
    Ok(Op::Redux { op, signed, d, a, members })
}

/// Calls left after inlining: those to functions the module only declares (calls through a
/// function pointer are inlined as a dispatch). `vprintf` and `__assertfail` (what `printf` and
/// a failed `assert` call) are built in.
pub(super) fn call(cx: &mut Ctx, i: &Instruction) -> Result<Op, LoadError> {
    let site = call_site(i).ok_or_else(|| cx.err("malformed `call`"))?;
    let name = match site.callee {
        Operand::Sym(n) => n.as_str(),
        o => return Err(cx.err(format!("unsupported callee {o:?}"))),
    };
    let frame_offset = |cx: &Ctx, o: &Operand| -> Result<u32, LoadError> {
        match o {
            Operand::Sym(n) => match cx.syms.get(n.as_str()) {
                Some(Sym::Frame(off)) => Ok(*off as u32),
                _ => Err(cx.err(format!("`call {name}`: argument `{n}` is not a call parameter"))),
            },
            o => Err(cx.err(format!("`call {name}`: unsupported argument {o:?}"))),
        }
    };
    let arg = |cx: &Ctx, k: usize| -> Result<u32, LoadError> {
        let o = site.args.get(k).ok_or_else(|| cx.err(format!("`call {name}` with too few arguments")))?;
        frame_offset(cx, o)
    };
    match name {
        "vprintf" => Ok(Op::Printf {
            fmt: arg(cx, 0)?,
            args: arg(cx, 1)?,
            ret: match site.returns.first() {
                Some(o) => frame_offset(cx, o)?,
                None => u32::MAX,
            },
        }),
        "__assertfail" => Ok(Op::AssertFail { message: arg(cx, 0)?, file: arg(cx, 1)?, line: arg(cx, 2)?, function: arg(cx, 3)? }),
        _ => Err(cx.err(format!(
            "calls to `{name}` are not supported: the module declares it without a body (the emulator runs `printf`, `assert` and the kernel's own functions, followed {MAX_CALL_DEPTH} calls deep)"
        ))),
    }
}

/// `activemask.b32 d`.
pub(super) fn activemask(cx: &mut Ctx, o: &Opcode) -> Result<Op, LoadError> {
    o.want(cx, 1)?;
    Ok(Op::ActiveMask { d: cx.dst(&o.ops[0])? })
}
