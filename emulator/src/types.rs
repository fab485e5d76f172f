//! The emulator's public types: what a launch takes, what it reports. A leaf: it uses no other
//! module of the crate (the entry points are `Module` and `launch`, re-exported at the root).

use std::collections::BTreeMap;
use std::fmt;

use crate::detail::{Detail, ValueUse};

/// A global-memory address handed out by [`DeviceMemory`](crate::DeviceMemory): what a kernel receives for a pointer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DevicePtr(pub u64);

/// A kernel argument, in the order of the kernel's `.param` list.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum KernelArg {
    Ptr(DevicePtr),
    I32(i32),
    U32(u32),
    I64(i64),
    U64(u64),
    F32(f32),
    F64(f64),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchConfig {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub dynamic_shared_bytes: u32,
}

/// One launch: which kernel, its geometry, its arguments and the symbols to set (by name, raw
/// little-endian bytes), as cudaMemcpyToSymbol would: `__constant__` symbols not named here are
/// zero; `__device__` (`.global`) variables keep the value last written, in device memory.
#[derive(Clone, Copy, Debug)]
pub struct Launch<'a> {
    pub kernel: &'a str,
    pub config: LaunchConfig,
    pub args: &'a [KernelArg],
    pub constants: &'a [(&'a str, &'a [u8])],
}

#[derive(Clone, Debug)]
pub struct Options {
    /// Lane-instructions the whole launch may execute before it ends with a `Timeout` finding.
    /// Each block gets an equal share (`instruction_budget / blocks`), so where the cut falls
    /// does not depend on scheduling or on the number of threads.
    pub instruction_budget: u64,
    /// Worker threads for blocks; 0 = one per core. Results never depend on it.
    pub threads: usize,
    /// Findings kept per launch (the first ones, in a deterministic order); later ones are counted.
    pub max_findings: usize,
    /// `printf` lines kept per launch (the first ones in block, thread and program order);
    /// later ones are counted in [`LaunchReport::printf_dropped`].
    pub max_printf_lines: usize,
    /// Every memory access on the general path, lane by lane, never on the whole-warp fast
    /// paths: slower, and with exactly the same results, counts and findings (the tests hold
    /// the fast paths to that).
    pub slow_memory_path: bool,
    /// Also count memory traffic and FLOPs per line of the kernel's source
    /// ([`LaunchReport::lines`]).
    pub traffic_per_line: bool,
    /// Also count the loads of every 4-byte element of global memory
    /// ([`LaunchReport::element_loads`]; costs a hash-map update per loading lane).
    pub loads_per_element: bool,
    /// Also record one block's traffic and one of its threads' ([`LaunchReport::block`]).
    pub watch: Option<Watch>,
    /// Set by another thread to stop the launch early (within a few milliseconds) with a
    /// `Timeout` finding: a grader's other tests of a kernel that never ends. The launch sets it
    /// itself the moment one of its blocks runs past the budget, so that the launches sharing
    /// it stop then (its own blocks finish what its report needs).
    pub stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The shared-memory checks: races, reads of unwritten words and where their values go.
    /// Off only to measure what they cost (`emulator-bench --checks-cost`): a grader keeps them
    /// on. Bounds, alignment, barriers and the budget are checked either way.
    pub hazard_checks: bool,
    /// The executor's baseline x86-64 compilation even where the CPU has AVX2 and FMA (which
    /// run the other: `exec::run_warp_avx2`): slower, and the same in everything a launch
    /// gives (the tests run each launch both ways).
    pub baseline_code: bool,
    /// Run only these blocks of the grid (linear indices, x fastest), in this order, as if the
    /// others did nothing: a sample of a launch too large to run whole (the grader's speed model
    /// looks at a few of the timing case's blocks). The emulator's cap on a launch's threads does
    /// not apply; the counts are those blocks', but for the distinct bytes loaded, not counted
    /// (0: they would need all of memory's read bits scanned, and the few blocks read little).
    pub only_blocks: Option<Vec<u64>>,
}

