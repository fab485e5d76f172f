//! Where kernels run. The grader compiles with NVRTC for the backend's architecture, loads the
//! PTX, then runs each case; a backend returns the output buffer and, where it can, metrics and
//! sanitizer findings. Adding a backend is one file implementing these two traits.

pub mod emulator;
pub mod gpu;

use emulator::EmulatorBackend;
use kernels::exercise::{Buffer, Case, Data};

use crate::error::Error;
pub use crate::model::{KernelResources, Speed};

pub use ::emulator::{Finding, Metrics};

/// What one launch of a case produced.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The case's `output` buffer read back after the launch.
    pub output: Data,
    /// Exact counts (the emulator); `None` where the backend cannot count.
    pub metrics: Option<Metrics>,
    pub findings: Vec<Finding>,
    pub findings_dropped: u64,
    /// False when the launch was stopped early (a fault or the instruction budget).
    pub completed: bool,
    /// What the kernel printed (the emulator's ordered copy, on every backend).
    pub printf: Vec<::emulator::PrintfLine>,
    pub printf_dropped: u64,
    /// What each source line did (the emulator's count, on every backend).
    pub lines: Vec<::emulator::LineCounts>,
    /// The views of the launch that were asked for (see [`Views`]).
    pub views: Recorded,
    /// An input buffer the launch changed (the contract: inputs stay inputs).
    pub changed_input: Option<InputChange>,
}

/// An input buffer the kernel wrote: the buffer, and its first element that differs (bit for
/// bit) from what the grader put there.
#[derive(Clone, Debug, PartialEq)]
pub struct InputChange {
    pub buffer: usize,
    pub element: usize,
    pub was: String,
    pub now: String,
}

/// The first change to an input buffer of `case`, given each input buffer read back after the
/// launch (`read_back(i, original)`).
pub fn first_input_change(
    case: &Case,
    mut read_back: impl FnMut(usize, &Data) -> Result<Data, Error>,
) -> Result<Option<InputChange>, Error> {
    for (buffer, b) in case.buffers.iter().enumerate() {
        let Buffer::Input(original) = b else { continue };
        let now = read_back(buffer, original)?;
        let change = match (original, &now, original.first_difference(&now)) {
            (Data::F32(a), Data::F32(b), Some(i)) if i < a.len().min(b.len()) => {
                Some((i, a[i].to_string(), b[i].to_string()))
            }
            (Data::I32(a), Data::I32(b), Some(i)) if i < a.len().min(b.len()) => {
                Some((i, a[i].to_string(), b[i].to_string()))
            }
            _ => None,
        };
        if let Some((element, was, now)) = change {
            return Ok(Some(InputChange { buffer, element, was, now }));
        }
    }
    Ok(None)
}

/// What a launch records besides its outcome, when asked: the emulator records it all in the
/// same launch that gives the output, the metrics and the findings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Views {
    /// How many times each element of each buffer was loaded.
    pub loads_per_element: bool,
    /// One block's traffic and one of its threads'.
    pub block: Option<Watch>,
}

/// The block a launch records and the thread of it whose window is marked; `None`: the middle
/// one of the grid, or of the block (an interior block, away from the ghost cells).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Watch {
    pub block: Option<[u32; 3]>,
    pub thread: Option<[u32; 3]>,
}

impl Watch {
    /// The block and thread in `case`'s launch.
    pub fn resolve(&self, case: &Case) -> ([u32; 3], [u32; 3]) {
        let g = case.geometry;
        (self.block.unwrap_or(g.grid.map(|n| n / 2)), self.thread.unwrap_or(g.block.map(|n| n / 2)))
    }
}

/// The views a launch recorded.
#[derive(Clone, Debug, Default)]
pub struct Recorded {
    /// Per case buffer, loads per element (with `loads_per_element`).
    pub loads_per_element: Option<Vec<Vec<u32>>>,
    /// The watched block (with `block`, when it is in the launch).
    pub block: Option<BlockView>,
}

