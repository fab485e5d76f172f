//! One launch: check the request, lay out parameters and constants, run the blocks (in
//! parallel, in chunks merged in block order so every count and finding is the same whatever
//! the number of threads; a launch that ends early runs again in block order, so that what it
//! left in memory is the same too), and sum up.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use crate::check::CheckCtx;
use crate::exec::{BlockResult, LaunchCtx, Runner};
use crate::ir::Kernel;
use crate::memory::DeviceMemory;
use crate::module::Module;
use crate::probe::{Probe, Probes, Start};
use crate::types::*;

/// Largest launch accepted (threads in all).
pub(crate) const MAX_THREADS: u64 = 1 << 26;
/// Largest shared memory per block (static + dynamic), as on Hopper.
pub(crate) const MAX_SHARED: u64 = 228 * 1024;

fn lerr(msg: impl Into<String>) -> LaunchError {
    LaunchError { message: msg.into() }
}

fn arg_bytes(a: &KernelArg) -> Vec<u8> {
    match *a {
        KernelArg::Ptr(p) => p.0.to_le_bytes().to_vec(),
        KernelArg::I32(v) => v.to_le_bytes().to_vec(),
        KernelArg::U32(v) => v.to_le_bytes().to_vec(),
        KernelArg::I64(v) => v.to_le_bytes().to_vec(),
        KernelArg::U64(v) => v.to_le_bytes().to_vec(),
        KernelArg::F32(v) => v.to_le_bytes().to_vec(),
        KernelArg::F64(v) => v.to_le_bytes().to_vec(),
    }
}

pub(crate) fn run(
    module: &Module,
    l: &Launch<'_>,
    mem: &mut DeviceMemory,
    options: &Options,
) -> Result<LaunchReport, LaunchError> {
    let data = &module.data;
    let k = data.kernels.iter().find(|k| k.name == l.kernel).ok_or_else(|| {
        let names: Vec<&str> = data.kernels.iter().map(|k| k.name.as_str()).collect();
        lerr(format!("no kernel named `{}` in the module (it has: {})", l.kernel, names.join(", ")))
    })?;
    let (nblocks, tpb) = check_geometry(k, &l.config, options.only_blocks.is_some())?;
    let blocks: Vec<u64> = match &options.only_blocks {
        Some(chosen) => match chosen.iter().find(|&&b| b >= nblocks) {
            Some(b) => return Err(lerr(format!("block {b} asked for: the grid has {nblocks}"))),
            None => chosen.clone(),
        },
        None => Vec::new(),
    };
    let params = param_buffer(k, l.args)?;
    let global_var_addrs = module_globals(module, mem)?;
    let consts = set_symbols(module, l.constants, &global_var_addrs, mem)?;
    for a in &mut mem.allocs {
        a.reset_read_bits();
    }
    let dynamic = l.config.dynamic_shared_bytes as u64;
    let const_bytes = consts.len() as u64;
    let readonly_values = if options.slow_memory_path {
        vec![None; k.code.len()]
    } else {
        crate::exec::readonly_values(k, &consts, &params)
    };
    let context = |mem, stop| LaunchCtx {
        k,
        mem,
        params: params.clone(),
        consts: consts.clone(),
        global_var_addrs: global_var_addrs.clone(),
        grid: l.config.grid,
        block: l.config.block,
        threads_per_block: tpb as u32,
        shared_bytes: k.dynamic_shared_offset + dynamic,
        max_printf: options.max_printf_lines,
        printf_full_at: std::sync::atomic::AtomicU64::new(u64::MAX),
        slow_memory_path: options.slow_memory_path,
        readonly_values: readonly_values.clone(),
        options,
        check: CheckCtx {
            kernel: k,
            block: l.config.block,
            shared_bytes: k.dynamic_shared_offset + dynamic,
            const_bytes,
            max_findings: options.max_findings,
            stop,
            end: Default::default(),
            unportable: module.unportable(k),
            hazards: options.hazard_checks,
        },
    };
    let mut threads = if options.threads == 0 { rayon::current_num_threads().max(1) } else { options.threads };
    if k.global_atomics || options.only_blocks.is_some() {
        // Global atomics applied in block order give the same values (float sums too) every time;
        // a sample's few blocks run in the order asked.
        threads = 1;
    }
    let mut merged = Merged::new(options, l.config.block);
    if threads <= 1 {
        let cx = context(&*mem, options.stop.as_deref());
        match options.only_blocks {
            Some(_) => run_in_order(&cx, blocks.into_iter(), options.instruction_budget, &mut merged),
            None => run_in_order(&cx, 0..nblocks, options.instruction_budget, &mut merged),
        }
    } else {
        // The memory as the launch found it: a launch that ends early runs again from it.
        let before = mem.clone();
        let ended = run_in_parallel(
            &context(&*mem, options.stop.as_deref()),
            nblocks,
            threads,
            options.instruction_budget,
            &mut merged,
        )?;
        if ended == Ended::Early {
            // Blocks after the one that ended it ran beside it and wrote memory (the outputs),
            // and how far each got depends on the cores' timing: the launch runs again in block
            // order on the memory it found, exactly as on one thread. Its end is its own,
            // whatever the stop flag says.
            merged = Merged::new(options, l.config.block);
            run_in_order(&context(&before, None), 0..nblocks, options.instruction_budget, &mut merged);
            *mem = before;
        }
    }
    let mut report = merged.finish(k, mem);
    // A sample's blocks read little of memory that may be large: not scanned for distinct bytes.
    if report.completed && options.only_blocks.is_none() {
        report.metrics.unique_global_load_bytes = mem.allocs.iter().map(|a| a.read_byte_count()).sum();
    }
    report.metrics.static_shared_bytes = k.static_shared_bytes;
    report.metrics.dynamic_shared_bytes = dynamic;
    Ok(report)
}

