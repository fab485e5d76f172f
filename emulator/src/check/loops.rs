//! Where a block that ran past its budget was looping. The budget keeps the backward branches
//! taken in its last two slices ([`Recent`]); the timeout is then placed on the loop around the
//! instruction it stopped at, on the line its head is in, in the function the loop is in
//! ([`place`]), not on that instruction: it may be anywhere in the loop's body, a helper's line
//! the loop calls, or one with no line at all (`.loc 1 0`, shown as `:0`). The head's line is
//! the loop's or its body's (the grader finds the loop statement around it).

use crate::ir::{Kernel, Loc, Op};
use crate::types::SourceLocation;

/// Distinct backward branches kept per slice (a loop nest has a few).
const KEPT: usize = 8;

/// The backward branches taken in the current slice and in the one before.
#[derive(Default)]
pub(crate) struct Recent {
    slices: [Edges; 2],
    cur: usize,
}

#[derive(Clone, Copy, Default)]
struct Edges {
    pcs: [u32; KEPT],
    n: usize,
}

impl Recent {
    pub fn clear(&mut self) {
        self.slices = Default::default();
    }

    /// The backward branch at `pc` was taken (a loop went round).
    #[inline(always)]
    pub fn taken(&mut self, pc: usize) {
        let e = &mut self.slices[self.cur];
        let pc = pc as u32;
        if e.pcs[..e.n].contains(&pc) || e.n == KEPT {
            return;
        }
        e.pcs[e.n] = pc;
        e.n += 1;
    }

    /// A new slice: the one before it is kept, the older one forgotten.
    pub fn next_slice(&mut self) {
        self.cur ^= 1;
        self.slices[self.cur] = Edges::default();
    }

    fn pcs(&self) -> impl Iterator<Item = usize> + '_ {
        self.slices.iter().flat_map(|e| e.pcs[..e.n].iter().map(|&pc| pc as usize))
    }
}

/// An instruction's frames, outermost first: the call sites it was inlined through, then its
/// own line.
fn frames(l: &Loc) -> Vec<&SourceLocation> {
    l.called_from.iter().rev().chain(&l.source).collect()
}

/// A line to place a finding on: the instruction's own (`.loc 1 0` is the compiler's "no line",
/// for which the nearest line was inferred).
fn has_line(l: &Loc) -> bool {
    l.source.as_ref().is_some_and(|s| s.line != 0) && !l.inferred
}

/// Where to report a timeout at `pc`: the outermost loop around `pc` that went round lately (an
/// inner loop ends each time round it; a loop around an endless one would not have gone round)
/// on its head's line in the function it is in (the first instruction of the loop with a line
/// there: the lowest line could be code the compiler merged from outside the loop), with the
/// lines that function was called from; and how many levels of loops it has inside it (its
/// head's line may be an inner loop's).
pub(crate) fn place(k: &Kernel, pc: usize, recent: &Recent) -> (Loc, u32) {
    let back = |b: usize| match k.code[b].op {
        Op::Bra { target } if target as usize <= b => Some(target as usize),
        _ => None,
    };
    // The loop's head: the outermost one that went round; its end: the last branch back to it
    // (some of its paths may not have run lately).
    let lo = recent.pcs().filter_map(|b| back(b).filter(|&t| t <= pc && pc <= b)).min().unwrap_or(usize::MAX);
    let hi = (lo.min(k.code.len())..k.code.len()).filter(|&b| back(b) == Some(lo)).max().unwrap_or(0);
    let lined = |i: &usize| has_line(&k.locs[*i]);
    let (Some(head), Some(edge)) = ((lo..=hi).find(lined), (lo..=hi).rev().find(lined)) else {
        // No loop: the instruction, or the last one before it with a line.
        let at = (0..=pc).rev().find(lined).unwrap_or(pc);
        return (k.locs[at].clone(), 0);
    };
    let (h, e) = (&k.locs[head], &k.locs[edge]);
    let depth = loop_depth(h, e);
    let outer = frames(e);
    // The first of the loop's lines at that depth: an instruction's own line there, or the line
    // of the call it came through.
    let first = (lo..=hi).filter(lined).find(|&i| {
        let f = frames(&k.locs[i]);
        f.len() > depth && f[..depth] == outer[..depth] && f[depth].file == outer[depth].file
    });
    let inside = loops_inside(k, lo, hi);
    let Some(i) = first else { return (e.clone(), inside) };
    let f = frames(&k.locs[i]);
    let at = Loc {
        source: Some(f[depth].clone()),
        ptx_line: k.locs[i].ptx_line,
        called_from: f[..depth].iter().rev().map(|&s| s.clone()).collect(),
        inlined: None,
        inferred: false,
    };
    (at, inside)
}

/// The levels of loops inside the code `lo..=hi`: each loop is a backward branch's target and
/// the last backward branch to it, inside when it starts after `lo`.
fn loops_inside(k: &Kernel, lo: usize, hi: usize) -> u32 {
    let mut loops: Vec<(usize, usize)> = Vec::new();
    for b in lo..=hi {
        if let Op::Bra { target } = k.code[b].op {
            let t = target as usize;
            match loops.iter_mut().find(|l| l.0 == t) {
                Some(l) => l.1 = b,
                None if lo < t && t <= b => loops.push((t, b)),
                None => {}
            }
        }
    }
    // A loop's level: the loops it is inside of, itself included.
    let level = |&(t, b): &(usize, usize)| loops.iter().filter(|&&(t2, b2)| t2 <= t && b <= b2).count();
    loops.iter().map(level).max().unwrap_or(0) as u32
}

/// The depth of the frames (see [`frames`]) the loop is at, from its first instruction and its
/// backward branch: the depth where their call sites part; one up from a shared call site when
/// they are in different functions called from it (a loop whose body calls two helpers on one
/// line: `for (t = 0; …; t = next(t)) add(t);`); their own lines when in the same function.
fn loop_depth(h: &Loc, e: &Loc) -> usize {
    let (hc, ec) = (&h.called_from, &e.called_from);
    let shared = hc.iter().rev().zip(ec.iter().rev()).take_while(|(a, b)| a == b).count();
    match (shared == hc.len() && shared == ec.len(), h.inlined == e.inlined) {
        (true, true) => shared,
        (true, false) => shared.saturating_sub(1),
        _ => shared,
    }
}
