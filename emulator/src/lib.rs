//! A PTX interpreter for the course's kernels.
//!
//! Shape (after wasmi): PTX text is parsed (`parse`, keeping each instruction's `.loc`),
//! decoded once (`decode`) into the compact form of `ir` (register slots, resolved labels, typed
//! ops; immediates, special registers and symbol addresses become slots filled when a warp
//! starts), then executed warp by warp (`exec`); `gpu` is what the special registers tell of
//! the GPU (an H100's SMs and clocks). `types` is the public leaf every layer may use;
//! `module` and `launch` are the entry points; no module reaches back to one that uses it
//! (tested). Value semantics live in `ops`; measuring ([`Metrics`], `probe`) and checking
//! ([`Finding`], `check`) observe execution through the events the executor emits (`event`).
//! `launch` checks the request and runs blocks on worker threads. `unportable` is a static
//! check, run once per kernel when a module is loaded: the values a GPU gives otherwise (clocks,
//! SM ids, buffer addresses) that decide what a kernel does.
//!
//! Execution model:
//! - Warps of 32 lanes, one PC per lane; a warp always runs the lanes with the lowest PC, so
//!   divergent paths run one after the other and reconverge where the PCs meet.
//! - The warps of a block run in order, each until all its lanes exited or wait at a barrier;
//!   then the barrier is checked (all live threads at the same `bar.sync`) and released.
//!   `bar.warp.sync` (`__syncwarp`) makes the lanes of a warp wait for each other.
//! - Blocks run in parallel in chunks merged in block order: counts, findings and results do
//!   not depend on `Options::threads`. Kernels with global atomics run their blocks in order.
//!   The instruction budget is spent in block order, so a timeout lands on the same
//!   instruction every time. A launch that ends early (a fault, the budget) runs again in
//!   block order from the memory it found: the blocks after the one that ended it, which ran
//!   beside it for as long as the cores' timing let them, leave nothing in its outputs.
//! - Registers are not cleared between blocks run by one worker: a kernel that reads a
//!   register before writing it could see a value that depends on scheduling (NVRTC never
//!   emits such reads for defined C++).
//!
//! Sanitizer: out-of-bounds and misaligned accesses in every space (they stop the launch like
//! a GPU fault, before touching memory), shared-memory hazards (RAW/WAR/WAW between different
//! threads with no barrier in between, per byte, with `__syncwarp` ordering lanes of one warp),
//! reads of shared memory nothing wrote, barriers reached by part of a block or at different
//! places, the instruction budget, and reads of `%warpid` (the warp's slot on its SM on a GPU,
//! not its rank in the block: an `Unportable` finding; the launch goes on), and, found in the
//! code at load time, the uses of values a GPU gives otherwise (a clock, an SM id, a buffer's
//! address) to decide a branch, an address or a stored value (`Unportable` too). A value of
//! unwritten shared memory that is only copied to shared memory (`a_s[i] = b_s[i]`, found at
//! decode time) is not a finding: the copy stays unwritten, and a later read that uses it is
//! reported there.
//!
//! Calls: `.func`s the compiler did not inline are inlined per call at decode time (`inline`),
//! recursion up to `MAX_CALL_DEPTH` levels (deeper calls stop the launch with a `CallDepth`
//! finding); call-sequence `.param` variables are per-thread memory that is not counted as
//! traffic. `vprintf` (device `printf`, formatted as the C library does, output ordered by
//! block, thread and program order, capped) and `__assertfail` (a failed `assert`: an
//! `Assertion` finding that stops the launch) are built in. A `trap` (`__trap()`) that a thread
//! executes is an `Assertion` finding too: a GPU aborts the launch there. A call through a
//! function pointer is inlined as a dispatch over the functions whose address the module takes
//! (a pointer that is none of them: an `OutOfBounds` finding that stops the launch).
//!
//! Asynchronous copies (`cp.async`, what `__pipeline_memcpy_async` and `cuda::memcpy_async`
//! compile to; `exec/copy.rs`): a thread reads the source when it issues the copy (a global load,
//! counted and checked as one), and its shared destination is written when the thread waits for
//! the copy's group (`cp.async.wait_group`, `wait_all`; copies never waited for land when the
//! block ends): a shared store of that thread then, so reading the destination before the wait
//! is a read of unwritten memory, and reading another thread's copy with no barrier after the
//! waits is a race. `src-size` and `ignore-src` zero-fill without reading.
//!
//! Not supported (a clear `LoadError`): calls to functions the module only declares (other
//! than `vprintf` and `__assertfail`), half-precision arithmetic, textures/surfaces, named
//! barriers other than 0, `brx`, the bulk (TMA) copies `cp.async.bulk*` and the completion of
//! copies through an mbarrier, the performance-monitor and driver registers (`%pm0`,
//! `%envreg0`). Rounding modifiers other than round-to-nearest are honoured by `cvt` only;
//! `.approx` functions and `.ftz` are computed in full precision.
//!
//! ```ignore
//! let module = emulator::Module::parse(&ptx)?;
//! let mut mem = emulator::DeviceMemory::new();
//! let input = mem.alloc_f32(&data)?;
//! let output = mem.alloc_zeroed(4 * n)?;
//! let report = emulator::launch(&module, &emulator::Launch {
//!     kernel: "convolution_2D_basic_kernel",
//!     config: emulator::LaunchConfig { grid: [64, 64, 1], block: [16, 16, 1], dynamic_shared_bytes: 0 },
//!     args: &[KernelArg::Ptr(input), KernelArg::Ptr(output), KernelArg::I32(n)],
//!     constants: &[("F", &filter_bytes)],
//! }, &mut mem, &emulator::Options::default())?;
//! ```

mod check;
mod decode;
mod detail;
mod event;
mod exec;
mod gpu;
mod inline;
mod ir;
mod launch;
mod memory;
mod module;
mod ops;
mod parse;
mod printf;
mod probe;
mod rounding;
mod types;
mod unportable;

pub use detail::*;
pub use memory::{DeviceMemory, DEFAULT_MEMORY_SEED};
pub use module::Module;
pub use types::*;

/// Run one launch to completion (or to its first fatal finding / the instruction budget).
/// Findings are not errors: a faulting kernel returns `Ok` with `completed == false`.
pub fn launch(
    module: &Module,
    launch: &Launch<'_>,
    mem: &mut DeviceMemory,
    options: &Options,
) -> Result<LaunchReport, LaunchError> {
    launch::run(module, launch, mem, options)
}

#[cfg(test)]
mod tests;
