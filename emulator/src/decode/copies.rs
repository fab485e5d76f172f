//! The copy loads: shared-memory values only copied to shared memory, which the sanitizer lets
//! travel unwritten (found once per kernel, at decode).

use super::*;

/// The register slots an instruction reads and writes (predicates aside). No wildcard arm: a new
/// `Op` must say what it touches, or a copy load could be misjudged.
fn reg_uses(op: &Op, reads: &mut Vec<Reg>, writes: &mut Vec<Reg>) {
    match *op {
        Op::Mov { d, a } | Op::Un { d, a, .. } | Op::Cvt { d, a, .. } | Op::Cvta { d, a, .. } => {
            writes.push(d);
            reads.push(a);
        }
        Op::Bin { d, a, b, .. } | Op::Set { d, a, b, .. } | Op::Selp { d, a, b, .. } => {
            writes.push(d);
            reads.extend([a, b]);
        }
        Op::Mad { d, a, b, c, .. }
        | Op::Rounded { d, a, b, c, .. }
        | Op::Half { d, a, b, c, .. }
        | Op::Slct { d, a, b, c, .. }
        | Op::Bfe { d, a, b, c, .. }
        | Op::Prmt { d, a, b, c } => {
            writes.push(d);
            reads.extend([a, b, c]);
        }
        Op::Carry { d, a, b, c, cc, .. } => {
            writes.extend([d, cc]);
            reads.extend([a, b, c, cc]);
        }
        Op::Shf { d, a, b, c, .. } => {
            writes.push(d);
            reads.extend([a, b, c]);
        }
        Op::ReadClock { d, .. } | Op::ReadWarpId { d } | Op::ActiveMask { d } => writes.push(d),
        Op::Setp { a, b, .. } => reads.extend([a, b]),
        Op::Pred { .. } | Op::PredConst { .. } | Op::Bra { .. } | Op::Bar | Op::WarpSync | Op::Exit | Op::Nop => {}
        // These read and write call-parameter memory only.
        Op::Printf { .. } | Op::AssertFail { .. } | Op::Trap | Op::BadCall { .. } | Op::CallTooDeep { .. } => {}
        Op::Ld { n, d, base, .. } => {
            writes.extend(&d[..n as usize]);
            reads.push(base);
        }
        Op::St { n, s, base, .. } => {
            reads.extend(&s[..n as usize]);
            reads.push(base);
        }
        Op::Atom { d, base, b, c, .. } => {
            writes.push(d);
            reads.extend([base, b, c]);
        }
        Op::Shfl { d, a, b, c, .. } => {
            writes.push(d);
            reads.extend([a, b, c]);
        }
        Op::BarRed { d, .. } => writes.push(d),
        Op::Vote { d, members, .. } => {
            writes.push(d);
            reads.push(members);
        }
        Op::Match { d, a, members, .. } => {
            writes.push(d);
            reads.extend([a, members]);
        }
        Op::Bfi { d, f, a, b, c, .. } => {
            writes.push(d);
            reads.extend([f, a, b, c]);
        }
        Op::Pack { d, parts, n, .. } => {
            writes.push(d);
            reads.extend(&parts[..n as usize]);
        }
        Op::Unpack { parts, n, a, .. } => {
            writes.extend(&parts[..n as usize]);
            reads.push(a);
        }
    }
}

/// Marks the copy loads: scalar `ld.shared` (or generic) loads whose destination register is
/// written by that load alone and read only (at least once) as the value of scalar `st.shared`
/// stores, as in
/// `a_s[i] = b_s[i]`. Copying an unwritten slot is harmless (fig. 8.10 rotates planes whose
/// out-of-grid slots were never written); using the copy later is what gets reported.
pub(super) fn find_copy_loads(code: &[Inst], nslots: usize) -> Vec<bool> {
    let mut writers = vec![0u32; nslots];
    let mut only_stored = vec![true; nslots];
    let mut stores = vec![0u32; nslots];
    let (mut reads, mut writes) = (Vec::new(), Vec::new());
    for inst in code {
        reads.clear();
        writes.clear();
        reg_uses(&inst.op, &mut reads, &mut writes);
        for &r in &writes {
            if let Some(c) = writers.get_mut(r.index()) {
                *c += 1;
            }
        }
        let stored = match inst.op {
            Op::St { space: Space::Shared, n: 1, s, base, .. } if s[0] != base => s[0],
            _ => NO_REG,
        };
        // The stored value is read once (as `s[0]`); its address register is read too, which
        // `reads` lists separately, so only the first occurrence of `stored` is allowed.
        let mut stored_seen = false;
        for &r in &reads {
            if r == stored && r != NO_REG && !stored_seen {
                stored_seen = true;
                stores[r.index()] += 1;
                continue;
            }
            if let Some(f) = only_stored.get_mut(r.index()) {
                *f = false;
            }
        }
    }
    code.iter()
        .map(|inst| match inst.op {
            Op::Ld { space: Space::Shared | Space::Generic, n: 1, d, .. } => {
                let r = d[0].index();
                // A load nobody reads is not a copy: it keeps being reported as before.
                r < nslots && writers[r] == 1 && only_stored[r] && stores[r] > 0
            }
            _ => false,
        })
        .collect()
}