/// The block (and thread in it) whose traffic [`Options::watch`] records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Watch {
    pub block: [u32; 3],
    pub thread: [u32; 3],
}

impl Default for Options {
    fn default() -> Self {
        // About 3× the largest course kernel (the basic 2D convolution at 1024², ~0.3e9), and
        // an endless loop ends in a second or two.
        Options {
            instruction_budget: 1_000_000_000,
            threads: 0,
            max_findings: 16,
            max_printf_lines: 200,
            slow_memory_path: false,
            traffic_per_line: false,
            loads_per_element: false,
            watch: None,
            stop: None,
            hazard_checks: true,
            baseline_code: false,
            only_blocks: None,
        }
    }
}

/// Where an instruction came from in the student's `.cu` file (from `.loc`/`.file`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SourceLocation {
    pub file: String,
    pub line: u32,
}

/// The PTX could not be loaded: a syntax the parser does not know, or an instruction the
/// emulator does not implement (named, with the `.cu` line it came from when known).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub message: String,
    pub ptx_line: usize,
    pub source: Option<SourceLocation>,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.source {
            Some(s) => write!(f, "{}:{}: {} (PTX line {})", s.file, s.line, self.message, self.ptx_line),
            None => write!(f, "PTX line {}: {}", self.ptx_line, self.message),
        }
    }
}

impl std::error::Error for LoadError {}

/// The launch could not start: an unknown kernel or constant, arguments that do not match the
/// kernel's parameters, an absurd grid or allocation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaunchError {
    pub message: String,
}

impl fmt::Display for LaunchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LaunchError {}

/// A kernel entry as declared in the PTX.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelInfo {
    pub name: String,
    /// Size in bytes of each `.param`, in order.
    pub param_sizes: Vec<usize>,
    /// Bytes of `.shared` variables the kernel uses (static shared memory per block).
    pub static_shared_bytes: u64,
    /// It declares dynamic shared memory (`extern __shared__`): without it, a launch's
    /// dynamic bytes would be shared memory the kernel never uses.
    pub uses_dynamic_shared: bool,
    pub bounds: LaunchBounds,
}

/// The entry's performance directives (`__launch_bounds__`, `__maxnreg__`): `.maxntid` and
/// `.reqntid` limit the launches the GPU accepts; `.minnctapersm` and `.maxnreg` steer only the
/// register allocation of NVIDIA's assembler, which the emulator does not model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LaunchBounds {
    /// At most this many threads per block (the product of the dimensions).
    pub maxntid: Option<[u32; 3]>,
    /// Exactly this block shape.
    pub reqntid: Option<[u32; 3]>,
    pub minnctapersm: Option<u32>,
    pub maxnreg: Option<u32>,
}