/// The launch's shape against the limits of a GPU and of the emulator (its cap on threads only
/// where the launch runs whole, not `sampled`): (blocks, threads per block).
fn check_geometry(k: &Kernel, c: &LaunchConfig, sampled: bool) -> Result<(u64, u64), LaunchError> {
    if c.grid.contains(&0) || c.block.contains(&0) {
        return Err(lerr(format!("grid {:?} / block {:?}: every dimension must be at least 1", c.grid, c.block)));
    }
    let tpb = c.block.iter().map(|&v| v as u64).product::<u64>();
    if tpb > 1024 || c.block[2] > 64 {
        return Err(lerr(format!("block {:?} has {tpb} threads: at most 1024 (and z at most 64)", c.block)));
    }
    if let Some(why) = k.bounds.refusal(c.block) {
        return Err(lerr(format!("a GPU refuses this launch (invalid argument): {why}")));
    }
    if c.grid[1] > 65535 || c.grid[2] > 65535 {
        return Err(lerr(format!("grid {:?}: y and z are limited to 65535", c.grid)));
    }
    let nblocks = c.grid.iter().map(|&v| v as u64).product::<u64>();
    if nblocks.saturating_mul(tpb) > MAX_THREADS && !sampled {
        return Err(lerr(format!(
            "grid {:?} × block {:?} = {} threads: the emulator accepts at most {MAX_THREADS}",
            c.grid,
            c.block,
            nblocks.saturating_mul(tpb)
        )));
    }
    let dynamic = c.dynamic_shared_bytes as u64;
    if dynamic > MAX_SHARED || k.dynamic_shared_offset + dynamic > MAX_SHARED {
        return Err(lerr(format!(
            "{} bytes of static + {dynamic} bytes of dynamic shared memory per block: at most {MAX_SHARED}",
            k.static_shared_bytes
        )));
    }
    Ok((nblocks, tpb))
}

/// The kernel's parameter buffer, from the launch's arguments.
fn param_buffer(k: &Kernel, args: &[KernelArg]) -> Result<Vec<u8>, LaunchError> {
    if args.len() != k.params.len() {
        return Err(lerr(format!(
            "kernel `{}` takes {} parameters, the launch passes {}",
            k.name,
            k.params.len(),
            args.len()
        )));
    }
    let mut params = vec![0u8; k.param_bytes];
    for (i, (a, &(off, size))) in args.iter().zip(&k.params).enumerate() {
        let b = arg_bytes(a);
        if b.len() != size {
            return Err(lerr(format!(
                "parameter {i} of `{}` is {size} bytes, the launch passes {a:?} ({} bytes)",
                k.name,
                b.len()
            )));
        }
        params[off..off + size].copy_from_slice(&b);
    }
    Ok(params)
}

