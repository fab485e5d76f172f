//! The `Unportable` check: values a GPU gives otherwise than the emulator, followed through a
//! kernel's code at load time: the clocks (`%clock64`, `%globaltimer`, …), where a block or warp runs (`%smid`,
//! `%nsmid`, `%warpid`, `%nwarpid`, `%gridid`) and where buffers lie (a pointer taken as an
//! integer). Wherever such a value decides a branch, a guard, an address, a value stored to
//! memory or an atomic's operand, the kernel could do something else on a GPU than here: an
//! `Unportable` finding at the use's line, naming the source's. A hostile kernel could
//! otherwise tell the emulator from a GPU and be graded on a path a GPU never takes.
//!
//! A static pass (no cost at run time): a forward dataflow analysis over the kernel's control
//! flow graph (branch targets, fall-through, guards), with a level per register slot and
//! predicate, iterated to a fixed point:
//!
//! - `Clean`: the same on every GPU;
//! - `Placed`: a buffer's address, or computed from one so that its low 8 bits are the same
//!   on every GPU (allocations are at least 256-aligned) and the others depend on where the
//!   buffer was placed: the normal case of an address, and only a use when stored to global
//!   memory (`p + 4 * i`, `p - q`, `p < end`, `p == 0`, `(uintptr_t)p % 16 == 0` are portable);
//! - `Tainted`: differs between GPUs (a clock, an SM id, the high bits of an address).
//!
//! Local memory is one abstract cell (joined over every `st.local`, read by every `ld.local`:
//! `volatile long long t = clock64();` is followed), call parameters one cell per (base,
//! offset) as they are named; a store there or `printf`'s arguments are no use (printing a
//! clock is fine). Values loaded from other memory are clean: a store of a value that is not is
//! already a finding.

use std::collections::{BTreeMap, HashMap};

use crate::detail::{Detail, GpuValue, GpuValueUse, UsePlace};
use crate::ir::*;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    #[default]
    Clean,
    Placed,
    Tainted,
}

/// No instruction yet: a slot filled when the warp starts, whose first reader is the source.
const NO_PC: u32 = u32::MAX;

/// A value's level and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Val {
    level: Level,
    value: GpuValue,
    pc: u32,
}

const CLEAN: Val = Val { level: Level::Clean, value: GpuValue::BufferAddress, pc: NO_PC };

impl Val {
    fn source(level: Level, value: GpuValue, pc: usize) -> Val {
        Val { level, value, pc: pc as u32 }
    }
    fn at(self, level: Level) -> Val {
        if level == Level::Clean {
            CLEAN
        } else {
            Val { level, ..self }
        }
    }
    /// The higher of two (the first when they tie).
    fn join(self, other: Val) -> Val {
        if other.level > self.level {
            other
        } else {
            self
        }
    }
    fn clean(self) -> bool {
        self.level == Level::Clean
    }
    fn tainted(self) -> bool {
        self.level == Level::Tainted
    }
}

/// A use of a value a GPU gives otherwise, found in a kernel's code: the use's instruction,
/// the source's, what the value is and how it is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct UnportableUse {
    pub pc: u32,
    pub source_pc: u32,
    pub value: GpuValue,
    pub used: GpuValueUse,
}

impl UnportableUse {
    /// The finding's evidence: the source's line from the use's point of view.
    pub fn detail(&self, k: &Kernel) -> Detail {
        let (use_loc, source) = (&k.locs[self.pc as usize], &k.locs[self.source_pc as usize]);
        let at = match (&use_loc.source, &source.source) {
            (Some(u), Some(s)) if u == s => UsePlace::SameLine,
            (Some(u), Some(s)) if u.file == s.file => UsePlace::Line(s.line),
            (_, Some(s)) => UsePlace::File { file: s.file.clone(), line: s.line },
            (_, None) => UsePlace::Ptx(source.ptx_line),
        };
        Detail::Unportable { value: self.value, used: self.used, at }
    }
}

/// The key of a predicate in a state (slots are keyed by their index).
fn pkey(p: Pred) -> u32 {
    0x1_0000 + p.0 as u32
}

/// The values of the non-clean slots and predicates at a point of the code.
type State = BTreeMap<u32, Val>;