impl LaunchBounds {
    /// Why the GPU refuses a launch of `block` threads (its error is only "invalid argument"),
    /// in words; None when it accepts it.
    pub fn refusal(&self, block: [u32; 3]) -> Option<String> {
        let threads = block.iter().map(|&v| v as u64).product::<u64>();
        if let Some(max) = self.maxntid {
            let most = max.iter().map(|&v| v as u64).product::<u64>();
            if threads > most {
                return Some(format!(
                    "the kernel is compiled for at most {most} threads per block (`__launch_bounds__({most})`, \
                     `.maxntid {}, {}, {}` in its PTX) and is launched with {threads} ({}×{}×{})",
                    max[0], max[1], max[2], block[0], block[1], block[2]
                ));
            }
        }
        if let Some(req) = self.reqntid {
            if req != block {
                return Some(format!(
                    "the kernel requires blocks of exactly {}×{}×{} threads (`.reqntid` in its PTX) and is \
                     launched with {}×{}×{}",
                    req[0], req[1], req[2], block[0], block[1], block[2]
                ));
            }
        }
        None
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FindingKind {
    OutOfBounds,
    Misaligned,
    /// Shared-memory hazard between two barriers (RAW, WAR or WAW by different threads).
    Race,
    /// A read of shared memory no thread of the block wrote, whose value is used (a value only
    /// copied to shared memory is not reported; its copy stays unwritten).
    UninitializedShared,
    /// A barrier reached by only part of the block, or at different places.
    Barrier,
    Timeout,
    /// A failed `assert`, or a `trap` (`__trap()`) executed: the launch stops, as on a GPU.
    Assertion,
    /// Calls nested deeper than the emulator follows (endless recursion).
    CallDepth,
    /// A value that differs on a GPU in ways the emulator does not give (a read of `%warpid`):
    /// the code works here by chance. The launch goes on.
    Unportable,
}

impl FindingKind {
    /// Every kind, in the order the reports list them.
    pub const ALL: [FindingKind; 9] = [
        FindingKind::OutOfBounds,
        FindingKind::Misaligned,
        FindingKind::Race,
        FindingKind::UninitializedShared,
        FindingKind::Barrier,
        FindingKind::Timeout,
        FindingKind::Assertion,
        FindingKind::CallDepth,
        FindingKind::Unportable,
    ];

    /// The kind named `name` in a report (the inverse of [`FindingKind::as_str`]).
    pub fn parse(name: &str) -> Option<FindingKind> {
        FindingKind::ALL.into_iter().find(|k| k.as_str() == name)
    }

    /// The name used in the grader's JSON report.
    pub fn as_str(self) -> &'static str {
        match self {
            FindingKind::OutOfBounds => "out_of_bounds",
            FindingKind::Misaligned => "misaligned",
            FindingKind::Race => "race",
            FindingKind::UninitializedShared => "uninitialized_shared",
            FindingKind::Barrier => "barrier",
            FindingKind::Timeout => "timeout",
            FindingKind::Assertion => "assertion",
            FindingKind::CallDepth => "call_depth",
            FindingKind::Unportable => "unportable",
        }
    }
}

/// As the report writes it ([`FindingKind::as_str`]), padded when a width is asked for.
impl fmt::Display for FindingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// One sanitizer finding: what, where in the source, and which thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub kind: FindingKind,
    /// The evidence, as data.
    pub detail: Detail,
    /// The evidence in the emulator's English (the detail's `Display`), and the PTX line where
    /// the instruction has no source line.
    pub message: String,
    /// `None` only where the PTX had no `.loc` for the instruction.
    pub source: Option<SourceLocation>,
    /// When `source` is inside a function: the lines it was called from, innermost first.
    pub called_from: Vec<SourceLocation>,
    pub block: [u32; 3],
    pub thread: [u32; 3],
    /// The instruction's line in the PTX (which places a finding with no `source`).
    pub ptx_line: usize,
    /// A timeout: how many levels of loops the loop that did not end has inside it, to tell it
    /// from the loops around or inside it that start on its lines (0 for other findings).
    pub loops_inside: u32,
    /// `source` is not the instruction's own line: the compiler gave it none (`.loc 1 0`, code
    /// it made from several lines), and it is the nearest line of the code around it.
    pub line_inferred: bool,
    /// An `UninitializedShared` finding: what was read, and the use that made it a finding.
    pub unwritten: Option<Box<UnwrittenRead>>,
}

/// What an `UninitializedShared` finding knows of its read, for advice that fits the evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnwrittenRead {
    /// The first unwritten byte read, as an offset in the block's shared memory, and the size
    /// of the read it belongs to (one register's worth: the element size, as far as it shows).
    pub offset: u32,
    pub bytes: u32,
    /// The shared array the offset lies in, as the PTX declares it; `None`: in none of them.
    pub array: Option<SharedArray>,
    /// Bytes of that array (or of the whole shared memory, without one) that no thread of the
    /// block had written when the value was used.
    pub unwritten_bytes: u32,
    /// The bytes had been written, but with a copy of unwritten memory.
    pub copy: bool,
    pub used: ValueUse,
    /// Where the value was used: its source line (`None` without line information) and PTX line.
    pub used_at: Option<SourceLocation>,
    pub used_ptx_line: usize,
}

/// A shared array of a kernel: its name (a function's static `__shared__` variable by its own
/// name, not the mangled one), its first byte in the block's shared memory, and its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedArray {
    pub name: String,
    pub offset: u32,
    pub bytes: u32,
}

