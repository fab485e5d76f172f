//! A warp's lane loops: a value per lane, a register row filled under a mask, and the maps
//! that compute an operation on all 32 lanes and keep it in the lanes of a mask. Each comes in
//! the form the executor's copy it is inlined into compiles best (`WIDE`: the AVX2 copy).

use super::{Reg, Warp, FULL};

/// A value per lane, `f(lane)`. In the executor's AVX2 copy (`WIDE`) a loop inlined where it
/// is used, so that it is compiled with that copy's features (`std::array::from_fn`'s own
/// instances are baseline code, called out of line); in the baseline copy `from_fn`, which the
/// compiler vectorises better there.
#[inline(always)]
pub(super) fn per_lane<const WIDE: bool, T: Copy + Default>(f: impl Fn(usize) -> T) -> [T; 32] {
    if !WIDE {
        return std::array::from_fn(f);
    }
    let mut out = [T::default(); 32];
    for (l, v) in out.iter_mut().enumerate() {
        *v = f(l);
    }
    out
}

/// Set the lanes of `mask` in a register row to `v` (a blend the compiler vectorises).
#[inline(always)]
pub(super) fn fill_lanes<const WIDE: bool>(row: &mut [u64; 32], mask: u32, v: u64) {
    if mask == FULL {
        // The usual case: a plain fill, no blend.
        *row = [v; 32];
        return;
    }
    let old = *row;
    *row = per_lane::<WIDE, _>(|l| if mask & (1 << l) != 0 { v } else { old[l] });
}

impl Warp {
    // The maps compute all 32 lanes and keep the result in the lanes of `mask` only: a
    // branch-free loop the compiler vectorises, cheaper than visiting the set bits (the
    // operations are pure and never panic, whatever the inactive lanes hold).
    #[inline(always)]
    pub(super) fn map1<const WIDE: bool>(&mut self, mask: u32, d: Reg, a: Reg, f: impl Fn(u64) -> u64) {
        let (av, dv) = (&self.regs[a.index()], &self.regs[d.index()]);
        if mask == FULL {
            let out = per_lane::<WIDE, _>(|l| f(av[l]));
            self.regs[d.index()] = out;
            return;
        }
        let out = per_lane::<WIDE, _>(|l| {
            let v = f(av[l]);
            if mask & (1 << l) != 0 {
                v
            } else {
                dv[l]
            }
        });
        self.regs[d.index()] = out;
    }
    /// `mov`: a copy of `a` into `d` in the lanes of `mask`. As a `map1` whose operation is
    /// only a load, the compiler chose, lane by lane, which row to load from (scalar code, 150
    /// CPU instructions per masked `mov`); a bitwise blend of both rows stays vectorised.
    #[inline(always)]
    pub(super) fn copy<const WIDE: bool>(&mut self, mask: u32, d: Reg, a: Reg) {
        if mask == FULL {
            self.regs[d.index()] = self.regs[a.index()];
            return;
        }
        let (av, dv) = (&self.regs[a.index()], &self.regs[d.index()]);
        let out = per_lane::<WIDE, _>(|l| {
            let keep = 0u64.wrapping_sub(((mask >> l) & 1) as u64);
            (av[l] & keep) | (dv[l] & !keep)
        });
        self.regs[d.index()] = out;
    }
    #[inline(always)]
    pub(super) fn map2<const WIDE: bool>(&mut self, mask: u32, d: Reg, a: Reg, b: Reg, f: impl Fn(u64, u64) -> u64) {
        let (av, bv, dv) = (&self.regs[a.index()], &self.regs[b.index()], &self.regs[d.index()]);
        if mask == FULL {
            let out = per_lane::<WIDE, _>(|l| f(av[l], bv[l]));
            self.regs[d.index()] = out;
            return;
        }
        let out = per_lane::<WIDE, _>(|l| {
            let v = f(av[l], bv[l]);
            if mask & (1 << l) != 0 {
                v
            } else {
                dv[l]
            }
        });
        self.regs[d.index()] = out;
    }
    #[inline(always)]
    pub(super) fn map3<const WIDE: bool>(
        &mut self,
        mask: u32,
        d: Reg,
        a: Reg,
        b: Reg,
        c: Reg,
        f: impl Fn(u64, u64, u64) -> u64,
    ) {
        let (av, bv, cv, dv) =
            (&self.regs[a.index()], &self.regs[b.index()], &self.regs[c.index()], &self.regs[d.index()]);
        if mask == FULL {
            let out = per_lane::<WIDE, _>(|l| f(av[l], bv[l], cv[l]));
            self.regs[d.index()] = out;
            return;
        }
        let out = per_lane::<WIDE, _>(|l| {
            let v = f(av[l], bv[l], cv[l]);
            if mask & (1 << l) != 0 {
                v
            } else {
                dv[l]
            }
        });
        self.regs[d.index()] = out;
    }
}