/// Module `.global` variables live in device memory from their first launch on: their addresses.
fn module_globals(module: &Module, mem: &mut DeviceMemory) -> Result<Vec<u64>, LaunchError> {
    let mut global_var_addrs = Vec::new();
    for g in &module.data.global_vars {
        let key = (module.id, g.name.clone());
        let p = match mem.module_globals.get(&key) {
            Some(p) => *p,
            None => {
                // A variable with no initialiser is zeros: pages the kernel never touches cost nothing.
                let p = if g.init.is_empty() { mem.alloc_zeroed(g.size as usize)? } else { mem.alloc_bytes(&g.init)? };
                mem.module_globals.insert(key, p);
                p
            }
        };
        global_var_addrs.push(p.0);
    }
    Ok(global_var_addrs)
}

/// The launch's constant bank, with the symbols it sets (see below).
fn set_symbols(
    module: &Module,
    constants: &[(&str, &[u8])],
    global_var_addrs: &[u64],
    mem: &mut DeviceMemory,
) -> Result<Vec<u8>, LaunchError> {
    let data = &module.data;
    // Symbols set by the launch (cudaMemcpyToSymbol): `__constant__` ones go to the constant
    // bank of this launch; `__device__` ones are written into their device memory, where the
    // value stays for later launches, as on a GPU.
    let mut consts = data.const_init.clone();
    for (name, bytes) in constants {
        if let Some((_, off, size)) = data.consts.iter().find(|c| c.0 == *name) {
            if bytes.len() as u64 > *size {
                return Err(lerr(format!("constant `{name}` is {size} bytes, the launch gives {}", bytes.len())));
            }
            consts[*off as usize..*off as usize + bytes.len()].copy_from_slice(bytes);
        } else if let Some(gi) = data.global_vars.iter().position(|g| g.name == *name) {
            let size = data.global_vars[gi].size;
            if bytes.len() as u64 > size {
                return Err(lerr(format!(
                    "__device__ variable `{name}` is {size} bytes, the launch gives {}",
                    bytes.len()
                )));
            }
            mem.write_bytes(DevicePtr(global_var_addrs[gi]), bytes)?;
        } else {
            return Err(lerr(format!("no __constant__ or __device__ symbol named `{name}` in the module")));
        }
    }
    Ok(consts)
}

/// The blocks' results folded in block order: findings deduplicated (the first of each key, or
/// one that outranks it: [`Finding::outranks`]) and capped, printf capped, the probes merged.
struct Merged<'o> {
    options: &'o Options,
    report: LaunchReport,
    keys: Vec<FindingKey>,
    probes: Probes,
}

