//! Registers a thread may read before anything writes them: a classic mistake, `float sum;` then
//! `sum += …`, which NVRTC compiles to a loop adding to a register that no instruction sets
//! first. A GPU gives such a register whatever it held: on an H200 (nvcc 13, sm_90) 7.2's kernel
//! written so kept its sum where `%tid.y` had been, whose bits as a float are a denormal, and
//! every output came out right. Here such a register starts every block at zero
//! (`SlotInit::Undefined`), which gives that verdict too, the same in every run: it used to hold
//! what the worker's previous block left, and two gradings on two cores gave two reports. A
//! register that is always written before it is read never shows its start value, so marking
//! too many costs a fill, never a result.

use crate::ir::{Inst, Op, Reg, NO_PRED};

/// The value registers (slots below `nslots`) that some path from the kernel's entry reads
/// before an instruction on it writes them; `defined`: those a warp starts with. A guarded write
/// counts as none (it may skip the lane).
pub(crate) fn read_before_written(code: &[Inst], nslots: usize, defined: &[Reg]) -> Vec<Reg> {
    let words = nslots.div_ceil(64);
    let mut entry = vec![0u64; words];
    defined.iter().for_each(|&r| set(&mut entry, r, nslots));
    // Per instruction: the registers written on every path that reaches it (`None`: none does).
    let mut written: Vec<Option<Vec<u64>>> = vec![None; code.len()];
    if code.is_empty() {
        return Vec::new();
    }
    written[0] = Some(entry);
    let mut work = vec![0usize];
    while let Some(pc) = work.pop() {
        let inst = &code[pc];
        let mut out = written[pc].clone().unwrap_or_default();
        if inst.guard == NO_PRED {
            writes(&inst.op).into_iter().for_each(|r| set(&mut out, r, nslots));
        }
        for next in successors(inst, pc).into_iter().flatten().filter(|&n| n < code.len()) {
            let changed = match &mut written[next] {
                slot @ None => {
                    *slot = Some(out.clone());
                    true
                }
                Some(have) => {
                    let before = have.clone();
                    have.iter_mut().zip(&out).for_each(|(h, o)| *h &= o);
                    *have != before
                }
            };
            if changed {
                work.push(next);
            }
        }
    }
    let mut undefined = vec![0u64; words];
    for (inst, have) in code.iter().zip(&written) {
        let Some(have) = have else { continue };
        for r in reads(&inst.op) {
            if r.index() < nslots && have[r.index() / 64] >> (r.index() % 64) & 1 == 0 {
                set(&mut undefined, r, nslots);
            }
        }
    }
    (0..nslots).filter(|&i| undefined[i / 64] >> (i % 64) & 1 != 0).map(|i| Reg(i as u16)).collect()
}

fn set(bits: &mut [u64], r: Reg, nslots: usize) {
    if r.index() < nslots {
        bits[r.index() / 64] |= 1 << (r.index() % 64);
    }
}

/// Where a thread may go after `inst` at `pc`: the next instruction unless the instruction always
/// leaves (an unguarded branch, exit or trap), and a branch's target.
fn successors(inst: &Inst, pc: usize) -> [Option<usize>; 2] {
    let always = inst.guard == NO_PRED;
    match inst.op {
        Op::Bra { target } => [Some(target as usize), (!always).then_some(pc + 1)],
        Op::Exit | Op::Trap => [(!always).then_some(pc + 1), None],
        _ => [Some(pc + 1), None],
    }
}

/// The value registers an instruction reads. Those of an operation left out here are never
/// found undefined (the check only misses them).
fn reads(op: &Op) -> Vec<Reg> {
    match *op {
        Op::Mov { a, .. } | Op::Un { a, .. } | Op::Cvt { a, .. } | Op::Cvta { a, .. } | Op::BadCall { a } => vec![a],
        Op::Bin { a, b, .. } | Op::Set { a, b, .. } | Op::Selp { a, b, .. } | Op::Setp { a, b, .. } => vec![a, b],
        Op::CvtHalfPair { a, b, .. } => vec![a, b],
        Op::Mad { a, b, c, .. }
        | Op::Rounded { a, b, c, .. }
        | Op::Half { a, b, c, .. }
        | Op::Slct { a, b, c, .. }
        | Op::Bfe { a, b, c, .. }
        | Op::Prmt { a, b, c, .. }
        | Op::Shf { a, b, c, .. }
        | Op::Carry { a, b, c, .. } => vec![a, b, c],
        Op::Bfi { f, a, b, c, .. } => vec![f, a, b, c],
        Op::Pack { parts, n, .. } => parts[..n as usize].to_vec(),
        Op::Unpack { a, .. } => vec![a],
        Op::Ld { base, .. } => vec![base],
        Op::St { s, n, base, .. } => s[..n as usize].iter().copied().chain([base]).collect(),
        Op::Atom { base, b, c, .. } => vec![base, b, c],
        Op::Shfl { a, b, c, .. } => vec![a, b, c],
        Op::Match { a, members, .. } => vec![a, members],
        Op::Vote { members, .. } => vec![members],
        Op::Redux { a, members, .. } => vec![a, members],
        Op::CpAsync { dst, src, src_size, .. } => vec![dst, src, src_size],
        _ => Vec::new(),
    }
}

