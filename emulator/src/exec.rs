//! Running one thread block: warps of 32 lanes, SIMT with one PC per lane.
//!
//! Reconvergence rule (deterministic): a warp always runs the set of its lanes (not exited, not
//! waiting at a barrier) whose PC is the lowest. Warps of a block run in order, each until all
//! its lanes have exited or wait at a barrier; then the barrier is checked and released.
//!
//! Metrics and sanitizer checks happen around the instruction semantics (in `ops`), through
//! `Observer`-style hooks on memory accesses: counts go to `Metrics`, hazards to findings.

use crate::ir::*;
use crate::memory::{DeviceMemory, CONST_WINDOW, LOCAL_WINDOW, SHARED_WINDOW, WINDOW_SIZE};
use crate::ops;
use crate::shadow::{Accessor, Hazard, SharedShadow};
use crate::types::{Finding, FindingKind, Metrics, PrintfLine};

pub(crate) const FULL: u32 = u32::MAX;
const NO_PC: u32 = u32::MAX;

/// Everything about a launch that all blocks share (read-only while blocks run).
pub(crate) struct LaunchCtx<'a> {
    pub k: &'a Kernel,
    pub mem: &'a DeviceMemory,
    pub params: Vec<u8>,
    pub consts: Vec<u8>,
    pub global_var_addrs: Vec<u64>,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub threads_per_block: u32,
    pub shared_bytes: u64,
    pub max_findings: usize,
    pub max_printf: usize,
}

impl LaunchCtx<'_> {
    /// Bytes of per-thread memory: local variables, then call parameters.
    fn thread_frame(&self) -> usize {
        (self.k.local_bytes + self.k.frame_bytes) as usize
    }
}

pub(crate) struct BlockResult {
    pub metrics: Metrics,
    pub findings: Vec<Finding>,
    pub dropped: u64,
    pub fault: bool,
    /// The block's `printf` output, by thread then program order, at most `max_printf` lines.
    pub printf: Vec<PrintfLine>,
    pub printf_dropped: u64,
}

#[derive(Default)]
struct Warp {
    regs: Vec<[u64; 32]>,
    preds: Vec<u32>,
    pc: [u32; 32],
    active_pc: u32,
    /// Lanes running now (all at `active_pc`).
    active: u32,
    /// Lanes ready to run but at another PC.
    pending: u32,
    /// Lowest PC among `pending`.
    other_min: u32,
    waiting: u32,
    /// Lanes waiting at a `bar.warp.sync`.
    warp_waiting: u32,
    /// Epoch at this warp's last `__syncwarp()` or block barrier: accesses by lanes of this
    /// warp before it are ordered with accesses after it.
    sync_start: u32,
    exited: u32,
    /// Lanes that exist (the last warp of a block may be partial).
    lanes: u32,
    /// Block-linear thread index of lane 0.
    base_tid: u32,
    /// Per register slot: lanes whose value came from a copy load of unwritten shared memory.
    unwritten: Vec<u32>,
}

#[inline(always)]
fn for_lanes(mask: u32, mut f: impl FnMut(usize)) {
    if mask == FULL {
        for l in 0..32 {
            f(l)
        }
    } else {
        let mut m = mask;
        while m != 0 {
            f(m.trailing_zeros() as usize);
            m &= m - 1;
        }
    }
}

/// `fma.rn` on every lane in `mask`. Rust's `mul_add` is exact (one rounding) everywhere; on
/// x86-64 without `-C target-feature=+fma` it is a library call per lane, so when the CPU has
/// FMA the loop is compiled a second time with it enabled and picked at run time.
#[inline(always)]
fn fused_multiply_add(w: &mut Warp, mask: u32, d: R, a: R, b: R, c: R, f64: bool) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("fma") {
        // SAFETY: the CPU supports FMA (checked just above).
        unsafe { fused_multiply_add_hw(w, mask, d, a, b, c, f64) };
        return;
    }
    fused_multiply_add_lanes(w, mask, d, a, b, c, f64)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "fma")]
unsafe fn fused_multiply_add_hw(w: &mut Warp, mask: u32, d: R, a: R, b: R, c: R, f64: bool) {
    fused_multiply_add_lanes(w, mask, d, a, b, c, f64)
}

#[inline(always)]
fn fused_multiply_add_lanes(w: &mut Warp, mask: u32, d: R, a: R, b: R, c: R, f64: bool) {
    if f64 {
        w.map3(mask, d, a, b, c, |x, y, z| ops::f64b(ops::f64v(x).mul_add(ops::f64v(y), ops::f64v(z))))
    } else {
        w.map3(mask, d, a, b, c, |x, y, z| ops::f32b(ops::f32v(x).mul_add(ops::f32v(y), ops::f32v(z))))
    }
}

/// Set the lanes of `mask` in a register row to `v` (a blend the compiler vectorises).
#[inline(always)]
fn fill_lanes(row: &mut [u64; 32], mask: u32, v: u64) {
    let old = *row;
    *row = std::array::from_fn(|l| if mask & (1 << l) != 0 { v } else { old[l] });
}

impl Warp {
    // The maps compute all 32 lanes and keep the result in the lanes of `mask` only: a
    // branch-free loop the compiler vectorises, cheaper than visiting the set bits (the
    // operations are pure and never panic, whatever the inactive lanes hold).
    #[inline(always)]
    fn map1(&mut self, mask: u32, d: R, a: R, f: impl Fn(u64) -> u64) {
        let (av, dv) = (&self.regs[a as usize], &self.regs[d as usize]);
        let out = std::array::from_fn(|l| {
            let v = f(av[l]);
            if mask & (1 << l) != 0 {
                v
            } else {
                dv[l]
            }
        });
        self.regs[d as usize] = out;
    }
    #[inline(always)]
    fn map2(&mut self, mask: u32, d: R, a: R, b: R, f: impl Fn(u64, u64) -> u64) {
        let (av, bv, dv) = (&self.regs[a as usize], &self.regs[b as usize], &self.regs[d as usize]);
        let out = std::array::from_fn(|l| {
            let v = f(av[l], bv[l]);
            if mask & (1 << l) != 0 {
                v
            } else {
                dv[l]
            }
        });
        self.regs[d as usize] = out;
    }
    #[inline(always)]
    fn map3(&mut self, mask: u32, d: R, a: R, b: R, c: R, f: impl Fn(u64, u64, u64) -> u64) {
        let (av, bv, cv, dv) =
            (&self.regs[a as usize], &self.regs[b as usize], &self.regs[c as usize], &self.regs[d as usize]);
        let out = std::array::from_fn(|l| {
            let v = f(av[l], bv[l], cv[l]);
            if mask & (1 << l) != 0 {
                v
            } else {
                dv[l]
            }
        });
        self.regs[d as usize] = out;
    }
    #[inline(always)]
    fn set_pred(&mut self, p: Pr, mask: u32, v: u32) {
        let old = self.preds[p as usize];
        self.preds[p as usize] = (old & !mask) | (v & mask);
    }

    /// Pick the lanes to run next: the lowest PC among lanes that may run.
    fn reschedule(&mut self) {
        let ap = self.active_pc;
        for_lanes(self.active, |l| self.pc[l] = ap);
        let cand = self.active | self.pending;
        if cand == 0 {
            self.active = 0;
            self.pending = 0;
            self.other_min = NO_PC;
            return;
        }
        let mut min = NO_PC;
        for_lanes(cand, |l| min = min.min(self.pc[l]));
        let mut act = 0u32;
        let mut other = NO_PC;
        for_lanes(cand, |l| {
            if self.pc[l] == min {
                act |= 1 << l;
            } else {
                other = other.min(self.pc[l]);
            }
        });
        self.active = act;
        self.pending = cand & !act;
        self.other_min = other;
        self.active_pc = min;
    }

    #[inline(always)]
    fn advance(&mut self) {
        self.active_pc += 1;
        if self.pending != 0 && self.active_pc >= self.other_min {
            self.reschedule();
        }
    }
}

/// An access that falls outside its memory, as the out-of-bounds finding describes it.
struct BadAccess {
    space: Space,
    addr: u64,
    size: u64,
    store: bool,
}

/// The per-worker state that runs blocks one after another (buffers are reused).
#[derive(Default)]
pub(crate) struct Runner {
    warps: Vec<Warp>,
    shared: Vec<u8>,
    shadow: SharedShadow,
    local: Vec<u8>,
    loads_per_thread: Vec<u32>,
    m: Metrics,
    findings: Vec<Finding>,
    finding_keys: Vec<(FindingKind, u64)>,
    dropped: u64,
    lane_count: u64,
    budget: u64,
    block_idx: [u32; 3],
    last_alloc: usize,
    sectors: Vec<u64>,
    words: Vec<u64>,
    /// `printf` output of the block so far: (thread, order within the thread, line).
    printf: Vec<(u32, u32, PrintfLine)>,
    printf_seq: u32,
    printf_dropped: u64,
}

