//! Decoding moves, conversions and address-space conversions.

use super::*;

pub(super) fn mov(cx: &mut Ctx, o: &Opcode, _work: &mut Work) -> Result<Op, LoadError> {
    let ops = o.ops;
    let want = |cx: &Ctx, n: usize| o.want(cx, n);
    let ty = |cx: &Ctx| o.ty(cx);
    want(cx, 2)?;
    let t = ty(cx)?;
    Ok(if t == Ty::Pred {
        let d = cx.pred_src(&ops[0])?.0;
        match &ops[1] {
            Operand::Int(v) => Op::PredConst { d, v: *v != 0 },
            // A launch without a cluster shape (the only kind the emulator runs).
            Operand::Reg(name) if name == "%is_explicit_cluster" => Op::PredConst { d, v: false },
            o => {
                let (a, aneg) = cx.pred_src(o)?;
                Op::Pred { op: PredOp::Mov, d, a, aneg, b: NO_PRED, bneg: false }
            }
        }
    } else {
        match (&ops[0], &ops[1]) {
            (Operand::Vector(v), src) => {
                let a = cx.src(src, t)?;
                let (parts, n) = vec_regs(cx, v, true)?;
                Op::Unpack { parts, n, bits: (t.size() * 8 / n as u32) as u8, a }
            }
            (d, Operand::Vector(v)) => {
                let d = cx.dst(d)?;
                let (parts, n) = vec_regs(cx, v, false)?;
                Op::Pack { d, parts, n, bits: (t.size() * 8 / n as u32) as u8 }
            }
            (d, Operand::Reg(name)) if clock(name).is_some() => {
                Op::ReadClock { d: cx.dst(d)?, clock: clock(name).expect("matched") }
            }
            (d, Operand::Reg(name)) if name == "%warpid" => Op::ReadWarpId { d: cx.dst(d)? },
            (d, s) => {
                let d = cx.dst(d)?;
                let a = cx.src(s, t)?;
                Op::Mov { d, a }
            }
        }
    })
}

pub(super) fn cvt(cx: &mut Ctx, o: &Opcode, work: &mut Work) -> Result<Op, LoadError> {
    let mods = &o.mods;
    let types = &o.types;
    let has = |m: &str| o.has(m);
    let ops = o.ops;
    let want = |cx: &Ctx, n: usize| o.want(cx, n);
    if has("f16x2") && types[..] == [Ty::F32] {
        // Two floats rounded to one pair of halves (NVRTC's __floats2half2_rn from sm_80 on).
        want(cx, 3)?;
        work.other = 2;
        let d = cx.dst(&ops[0])?;
        let (a, b) = (cx.src(&ops[1], Ty::F32)?, cx.src(&ops[2], Ty::F32)?);
        return Ok(Op::CvtHalfPair { relu: has("relu"), d, a, b });
    }
    want(cx, 2)?;
    if types.len() < 2 {
        return Err(cx.err(format!("`{}` needs two types", o.text)));
    }
    let (dty, sty) = (types[0], types[1]);
    let rnd = mods.iter().find_map(|m| parse_rnd(m)).unwrap_or(Rnd::Default);
    if dty.is_float() || sty.is_float() {
        work.other = 1;
    }
    let d = cx.dst(&ops[0])?;
    let a = cx.src(&ops[1], sty)?;
    Ok(Op::Cvt { dty, sty, rnd, sat: has("sat"), d, a })
}

pub(super) fn cvta(cx: &mut Ctx, o: &Opcode, _work: &mut Work) -> Result<Op, LoadError> {
    let mods = &o.mods;
    let has = |m: &str| o.has(m);
    let ops = o.ops;
    let unknown = |cx: &Ctx| o.unknown(cx);
    let want = |cx: &Ctx, n: usize| o.want(cx, n);
    want(cx, 2)?;
    let to = has("to");
    let space = mods.iter().find_map(|m| parse_space(m)).ok_or_else(|| unknown(cx))?;
    let d = cx.dst(&ops[0])?;
    let a = cx.src(&ops[1], Ty::U64)?;
    Ok(Op::Cvta { to, space, d, a })
}

/// A special register whose read is an op of its own (`ReadClock`, `ReadWarpId`): only a
/// `mov` reads it.
pub(super) fn read_by_op(name: &str) -> bool {
    clock(name).is_some() || name == "%warpid"
}

/// The clock a special register name reads, if it is one.
fn clock(name: &str) -> Option<Clock> {
    Some(match name {
        "%clock" => Clock::Cycles32,
        "%clock_hi" => Clock::CyclesHigh,
        "%clock64" => Clock::Cycles64,
        "%globaltimer" => Clock::Timer,
        "%globaltimer_lo" => Clock::TimerLow,
        "%globaltimer_hi" => Clock::TimerHigh,
        _ => return None,
    })
}