pub trait Backend: Sync {
    /// "emulator" or "gpu", as in the report.
    fn name(&self) -> &'static str;
    /// NVRTC's `--gpu-architecture` for this backend.
    fn arch(&self) -> String;
    /// Load compiled PTX. An [`Error::Kernel`] is the kernel's (PTX the emulator cannot run, a
    /// call to a function it never defines: the section fails with the line); any other error
    /// is the grader's (a GPU driver that refuses the module: it cannot grade).
    fn load(&self, ptx: &str) -> Result<Box<dyn Program>, Error>;
    /// Load from the PTX and the source it came from: a GPU compiles its own CUBIN for the
    /// device (and keeps the PTX for the emulator's counts). Default: the PTX alone.
    fn load_source(&self, ptx: &str, _source: &SourceUnit) -> Result<Box<dyn Program>, Error> {
        self.load(ptx)
    }
    /// Whether [`Backend::speed`] can time kernels (a GPU): the timing case is big to build.
    fn times_kernels(&self) -> bool {
        false
    }
    /// Time `kernel` on `case` against a device-to-device copy (a speed target); `None` where
    /// nothing can be timed (the emulator).
    fn speed(&self, _ptx: &str, _source: &SourceUnit, _kernel: &str, _case: &Case) -> Option<Result<Speed, Error>> {
        None
    }
    /// The card kernels run on, for the speed model (a GPU); `None` where there is none.
    fn card(&self) -> Option<crate::speed::Card> {
        None
    }
}

/// What one block loaded from global memory and did in shared memory, and one of its threads.
#[derive(Clone, Debug, PartialEq)]
pub struct BlockView {
    pub block: [u32; 3],
    pub thread: [u32; 3],
    /// Per case buffer: (element, loads by the block, loads by the thread) of each element the
    /// block loaded, in element order.
    pub global: Vec<Vec<(usize, u32, u32)>>,
    /// Per shared word the block touched: (word, stores, loads, loads by the thread).
    pub shared: Vec<(u32, u32, u32, u32)>,
}

/// What one compilation was made from, for backends that compile again for their device.
pub struct SourceUnit<'a> {
    /// The file's bytes (any encoding; see `nvrtc::source_bytes`).
    pub source: &'a [u8],
    /// The student's path, as NVRTC names the program.
    pub name: &'a str,
    pub defines: &'a [(String, String)],
}

/// Loaded PTX, ready to launch its kernels (cases may run on several threads at once).
pub trait Program: Send + Sync {
    /// The `.entry` names in the module.
    fn entries(&self) -> Vec<String>;
    /// One launch of `case`, recording the `views` asked for (where the backend can).
    fn run(&self, kernel: &str, case: &Case, views: Views) -> Result<Outcome, Error>;
    /// The byte size of each of the kernel's parameters; `None` if there is no such kernel.
    fn param_sizes(&self, kernel: &str) -> Option<Vec<usize>>;
    /// Whether the kernel declares an `extern __shared__` array; `None` if there is no such kernel.
    fn declares_dynamic_shared(&self, kernel: &str) -> Option<bool>;
    /// The kernel's `__shared__` arrays, in bytes; `None` if there is no such kernel.
    fn static_shared_bytes(&self, kernel: &str) -> Option<u64>;
    /// Why a GPU refuses to launch the kernel with blocks of `block` threads (its
    /// `__launch_bounds__`), in words; `None` if it accepts them or there is no such kernel.
    fn launch_refusal(&self, kernel: &str, block: [u32; 3]) -> Option<String>;
    /// Registers, spills and shared bytes on a real device; `None` on the emulator.
    fn resources(&self, _kernel: &str) -> Option<KernelResources> {
        None
    }
    /// Stop the launches when `stop` is raised, and raise it when one runs past its instruction
    /// budget (the emulator): a build's programs, one per set of defines, share one, so that a
    /// kernel that never ends costs one budget for the whole section. Default: nothing to stop.
    fn share_stop(&mut self, _stop: &std::sync::Arc<std::sync::atomic::AtomicBool>) {}
    /// The counts of a few blocks of a launch too large to run whole (`blocks`: linear indices),
    /// in all and per source line, its inputs made lazily (see `speed::sample`); `None` where the
    /// backend cannot (a GPU, which times the whole launch instead).
    fn run_sample(
        &self,
        _kernel: &str,
        _case: &crate::speed::sample::SampleCase,
        _blocks: &[u64],
    ) -> Option<Result<(Metrics, Vec<::emulator::LineCounts>), Error>> {
        None
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BackendChoice {
    /// A GPU when one is usable, else the emulator.
    Auto,
    Emulator,
    Gpu,
}

/// The backend for `choice`; `auto` falls back to the emulator without a word (that is its job).
pub fn select(choice: BackendChoice) -> Result<Box<dyn Backend>, Error> {
    match choice {
        BackendChoice::Emulator => Ok(Box::new(EmulatorBackend)),
        BackendChoice::Gpu => gpu::open().map(|b| Box::new(b) as Box<dyn Backend>),
        BackendChoice::Auto => match gpu::open() {
            Ok(b) => Ok(Box::new(b)),
            Err(_) => Ok(Box::new(EmulatorBackend)),
        },
    }
}
