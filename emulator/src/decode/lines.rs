//! A line for every instruction the compiler gave none. NVRTC and clang write `.loc 1 0` for
//! code they made from several lines at once (a load hoisted out of both arms of an `if`, a
//! store sunk below them, address arithmetic shared by two statements): no single line is
//! right, and a finding or a line's traffic there would read `kernel.cu:0`. Such an instruction
//! gets the line of the nearest instruction with a line of its own in the same function (the
//! same inlined helper, or the kernel): before it in its basic block, else after it in its
//! block, else before it, else after it anywhere in the kernel; in an inlined helper with no
//! line at all, the line that called it. [`Loc::inferred`] says so, and the report with it.
//! An instruction before any `.loc` gets one the same way when the kernel has lines.

use std::collections::HashMap;

use crate::ir::{Inst, Loc, Op};
use crate::types::SourceLocation;

/// A line the compiler gave the instruction itself (`.loc 1 0` is its "no line").
fn own(l: &Loc) -> bool {
    l.source.as_ref().is_some_and(|s| s.line != 0)
}

/// Fill in the lines of the instructions that have none (see the module's text).
pub(crate) fn infer(code: &[Inst], locs: &mut [Loc]) {
    if !locs.iter().any(own) {
        return;
    }
    let n = locs.len();
    // Where each basic block starts: the first instruction, each branch's target and what
    // follows a branch or an exit.
    let mut starts = vec![false; n + 1];
    starts[0] = true;
    starts[n] = true;
    for (pc, i) in code.iter().enumerate().take(n) {
        match i.op {
            Op::Bra { target } => {
                starts[(target as usize).min(n)] = true;
                starts[pc + 1] = true;
            }
            Op::Exit | Op::Trap => starts[pc + 1] = true,
            _ => {}
        }
    }
    // Each instruction's block: its first instruction and the one after its last.
    let mut first = vec![0; n];
    for pc in 1..n {
        first[pc] = if starts[pc] { pc } else { first[pc - 1] };
    }
    let mut end = vec![n; n];
    for pc in (0..n.saturating_sub(1)).rev() {
        end[pc] = if starts[pc + 1] { pc + 1 } else { end[pc + 1] };
    }
    // The instructions with a line of their own, by the function they are in (in order).
    let mut lined: HashMap<(&[SourceLocation], Option<&str>), Vec<usize>> = HashMap::new();
    let given: Vec<Loc> = locs.to_vec();
    for (pc, l) in given.iter().enumerate().filter(|(_, l)| own(l)) {
        lined.entry((&l.called_from, l.inlined.as_deref())).or_default().push(pc);
    }
    for (pc, loc) in locs.iter_mut().enumerate() {
        if own(loc) {
            continue;
        }
        let near = lined.get(&(&given[pc].called_from[..], given[pc].inlined.as_deref())).and_then(|pcs| {
            let at = pcs.partition_point(|&i| i < pc);
            let (before, after) = (at.checked_sub(1).map(|a| pcs[a]), pcs.get(at).copied());
            // Before it in its block, after it in its block, before it, after it.
            before.filter(|&b| b >= first[pc]).or(after.filter(|&a| a < end[pc])).or(before).or(after)
        });
        match near {
            Some(i) => loc.source = given[i].source.clone(),
            // Inlined code without a line of its own: the line that called it.
            None if !loc.called_from.is_empty() => {
                loc.source = Some(loc.called_from.remove(0));
                loc.inlined = None;
            }
            None => continue,
        }
        loc.inferred = true;
    }
}