/// The value registers an instruction writes in every lane it runs in. Those of an operation
/// left out here only make more registers start undefined.
fn writes(op: &Op) -> Vec<Reg> {
    match *op {
        Op::Mov { d, .. }
        | Op::Bin { d, .. }
        | Op::Un { d, .. }
        | Op::Rounded { d, .. }
        | Op::Half { d, .. }
        | Op::Shf { d, .. }
        | Op::ReadClock { d, .. }
        | Op::ReadWarpId { d }
        | Op::ActiveMask { d }
        | Op::Mad { d, .. }
        | Op::Set { d, .. }
        | Op::Selp { d, .. }
        | Op::Slct { d, .. }
        | Op::Cvt { d, .. }
        | Op::Atom { d, .. }
        | Op::Cvta { d, .. }
        | Op::BarRed { d, .. }
        | Op::Shfl { d, .. }
        | Op::Match { d, .. }
        | Op::Vote { d, .. }
        | Op::Redux { d, .. }
        | Op::CvtHalfPair { d, .. }
        | Op::Bfe { d, .. }
        | Op::Bfi { d, .. }
        | Op::Prmt { d, .. }
        | Op::Pack { d, .. } => vec![d],
        Op::Carry { d, cc, carry_out, .. } => {
            if carry_out {
                vec![d, cc]
            } else {
                vec![d]
            }
        }
        Op::Ld { d, n, .. } => d[..n as usize].to_vec(),
        Op::Unpack { parts, n, .. } => parts[..n as usize].to_vec(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::read_before_written;
    use crate::ir::{BinOp, Inst, Op, Pred, Reg, Ty, NO_PRED};

    fn inst(op: Op, guard: Pred) -> Inst {
        Inst { op, guard, guard_neg: false, flops: 0, other_float: 0 }
    }
    fn mov(d: u16, a: u16) -> Op {
        Op::Mov { d: Reg(d), a: Reg(a) }
    }
    /// Register 0 is a warp's start value (a special register or an immediate).
    fn undefined(code: &[Inst]) -> Vec<u16> {
        read_before_written(code, 8, &[Reg(0)]).into_iter().map(|r| r.0).collect()
    }

    #[test]
    fn a_register_read_on_some_path_before_any_write_is_undefined() {
        let (always, p) = (NO_PRED, Pred(0));
        let add = |d, a, b| Op::Bin { op: BinOp::Add, ty: Ty::F32, d: Reg(d), a: Reg(a), b: Reg(b) };
        // Written, then read: nothing undefined.
        assert_eq!(undefined(&[inst(mov(1, 0), always), inst(add(2, 1, 1), always), inst(Op::Exit, always)]), []);
        // `float sum; for (…) sum += x;`: the loop adds to r2 before anything writes it.
        let sum = [
            inst(mov(1, 0), always),
            inst(add(2, 2, 1), always),
            inst(Op::Bra { target: 1 }, p),
            inst(
                Op::St { space: crate::ir::Space::Global, ty: Ty::F32, n: 1, s: [Reg(2); 4], base: Reg(0), off: 0 },
                always,
            ),
            inst(Op::Exit, always),
        ];
        assert_eq!(undefined(&sum), [2]);
        // A guarded write may skip the lane.
        assert_eq!(undefined(&[inst(mov(1, 0), p), inst(mov(3, 1), always), inst(Op::Exit, always)]), [1]);
        // Written on one side of a branch only, read after it.
        let one_side = [inst(Op::Bra { target: 2 }, p), inst(mov(1, 0), always), inst(mov(3, 1), always)];
        assert_eq!(undefined(&one_side), [1]);
        // Written on both sides.
        let both = [
            inst(Op::Bra { target: 3 }, p),
            inst(mov(1, 0), always),
            inst(Op::Bra { target: 4 }, always),
            inst(mov(1, 0), always),
            inst(mov(3, 1), always),
        ];
        assert_eq!(undefined(&both), []);
        // Code after an unguarded exit is never reached.
        assert_eq!(undefined(&[inst(Op::Exit, always), inst(mov(3, 5), always)]), []);
    }
}