struct Analysis<'k> {
    k: &'k Kernel,
    /// Slots filled when a warp starts with a value a GPU gives otherwise (never written).
    fixed: HashMap<u32, Val>,
    /// The immediates.
    consts: HashMap<u32, u64>,
    /// Local memory, one cell.
    local: Val,
    /// Call parameters, by offset (or base slot and offset: `frame_key`).
    frames: BTreeMap<(Option<u16>, i64), Val>,
    /// A memory cell rose: every block runs again.
    memory_rose: bool,
}

/// The uses of values a GPU gives otherwise in kernel `k`, whose slots `gpu_values` are filled
/// with such values when a warp starts (`%smid`, `%nsmid`, …), in code order.
pub(crate) fn uses(k: &Kernel, gpu_values: &[(Reg, GpuValue)]) -> Vec<UnportableUse> {
    let mut a = Analysis {
        k,
        fixed: HashMap::new(),
        consts: HashMap::new(),
        local: CLEAN,
        frames: BTreeMap::new(),
        memory_rose: false,
    };
    for &(slot, init) in &k.slot_init {
        match init {
            SlotInit::Const(v) => {
                a.consts.insert(slot.0 as u32, v);
            }
            SlotInit::GlobalVar(_) => {
                a.fixed.insert(slot.0 as u32, Val { level: Level::Placed, value: GpuValue::BufferAddress, pc: NO_PC });
            }
            _ => {}
        }
    }
    for &(slot, value) in gpu_values {
        a.consts.remove(&(slot.0 as u32));
        a.fixed.insert(slot.0 as u32, Val { level: Level::Tainted, value, pc: NO_PC });
    }
    let blocks = Blocks::of(&k.code);
    let entries = a.fixed_point(&blocks);
    let mut found = Vec::new();
    for (b, entry) in entries.iter().enumerate() {
        if let Some(entry) = entry {
            let mut st = entry.clone();
            for pc in blocks.range(b) {
                a.step(&mut st, pc, Some(&mut found));
            }
        }
    }
    found.sort_by_key(|u: &UnportableUse| (u.pc, u.used as u8));
    found.dedup_by_key(|u| (u.pc, u.used));
    found
}

/// The basic blocks of a kernel's code.
struct Blocks {
    /// Where each block starts, and the end of the code last.
    starts: Vec<usize>,
    /// The block each instruction starts (`usize::MAX` inside a block).
    block_at: Vec<usize>,
}

impl Blocks {
    fn of(code: &[Inst]) -> Blocks {
        let n = code.len();
        let mut leader = vec![false; n + 1];
        leader[0] = true;
        for (pc, i) in code.iter().enumerate() {
            match i.op {
                Op::Bra { target } => {
                    leader[(target as usize).min(n)] = true;
                    leader[pc + 1] = true;
                }
                Op::Exit | Op::Trap | Op::BadCall { .. } | Op::CallTooDeep { .. } => leader[pc + 1] = true,
                _ => {}
            }
        }
        let starts: Vec<usize> = (0..n).filter(|&pc| leader[pc]).chain([n]).collect();
        let mut block_at = vec![usize::MAX; n + 1];
        for (b, &s) in starts.iter().enumerate() {
            block_at[s] = b;
        }
        Blocks { starts, block_at }
    }

    fn count(&self) -> usize {
        self.starts.len() - 1
    }

    fn range(&self, b: usize) -> std::ops::Range<usize> {
        self.starts[b]..self.starts[b + 1]
    }

    /// The blocks control may reach after block `b`.
    fn successors(&self, code: &[Inst], b: usize) -> Vec<usize> {
        let last = self.starts[b + 1] - 1;
        let inst = &code[last];
        let guarded = inst.guard != NO_PRED;
        let next = (last + 1 < code.len()).then(|| self.block_at[last + 1]);
        match inst.op {
            Op::Bra { target } => {
                let t = self.block_at[(target as usize).min(code.len())];
                let mut s: Vec<usize> = (t < self.count()).then_some(t).into_iter().collect();
                if guarded {
                    s.extend(next);
                }
                s
            }
            Op::Exit | Op::Trap if !guarded => vec![],
            _ => next.into_iter().collect(),
        }
    }
}

