//! Where kernels run. The grader compiles with NVRTC for the backend's architecture, loads the
//! PTX, then runs each case; a backend returns the output buffer and, where it can, metrics and
//! sanitizer findings. Adding a backend is one file implementing these two traits.

pub mod emulator;
pub mod gpu;

use emulator::EmulatorBackend;
use kernels::exercise::{Case, Data};

use crate::error::Error;

pub use ::emulator::{Finding, Metrics};

/// Why a program could not be loaded, and whose the failure is.
#[derive(Clone, Debug)]
pub enum LoadFailure {
    /// The kernel's: its PTX uses what the emulator cannot run, or calls a function it never
    /// defines. The section fails with the line (exit 1).
    Kernel(Error),
    /// The grader's own: the GPU driver refused the module, NVRTC failed for the device. The
    /// section cannot be graded (exit 2), with the driver's words.
    Grader(Error),
}

impl From<LoadFailure> for Error {
    fn from(f: LoadFailure) -> Error {
        match f {
            LoadFailure::Kernel(e) | LoadFailure::Grader(e) => e,
        }
    }
}

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
}

pub trait Backend: Sync {
    /// "emulator" or "gpu", as in the report.
    fn name(&self) -> &'static str;
    /// NVRTC's `--gpu-architecture` for this backend.
    fn arch(&self) -> String;
    /// Load compiled PTX. An error here is the grader's (PTX it cannot run), not the student's.
    fn load(&self, ptx: &str) -> Result<Box<dyn Program>, Error>;
    /// Load from the PTX and the source it came from: a GPU compiles its own CUBIN for the
    /// device (and keeps the PTX for the emulator's counts). Default: the PTX alone.
    fn load_source(&self, ptx: &str, _source: &SourceUnit) -> Result<Box<dyn Program>, LoadFailure> {
        self.load(ptx).map_err(LoadFailure::Kernel)
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

/// A kernel timed on a GPU against a device-to-device copy in the same process.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Speed {
    pub case: String,
    pub median_ms: f64,
    /// Compulsory bytes (inputs read once, output written once) over the median time.
    pub gb_per_s: f64,
    pub copy_gb_per_s: f64,
    pub percent_of_copy: f64,
    pub device: String,
    /// What was timed (`gpu::TIMING_METHOD`).
    pub method: String,
}

/// What one compilation was made from, for backends that compile again for their device.
pub struct SourceUnit<'a> {
    /// The file's bytes (any encoding; see `nvrtc::source_bytes`).
    pub source: &'a [u8],
    /// The student's path, as NVRTC names the program.
    pub name: &'a str,
    pub defines: &'a [(String, String)],
}

/// What a real device says about a compiled kernel (cuFuncGetAttribute).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct KernelResources {
    /// The device and what was loaded on it ("NVIDIA H100 …", "cubin sm_90").
    pub device: String,
    pub binary: String,
    pub registers_per_thread: u32,
    /// Local memory per thread (register spills and local arrays).
    pub local_bytes_per_thread: u32,
    pub static_shared_bytes: u32,
    /// The same number from the emulator's reading of the PTX: the two must agree.
    pub emulator_static_shared_bytes: u64,
}

/// Loaded PTX, ready to launch its kernels (cases may run on several threads at once).
pub trait Program: Send + Sync {
    /// The `.entry` names in the module.
    fn entries(&self) -> Vec<String>;
    fn run(&self, kernel: &str, case: &Case) -> Result<Outcome, Error>;
    /// The byte size of each of the kernel's parameters; `None` if there is no such kernel.
    fn param_sizes(&self, kernel: &str) -> Option<Vec<usize>>;
    /// Whether the kernel declares an `extern __shared__` array; `None` if there is no such kernel.
    fn declares_dynamic_shared(&self, kernel: &str) -> Option<bool>;
    /// The kernel's `__shared__` arrays, in bytes; `None` if there is no such kernel.
    fn static_shared_bytes(&self, kernel: &str) -> Option<u64>;
    /// Why a GPU refuses to launch the kernel with blocks of `block` threads (its
    /// `__launch_bounds__`), in words; `None` if it accepts them or there is no such kernel.
    fn launch_refusal(&self, kernel: &str, block: [u32; 3]) -> Option<String>;
    /// How many times each element of each of the case's buffers was loaded from global memory
    /// (the emulator's count; other backends cannot say).
    fn element_loads(&self, _kernel: &str, _case: &Case) -> Result<Vec<Vec<u32>>, Error> {
        Err(Error::new("loads per element are counted by the emulator only"))
    }
    /// One block's traffic and one of its threads' (the emulator's record; other backends
    /// cannot say).
    fn block_view(&self, _kernel: &str, _case: &Case, _block: [u32; 3], _thread: [u32; 3]) -> Result<BlockView, Error> {
        Err(Error::new("one block's traffic is recorded by the emulator only"))
    }
    /// Registers, spills and shared bytes on a real device; `None` on the emulator.
    fn resources(&self, _kernel: &str) -> Option<KernelResources> {
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