/// What makes two findings one: the same kind at the same place. The first of each key is kept
/// and the rest counted — in a block, over a launch's blocks, and (the grader) over a section's
/// tests.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FindingKey {
    pub kind: FindingKind,
    pub place: FindingPlace,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FindingPlace {
    Source(SourceLocation),
    /// An instruction with no `.loc`: its PTX line.
    Ptx(usize),
}

impl FindingKey {
    pub fn new(kind: FindingKind, source: Option<&SourceLocation>, ptx_line: usize) -> FindingKey {
        let place = match source {
            Some(s) => FindingPlace::Source(s.clone()),
            None => FindingPlace::Ptx(ptx_line),
        };
        FindingKey { kind, place }
    }

    /// Whether this is [`FindingKey::new`]'s key for these, without building one (a repeat of a
    /// kept finding, the common case in a racy kernel, then costs no allocation).
    pub fn is(&self, kind: FindingKind, source: Option<&SourceLocation>, ptx_line: usize) -> bool {
        self.kind == kind
            && match (&self.place, source) {
                (FindingPlace::Source(kept), Some(s)) => kept.line == s.line && kept.file == s.file,
                (FindingPlace::Ptx(kept), None) => *kept == ptx_line,
                _ => false,
            }
    }
}

impl Finding {
    pub fn key(&self) -> FindingKey {
        FindingKey::new(self.kind, self.source.as_ref(), self.ptx_line)
    }

    /// A read of unwritten shared memory whose value reached what a store to global memory or
    /// an atomic writes ([`ValueUse::writes_output`]).
    pub fn reaches_output(&self) -> bool {
        self.unwritten.as_ref().is_some_and(|u| u.used.writes_output())
    }

    /// Whether this finding takes the place of `kept`, of the same key, in a list of the first
    /// of each: a read of unwritten shared memory that reached the outputs, where `kept`'s value
    /// did not (verdicts look at the use).
    pub fn outranks(&self, kept: &Finding) -> bool {
        self.reaches_output() && !kept.reaches_output()
    }
}

/// What one `printf` call printed, and which thread printed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintfLine {
    pub block: [u32; 3],
    pub thread: [u32; 3],
    /// The formatted text, as the call printed it (usually ending in a newline).
    pub text: String,
}