enum Region {
    Global(usize, u64),
    Shared(u64),
    Local(u64),
    Const(u64),
    Param(u64),
    /// Offset in the thread's call-parameter memory.
    Frame(u64),
}

type Fault = ();

/// printf's view of a thread's argument buffer and of device strings.
struct DeviceArgs<'r, 'c> {
    runner: &'r mut Runner,
    cx: &'r LaunchCtx<'c>,
    tid: u32,
    base: u64,
}

impl crate::printf::PrintfArgs for DeviceArgs<'_, '_> {
    fn arg(&mut self, offset: usize, size: usize) -> Option<u64> {
        self.runner.peek(self.cx, self.tid, self.base.wrapping_add(offset as u64), size)
    }
    fn string(&mut self, addr: u64) -> Option<Vec<u8>> {
        self.runner.peek_string(self.cx, self.tid, addr)
    }
}

#[inline(always)]
fn read_le(buf: &[u8], o: usize, size: u32) -> u64 {
    // Fixed-size reads: a variable-length copy would be a libc call per lane.
    match size {
        4 => u32::from_le_bytes(buf[o..o + 4].try_into().unwrap()) as u64,
        8 => u64::from_le_bytes(buf[o..o + 8].try_into().unwrap()),
        2 => u16::from_le_bytes(buf[o..o + 2].try_into().unwrap()) as u64,
        _ => buf[o] as u64,
    }
}

#[inline(always)]
fn write_le(buf: &mut [u8], o: usize, size: u32, v: u64) {
    match size {
        4 => buf[o..o + 4].copy_from_slice(&(v as u32).to_le_bytes()),
        8 => buf[o..o + 8].copy_from_slice(&v.to_le_bytes()),
        2 => buf[o..o + 2].copy_from_slice(&(v as u16).to_le_bytes()),
        _ => buf[o] = v as u8,
    }
}

#[inline(always)]
fn extend_loaded(v: u64, ty: Ty) -> u64 {
    if ty.is_signed() {
        ops::sext(v, ty) as u64
    } else {
        v
    }
}

/// Distinct values in a small list (sorted in place).
fn count_distinct(v: &mut [u64]) -> u64 {
    if v.is_empty() {
        return 0;
    }
    // Fast path: already non-decreasing (the common, coalesced case).
    if !v.windows(2).all(|w| w[0] <= w[1]) {
        v.sort_unstable();
    }
    1 + v.windows(2).filter(|w| w[0] != w[1]).count() as u64
}

/// Extra wavefronts of one shared-memory request: the most distinct 4-byte words that fall in
/// one of the 32 banks, less the minimum number of wavefronts the request needs anyway.
fn bank_conflicts(words: &mut [u64]) -> u64 {
    if words.is_empty() {
        return 0;
    }
    // Fast path: strictly increasing words spanning fewer than 32 (distinct banks).
    if words[words.len() - 1].wrapping_sub(words[0]) < 32 && words.windows(2).all(|p| p[0] < p[1]) {
        return 0;
    }
    let distinct = {
        if !words.windows(2).all(|w| w[0] <= w[1]) {
            words.sort_unstable();
        }
        let mut n = 0;
        for i in 0..words.len() {
            if i == 0 || words[i] != words[i - 1] {
                words[n] = words[i];
                n += 1;
            }
        }
        n
    };
    let uniq = &words[..distinct];
    // Conflict-free fast path: all distinct words within a window of 32 words.
    if uniq[uniq.len() - 1] - uniq[0] < 32 {
        return 0;
    }
    let mut per_bank = [0u32; 32];
    for w in uniq {
        per_bank[(w % 32) as usize] += 1;
    }
    let worst = *per_bank.iter().max().unwrap() as u64;
    let minimum = (distinct as u64).div_ceil(32);
    worst.saturating_sub(minimum)
}

impl Runner {
    fn thread_coords(cx: &LaunchCtx, tid: u32) -> [u32; 3] {
        let [bx, by, _] = cx.block;
        [tid % bx, (tid / bx) % by, tid / (bx * by)]
    }

    /// Record a finding unless one of the same kind on the same line is already kept.
    #[cold]
    #[inline(never)]
    fn report(&mut self, cx: &LaunchCtx, kind: FindingKind, pc: usize, tid: u32, msg: impl FnOnce() -> String) {
        let loc = &cx.k.locs[pc];
        let key = (kind, loc.source.as_ref().map(|s| s.line as u64).unwrap_or(1 << 40 | loc.ptx_line as u64));
        if self.finding_keys.contains(&key) || self.findings.len() >= cx.max_findings {
            self.dropped += 1;
            return;
        }
        self.finding_keys.push(key);
        let where_ = match &loc.source {
            Some(_) => String::new(),
            None => format!(" (PTX line {})", loc.ptx_line),
        };
        self.findings.push(Finding {
            kind,
            message: format!("{}{}", msg(), where_),
            source: loc.source.clone(),
            called_from: loc.called_from.clone(),
            block: self.block_idx,
            thread: Self::thread_coords(cx, tid),
        });
    }