impl<'o> Merged<'o> {
    fn new(options: &'o Options, shape: [u32; 3]) -> Merged<'o> {
        let at = Start { options, block: None, shape };
        Merged {
            options,
            report: LaunchReport { completed: true, ..Default::default() },
            keys: Vec::new(),
            probes: Probes::start(&at).unwrap_or_default(),
        }
    }

    fn add(&mut self, r: BlockResult) {
        let report = &mut self.report;
        self.probes.merge(r.probes);
        report.findings_dropped += r.dropped;
        for f in r.findings {
            let key = f.key();
            if let Some(i) = self.keys.iter().position(|k| *k == key) {
                report.findings_dropped += 1;
                if f.outranks(&report.findings[i]) {
                    report.findings[i] = f;
                }
            } else if report.findings.len() >= self.options.max_findings {
                report.findings_dropped += 1;
            } else {
                self.keys.push(key);
                report.findings.push(f);
            }
        }
        let room = self.options.max_printf_lines.saturating_sub(report.printf.len());
        report.printf_dropped += r.printf_dropped + r.printf.len().saturating_sub(room) as u64;
        report.printf.extend(r.printf.into_iter().take(room));
        if r.fault {
            report.completed = false;
        }
    }

    fn finish(mut self, k: &Kernel, mem: &DeviceMemory) -> LaunchReport {
        self.probes.finish(k, mem, &mut self.report);
        self.report
    }
}

/// Block `b`, run with `given` lane-instructions, ended early: unless it was asked to, it ended
/// the launch (see [`crate::check::LaunchEnd`]).
fn note_end(cx: &LaunchCtx, b: u64, given: u64, r: &BlockResult) {
    if r.fault && !r.stopped {
        cx.check.end.ended_at(b, r.lane_instructions > given, cx.check.stop);
    }
}

/// Blocks one after another on this thread. The budget is spent in block order: block b may
/// use what blocks 0..b left.
fn run_in_order(cx: &LaunchCtx, blocks: impl Iterator<Item = u64>, budget: u64, merged: &mut Merged) {
    let mut used = 0u64;
    let mut runner = Runner::default();
    for b in blocks {
        let r = runner.run_block(cx, b, budget - used);
        note_end(cx, b, budget - used, &r);
        used += r.lane_instructions;
        let fault = r.fault;
        merged.add(r);
        if fault {
            break;
        }
    }
}

/// How a parallel run of the blocks ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ended {
    /// The merge is the launch's report: every block ran to its end, or the stop flag stopped
    /// one (then the launch is another's to report: what it left depends on when the flag rose).
    Kept,
    /// A block ended the launch itself (a fault, or the budget spent in block order): the
    /// merge stopped there, and the memory holds what the blocks beside it wrote.
    Early,
}

/// Blocks in chunks on `threads` workers, merged in block order. Each block runs with the whole
/// budget. A block that ends the launch itself (a fault, its budget), or a running total that
/// passes the budget, ends the run: [`Ended::Early`], and the caller runs the launch again in
/// block order (what the blocks beside it did depends on timing). The blocks running then stop
/// at their next slice, those not started never start.
fn run_in_parallel(
    cx: &LaunchCtx,
    nblocks: u64,
    threads: usize,
    budget: u64,
    merged: &mut Merged,
) -> Result<Ended, LaunchError> {
    let mut used = 0u64;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| lerr(format!("could not start worker threads: {e}")))?;
    let runners: Mutex<Vec<Runner>> = Mutex::new(Vec::new());
    let ended = AtomicBool::new(false);
    let chunk = (threads as u64 * 64).max(256);
    let mut start = 0;
    while start < nblocks {
        let end = (start + chunk).min(nblocks);
        let results: Vec<Option<BlockResult>> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map_init(
                    || PooledRunner { runner: runners.lock().unwrap().pop().unwrap_or_default(), pool: &runners },
                    |pr, b| {
                        if ended.load(Ordering::Relaxed) {
                            return None;
                        }
                        let r = pr.runner.run_block(cx, b, budget);
                        note_end(cx, b, budget, &r);
                        if r.fault && !r.stopped {
                            ended.store(true, Ordering::Relaxed);
                            // Every block but the first stops at its next slice (the launch's
                            // cut moved to block 0): none of them will be kept.
                            cx.check.end.ended_at(0, false, None);
                        }
                        Some(r)
                    },
                )
                .collect()
        });
        if ended.load(Ordering::Relaxed) {
            return Ok(Ended::Early);
        }
        for r in results.into_iter().flatten() {
            used += r.lane_instructions;
            if used > budget {
                return Ok(Ended::Early);
            }
            let stopped = r.stopped;
            merged.add(r);
            if stopped {
                return Ok(Ended::Kept);
            }
        }
        start = end;
    }
    Ok(Ended::Kept)
}

/// A runner borrowed from the pool for one rayon work item, given back when dropped.
struct PooledRunner<'a> {
    runner: Runner,
    pool: &'a Mutex<Vec<Runner>>,
}

impl Drop for PooledRunner<'_> {
    fn drop(&mut self) {
        if let Ok(mut p) = self.pool.lock() {
            p.push(std::mem::take(&mut self.runner));
        }
    }
}
