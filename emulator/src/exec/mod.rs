//! Running one thread block: warps of 32 lanes, SIMT with one PC per lane.
//!
//! Reconvergence rule (deterministic): a warp always runs the set of its lanes (not exited, not
//! waiting at a barrier) whose PC is the lowest. Warps of a block run in order, each until all
//! its lanes have exited or wait at a barrier; then the barrier is checked and released.
//!
//! Layout: this module runs blocks (their warps in turn, barriers); `warp` holds a warp's
//! lanes and picks those that run next; `step` executes one instruction (values from `ops`);
//! `memory` resolves addresses and holds the lane-by-lane slow path, `fast` the whole-warp fast
//! paths; `atomic` and `builtins` (printf, assert) the rest.
//! What happens is told as events: to the probes (`probe`: counts) and to the checks
//! (`check`: findings), which keep their own state. The executor only acts on the one
//! answer a check gives, `Stop` (the budget is spent, or an access faulted).

use crate::check::bounds::alignment;
use crate::check::{BadAccess, CheckCtx, Checks, Stop, WarpAtBarrier};
use crate::detail::Detail;
use crate::event::{AtomicAccess, GlobalAccess, OtherAccess, SharedAccess};
use crate::ir::*;
use crate::memory::{DeviceMemory, CONST_WINDOW, LOCAL_WINDOW, SHARED_WINDOW, WINDOW_SIZE};
use crate::probe::{Probe, Probes, Start};
use crate::types::{Finding, FindingKind, PrintfLine};
use crate::{gpu, ops, rounding};
use lanes::{fill_lanes, per_lane};

mod atomic;
mod binary;
mod builtins;
mod copy;
mod fast;
pub(crate) use fast::readonly_values;
mod lanes;
mod memory;
mod step;
mod warp;

use warp::Warp;

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
    pub max_printf: usize,
    /// The lowest block known to have kept `max_printf` lines: every line of a later block
    /// sorts after them, so such a block counts its lines without formatting them (a `printf`
    /// in every thread of every block formatted only the first block's).
    pub printf_full_at: std::sync::atomic::AtomicU64,
    /// Every access on the slow path (`Options::slow_memory_path`).
    pub slow_memory_path: bool,
    /// Per instruction, the value of a load from a fixed constant or parameter address
    /// (`fast::readonly_values`); all `None` on the slow path.
    pub readonly_values: Vec<Option<u64>>,
    /// The launch's options, from which each block's probes start.
    pub options: &'a crate::Options,
    /// What the checks know of the launch.
    pub check: CheckCtx<'a>,
}

impl LaunchCtx<'_> {
    /// Bytes of per-thread memory: local variables, then call parameters.
    fn thread_frame(&self) -> usize {
        (self.k.local_bytes + self.k.frame_bytes) as usize
    }
}

pub(crate) struct BlockResult {
    /// What the probes saw in this block (merged by the launch in block order).
    pub probes: Probes,
    /// Lane-instructions the block executed (what it spent of the budget).
    pub lane_instructions: u64,
    pub findings: Vec<Finding>,
    pub dropped: u64,
    /// The block ended early: a fault, its budget, or asked to stop (`stopped`).
    pub fault: bool,
    /// Asked to stop (the stop flag, or an earlier block ended the launch): its counts are of
    /// part of a block.
    pub stopped: bool,
    /// The block's `printf` output, by thread then program order, at most `max_printf` lines.
    pub printf: Vec<PrintfLine>,
    pub printf_dropped: u64,
}

/// Whether blocks run in the executor's AVX2 copy: the CPU has every feature it is compiled
/// with, and the options do not ask for the baseline one.
fn avx2_copy(options: &crate::Options) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        !options.baseline_code
            && std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("fma")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = options;
        false
    }
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

/// The threads waiting at a `bar.red` get its result before they are released: the count (or
/// and, or) of the predicate over every waiting thread of the block (a thread that exited
/// instead is already the checks' barrier finding).
fn reduce_at_barrier(code: &[Inst], warps: &mut [Warp]) {
    let at_red = |w: &Warp, l: usize| match code[w.pc[l] as usize].op {
        Op::BarRed { c, cneg, .. } => Some(((w.preds[c.index()] >> l) & 1 != 0) != cneg),
        _ => None,
    };
    let (mut waiting, mut set) = (0u32, 0u32);
    for w in warps.iter() {
        for_lanes(w.waiting, |l| {
            if let Some(p) = at_red(w, l) {
                waiting += 1;
                set += p as u32;
            }
        });
    }
    if waiting == 0 {
        return;
    }
    for w in warps.iter_mut() {
        let mut lanes = 0u32;
        for_lanes(w.waiting, |l| {
            if at_red(w, l).is_some() {
                lanes |= 1 << l;
            }
        });
        for_lanes(lanes, |l| {
            if let Op::BarRed { mode, d, dp, .. } = code[w.pc[l] as usize].op {
                match mode {
                    BarRedMode::Popc => w.regs[d.index()][l] = set as u64,
                    BarRedMode::And => w.set_pred(dp, 1 << l, if set == waiting { FULL } else { 0 }),
                    BarRedMode::Or => w.set_pred(dp, 1 << l, if set != 0 { FULL } else { 0 }),
                }
            }
        });
    }
}