impl Analysis<'_> {
    /// Each block's state on entry (`None`: never reached), at the fixed point.
    fn fixed_point(&mut self, blocks: &Blocks) -> Vec<Option<State>> {
        let code = &self.k.code;
        let mut entries: Vec<Option<State>> = vec![None; blocks.count()];
        if blocks.count() == 0 {
            return entries;
        }
        entries[0] = Some(State::new());
        let mut queued = vec![false; blocks.count()];
        let mut work = vec![0usize];
        queued[0] = true;
        loop {
            while let Some(b) = work.pop() {
                queued[b] = false;
                let mut st = entries[b].clone().unwrap_or_default();
                for pc in blocks.range(b) {
                    self.step(&mut st, pc, None);
                }
                for s in blocks.successors(code, b) {
                    if join_into(&mut entries[s], &st) && !queued[s] {
                        queued[s] = true;
                        work.push(s);
                    }
                }
            }
            if !std::mem::take(&mut self.memory_rose) {
                return entries;
            }
            // Local or call-parameter memory holds more than before: every block reached reads it again.
            for b in (0..blocks.count()).rev().filter(|&b| entries[b].is_some()) {
                queued[b] = true;
                work.push(b);
            }
        }
    }

    fn get(&self, st: &State, key: u32, pc: usize) -> Val {
        match st.get(&key).or_else(|| self.fixed.get(&key)) {
            Some(&v) if v.pc == NO_PC => Val { pc: pc as u32, ..v },
            Some(&v) => v,
            None => CLEAN,
        }
    }

    fn reg(&self, st: &State, r: Reg, pc: usize) -> Val {
        if r == NO_REG {
            CLEAN
        } else {
            self.get(st, r.0 as u32, pc)
        }
    }

    fn pred(&self, st: &State, p: Pred, pc: usize) -> Val {
        if p == NO_PRED {
            CLEAN
        } else {
            self.get(st, pkey(p), pc)
        }
    }

    fn konst(&self, r: Reg) -> Option<u64> {
        self.consts.get(&(r.0 as u32)).copied()
    }

    /// The instruction at `pc` on state `st`: its results' levels, and (with `found`) its uses.
    fn step(&mut self, st: &mut State, pc: usize, found: Option<&mut Vec<UnportableUse>>) {
        let inst = self.k.code[pc];
        let guard = self.pred(st, inst.guard, pc);
        let mut uses: Vec<(Val, GpuValueUse)> = Vec::new();
        if guard.tainted() {
            let used = if matches!(inst.op, Op::Bra { .. }) { GpuValueUse::Branch } else { GpuValueUse::Guard };
            uses.push((guard, used));
        }
        let writes = self.transfer(st, pc, &inst.op, &mut uses);
        let guarded = inst.guard != NO_PRED;
        for (key, v) in writes {
            if key == NO_REG.0 as u32 || key == pkey(NO_PRED) {
                continue;
            }
            // A guarded write may not happen: the old value stays possible.
            let v = if guarded { v.join(st.get(&key).copied().unwrap_or(CLEAN)) } else { v };
            if v.clean() {
                st.remove(&key);
            } else {
                st.insert(key, v);
            }
        }
        if let Some(found) = found {
            for (v, used) in uses {
                found.push(UnportableUse { pc: pc as u32, source_pc: v.pc, value: v.value, used });
            }
        }
    }

    /// A memory cell joins `v`; a rise re-runs the blocks.
    fn store_cell(cell: &mut Val, v: Val, rose: &mut bool) {
        if v.level > cell.level {
            *cell = v;
            *rose = true;
        }
    }
}

/// Join state `st` into a block's entry; whether the entry rose.
fn join_into(entry: &mut Option<State>, st: &State) -> bool {
    let Some(e) = entry else {
        *entry = Some(st.clone());
        return true;
    };
    let mut rose = false;
    for (&k, &v) in st {
        let old = e.get(&k).copied().unwrap_or(CLEAN);
        if v.level > old.level {
            e.insert(k, v);
            rose = true;
        }
    }
    rose
}

mod transfer;
