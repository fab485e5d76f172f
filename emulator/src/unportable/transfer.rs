//! What each operation makes of the levels of its operands (see the module's text): the
//! results it writes, and the uses it makes of values a GPU gives otherwise.

use super::*;

/// The results of an instruction: (state key, value).
type Writes = Vec<(u32, Val)>;

fn r(reg: Reg) -> u32 {
    reg.0 as u32
}

/// Any operand that is not clean makes the result differ between GPUs (a division, a shift
/// right, a float conversion of an address: its high bits decide).
fn opaque(vals: &[Val]) -> Val {
    let top = vals.iter().fold(CLEAN, |a, &v| a.join(v));
    top.at(if top.clean() { Level::Clean } else { Level::Tainted })
}

impl Analysis<'_> {
    /// Level of `a op b` on integers.
    fn binary(&self, op: BinOp, ty: Ty, (a, b): (Reg, Reg), (x, y): (Val, Val)) -> Val {
        let top = x.join(y);
        if top.clean() || top.tainted() || ty.is_float() {
            return opaque(&[x, y]);
        }
        // One operand placed at least, none tainted.
        let placed = top.at(Level::Placed);
        let small_const = |reg: Reg, v: Val, limit: u64| v.clean() && self.konst(reg).is_some_and(|c| c < limit);
        // A mask that clears only low bits (`p & ~15`): the pointer aligned down.
        let aligns_down = |reg: Reg, v: Val| {
            let bits = 8 * ty.size().min(8);
            let all = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
            v.clean() && self.konst(reg).is_some_and(|c| (c | 0xff) & all == all)
        };
        // Placed is a pointer: what keeps one (an offset added, a pointer difference, an
        // alignment) stays placed or becomes clean; anything else that reads its high bits
        // (a shift, a product, a mask of high bits, a bitwise or) makes a number that differs
        // between GPUs, which no null test may excuse.
        match op {
            BinOp::Add if x.clean() || y.clean() => placed,
            // A pointer difference is the same everywhere.
            BinOp::Sub if x.level == Level::Placed && y.level == Level::Placed => CLEAN,
            BinOp::Sub if y.clean() => placed,
            // An alignment test: `(uintptr_t)p % 16`, as `p & 15`.
            BinOp::And if small_const(b, y, 256) || small_const(a, x, 256) => CLEAN,
            BinOp::And if aligns_down(b, y) || aligns_down(a, x) => placed,
            BinOp::Rem if y.clean() && self.konst(b).is_some_and(|c| c.is_power_of_two() && c <= 256) => CLEAN,
            _ => top.at(Level::Tainted),
        }
    }

    /// Level of a comparison of `x` with `y` (in `b`, clean when one is placed: see `compare`):
    /// pointers compared with each other or with null are
    /// the same everywhere, with another number not.
    fn comparison(&self, b: Reg, (x, y): (Val, Val)) -> Val {
        let top = x.join(y);
        match (x.level, y.level) {
            (Level::Tainted, _) | (_, Level::Tainted) => top,
            (Level::Placed, Level::Placed) | (Level::Clean, Level::Clean) => CLEAN,
            (Level::Placed, Level::Clean) if self.konst(b) == Some(0) => CLEAN,
            _ => top.at(Level::Tainted),
        }
    }

    fn load(&self, pc: usize, space: Space, ty: Ty, n: u8, base: Reg, off: i64) -> Val {
        match space {
            // The course's kernels take pointers and 4-byte numbers: an 8-byte parameter is a buffer.
            Space::Param if ty.size() == 8 && !ty.is_float() && n == 1 => {
                Val::source(Level::Placed, GpuValue::BufferAddress, pc)
            }
            Space::Local => self.local,
            Space::Frame => self.frames.get(&self.frame_key(base, off)).copied().unwrap_or(CLEAN),
            _ => CLEAN,
        }
    }

    /// A call parameter's cell: its offset when the address is a constant (a symbol), as the
    /// caller's store and the callee's load may name it differently; else the register and
    /// offset.
    fn frame_key(&self, base: Reg, off: i64) -> (Option<u16>, i64) {
        match self.konst(base) {
            Some(c) => (None, (c as i64).wrapping_add(off)),
            None => (Some(base.0), off),
        }
    }

    /// A store of `vals` to `space`: a use where it exposes the value, a cell otherwise.
    fn store(
        &mut self,
        space: Space,
        base: Reg,
        off: i64,
        vals: &[Val],
        uses: &mut Vec<(Val, GpuValueUse)>,
        used: GpuValueUse,
    ) {
        let top = vals.iter().fold(CLEAN, |a, &v| a.join(v));
        match space {
            Space::Global | Space::Generic if !top.clean() => uses.push((top, used)),
            Space::Shared if top.tainted() => uses.push((top, used)),
            Space::Local => Self::store_cell(&mut self.local, top, &mut self.memory_rose),
            Space::Frame => {
                let key = self.frame_key(base, off);
                let cell = self.frames.entry(key).or_insert(CLEAN);
                Self::store_cell(cell, top, &mut self.memory_rose)
            }
            _ => {}
        }
    }

    /// The results of `op` at `pc`, and its uses (in `uses`).
    pub(super) fn transfer(&mut self, st: &State, pc: usize, op: &Op, uses: &mut Vec<(Val, GpuValueUse)>) -> Writes {
        let v = |reg: Reg| self.reg(st, reg, pc);
        let p = |pred: Pred| self.pred(st, pred, pc);
        match *op {
            Op::Mov { d, a } => vec![(r(d), v(a))],
            Op::Bin { op, ty, d, a, b } => vec![(r(d), self.binary(op, ty, (a, b), (v(a), v(b))))],
            Op::Un { op: UnOp::Neg | UnOp::Not, ty, d, a } if !ty.is_float() => vec![(r(d), v(a))],
            Op::Un { d, a, .. } => vec![(r(d), opaque(&[v(a)]))],
            Op::Rounded { d, a, b, c, .. } | Op::Half { d, a, b, c, .. } | Op::Shf { d, a, b, c, .. } => {
                vec![(r(d), opaque(&[v(a), v(b), v(c)]))]
            }
            Op::Carry { op, ty, carry_in, carry_out, d, a, b, c, cc } => {
                let flag = if carry_in { v(cc) } else { CLEAN };
                let x = match op {
                    CarryOp::Add => self.binary(BinOp::Add, ty, (a, b), (v(a), v(b))),
                    CarryOp::Sub => self.binary(BinOp::Sub, ty, (a, b), (v(a), v(b))),
                    CarryOp::MadLo | CarryOp::MadHi => opaque(&[v(a), v(b), v(c)]),
                };
                let x = x.join(flag);
                let mut w = vec![(r(d), x)];
                if carry_out {
                    w.push((r(cc), x));
                }
                w
            }
            Op::ReadClock { d, clock } => {
                let value = match clock {
                    Clock::Cycles32 => GpuValue::Clock,
                    Clock::CyclesHigh => GpuValue::ClockHigh,
                    Clock::Cycles64 => GpuValue::Clock64,
                    Clock::Timer => GpuValue::GlobalTimer,
                    Clock::TimerLow => GpuValue::GlobalTimerLow,
                    Clock::TimerHigh => GpuValue::GlobalTimerHigh,
                };
                vec![(r(d), Val::source(Level::Tainted, value, pc))]
            }
            Op::ReadWarpId { d } => vec![(r(d), Val::source(Level::Tainted, GpuValue::WarpId, pc))],
            Op::ActiveMask { d } => vec![(r(d), CLEAN)],
            Op::Mad { kind: MadKind::Lo | MadKind::Wide, ty, d, a, b, c } => {
                let product = self.binary(BinOp::MulLo, ty, (a, b), (v(a), v(b)));
                vec![(r(d), self.binary(BinOp::Add, ty, (d, c), (product, v(c))))]
            }
            Op::Mad { d, a, b, c, .. } => vec![(r(d), opaque(&[v(a), v(b), v(c)]))],
            Op::Setp { d, dn, a, b, comb, c, .. } => {
                let mut x = self.compare(a, b, v(a), v(b));
                if comb.is_some() {
                    x = x.join(p(c));
                }
                vec![(pkey(d), x), (pkey(dn), x)]
            }
            Op::Set { d, a, b, .. } => vec![(r(d), self.compare(a, b, v(a), v(b)))],
            Op::Selp { d, a, b, p: q } => vec![(r(d), v(a).join(v(b)).join(p(q)))],
            Op::Slct { d, a, b, c, .. } => {
                let x = if v(c).clean() { v(a).join(v(b)) } else { opaque(&[v(c), v(a), v(b)]) };
                vec![(r(d), x)]
            }
            Op::Cvt { dty, sty, d, a, .. } if !dty.is_float() && !sty.is_float() => vec![(r(d), v(a))],
            Op::Cvt { d, a, .. } => vec![(r(d), opaque(&[v(a)]))],
            Op::Pred { d, a, b, .. } => vec![(pkey(d), p(a).join(p(b)))],
            Op::PredConst { d, .. } => vec![(pkey(d), CLEAN)],
            _ => self.transfer_more(st, pc, op, uses),
        }
    }

    /// `transfer` for memory, control and warp-wide operations.
    fn transfer_more(&mut self, st: &State, pc: usize, op: &Op, uses: &mut Vec<(Val, GpuValueUse)>) -> Writes {
        let v = |reg: Reg| self.reg(st, reg, pc);
        let p = |pred: Pred| self.pred(st, pred, pc);
        let address = |base: Reg, uses: &mut Vec<(Val, GpuValueUse)>| {
            if v(base).tainted() {
                uses.push((v(base), GpuValueUse::Address));
            }
        };
        match *op {
            Op::Ld { space, ty, n, d, base, off } => {
                address(base, uses);
                let x = self.load(pc, space, ty, n, base, off);
                d[..n as usize].iter().map(|&reg| (r(reg), x)).collect()
            }
            Op::St { space, n, s, base, off, .. } => {
                address(base, uses);
                let vals: Vec<Val> = s[..n as usize].iter().map(|&reg| v(reg)).collect();
                self.store(space, base, off, &vals, uses, GpuValueUse::StoredValue);
                vec![]
            }
            Op::Atom { space, d, base, off, b, c, .. } => {
                address(base, uses);
                let vals = [v(b), v(c)];
                let space = if space == Space::Local || space == Space::Frame { Space::Global } else { space };
                self.store(space, base, off, &vals, uses, GpuValueUse::Atomic);
                vec![(r(d), CLEAN)]
            }
            Op::Cvta { to, space, d, a } => {
                let x = match (space, to) {
                    (Space::Global, _) => v(a),
                    (_, _) if v(a).tainted() => v(a),
                    // A generic address of shared or local memory: where the GPU's windows are.
                    (_, false) => Val::source(Level::Placed, GpuValue::BufferAddress, pc).join(v(a)),
                    (_, true) => CLEAN,
                };
                vec![(r(d), x)]
            }
            Op::BarRed { d, dp, c, .. } => vec![(r(d), p(c)), (pkey(dp), p(c))],
            Op::Shfl { d, dp, a, b, c, .. } => {
                let lanes = opaque(&[v(b), v(c)]);
                vec![(r(d), if lanes.clean() { v(a) } else { lanes }), (pkey(dp), lanes)]
            }
            Op::Match { d, dp, a, members, .. } => {
                // Which lanes hold the same pointer is the same everywhere.
                let x = if v(a).tainted() { v(a) } else { opaque(&[v(members)]) };
                vec![(r(d), x), (pkey(dp), x)]
            }
            // A reduction mixes every lane's value: an address in any lane makes a number.
            Op::Redux { d, a, members, .. } => vec![(r(d), opaque(&[v(a), v(members)]))],
            Op::CvtHalfPair { d, a, b, .. } => vec![(r(d), opaque(&[v(a), v(b)]))],
            Op::Vote { d, dp, a, members, .. } => {
                let x = p(a).join(opaque(&[v(members)]));
                vec![(r(d), x), (pkey(dp), x)]
            }
            Op::Bfe { d, a, b, c, .. } => {
                // Bits of the low byte of an address are the same everywhere.
                let low = matches!((self.konst(b), self.konst(c)), (Some(pos), Some(len)) if pos + len <= 8);
                let x = if low && !v(a).tainted() && v(b).clean() && v(c).clean() {
                    CLEAN
                } else {
                    opaque(&[v(a), v(b), v(c)])
                };
                vec![(r(d), x)]
            }
            Op::Bfi { d, f, a, b, c, .. } => vec![(r(d), opaque(&[v(f), v(a), v(b), v(c)]))],
            Op::Prmt { d, a, b, c } => vec![(r(d), opaque(&[v(a), v(b), v(c)]))],
            Op::Pack { d, parts, n, .. } => {
                vec![(r(d), parts[..n as usize].iter().fold(CLEAN, |x, &reg| x.join(v(reg))))]
            }
            Op::Unpack { parts, n, a, .. } => parts[..n as usize].iter().map(|&reg| (r(reg), v(a))).collect(),
            _ => vec![],
        }
    }

    /// `comparison`, with the constant 0 found on either side.
    fn compare(&self, a: Reg, b: Reg, x: Val, y: Val) -> Val {
        if x.level == Level::Clean && y.level == Level::Placed {
            self.comparison(a, (y, x))
        } else {
            self.comparison(b, (x, y))
        }
    }
}