    /// Run block `bidx`; it may execute at most `budget` lane-instructions.
    pub(crate) fn run_block(&mut self, cx: &LaunchCtx, bidx: u64, budget: u64) -> BlockResult {
        self.budget = budget;
        let k = cx.k;
        let [gx, gy, _] = cx.grid;
        let (gx, gy) = (gx as u64, gy as u64);
        self.block_idx = [(bidx % gx) as u32, ((bidx / gx) % gy) as u32, (bidx / (gx * gy)) as u32];
        self.m = Metrics::default();
        self.printf.clear();
        self.printf_seq = 0;
        self.printf_dropped = 0;
        self.findings.clear();
        self.finding_keys.clear();
        self.dropped = 0;
        self.lane_count = 0;
        let nthreads = cx.threads_per_block as usize;
        let nwarps = nthreads.div_ceil(32);
        // Shared memory and its shadow.
        let sb = cx.shared_bytes as usize;
        if self.shared.len() < sb {
            self.shared.resize(sb, 0);
        }
        // Zeroed so results never depend on which block ran before on this worker.
        self.shared[..sb].fill(0);
        self.shadow.begin_block(sb);
        let lb = cx.thread_frame() * nthreads;
        if self.local.len() < lb {
            self.local.resize(lb, 0);
        }
        self.local[..lb].fill(0);
        self.loads_per_thread.clear();
        self.loads_per_thread.resize(nthreads, 0);
        // Warps.
        if self.warps.len() < nwarps {
            self.warps.resize_with(nwarps, Warp::default);
        }
        for wi in 0..nwarps {
            let w = &mut self.warps[wi];
            if w.regs.len() < k.nslots {
                w.regs.resize(k.nslots, [0; 32]);
            }
            if w.preds.len() < k.npreds {
                w.preds.resize(k.npreds, 0);
            }
            w.preds[..k.npreds].fill(0);
            if w.unwritten.len() < k.nslots {
                w.unwritten.resize(k.nslots, 0);
            }
            w.unwritten[..k.nslots].fill(0);
            let n = (nthreads - wi * 32).min(32);
            w.lanes = if n == 32 { FULL } else { (1u32 << n) - 1 };
            w.base_tid = (wi * 32) as u32;
            w.pc = [0; 32];
            w.active_pc = 0;
            w.active = w.lanes;
            w.pending = 0;
            w.other_min = NO_PC;
            w.waiting = 0;
            w.warp_waiting = 0;
            w.sync_start = self.shadow.epoch();
            w.exited = 0;
            for (slot, init) in &k.slot_init {
                let r = &mut w.regs[*slot as usize];
                if let SlotInit::Const(c) = *init {
                    *r = [c; 32];
                    continue;
                }
                for (l, v) in r.iter_mut().enumerate() {
                    let tid = w.base_tid + l as u32;
                    let [bx, by, _] = cx.block;
                    *v = match *init {
                        SlotInit::Const(c) => c,
                        SlotInit::Tid(0) => (tid % bx) as u64,
                        SlotInit::Tid(1) => ((tid / bx) % by) as u64,
                        SlotInit::Tid(_) => (tid / (bx * by)) as u64,
                        SlotInit::Ntid(c) => cx.block[c as usize] as u64,
                        SlotInit::Ctaid(c) => self.block_idx[c as usize] as u64,
                        SlotInit::Nctaid(c) => cx.grid[c as usize] as u64,
                        SlotInit::LaneId => l as u64,
                        SlotInit::WarpId => wi as u64,
                        SlotInit::GlobalVar(i) => cx.global_var_addrs[i],
                        SlotInit::LanemaskLt => (1u64 << l) - 1,
                        SlotInit::LanemaskLe => (1u64 << (l + 1)) - 1,
                        SlotInit::LanemaskEq => 1u64 << l,
                        SlotInit::LanemaskGe => (!((1u64 << l) - 1)) & 0xffff_ffff,
                        SlotInit::LanemaskGt => (!((1u64 << (l + 1)) - 1)) & 0xffff_ffff,
                    };
                }
            }
        }
        let mut fault = false;
        'outer: loop {
            for wi in 0..nwarps {
                if self.warps[wi].active != 0 && self.run_warp(cx, wi).is_err() {
                    fault = true;
                    break 'outer;
                }
            }
            // Every warp is done or waits at a barrier.
            let waiting_warp = (0..nwarps).find(|&wi| self.warps[wi].waiting != 0);
            let Some(ww) = waiting_warp else { break };
            let first_lane = self.warps[ww].waiting.trailing_zeros() as usize;
            let bar_pc = self.warps[ww].pc[first_lane] as usize;
            if let Some(ew) = (0..nwarps).find(|&wi| self.warps[wi].exited != 0) {
                let tid = self.warps[ew].base_tid + self.warps[ew].exited.trailing_zeros();
                let t = Self::thread_coords(cx, tid);
                self.report(cx, FindingKind::Barrier, bar_pc, tid, || {
                    format!(
                        "__syncthreads() reached by only part of the block: thread ({},{},{}) had already exited, so the others would wait forever",
                        t[0], t[1], t[2]
                    )
                });
            }
            let mut other: Option<(u32, usize)> = None;
            for wi in 0..nwarps {
                let w = &self.warps[wi];
                for_lanes(w.waiting, |l| {
                    if other.is_none() && w.pc[l] as usize != bar_pc {
                        other = Some((w.base_tid + l as u32, w.pc[l] as usize));
                    }
                });
            }
            if let Some((tid, opc)) = other {
                let line_of = |pc: usize| {
                    cx.k.locs[pc]
                        .source
                        .as_ref()
                        .map(|s| format!("line {}", s.line))
                        .unwrap_or(format!("PTX line {}", cx.k.locs[pc].ptx_line))
                };
                let (a, b) = (line_of(bar_pc), line_of(opc));
                self.report(cx, FindingKind::Barrier, opc, tid, || {
                    format!("threads of one block wait at different __syncthreads() ({a} and {b})")
                });
            }
            // Release everybody and start a new hazard interval.
            for wi in 0..nwarps {
                let w = &mut self.warps[wi];
                let waiting = w.waiting;
                for_lanes(waiting, |l| w.pc[l] += 1);
                w.pending |= waiting;
                w.waiting = 0;
                w.reschedule();
            }
            self.m.barriers += 1;
            self.shadow.barrier();
            for wi in 0..nwarps {
                self.warps[wi].sync_start = self.shadow.epoch();
            }
        }
        self.m.threads = nthreads as u64;
        self.m.blocks = 1;
        self.m.max_global_loads_per_thread = self.loads_per_thread.iter().copied().max().unwrap_or(0) as u64;
        self.trim_printf(cx.max_printf);
        BlockResult {
            metrics: std::mem::take(&mut self.m),
            findings: std::mem::take(&mut self.findings),
            dropped: self.dropped,
            fault,
            printf: self.printf.drain(..).map(|(_, _, line)| line).collect(),
            printf_dropped: self.printf_dropped,
        }
    }

    fn run_warp(&mut self, cx: &LaunchCtx, wi: usize) -> Result<(), Fault> {
        let mut w = std::mem::take(&mut self.warps[wi]);
        let r = self.run_warp_inner(cx, &mut w);
        self.warps[wi] = w;
        r
    }

    fn run_warp_inner(&mut self, cx: &LaunchCtx, w: &mut Warp) -> Result<(), Fault> {
        let code = &cx.k.code[..];
        while w.active != 0 {
            let pc = w.active_pc as usize;
            let inst = &code[pc];
            let active = w.active;
            let mut mask = active;
            if inst.guard != NO_PRED {
                let p = w.preds[inst.guard as usize];
                mask &= if inst.guard_neg { !p } else { p };
            }
            let n_active = active.count_ones() as u64;
            self.m.warp_instructions += 1;
            self.m.lane_instructions += n_active;
            self.lane_count += n_active;
            if self.lane_count > self.budget {
                let tid = w.base_tid + active.trailing_zeros();
                self.report(cx, FindingKind::Timeout, pc, tid, || {
                    "the launch ran past its instruction budget: an endless loop?".to_string()
                });
                return Err(());
            }
            if inst.flops != 0 || inst.other_float != 0 {
                let n = mask.count_ones() as u64;
                self.m.flops += inst.flops as u64 * n;
                self.m.other_float_ops += inst.other_float as u64 * n;
            }
            match inst.op {
                Op::Bra { target } => {
                    let taken = mask;
                    if taken == active {
                        w.active_pc = target;
                        if w.pending != 0 && target >= w.other_min {
                            w.reschedule();
                        }
                    } else if taken == 0 {
                        w.advance();
                    } else {
                        let next = pc as u32 + 1;
                        for_lanes(active, |l| w.pc[l] = if taken & (1 << l) != 0 { target } else { next });
                        w.pending |= active;
                        w.active = 0;
                        w.reschedule();
                    }
                    continue;
                }
                Op::Exit => {
                    w.exited |= mask;
                    w.active &= !mask;
                    if w.active == 0 {
                        w.reschedule();
                    } else {
                        w.advance();
                    }
                    continue;
                }
                Op::WarpSync => {
                    w.warp_waiting |= mask;
                    for_lanes(mask, |l| w.pc[l] = pc as u32);
                    w.active &= !mask;
                    if w.active == 0 {
                        w.reschedule();
                    } else {
                        w.advance();
                    }
                    if w.active == 0 && w.warp_waiting != 0 {
                        // Every lane that can still come has arrived: release them together.
                        let ww = w.warp_waiting;
                        for_lanes(ww, |l| w.pc[l] += 1);
                        w.pending |= ww;
                        w.warp_waiting = 0;
                        w.sync_start = self.shadow.warp_sync();
                        w.reschedule();
                    }
                    continue;
                }
                Op::Bar => {
                    w.waiting |= mask;
                    for_lanes(mask, |l| w.pc[l] = pc as u32);
                    w.active &= !mask;
                    if w.active == 0 {
                        w.reschedule();
                    } else {
                        w.advance();
                    }
                    continue;
                }
                _ => {}
            }
            if mask != 0 {
                self.exec(cx, w, pc, inst, mask)?;
            }
            w.advance();
        }
        Ok(())
    }

    #[inline(always)]
    fn exec(&mut self, cx: &LaunchCtx, w: &mut Warp, pc: usize, inst: &Inst, mask: u32) -> Result<(), Fault> {
        match inst.op {
            Op::Mov { d, a } => w.map1(mask, d, a, |x| x),
            Op::Bin { op, ty, d, a, b } => match (op, ty) {
                // The hot combinations get their own loops; the rest go through `ops::bin`.
                (BinOp::Add, Ty::S32 | Ty::U32) => {
                    w.map2(mask, d, a, b, |x, y| (x as u32).wrapping_add(y as u32) as u64)
                }
                (BinOp::Add, Ty::S64 | Ty::U64) => w.map2(mask, d, a, b, |x, y| x.wrapping_add(y)),
                (BinOp::Add, Ty::F32) => w.map2(mask, d, a, b, |x, y| ops::f32b(ops::f32v(x) + ops::f32v(y))),
                (BinOp::MulLo, Ty::F32) => w.map2(mask, d, a, b, |x, y| ops::f32b(ops::f32v(x) * ops::f32v(y))),
                (BinOp::MulWide, Ty::S32) => {
                    w.map2(mask, d, a, b, |x, y| (x as u32 as i32 as i64).wrapping_mul(y as u32 as i32 as i64) as u64)
                }
                (BinOp::MulWide, Ty::U32) => w.map2(mask, d, a, b, |x, y| (x as u32 as u64) * (y as u32 as u64)),
                _ => w.map2(mask, d, a, b, |x, y| ops::bin(op, ty, x, y)),
            },
            Op::Un { op, ty, d, a } => w.map1(mask, d, a, |x| ops::un(op, ty, x)),
            Op::Mad { kind, ty, d, a, b, c } => match (kind, ty) {
                (MadKind::Float, Ty::F32) => fused_multiply_add(w, mask, d, a, b, c, false),
                (MadKind::Float, _) => fused_multiply_add(w, mask, d, a, b, c, true),
                (MadKind::Lo, Ty::S32 | Ty::U32) => {
                    w.map3(mask, d, a, b, c, |x, y, z| (x as u32).wrapping_mul(y as u32).wrapping_add(z as u32) as u64)
                }
                (MadKind::Lo, _) => {
                    w.map3(mask, d, a, b, c, |x, y, z| ops::trunc(ops::bin(BinOp::MulLo, ty, x, y).wrapping_add(z), ty))
                }
                (MadKind::Hi, _) => {
                    w.map3(mask, d, a, b, c, |x, y, z| ops::trunc(ops::bin(BinOp::MulHi, ty, x, y).wrapping_add(z), ty))
                }
                (MadKind::Wide, _) => {
                    let wt = match ty {
                        Ty::S16 => Ty::S32,
                        Ty::U16 => Ty::U32,
                        _ => Ty::U64,
                    };
                    w.map3(mask, d, a, b, c, |x, y, z| {
                        ops::trunc(ops::bin(BinOp::MulWide, ty, x, y).wrapping_add(z), wt)
                    })
                }
            },
            Op::Setp { cmp, ty, d, dn, a, b, comb, c, cneg } => {
                let av = w.regs[a as usize];
                let bv = w.regs[b as usize];
                let mut res = 0u32;
                // Integer compares: widen once, then one tight loop per comparison.
                macro_rules! int_cmp {
                    ($conv:expr) => {{
                        let conv = $conv;
                        macro_rules! go {
                            ($op:tt) => {
                                for_lanes(mask, |l| res |= ((conv(av[l]) $op conv(bv[l])) as u32) << l)
                            };
                        }
                        match cmp {
                            Cmp::Eq => go!(==),
                            Cmp::Ne => go!(!=),
                            Cmp::Lt => go!(<),
                            Cmp::Le => go!(<=),
                            Cmp::Gt => go!(>),
                            Cmp::Ge => go!(>=),
                            _ => for_lanes(mask, |l| res |= (ops::compare(cmp, ty, av[l], bv[l]) as u32) << l),
                        }
                    }};
                }
                match ty {
                    Ty::S32 => int_cmp!(|x: u64| x as u32 as i32 as i64),
                    Ty::U32 => int_cmp!(|x: u64| x as u32 as i64),
                    Ty::S64 => int_cmp!(|x: u64| x as i64 as i128),
                    Ty::U64 => int_cmp!(|x: u64| x as i128),
                    _ => for_lanes(mask, |l| res |= (ops::compare(cmp, ty, av[l], bv[l]) as u32) << l),
                }
                let (mut t, mut f) = (res, !res & mask);
                if let Some(bop) = comb {
                    let cv = w.preds[c as usize] ^ if cneg { FULL } else { 0 };
                    let apply = |x: u32| match bop {
                        BoolOp::And => x & cv,
                        BoolOp::Or => x | cv,
                        BoolOp::Xor => x ^ cv,
                    };
                    t = apply(t);
                    f = apply(f);
                }
                w.set_pred(d, mask, t);
                if dn != NO_PRED {
                    w.set_pred(dn, mask, f);
                }
            }
            Op::Set { cmp, ty, dty, d, a, b } => {
                let one = match dty {
                    Ty::F32 => 1f32.to_bits() as u64,
                    _ => 0xffff_ffff,
                };
                w.map2(mask, d, a, b, |x, y| if ops::compare(cmp, ty, x, y) { one } else { 0 });
            }
            Op::Selp { d, a, b, p } => {
                let pv = w.preds[p as usize];
                let av = w.regs[a as usize];
                let bv = w.regs[b as usize];
                let dv = &mut w.regs[d as usize];
                for_lanes(mask, |l| dv[l] = if pv & (1 << l) != 0 { av[l] } else { bv[l] });
            }
            Op::Slct { ty, d, a, b, c } => w.map3(mask, d, a, b, c, |x, y, z| {
                let pick_a = if ty == Ty::F32 { ops::f32v(z) >= 0.0 } else { (z as u32 as i32) >= 0 };
                if pick_a {
                    x
                } else {
                    y
                }
            }),
            Op::Cvt { dty, sty, rnd, sat, d, a } => match (dty, sty) {
                (Ty::U64 | Ty::S64, Ty::U32) => w.map1(mask, d, a, |x| x as u32 as u64),
                (Ty::U64 | Ty::S64, Ty::S32) => w.map1(mask, d, a, |x| x as u32 as i32 as i64 as u64),
                _ => w.map1(mask, d, a, |x| ops::cvt(dty, sty, rnd, sat, x)),
            },
            Op::Pred { op, d, a, aneg, b, bneg } => {
                let av = w.preds[a as usize] ^ if aneg { FULL } else { 0 };
                let bv = if b == NO_PRED { 0 } else { w.preds[b as usize] ^ if bneg { FULL } else { 0 } };
                let v = match op {
                    PredOp::And => av & bv,
                    PredOp::Or => av | bv,
                    PredOp::Xor => av ^ bv,
                    PredOp::Not => !av,
                    PredOp::Mov => av,
                };
                w.set_pred(d, mask, v);
            }
            Op::PredConst { d, v } => w.set_pred(d, mask, if v { FULL } else { 0 }),
            Op::Cvta { to, space, d, a } => {
                let window = match space {
                    Space::Shared => SHARED_WINDOW,
                    Space::Local => LOCAL_WINDOW,
                    Space::Const => CONST_WINDOW,
                    _ => 0,
                };
                if to {
                    w.map1(mask, d, a, |x| x.wrapping_sub(window));
                } else {
                    w.map1(mask, d, a, |x| x.wrapping_add(window));
                }
            }
            Op::Ld { space, ty, n, d, base, off } => self.mem_op(cx, w, pc, mask, space, ty, n, d, base, off, false)?,
            Op::St { space, ty, n, s, base, off } => self.mem_op(cx, w, pc, mask, space, ty, n, s, base, off, true)?,
            Op::Atom { space, op, ty, d, base, off, b, c } => {
                self.atom(cx, w, pc, mask, space, op, ty, d, base, off, b, c)?
            }
            Op::Shfl { mode, d, dp, a, b, c } => {
                let av = w.regs[a as usize];
                let bv = w.regs[b as usize];
                let cv = w.regs[c as usize];
                let mut out = w.regs[d as usize];
                let mut pv = 0u32;
                for_lanes(mask, |l| {
                    let lane = l as u32;
                    let bval = (bv[l] as u32) & 31;
                    let clamp = (cv[l] as u32) & 31;
                    let seg = ((cv[l] as u32) >> 8) & 31;
                    let min_lane = lane & seg;
                    let max_lane = min_lane | (clamp & !seg);
                    let (j, ok) = match mode {
                        ShflMode::Up => (lane.wrapping_sub(bval), lane >= bval && lane - bval >= min_lane),
                        ShflMode::Down => (lane + bval, lane + bval <= max_lane),
                        ShflMode::Bfly => (lane ^ bval, (lane ^ bval) <= max_lane),
                        ShflMode::Idx => {
                            let j = min_lane | (bval & !seg);
                            (j, j <= max_lane)
                        }
                    };
                    let j = if ok { j } else { lane };
                    out[l] = av[j as usize];
                    pv |= (ok as u32) << l;
                });
                w.regs[d as usize] = out;
                if dp != NO_PRED {
                    w.set_pred(dp, mask, pv);
                }
            }
            Op::Vote { mode, d, dp, a, aneg } => {
                let p = (w.preds[a as usize] ^ if aneg { FULL } else { 0 }) & mask;
                match mode {
                    VoteMode::Ballot => {
                        let dv = &mut w.regs[d as usize];
                        for_lanes(mask, |l| dv[l] = p as u64);
                    }
                    VoteMode::All => w.set_pred(dp, mask, if p == mask { FULL } else { 0 }),
                    VoteMode::Any => w.set_pred(dp, mask, if p != 0 { FULL } else { 0 }),
                    VoteMode::Uni => w.set_pred(dp, mask, if p == 0 || p == mask { FULL } else { 0 }),
                }
            }
            Op::Bfe { ty, d, a, b, c } => w.map3(mask, d, a, b, c, |x, pos, len| {
                let width = ops::bits(ty);
                let pos = (pos & 0xff) as u32;
                let len = (len & 0xff) as u32;
                let signed = ty.is_signed();
                let msb = if len == 0 { 0 } else { (pos + len - 1).min(width - 1) };
                let sbit = if signed && len != 0 { (ops::trunc(x, ty) >> msb) & 1 } else { 0 };
                let mut r = 0u64;
                for i in 0..width {
                    let bit = if i < len && pos + i < width { (x >> (pos + i)) & 1 } else { sbit };
                    r |= bit << i;
                }
                ops::trunc(r, ty)
            }),
            Op::Bfi { ty, d, f, a, b, c } => {
                let fv = w.regs[f as usize];
                let av = w.regs[a as usize];
                let bv = w.regs[b as usize];
                let cv = w.regs[c as usize];
                let dv = &mut w.regs[d as usize];
                for_lanes(mask, |l| {
                    let width = ops::bits(ty);
                    let pos = (bv[l] & 0xff) as u32;
                    let len = (cv[l] & 0xff) as u32;
                    let mut r = av[l];
                    for i in 0..len {
                        if pos + i >= width {
                            break;
                        }
                        let bit = (fv[l] >> i) & 1;
                        r = (r & !(1 << (pos + i))) | (bit << (pos + i));
                    }
                    dv[l] = ops::trunc(r, ty);
                });
            }
            Op::Prmt { d, a, b, c } => w.map3(mask, d, a, b, c, |x, y, sel| {
                let bytes = ((y as u32 as u64) << 32) | (x as u32 as u64);
                let mut r = 0u32;
                for i in 0..4 {
                    let s = ((sel as u32) >> (4 * i)) & 0xf;
                    let mut byte = ((bytes >> (8 * (s & 7))) & 0xff) as u32;
                    if s & 8 != 0 {
                        byte = if byte & 0x80 != 0 { 0xff } else { 0 };
                    }
                    r |= byte << (8 * i);
                }
                r as u64
            }),
            Op::Pack { d, parts, n, bits } => {
                let mut out = w.regs[d as usize];
                let m = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
                for_lanes(mask, |l| {
                    let mut v = 0u64;
                    for (k, &part) in parts[..n as usize].iter().enumerate() {
                        v |= (w.regs[part as usize][l] & m) << (k as u32 * bits as u32);
                    }
                    out[l] = v;
                });
                w.regs[d as usize] = out;
            }
            Op::Unpack { parts, n, bits, a } => {
                let av = w.regs[a as usize];
                let m = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
                for (k, &part) in parts[..n as usize].iter().enumerate() {
                    let dv = &mut w.regs[part as usize];
                    for_lanes(mask, |l| dv[l] = (av[l] >> (k as u32 * bits as u32)) & m);
                }
            }
            Op::Nop => {}
            Op::Printf { fmt, args, ret } => self.printf(cx, w, mask, fmt, args, ret),
            Op::AssertFail { message, file, line, function } => {
                return self.assert_fail(cx, w, pc, mask, [message, file, line, function]);
            }
            Op::CallTooDeep { too_large } => {
                let tid = w.base_tid + mask.trailing_zeros();
                self.report(cx, FindingKind::CallDepth, pc, tid, || {
                    if too_large {
                        format!(
                            "the functions this kernel calls add up to more than {} instructions once inlined (a recursion?): the emulator stops here",
                            crate::inline::MAX_INLINED
                        )
                    } else {
                        format!("calls nested more than {} deep (endless recursion?): the launch was stopped", crate::inline::MAX_CALL_DEPTH)
                    }
                });
                return Err(());
            }
            Op::Bra { .. } | Op::Exit | Op::Bar | Op::WarpSync => unreachable!("handled by the scheduler"),
        }
        Ok(())
    }

    /// Map an address of `space` to a region, or report why it is bad.
    #[inline(always)]
    fn resolve(&mut self, cx: &LaunchCtx, space: Space, addr: u64, size: u64) -> Option<Region> {
        let in_window = |base: u64| addr.wrapping_sub(base) < WINDOW_SIZE;
        let (space, a) = match space {
            Space::Generic => {
                if in_window(SHARED_WINDOW) {
                    (Space::Shared, addr - SHARED_WINDOW)
                } else if in_window(LOCAL_WINDOW) {
                    (Space::Local, addr - LOCAL_WINDOW)
                } else if in_window(CONST_WINDOW) {
                    (Space::Const, addr - CONST_WINDOW)
                } else {
                    (Space::Global, addr)
                }
            }
            s => (s, addr),
        };
        let fits = |len: u64| a <= len && size <= len - a;
        match space {
            Space::Global => {
                let allocs = &cx.mem.allocs;
                if let Some(al) = allocs.get(self.last_alloc) {
                    let o = a.wrapping_sub(al.base);
                    if o <= al.len && size <= al.len - o {
                        return Some(Region::Global(self.last_alloc, o));
                    }
                }
                let i = cx.mem.find(a, size)?;
                self.last_alloc = i;
                Some(Region::Global(i, a - allocs[i].base))
            }
            Space::Shared => fits(cx.shared_bytes).then_some(Region::Shared(a)),
            Space::Local => fits(cx.k.local_bytes).then_some(Region::Local(a)),
            Space::Const => fits(cx.consts.len() as u64).then_some(Region::Const(a)),
            Space::Param => fits(cx.params.len() as u64).then_some(Region::Param(a)),
            Space::Frame => fits(cx.k.frame_bytes).then_some(Region::Frame(a)),
            Space::Generic => None,
        }
    }

    /// One byte a thread can see at a generic address, read without counting it (printf's
    /// and assert's strings and arguments are the driver's business, not the kernel's traffic).
    fn peek_byte(&mut self, cx: &LaunchCtx, tid: u32, addr: u64) -> Option<u8> {
        match self.resolve(cx, Space::Generic, addr, 1)? {
            Region::Global(i, o) => Some(cx.mem.allocs[i].load(o, 1) as u8),
            Region::Shared(o) => self.shared.get(o as usize).copied(),
            Region::Local(o) => self.local.get(tid as usize * cx.thread_frame() + o as usize).copied(),
            Region::Const(o) => cx.consts.get(o as usize).copied(),
            Region::Param(o) => cx.params.get(o as usize).copied(),
            Region::Frame(_) => None,
        }
    }

    /// `size` bytes at a generic address, little-endian; `None` where any byte is unreadable.
    fn peek(&mut self, cx: &LaunchCtx, tid: u32, addr: u64, size: usize) -> Option<u64> {
        let mut v = 0u64;
        for k in 0..size {
            v |= (self.peek_byte(cx, tid, addr.wrapping_add(k as u64))? as u64) << (8 * k);
        }
        Some(v)
    }

    /// The NUL-terminated string at a generic address (at most 4 KiB of it).
    fn peek_string(&mut self, cx: &LaunchCtx, tid: u32, addr: u64) -> Option<Vec<u8>> {
        if addr == 0 {
            return None;
        }
        let mut out = Vec::new();
        while out.len() < 4096 {
            match self.peek_byte(cx, tid, addr.wrapping_add(out.len() as u64))? {
                0 => break,
                b => out.push(b),
            }
        }
        Some(out)
    }

    /// A value in a thread's call-parameter memory (what a call sequence stored).
    fn frame_read(&self, cx: &LaunchCtx, tid: u32, off: u32, size: u32) -> u64 {
        let at = tid as usize * cx.thread_frame() + cx.k.local_bytes as usize + off as usize;
        read_le(&self.local, at, size)
    }

    fn frame_write(&mut self, cx: &LaunchCtx, tid: u32, off: u32, size: u32, v: u64) {
        let at = tid as usize * cx.thread_frame() + cx.k.local_bytes as usize + off as usize;
        write_le(&mut self.local, at, size, v)
    }

    /// `vprintf` for each lane of `mask`, in lane order: its line joins the block's output.
    #[cold]
    #[inline(never)]
    fn printf(&mut self, cx: &LaunchCtx, w: &Warp, mask: u32, fmt: u32, args: u32, ret: u32) {
        let mut lanes = mask;
        while lanes != 0 {
            let tid = w.base_tid + lanes.trailing_zeros();
            lanes &= lanes - 1;
            let fmt_addr = self.frame_read(cx, tid, fmt, 8);
            let args_addr = self.frame_read(cx, tid, args, 8);
            let (text, parsed) = match self.peek_string(cx, tid, fmt_addr) {
                Some(f) => {
                    let mut device = DeviceArgs { runner: self, cx, tid, base: args_addr };
                    let text = crate::printf::format(&f, &mut device);
                    (text, 0)
                }
                None => (format!("<printf: unreadable format string at {fmt_addr:#x}>"), -1i32),
            };
            if ret != u32::MAX {
                self.frame_write(cx, tid, ret, 4, parsed as u32 as u64);
            }
            let line = PrintfLine { block: self.block_idx, thread: Self::thread_coords(cx, tid), text };
            self.printf.push((tid, self.printf_seq, line));
            self.printf_seq += 1;
            // Bounded memory whatever the kernel prints: keep only what can still be shown.
            if self.printf.len() >= 4 * cx.max_printf + 64 {
                self.trim_printf(cx.max_printf);
            }
        }
    }

    /// Keep the first `max` lines in (thread, program) order; count the others.
    fn trim_printf(&mut self, max: usize) {
        self.printf.sort_by_key(|(tid, seq, _)| (*tid, *seq));
        if self.printf.len() > max {
            self.printf_dropped += (self.printf.len() - max) as u64;
            self.printf.truncate(max);
        }
    }

    /// A failed `assert`: a finding for the first lane of `mask`, and the launch stops, as a
    /// GPU's does (the kernel traps).
    #[cold]
    #[inline(never)]
    fn assert_fail(&mut self, cx: &LaunchCtx, w: &Warp, pc: usize, mask: u32, offs: [u32; 4]) -> Result<(), Fault> {
        let tid = w.base_tid + mask.trailing_zeros();
        let [message, _file, _line, function] = offs;
        let mut text = |off: u32| {
            let addr = self.frame_read(cx, tid, off, 8);
            self.peek_string(cx, tid, addr).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default()
        };
        let (expr, func) = (text(message), text(function));
        self.report(cx, FindingKind::Assertion, pc, tid, || format!("assertion `{expr}` failed in {func}"));
        Err(())
    }

    fn bad_access(&mut self, cx: &LaunchCtx, pc: usize, tid: u32, access: BadAccess) {
        let BadAccess { space, addr, size, store } = access;
        let what = if store { "write" } else { "read" };
        let detail = match space {
            Space::Shared => format!("shared offset {addr} (the block has {} bytes of shared memory)", cx.shared_bytes),
            Space::Const => {
                format!("constant offset {addr} (the module has {} bytes of __constant__ data)", cx.consts.len())
            }
            Space::Local => format!("local offset {addr} (each thread has {} bytes)", cx.k.local_bytes),
            Space::Param => format!("parameter offset {addr}"),
            Space::Frame => format!("call parameter offset {addr} (each thread has {} bytes)", cx.k.frame_bytes),
            _ => format!("address {addr:#x}, outside every allocation"),
        };
        self.report(cx, FindingKind::OutOfBounds, pc, tid, || {
            format!("out-of-bounds {what} of {size} bytes in {} memory: {detail}", space.name())
        });
    }

    /// The shadow's check of one thread's shared access of `size` bytes at `o`, reported.
    /// True when a copy load read unwritten bytes (not reported: the value carries that state).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn shared_access(
        &mut self,
        cx: &LaunchCtx,
        pc: usize,
        tid: u32,
        ws: u32,
        o: usize,
        size: usize,
        store: bool,
        copy_load: bool,
    ) -> bool {
        let who = Accessor { tid: tid as u16, warp_sync: ws };
        if self.shadow.try_access(who, o, size, store) {
            return false;
        }
        self.shared_access_explained(cx, pc, who, o, size, store, copy_load)
    }

    #[cold]
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn shared_access_explained(
        &mut self,
        cx: &LaunchCtx,
        pc: usize,
        who: Accessor,
        o: usize,
        size: usize,
        store: bool,
        copy_load: bool,
    ) -> bool {
        let checked = self.shadow.access_explained(who, o, size, store, copy_load);
        if let Some(hazard) = checked.hazard {
            self.report_hazard(cx, pc, who.tid as u32, hazard);
        }
        checked.copied_unwritten
    }

    #[cold]
    #[inline(never)]
    fn report_hazard(&mut self, cx: &LaunchCtx, pc: usize, tid: u32, hazard: Hazard) {
        match hazard {
            Hazard::Unwritten { offset, holds_copy: false } => self.report(cx, FindingKind::UninitializedShared, pc, tid, || {
                format!("read of shared memory (offset {offset}) that no thread of the block has written")
            }),
            Hazard::Unwritten { offset, holds_copy: true } => self.report(cx, FindingKind::UninitializedShared, pc, tid, || {
                format!("read of shared memory (offset {offset}) that holds a copy of shared memory no thread of the block has written")
            }),
            Hazard::Race { offset, other, what } => {
                let who = match other {
                    None => "other threads".to_string(),
                    Some(o) => {
                        let o = Self::thread_coords(cx, o as u32);
                        format!("thread ({},{},{})", o[0], o[1], o[2])
                    }
                };
                self.report(cx, FindingKind::Race, pc, tid, || {
                    format!("{what} race on shared memory (offset {offset}): {who} accessed it earlier with no __syncthreads() in between")
                });
            }
        }
    }

    /// After a store of values from a copy load: the bytes that `lanes` stored hold copies of
    /// unwritten memory, so they stay unwritten (they still count as writes for races).
    #[cold]
    #[inline(never)]
    fn mark_copied_unwritten(&mut self, w: &Warp, lanes: u32, base: R, off: i64, size: usize) {
        let addrs = w.regs[base as usize];
        for_lanes(lanes, |l| {
            // Copy stores are `st.shared`: the address is an offset in the block's shared memory.
            let o = addrs[l].wrapping_add(off as u64) as usize;
            self.shadow.mark_copied_unwritten((w.base_tid + l as u32) as u16, o, size);
        });
    }

    #[allow(clippy::too_many_arguments)]
    fn mem_op(
        &mut self,
        cx: &LaunchCtx,
        w: &mut Warp,
        pc: usize,
        mask: u32,
        space: Space,
        ty: Ty,
        n: u8,
        regs: [R; 4],
        base: R,
        off: i64,
        store: bool,
    ) -> Result<(), Fault> {
        let done = match space {
            Space::Const | Space::Param if !store => self.ld_readonly_fast(cx, w, mask, space, ty, n, regs, base, off),
            Space::Shared if n == 1 && ty.size() == 4 => {
                return self.shared_32bit(cx, w, pc, mask, ty, regs[0], base, off, store)
            }
            Space::Shared => self.shared_fast(cx, w, pc, mask, ty, n, regs, base, off, store),
            Space::Global => self.global_fast(cx, w, mask, ty, n, regs, base, off, store),
            _ => false,
        };
        if done {
            return Ok(());
        }
        self.mem_op_slow(cx, w, pc, mask, space, ty, n, regs, base, off, store)
    }

    /// Constant and parameter loads when every lane is in bounds and aligned.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn ld_readonly_fast(
        &mut self,
        cx: &LaunchCtx,
        w: &mut Warp,
        mask: u32,
        space: Space,
        ty: Ty,
        n: u8,
        regs: [R; 4],
        base: R,
        off: i64,
    ) -> bool {
        let esize = ty.size();
        let total = (esize * n as u32) as u64;
        let am = total.min(16) - 1;
        let buf = if space == Space::Const { &cx.consts } else { &cx.params };
        let len = buf.len() as u64;
        let fits = |o: u64| (o <= len) & (total <= len.wrapping_sub(o)) & (o & am == 0);
        let first = w.regs[base as usize][mask.trailing_zeros() as usize];
        // Same address in every lane: the usual case for constants and parameters, known at
        // decode time when the base is a symbol (`[F+4]`).
        let uniform = cx.k.uniform[base as usize] || {
            let mut same = true;
            for_lanes(mask, |l| same &= w.regs[base as usize][l] == first);
            same
        };
        if uniform {
            let o = first.wrapping_add(off as u64);
            if !fits(o) {
                return false;
            }
            for (k, &reg) in regs[..n as usize].iter().enumerate() {
                let v = extend_loaded(read_le(buf, o as usize + k * esize as usize, esize), ty);
                fill_lanes(&mut w.regs[reg as usize], mask, v);
            }
        } else {
            let addrs = w.regs[base as usize];
            let mut ok = true;
            for_lanes(mask, |l| ok &= fits(addrs[l].wrapping_add(off as u64)));
            if !ok {
                return false;
            }
            for (k, &reg) in regs[..n as usize].iter().enumerate() {
                let dv = &mut w.regs[reg as usize];
                for_lanes(mask, |l| {
                    let o = addrs[l].wrapping_add(off as u64) as usize + k * esize as usize;
                    dv[l] = extend_loaded(read_le(buf, o, esize), ty);
                });
            }
        }
        let bytes = total * mask.count_ones() as u64;
        if space == Space::Const {
            self.m.const_load_bytes += bytes;
        } else {
            self.m.param_load_bytes += bytes;
        }
        true
    }

    /// 32-bit shared accesses (`ld/st.shared` of one `b32`/`u32`/`s32`/`f32`), the bulk of
    /// every tiled kernel: lanes in order, each checked for bounds and alignment as it comes. A
    /// bad lane is handed, with the lanes after it, to `mem_op_slow`, which reports it, so the
    /// outcome (state, counts, finding) is the slow path's.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn shared_32bit(
        &mut self,
        cx: &LaunchCtx,
        w: &mut Warp,
        pc: usize,
        mask: u32,
        ty: Ty,
        r: R,
        base: R,
        off: i64,
        store: bool,
    ) -> Result<(), Fault> {
        if cx.shared_bytes < 4 {
            return self.mem_op_slow(
                cx,
                w,
                pc,
                mask,
                Space::Shared,
                ty,
                1,
                [r, NO_REG, NO_REG, NO_REG],
                base,
                off,
                store,
            );
        }
        let last = cx.shared_bytes - 4;
        let copy_load = !store && cx.k.copy_load[pc];
        let ri = r as usize;
        // The register row is kept local (it may also be the address register).
        let mut row = w.regs[ri];
        let addrs = &w.regs[base as usize];
        // Lane by lane up to the first bad one: bounds and alignment, then the value (a store by
        // several lanes to one word keeps the last). The shadow only observes, so it comes after.
        // Words strictly increasing within a window of 32: no bank conflict (checked here
        // rather than by sorting afterwards).
        let mut offsets = [0u32; 32];
        let mut increasing = true;
        let mut previous = -1i64;
        let shared = &mut self.shared[..];
        let mut m = mask;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            let o = addrs[l].wrapping_add(off as u64);
            if (o > last) | (o & 3 != 0) {
                break;
            }
            m &= m - 1;
            offsets[l] = o as u32;
            let cell: &mut [u8; 4] = (&mut shared[o as usize..o as usize + 4]).try_into().unwrap();
            if store {
                *cell = (row[l] as u32).to_le_bytes();
            } else {
                row[l] = extend_loaded(u32::from_le_bytes(*cell) as u64, ty);
            }
            let word = (o >> 2) as i64;
            increasing &= word > previous;
            previous = word;
        }
        let done = mask & !m;
        // The shadow, lanes in order; the rare lane with something to say goes the long way.
        let (base_tid, ws) = (w.base_tid, w.sync_start);
        let try_lanes = |shadow: &mut SharedShadow, lanes: u32| {
            if store {
                shadow.try_words_of_warp::<true>(base_tid as u16, ws, lanes, &offsets)
            } else {
                shadow.try_words_of_warp::<false>(base_tid as u16, ws, lanes, &offsets)
            }
        };
        let mut copied_unwritten = 0u32;
        let mut rest = try_lanes(&mut self.shadow, done);
        while rest != 0 {
            let l = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let who = Accessor { tid: (base_tid + l as u32) as u16, warp_sync: ws };
            copied_unwritten |=
                (self.shared_access_explained(cx, pc, who, offsets[l] as usize, 4, store, copy_load) as u32) << l;
            rest = try_lanes(&mut self.shadow, rest);
        }
        if store {
            let lanes = w.unwritten[ri] & done;
            if lanes != 0 {
                self.mark_copied_unwritten(w, lanes, base, off, 4);
            }
            self.m.shared_store_bytes += 4 * done.count_ones() as u64;
        } else {
            w.regs[ri] = row;
            w.unwritten[ri] = (w.unwritten[ri] & !done) | copied_unwritten;
            self.m.shared_load_bytes += 4 * done.count_ones() as u64;
        }
        if done != 0 {
            self.m.shared_requests += 1;
            let first = (offsets[done.trailing_zeros() as usize] >> 2) as i64;
            if !(increasing && previous - first < 32) {
                let mut words = [0u64; 32];
                let mut nw = 0;
                for_lanes(done, |l| {
                    words[nw & 31] = (offsets[l] >> 2) as u64;
                    nw += 1;
                });
                self.m.shared_bank_conflicts += bank_conflicts(&mut words[..nw]);
            }
        }
        if m != 0 {
            return self.mem_op_slow(cx, w, pc, m, Space::Shared, ty, 1, [r, NO_REG, NO_REG, NO_REG], base, off, store);
        }
        Ok(())
    }

    /// Other shared accesses (vectors, 8-byte and sub-word values) when every lane is in bounds
    /// and aligned: all lanes are checked first.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn shared_fast(
        &mut self,
        cx: &LaunchCtx,
        w: &mut Warp,
        pc: usize,
        mask: u32,
        ty: Ty,
        n: u8,
        regs: [R; 4],
        base: R,
        off: i64,
        store: bool,
    ) -> bool {
        let esize = ty.size();
        let total = (esize * n as u32) as u64;
        let am = total.min(16) - 1;
        let len = cx.shared_bytes;
        if total > len {
            return false;
        }
        // Bounds and alignment of all 32 lanes at once (branch-free, so it vectorises), then
        // only the lanes that run count. Offsets fit in 32 bits once in bounds.
        let last = len - total;
        let mut offsets = [0u32; 32];
        let mut bad = 0u32;
        for (l, (a, o32)) in w.regs[base as usize].iter().zip(offsets.iter_mut()).enumerate() {
            let o = a.wrapping_add(off as u64);
            *o32 = o as u32;
            bad |= (((o > last) | (o & am != 0)) as u32) << l;
        }
        if bad & mask != 0 {
            return false;
        }
        let copy_load = !store && cx.k.copy_load[pc];
        let mut words = [0u64; 128];
        let mut nw = 0;
        let mut copied_unwritten = 0u32;
        let mut m = mask;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let o = offsets[l] as usize;
            copied_unwritten |=
                (self.shared_access(cx, pc, w.base_tid + l as u32, w.sync_start, o, total as usize, store, copy_load)
                    as u32)
                    << l;
            for (k, &reg) in regs[..n as usize].iter().enumerate() {
                let at = o + k * esize as usize;
                if store {
                    write_le(&mut self.shared, at, esize, w.regs[reg as usize][l]);
                } else {
                    w.regs[reg as usize][l] = extend_loaded(read_le(&self.shared, at, esize), ty);
                }
            }
            let mut word = (o >> 2) as u64;
            while (word << 2) < (o as u64 + total) {
                words[nw] = word;
                nw += 1;
                word += 1;
            }
        }
        if n == 1 {
            let r = regs[0] as usize;
            if store {
                let lanes = w.unwritten[r] & mask;
                if lanes != 0 {
                    self.mark_copied_unwritten(w, lanes, base, off, total as usize);
                }
            } else {
                w.unwritten[r] = (w.unwritten[r] & !mask) | copied_unwritten;
            }
        }
        let bytes = total * mask.count_ones() as u64;
        if store {
            self.m.shared_store_bytes += bytes;
        } else {
            self.m.shared_load_bytes += bytes;
        }
        self.m.shared_requests += 1;
        self.m.shared_bank_conflicts += bank_conflicts(&mut words[..nw]);
        true
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn global_fast(
        &mut self,
        cx: &LaunchCtx,
        w: &mut Warp,
        mask: u32,
        ty: Ty,
        n: u8,
        regs: [R; 4],
        base: R,
        off: i64,
        store: bool,
    ) -> bool {
        let esize = ty.size();
        let total = (esize * n as u32) as u64;
        let am = total.min(16) - 1;
        let addrs = w.regs[base as usize];
        let mut which = [0u32; 32];
        let mut ok = true;
        let mut m = mask;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let a = addrs[l].wrapping_add(off as u64);
            match self.resolve(cx, Space::Global, a, total) {
                Some(Region::Global(i, o)) if o & am == 0 => which[l] = i as u32,
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if !ok {
            return false;
        }
        let mut sectors = [0u64; 32];
        let mut ns = 0;
        let mut m = mask;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let a = addrs[l].wrapping_add(off as u64);
            let al = &cx.mem.allocs[which[l] as usize];
            let o = a - al.base;
            if store {
                for (k, &reg) in regs[..n as usize].iter().enumerate() {
                    al.store(o + (k as u32 * esize) as u64, esize, w.regs[reg as usize][l]);
                }
            } else {
                for (k, &reg) in regs[..n as usize].iter().enumerate() {
                    let v = al.load(o + (k as u32 * esize) as u64, esize);
                    w.regs[reg as usize][l] = extend_loaded(v, ty);
                }
                al.mark_read(o, total as u32);
                self.loads_per_thread[(w.base_tid + l as u32) as usize] += 1;
                sectors[ns] = a >> 5;
                ns += 1;
            }
        }
        let lanes = mask.count_ones() as u64;
        if store {
            self.m.global_store_bytes += total * lanes;
        } else {
            self.m.global_load_bytes += total * lanes;
            self.m.global_loads += lanes;
            self.m.global_load_requests += 1;
            self.m.global_load_sectors += count_distinct(&mut sectors[..ns]);
        }
        true
    }

    /// Any space, lane by lane, reporting the first bad access.
    #[allow(clippy::too_many_arguments)]
    fn mem_op_slow(
        &mut self,
        cx: &LaunchCtx,
        w: &mut Warp,
        pc: usize,
        mask: u32,
        space: Space,
        ty: Ty,
        n: u8,
        regs: [R; 4],
        base: R,
        off: i64,
        store: bool,
    ) -> Result<(), Fault> {
        let esize = ty.size();
        let total = (esize * n as u32) as u64;
        let addrs = w.regs[base as usize];
        self.sectors.clear();
        self.words.clear();
        let mut any_global = false;
        let mut any_shared = false;
        let mut copied_unwritten = 0u32;
        let mut result = Ok(());
        let mut m = mask;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let tid = w.base_tid + l as u32;
            let addr = addrs[l].wrapping_add(off as u64);
            let Some(region) = self.resolve(cx, space, addr, total) else {
                self.bad_access(cx, pc, tid, BadAccess { space, addr, size: total, store });
                result = Err(());
                break;
            };
            let inner = match region {
                Region::Global(_, o)
                | Region::Shared(o)
                | Region::Local(o)
                | Region::Const(o)
                | Region::Param(o)
                | Region::Frame(o) => o,
            };
            if inner % total.min(16) != 0 {
                let sp = match region {
                    Region::Global(..) => "global",
                    Region::Shared(_) => "shared",
                    Region::Local(_) => "local",
                    Region::Const(_) => "const",
                    Region::Param(_) => "param",
                    Region::Frame(_) => "call parameter",
                };
                self.report(cx, FindingKind::Misaligned, pc, tid, || {
                    format!("misaligned {total}-byte access to {sp} memory at {addr:#x}")
                });
                result = Err(());
                break;
            }
            match region {
                Region::Global(i, o) => {
                    let al = &cx.mem.allocs[i];
                    any_global = true;
                    if store {
                        for (k, &reg) in regs[..n as usize].iter().enumerate() {
                            al.store(o + (k as u32 * esize) as u64, esize, w.regs[reg as usize][l]);
                        }
                        self.m.global_store_bytes += total;
                    } else {
                        for (k, &reg) in regs[..n as usize].iter().enumerate() {
                            let v = al.load(o + (k as u32 * esize) as u64, esize);
                            w.regs[reg as usize][l] = extend_loaded(v, ty);
                        }
                        al.mark_read(o, total as u32);
                        self.m.global_load_bytes += total;
                        self.m.global_loads += 1;
                        self.loads_per_thread[tid as usize] += 1;
                        self.sectors.push(addr >> 5);
                    }
                }
                Region::Shared(o) => {
                    any_shared = true;
                    let copy_load = !store && cx.k.copy_load[pc];
                    copied_unwritten |=
                        (self.shared_access(cx, pc, tid, w.sync_start, o as usize, total as usize, store, copy_load)
                            as u32)
                            << l;
                    for (k, &reg) in regs[..n as usize].iter().enumerate() {
                        let at = o as usize + k * esize as usize;
                        if store {
                            write_le(&mut self.shared, at, esize, w.regs[reg as usize][l]);
                        } else {
                            w.regs[reg as usize][l] = extend_loaded(read_le(&self.shared, at, esize), ty);
                        }
                    }
                    let mut word = o >> 2;
                    while word << 2 < o + total {
                        self.words.push(word);
                        word += 1;
                    }
                    if store {
                        self.m.shared_store_bytes += total;
                    } else {
                        self.m.shared_load_bytes += total;
                    }
                }
                Region::Local(o) | Region::Frame(o) => {
                    let is_local = matches!(region, Region::Local(_));
                    let mut at = tid as usize * cx.thread_frame() + o as usize;
                    if !is_local {
                        at += cx.k.local_bytes as usize;
                    }
                    for (k, &reg) in regs[..n as usize].iter().enumerate() {
                        let at = at + k * esize as usize;
                        if store {
                            write_le(&mut self.local, at, esize, w.regs[reg as usize][l]);
                        } else {
                            w.regs[reg as usize][l] = extend_loaded(read_le(&self.local, at, esize), ty);
                        }
                    }
                    // Call parameters travel in registers on a GPU: not memory traffic.
                    if is_local && store {
                        self.m.local_store_bytes += total;
                    } else if is_local {
                        self.m.local_load_bytes += total;
                    }
                }
                Region::Const(o) | Region::Param(o) => {
                    let is_const = matches!(region, Region::Const(_));
                    if store {
                        // st.param only appears in call sequences, which are refused at load.
                        self.report(cx, FindingKind::OutOfBounds, pc, tid, || {
                            "write to read-only (constant or parameter) memory".to_string()
                        });
                        result = Err(());
                        break;
                    }
                    let buf = if is_const { &cx.consts } else { &cx.params };
                    for (k, &reg) in regs[..n as usize].iter().enumerate() {
                        let v = read_le(buf, o as usize + k * esize as usize, esize);
                        w.regs[reg as usize][l] = extend_loaded(v, ty);
                    }
                    if is_const {
                        self.m.const_load_bytes += total;
                    } else {
                        self.m.param_load_bytes += total;
                    }
                }
            }
        }
        if any_global && !store {
            self.m.global_load_requests += 1;
            self.m.global_load_sectors += count_distinct(&mut self.sectors);
        }
        if any_shared {
            self.m.shared_requests += 1;
            self.m.shared_bank_conflicts += bank_conflicts(&mut self.words);
        }
        if n == 1 {
            let r = regs[0] as usize;
            if store {
                let lanes = w.unwritten[r] & mask;
                if lanes != 0 && space == Space::Shared {
                    self.mark_copied_unwritten(w, lanes, base, off, total as usize);
                }
            } else {
                w.unwritten[r] = (w.unwritten[r] & !mask) | copied_unwritten;
            }
        }
        result
    }

    #[allow(clippy::too_many_arguments)]
    fn atom(
        &mut self,
        cx: &LaunchCtx,
        w: &mut Warp,
        pc: usize,
        mask: u32,
        space: Space,
        op: AtomOp,
        ty: Ty,
        d: R,
        base: R,
        off: i64,
        b: R,
        c: R,
    ) -> Result<(), Fault> {
        let size = ty.size() as u64;
        let addrs = w.regs[base as usize];
        let bv = w.regs[b as usize];
        let cv = if c == NO_REG { [0; 32] } else { w.regs[c as usize] };
        let mut m = mask;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let tid = w.base_tid + l as u32;
            let addr = addrs[l].wrapping_add(off as u64);
            let region = match self.resolve(cx, space, addr, size) {
                Some(r @ (Region::Global(..) | Region::Shared(_))) => r,
                _ => {
                    self.bad_access(cx, pc, tid, BadAccess { space, addr, size, store: true });
                    return Err(());
                }
            };
            let inner = match region {
                Region::Global(_, o) | Region::Shared(o) => o,
                _ => 0,
            };
            if inner % size != 0 {
                self.report(cx, FindingKind::Misaligned, pc, tid, || {
                    format!("misaligned {size}-byte atomic at {addr:#x}")
                });
                return Err(());
            }
            let apply = |old: u64| atom_apply(op, ty, old, bv[l], cv[l]);
            let old = match region {
                Region::Global(i, o) => {
                    self.m.global_atomic_bytes += size;
                    let al = &cx.mem.allocs[i];
                    if size == 4 {
                        let a = al.atomic32(o);
                        let mut cur = a.load(std::sync::atomic::Ordering::Relaxed);
                        loop {
                            let new = apply(cur as u64) as u32;
                            match a.compare_exchange_weak(
                                cur,
                                new,
                                std::sync::atomic::Ordering::Relaxed,
                                std::sync::atomic::Ordering::Relaxed,
                            ) {
                                Ok(_) => break cur as u64,
                                Err(x) => cur = x,
                            }
                        }
                    } else {
                        let a = al.atomic64(o);
                        let mut cur = a.load(std::sync::atomic::Ordering::Relaxed);
                        loop {
                            let new = apply(cur);
                            match a.compare_exchange_weak(
                                cur,
                                new,
                                std::sync::atomic::Ordering::Relaxed,
                                std::sync::atomic::Ordering::Relaxed,
                            ) {
                                Ok(_) => break cur,
                                Err(x) => cur = x,
                            }
                        }
                    }
                }
                Region::Shared(o) => {
                    // One block runs on one host thread: plain read-modify-write is atomic here.
                    self.m.shared_atomic_bytes += size;
                    let at = o as usize;
                    let old = read_le(&self.shared, at, size as u32);
                    write_le(&mut self.shared, at, size as u32, apply(old));
                    self.shadow.atomic(tid as u16, at, size as usize);
                    old
                }
                _ => 0,
            };
            if d != NO_REG {
                w.regs[d as usize][l] = old;
            }
        }
        if mask != 0 {
            self.m.atomic_requests += 1;
        }
        Ok(())
    }
}

fn atom_apply(op: AtomOp, ty: Ty, old: u64, b: u64, c: u64) -> u64 {
    let t = |v: u64| ops::trunc(v, ty);
    match op {
        AtomOp::Add => match ty {
            Ty::F32 => ops::f32b(ops::f32v(old) + ops::f32v(b)),
            Ty::F64 => ops::f64b(ops::f64v(old) + ops::f64v(b)),
            _ => t(old.wrapping_add(b)),
        },
        AtomOp::Min => ops::bin(BinOp::Min, ty, old, b),
        AtomOp::Max => ops::bin(BinOp::Max, ty, old, b),
        AtomOp::Exch => t(b),
        AtomOp::Cas => {
            if t(old) == t(b) {
                t(c)
            } else {
                t(old)
            }
        }
        AtomOp::And => t(old & b),
        AtomOp::Or => t(old | b),
        AtomOp::Xor => t(old ^ b),
        AtomOp::Inc => {
            if t(old) >= t(b) {
                0
            } else {
                t(old + 1)
            }
        }
        AtomOp::Dec => {
            if t(old) == 0 || t(old) > t(b) {
                t(b)
            } else {
                t(old - 1)
            }
        }
    }
}