/// One warp's load or store, as the memory paths take it.
#[derive(Clone, Copy)]
pub(super) struct Access {
    pc: usize,
    /// The lanes that make the access (active, and whose guard held).
    mask: u32,
    space: Space,
    ty: Ty,
    /// Registers of a vector access (1, 2 or 4), in `regs`.
    n: u8,
    regs: [Reg; 4],
    base: Reg,
    off: i64,
    store: bool,
}

/// An atomic instruction's operands.
#[derive(Clone, Copy)]
pub(super) struct AtomInst {
    space: Space,
    op: AtomOp,
    ty: Ty,
    d: Reg,
    base: Reg,
    off: i64,
    b: Reg,
    c: Reg,
}

/// The per-worker state that runs blocks one after another (buffers are reused).
#[derive(Default)]
pub(crate) struct Runner {
    warps: Vec<Warp>,
    shared: Vec<u8>,
    local: Vec<u8>,
    probes: Probes,
    checks: Checks,
    block_idx: [u32; 3],
    /// The block's linear index (its SM).
    block_linear: u64,
    clocks: gpu::Clocks,
    /// The global sectors the block read, for the latency of its loads (`gpu::LoadLatency`).
    sectors: gpu::SectorsRead,
    last_alloc: usize,
    /// `printf` output of the block so far: (thread, order within the thread, line).
    printf: Vec<(u32, u32, PrintfLine)>,
    printf_seq: u32,
    printf_dropped: u64,
    /// Once the kept lines are full: lines of this thread and later ones are only counted.
    printf_cutoff: Option<u32>,
    /// Per warp: its lanes' `cp.async` copies in flight (kernels with `cp.async` only).
    copies: Vec<copy::AsyncCopies>,
    /// Blocks run in the executor's AVX2 copy (`avx2_copy`).
    wide: bool,
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

impl Runner {
    fn thread_coords(cx: &LaunchCtx, tid: u32) -> [u32; 3] {
        cx.check.thread_coords(tid)
    }

    /// A global load of warp `w` whose first lane reads `addr`: its latency joins the warp's
    /// clocks.
    #[inline(always)]
    fn global_load_latency(&mut self, w: &mut Warp, addr: u64) {
        w.work += self.sectors.load(self.block_linear, addr).work();
    }

    /// Run block `bidx`; it may execute at most `budget` lane-instructions.
    pub(crate) fn run_block(&mut self, cx: &LaunchCtx, bidx: u64, budget: u64) -> BlockResult {
        let [gx, gy, _] = cx.grid;
        let (gx, gy) = (gx as u64, gy as u64);
        self.block_idx = [(bidx % gx) as u32, ((bidx / gx) % gy) as u32, (bidx / (gx * gy)) as u32];
        self.block_linear = bidx;
        self.wide = avx2_copy(cx.options);
        self.clocks = gpu::Clocks::of_block(bidx);
        let at = Start { options: cx.options, block: Some(self.block_idx), shape: cx.block };
        self.probes = Probes::start(&at).unwrap_or_default();
        self.printf.clear();
        self.printf_seq = 0;
        self.printf_dropped = 0;
        let later = bidx > cx.printf_full_at.load(std::sync::atomic::Ordering::Relaxed);
        self.printf_cutoff = later.then_some(0);
        let nthreads = cx.threads_per_block as usize;
        let nwarps = nthreads.div_ceil(32);
        self.checks.begin_block(&cx.check, self.block_idx, bidx, budget, nwarps);
        // Shared memory.
        let sb = cx.shared_bytes as usize;
        if self.shared.len() < sb {
            self.shared.resize(sb, 0);
        }
        // Zeroed so results never depend on which block ran before on this worker.
        self.shared[..sb].fill(0);
        let lb = cx.thread_frame() * nthreads;
        if self.local.len() < lb {
            self.local.resize(lb, 0);
        }
        self.local[..lb].fill(0);
        self.probes.block_begin(nthreads);
        // Warps.
        if self.warps.len() < nwarps {
            self.warps.resize_with(nwarps, Warp::default);
        }
        for wi in 0..nwarps {
            self.start_warp(cx, wi, nthreads);
        }
        if cx.k.async_copies {
            self.copies.resize_with(nwarps, Default::default);
            self.copies[..nwarps].iter_mut().for_each(copy::AsyncCopies::clear);
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
            if !self.release_barrier(cx, nwarps) {
                break;
            }
        }
        if cx.k.async_copies && !fault {
            self.land_copies_at_block_end(cx, nwarps);
        }
        self.probes.block_end(nthreads, self.checks.lane_instructions());
        self.trim_printf(cx.max_printf);
        if self.printf.len() >= cx.max_printf {
            cx.printf_full_at.fetch_min(bidx, std::sync::atomic::Ordering::Relaxed);
        }
        let (findings, dropped) = self.checks.take_findings();
        BlockResult {
            probes: std::mem::take(&mut self.probes),
            lane_instructions: self.checks.lane_instructions(),
            findings,
            dropped,
            fault,
            stopped: self.checks.stopped(),
            printf: self.printf.drain(..).map(|(_, _, line)| line).collect(),
            printf_dropped: self.printf_dropped,
        }
    }