/// Declares the counters (the list is below): sorts each into the launch's list, the lines'
/// list or both, one at a time, then generates [`Metrics`], [`LineCounts`] and what goes with
/// them, so that a counter is written once.
macro_rules! counters {
    (@sort [$($m:tt)*] [$($l:tt)*] $(#[$doc:meta])* $name:ident: $merge:ident; $($rest:tt)*) => {
        counters!(@sort [$($m)* $(#[$doc])* $name: $merge,] [$($l)*] $($rest)*);
    };
    (@sort [$($m:tt)*] [$($l:tt)*] $(#[$doc:meta])* $name:ident: $merge:ident, line; $($rest:tt)*) => {
        counters!(@sort [$($m)* $(#[$doc])* $name: $merge,] [$($l)* $(#[$doc])* $name = [$name],] $($rest)*);
    };
    (@sort [$($m:tt)*] [$($l:tt)*] $(#[$doc:meta])* $name:ident = [$($part:ident),+]; $($rest:tt)*) => {
        counters!(@sort [$($m)*] [$($l)* $(#[$doc])* $name = [$($part),+],] $($rest)*);
    };
    (@sort
        [$($(#[$mdoc:meta])* $m:ident: $merge:ident,)*]
        [$($(#[$ldoc:meta])* $l:ident = [$($part:ident),+],)*]
    ) => {
        /// Exact counts for one launch. Thread-level counts add up over every active lane.
        #[derive(Clone, Debug, Default, PartialEq, Eq)]
        pub struct Metrics {
            $($(#[$mdoc])* pub $m: u64,)*
        }

        impl Metrics {
            /// The counters' names, in the order of the fields.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($m)),*];

            /// Each counter's name and value, in the order of the fields.
            pub fn counters(&self) -> impl Iterator<Item = (&'static str, u64)> {
                Self::NAMES.iter().copied().zip([$(self.$m),*])
            }

            /// Fold in the counts of a later block, each counter by its rule.
            pub(crate) fn merge(&mut self, later: &Metrics) {
                $(self.$m = merge_by::$merge(self.$m, later.$m);)*
            }
        }

        /// What the instructions of one source line did in a launch, summed over all threads.
        #[derive(Clone, Debug, Default, PartialEq, Eq)]
        pub struct LineCounts {
            /// The source file and line (`line` 0: instructions of a kernel with no `.loc` at all).
            pub file: String,
            pub line: u32,
            /// Some of what is counted here is instructions the compiler gave no line of their
            /// own (`.loc 1 0`), counted on this, the nearest line (see `Finding::line_inferred`).
            pub inferred: bool,
            $($(#[$ldoc])* pub $l: u64,)*
            /// One of the line's bank-conflicted shared accesses, two of whose lanes collide.
            pub bank_conflict: Option<BankConflict>,
        }

        impl LineCounts {
            /// The counts' names, in the order of the fields (after `file` and `line`).
            pub const NAMES: &'static [&'static str] = &[$(stringify!($l)),*];

            /// Each count's name and value, in the order of the fields.
            pub fn counters(&self) -> impl Iterator<Item = (&'static str, u64)> {
                Self::NAMES.iter().copied().zip([$(self.$l),*])
            }

            /// A line's counts, from what its instructions counted.
            pub(crate) fn new(file: String, line: u32, inferred: bool, m: &Metrics) -> LineCounts {
                LineCounts { file, line, inferred, $($l: 0 $(+ m.$part)+,)* bank_conflict: None }
            }
        }
    };
    ($($list:tt)*) => {
        counters!(@sort [] [] $($list)*);
    };
}

/// How the blocks' counts of a counter make the launch's.
mod merge_by {
    /// Counted by every block.
    pub fn sum(a: u64, b: u64) -> u64 {
        a + b
    }

    /// The largest of one block's.
    pub fn max(a: u64, b: u64) -> u64 {
        a.max(b)
    }

    /// Set by the launch once the blocks are merged (they count none of it).
    pub fn launch(a: u64, _: u64) -> u64 {
        a
    }
}

// The counters, once: `name: sum`, `max` or `launch` (how blocks merge; see `merge_by`) is a
// field of `Metrics`; `, line` makes it a field of `LineCounts` too, counted per source line;
// `name = [a, b]` is a field of `LineCounts` alone, the sum of those counters on the line.
counters! {
    /// FLOPs: fma/mad on floats = 2; add, sub, mul = 1 (f32 and f64).
    flops: sum, line;
    /// Other floating-point operations (div, rcp, sqrt, ex2, lg2, min, max, abs, neg, ...),
    /// counted apart and not in `flops`.
    other_float_ops: sum;
    global_load_bytes: sum, line;
    global_store_bytes: sum, line;
    /// Lane-level global loads.
    global_loads: sum, line;
    shared_load_bytes: sum, line;
    shared_store_bytes: sum, line;
    const_load_bytes: sum;
    /// Local memory (a per-thread array the compiler could not keep in registers, spills).
    local_load_bytes: sum, line;
    local_store_bytes: sum, line;
    param_load_bytes: sum;
    /// Constant, parameter and local memory, loads and stores together.
    other_memory_bytes = [const_load_bytes, local_load_bytes, local_store_bytes, param_load_bytes];
    /// Warp-level global load instructions (Nsight Compute: l1tex__t_requests_pipe_lsu_mem_global_op_ld).
    global_load_requests: sum, line;
    /// Distinct 32-byte sectors touched per warp-level global load, summed
    /// (l1tex__t_sectors_pipe_lsu_mem_global_op_ld; 4 per request is ideal for a full warp's
    /// 4-byte loads).
    global_load_sectors: sum, line;
    /// The fewest sectors the same requests could have touched at their width: per request, its
    /// distinct addresses' bytes in whole sectors (4 for a full warp's 4-byte loads, 16 for its
    /// float4 loads, 1 for a broadcast). Coalescing is judged against this, not against 4.
    global_load_minimum_sectors: sum, line;
    /// The sectors beyond the minimum of the requests that touch more than twice their minimum
    /// (lanes far apart: uncoalesced), 0 for the others (a row shifted off a sector boundary
    /// touches 5 where 4 would do, and counts nothing here).
    global_load_uncoalesced_sectors: sum, line;
    /// Bytes of global memory read at least once (compulsory traffic). 0 for a launch stopped
    /// by a fault: blocks running beside the faulting one may have read more, so no number
    /// would be the same for every number of worker threads.
    unique_global_load_bytes: launch;
    static_shared_bytes: launch;
    dynamic_shared_bytes: launch;
    /// Warp-level shared load/store instructions.
    shared_requests: sum, line;
    /// Extra shared-memory wavefronts caused by bank conflicts (0 for a conflict-free kernel).
    shared_bank_conflicts: sum, line;
    /// Shared-memory wavefronts: per request, the most distinct words it needs from one bank
    /// (at least 1; Nsight Compute's l1tex__data_pipe_lsu_wavefronts_mem_shared, which may be
    /// more: the hardware splits 8- and 16-byte requests into phases that need not be full).
    shared_wavefronts: sum, line;
    /// The fewest wavefronts the same requests could take on the GPU, in sixteenths: each
    /// request's wavefronts ÷ how many like it ptxas could merge into one 8- or 16-byte access
    /// (see `merge_ways`). What a speed bound may count.
    shared_wavefront_sixteenths_if_merged: sum, line;
    /// Warp-level instructions executed, and the lanes active in them (efficiency = active / (32 * warp)).
    warp_instructions: sum, line;
    lane_instructions: sum;
    /// Block-level barriers: one each time a whole block passes a `__syncthreads()`, summed
    /// over blocks (the warp-level count is `barriers × warps per block`).
    barriers: sum;
    /// The largest number of global loads made by one thread.
    max_global_loads_per_thread: max;
    /// Atomics (`atom`, `red`): warp-level instructions, and the bytes their lanes update in
    /// global and in shared memory. An `atom` returns the old value, so its global lanes are
    /// also a load above (bytes, request, sectors: Nsight Compute's `…_op_ld` plus `…_op_atom`),
    /// and in OP/B's bytes; a `red` returns nothing and is no load. A float `atom.add` /
    /// `red.add` counts one FLOP per lane in `flops`, as the textbook counts an addition.
    atomic_requests: sum;
    global_atomic_bytes: sum;
    shared_atomic_bytes: sum;
    /// Bytes updated by atomics, global and shared.
    atomic_bytes = [global_atomic_bytes, shared_atomic_bytes];
    threads: sum;
    blocks: sum;
}

impl Metrics {
    /// The textbook's arithmetic intensity: FLOPs per byte loaded from global memory by threads.
    pub fn op_per_byte(&self) -> f64 {
        if self.global_load_bytes == 0 {
            0.0
        } else {
            self.flops as f64 / self.global_load_bytes as f64
        }
    }

    pub fn shared_bytes_per_block(&self) -> u64 {
        self.static_shared_bytes + self.dynamic_shared_bytes
    }

    /// Fraction of lanes active over all warp-instructions executed.
    pub fn active_lane_efficiency(&self) -> f64 {
        if self.warp_instructions == 0 {
            0.0
        } else {
            self.lane_instructions as f64 / (32.0 * self.warp_instructions as f64)
        }
    }
}

/// One block's traffic and one of its threads' ([`Options::watch`], [`LaunchReport::block`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BlockTraffic {
    /// The watched thread (its index in the block).
    pub thread: u32,
    /// Global word (address / 4) → thread-level loads by the block, and by the watched thread.
    pub global_loads: BTreeMap<u64, (u32, u32)>,
    /// Shared word (offset / 4) → stores by the block, loads by the block, loads by the thread.
    pub shared: BTreeMap<u32, (u32, u32, u32)>,
}

/// A warp's shared access that took more than one pass (the first such of a line, in block
/// order): two of its lanes that needed different 4-byte words of one bank, which serves one
/// word per pass.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BankConflict {
    /// The two lanes, and their threads' coordinates in the block.
    pub lanes: [u32; 2],
    pub threads: [[u32; 3]; 2],
    /// Their byte offsets in shared memory, and the shared array's elements there (4-byte
    /// elements counted row by row) where the offset lies in a named array.
    pub offsets: [u32; 2],
    pub elements: [Option<crate::detail::ArrayElement>; 2],
    /// The bank (0–31), and how many distinct words the access needed from it: its passes.
    pub bank: u32,
    pub ways: u32,
    pub store: bool,
}

/// What a launch produced besides the writes to device memory.
#[derive(Clone, Debug, Default)]
pub struct LaunchReport {
    pub metrics: Metrics,
    /// With `Options::traffic_per_line`: what each source line did, in line order (their sums
    /// are the metrics' own totals).
    pub lines: Vec<LineCounts>,
    /// With `Options::loads_per_element`: each allocation (by its address) and how many times
    /// each of its 4-byte elements was loaded from global memory.
    pub element_loads: Vec<(DevicePtr, Vec<u32>)>,
    /// With `Options::watch`: the watched block's traffic (`None` if the launch has no such
    /// block or thread).
    pub block: Option<BlockTraffic>,
    pub findings: Vec<Finding>,
    /// Findings beyond `Options::max_findings`, not kept.
    pub findings_dropped: u64,
    /// False when the launch was stopped early (timeout or a fault that ends it).
    pub completed: bool,
    /// `printf` output in a fixed order: by block (x fastest), then thread, then program
    /// order; at most `Options::max_printf_lines` calls.
    pub printf: Vec<PrintfLine>,
    /// `printf` calls beyond those kept.
    pub printf_dropped: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finding_is_keyed_by_its_kind_and_place() {
        let at = |file: &str, line| SourceLocation { file: file.into(), line };
        let finding = |kind, source: Option<SourceLocation>, ptx_line| Finding {
            kind,
            detail: crate::detail::Detail::ReadOnlyWrite,
            message: String::new(),
            source,
            called_from: vec![],
            block: [0; 3],
            thread: [0; 3],
            ptx_line,
            loops_inside: 0,
            unwritten: None,
            line_inferred: false,
        };
        let race = finding(FindingKind::Race, Some(at("k.cu", 12)), 40);
        // Another thread, block or PTX instruction of the same line: the same finding.
        assert_eq!(race.key(), finding(FindingKind::Race, Some(at("k.cu", 12)), 41).key());
        // Another kind, file or line: another finding.
        assert_ne!(race.key(), finding(FindingKind::OutOfBounds, Some(at("k.cu", 12)), 40).key());
        assert_ne!(race.key(), finding(FindingKind::Race, Some(at("cooperative_groups.h", 12)), 40).key());
        assert_ne!(race.key(), finding(FindingKind::Race, Some(at("k.cu", 13)), 40).key());
        // With no source line, the PTX line places it.
        let bare = finding(FindingKind::Race, None, 40);
        assert_eq!(bare.key().place, FindingPlace::Ptx(40));
        assert_ne!(bare.key(), finding(FindingKind::Race, None, 41).key());
        // `is` answers as comparing with a key built would.
        let others = [
            finding(FindingKind::Race, Some(at("k.cu", 12)), 41),
            finding(FindingKind::OutOfBounds, Some(at("k.cu", 12)), 40),
            finding(FindingKind::Race, Some(at("cooperative_groups.h", 12)), 40),
            finding(FindingKind::Race, Some(at("k.cu", 13)), 40),
            finding(FindingKind::Race, None, 40),
            finding(FindingKind::Race, None, 41),
        ];
        for kept in [&race, &bare] {
            for f in &others {
                assert_eq!(kept.key().is(f.kind, f.source.as_ref(), f.ptx_line), kept.key() == f.key(), "{f:?}");
            }
        }
    }
}