    /// Warp `wi` of the block, at its first instruction: registers of special values filled.
    fn start_warp(&mut self, cx: &LaunchCtx, wi: usize, nthreads: usize) {
        let k = cx.k;
        let w = &mut self.warps[wi];
        if w.regs.len() < k.nslots {
            w.regs.resize(k.nslots, [0; 32]);
        }
        if w.preds.len() < k.npreds {
            w.preds.resize(k.npreds, 0);
        }
        w.preds[..k.npreds].fill(0);
        let n = (nthreads - wi * 32).min(32);
        w.lanes = if n == 32 { FULL } else { (1u32 << n) - 1 };
        w.base_tid = (wi * 32) as u32;
        w.wide = self.wide;
        w.pc = [0; 32];
        w.active_pc = 0;
        w.active = w.lanes;
        w.pending = 0;
        w.other_min = NO_PC;
        w.waiting = 0;
        w.warp_waiting = 0;
        w.exited = 0;
        w.work = 0;
        let [bx, by, _] = cx.block;
        // The runner serves one launch, and a warp of one index holds the same special values
        // in every block but its block's own, which are all that is filled again.
        let first_block = !w.slots_filled;
        w.slots_filled = true;
        for &(slot, init) in &k.slot_init {
            if !first_block && !init.differs_between_blocks() {
                continue;
            }
            let r = &mut w.regs[slot.index()];
            // The same in every lane: one fill. Otherwise lane by lane.
            let uniform = match init {
                SlotInit::Const(c) => c,
                SlotInit::Zero => 0,
                SlotInit::Undefined => 0,
                SlotInit::Ntid(c) => cx.block[c as usize] as u64,
                SlotInit::Ctaid(c) => self.block_idx[c as usize] as u64,
                SlotInit::Nctaid(c) => cx.grid[c as usize] as u64,
                SlotInit::SmId => gpu::sm_of(self.block_linear),
                SlotInit::GlobalVar(i) => cx.global_var_addrs[i],
                SlotInit::DynamicSharedBytes => cx.shared_bytes - k.dynamic_shared_offset,
                SlotInit::TotalSharedBytes => gpu::shared_allocation(cx.shared_bytes),
                // Not rounded: an H200 read 1824 for 800 bytes (coverage's recording).
                SlotInit::AggregateSharedBytes => cx.shared_bytes + gpu::RESERVED_SHARED_BYTES,
                SlotInit::Tid(_)
                | SlotInit::LaneId
                | SlotInit::LanemaskLt
                | SlotInit::LanemaskLe
                | SlotInit::LanemaskEq
                | SlotInit::LanemaskGe
                | SlotInit::LanemaskGt => {
                    // A loop per kind (the kind is not matched again for every lane).
                    fn fill(r: &mut [u64; 32], base: u32, f: impl Fn(u32, u64) -> u64) {
                        for (l, v) in r.iter_mut().enumerate() {
                            *v = f(base + l as u32, l as u64);
                        }
                    }
                    let base = w.base_tid;
                    match init {
                        SlotInit::Tid(0) => fill(r, base, |tid, _| (tid % bx) as u64),
                        SlotInit::Tid(1) => fill(r, base, |tid, _| ((tid / bx) % by) as u64),
                        SlotInit::Tid(_) => fill(r, base, |tid, _| (tid / (bx * by)) as u64),
                        SlotInit::LaneId => fill(r, base, |_, l| l),
                        SlotInit::LanemaskLt => fill(r, base, |_, l| (1u64 << l) - 1),
                        SlotInit::LanemaskLe => fill(r, base, |_, l| (1u64 << (l + 1)) - 1),
                        SlotInit::LanemaskEq => fill(r, base, |_, l| 1u64 << l),
                        SlotInit::LanemaskGe => fill(r, base, |_, l| (!((1u64 << l) - 1)) & 0xffff_ffff),
                        SlotInit::LanemaskGt => fill(r, base, |_, l| (!((1u64 << (l + 1)) - 1)) & 0xffff_ffff),
                        _ => {} // not reached: the arm lists the per-lane values
                    }
                    continue;
                }
            };
            *r = [uniform; 32];
        }
    }

    /// Every warp is done or waits at a barrier: when some wait, the checks see where the
    /// warps stand (the whole block should be at the same barrier), then the barrier is
    /// released. False when no warp waits (the block is over).
    fn release_barrier(&mut self, cx: &LaunchCtx, nwarps: usize) -> bool {
        let warps = &self.warps[..nwarps];
        if warps.iter().all(|w| w.waiting == 0) {
            return false;
        }
        self.checks.barrier(&cx.check, nwarps, |wi| {
            let w = &warps[wi];
            WarpAtBarrier { base_tid: w.base_tid, waiting: w.waiting, exited: w.exited, pc: &w.pc }
        });
        if cx.k.barrier_reductions {
            reduce_at_barrier(&cx.k.code, &mut self.warps[..nwarps]);
        }
        // The warps leave the barrier together, when the last one arrives: their clocks agree.
        let work = self.warps[..nwarps].iter().map(|w| w.work).max().unwrap_or(0);
        // Release everybody.
        for w in &mut self.warps[..nwarps] {
            w.work = work;
            let waiting = w.waiting;
            for_lanes(waiting, |l| w.pc[l] += 1);
            w.pending |= waiting;
            w.waiting = 0;
            w.reschedule();
        }
        self.probes.barrier();
        true
    }

    fn run_warp(&mut self, cx: &LaunchCtx, wi: usize) -> Result<(), Stop> {
        // The block's warps leave `self` while one runs (nothing in a step reads the others):
        // a move of the list, not of the warp and its 32 PCs there and back.
        let mut warps = std::mem::take(&mut self.warps);
        let w = &mut warps[wi];
        w.run_from = self.checks.lane_instructions();
        let r = self.run_warp_compiled_for_this_cpu(cx, w);
        w.work += self.checks.lane_instructions() - w.run_from;
        self.warps = warps;
        r
    }

    /// The executor's loop, compiled twice: for any x86-64 (and any other CPU), and, picked at
    /// run time where the CPU has them, with AVX2, FMA and the bit-manipulation instructions,
    /// whose lane loops take four lanes at a time instead of two (30% fewer CPU instructions per
    /// lane-instruction, callgrind on `emulator-bench --short`). `WIDE` picks, in each copy, the
    /// forms the compiler does best with there (`lanes.rs`, `mem_op`). The crate is not simply
    /// built for the CPU it is built on: a grader may run on another (a course's grading image).
    fn run_warp_compiled_for_this_cpu(&mut self, cx: &LaunchCtx, w: &mut Warp) -> Result<(), Stop> {
        #[cfg(target_arch = "x86_64")]
        if self.wide {
            // SAFETY: the CPU has every feature the function is compiled with (`avx2_copy`).
            return unsafe { self.run_warp_avx2(cx, w) };
        }
        self.run_warp_baseline(cx, w)
    }

    #[inline(never)]
    fn run_warp_baseline(&mut self, cx: &LaunchCtx, w: &mut Warp) -> Result<(), Stop> {
        self.run_warp_inner::<false>(cx, w)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma,bmi1,bmi2,lzcnt,popcnt")]
    unsafe fn run_warp_avx2(&mut self, cx: &LaunchCtx, w: &mut Warp) -> Result<(), Stop> {
        self.run_warp_inner::<true>(cx, w)
    }

    /// Inlined into each of the two compilations above (with what it inlines: the steps, the
    /// memory paths, the probes and checks' fast paths).
    #[inline(always)]
    fn run_warp_inner<const WIDE: bool>(&mut self, cx: &LaunchCtx, w: &mut Warp) -> Result<(), Stop> {
        let code = &cx.k.code[..];
        while w.active != 0 {
            let pc = w.active_pc as usize;
            let inst = &code[pc];
            let active = w.active;
            let mut mask = active;
            if inst.guard != NO_PRED {
                let p = w.preds[inst.guard.index()];
                mask &= if inst.guard_neg { !p } else { p };
            }
            self.probes.instruction(pc, active);
            self.checks.instruction(&cx.check, pc, w.base_tid, active)?;
            // Values read from unwritten shared memory: followed only in a warp that holds one.
            if self.checks.follows_values(w.base_tid) {
                self.checks.follow_values(&cx.check, pc, w.base_tid, mask, &w.preds);
            }
            if inst.flops != 0 || inst.other_float != 0 {
                self.probes.float_ops(pc, mask, inst.flops, inst.other_float);
            }
            self.exec::<WIDE>(cx, w, pc, inst, (active, mask))?;
        }
        Ok(())
    }
}
