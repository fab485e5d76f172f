//! A real GPU through cudarc's driver API.
//!
//! Every case runs on the emulator first: its counts are exact (OP/B stays the emulator's on
//! every backend) and its sanitizer names the line of an out-of-bounds access, a race or a broken
//! barrier. Only a clean kernel is then launched on the GPU, whose output is the one judged, so a
//! faulty kernel never poisons the GPU context. The GPU compiles its own CUBIN for the device's
//! compute capability (a CUBIN loads on an older driver of the same major, where PTX from a newer
//! NVRTC would be refused), falling back to PTX that the driver compiles.

use std::ffi::{c_void, CString};
use std::sync::{Mutex, OnceLock};

use ::emulator as emu;
use cudarc::driver::{result as cu, sys};
use kernels::exercise::{Arg, Buffer, Case, Data};

use super::emulator::EmulatorBackend;
use super::{first_input_change, Backend, InputChange, KernelResources, Outcome, Program, SourceUnit, Speed, Views};
use crate::error::{Error, Result};

mod timing;

pub use timing::{
    checked_launches, compulsory_bytes, copy_bandwidth, median, Launcher, COPY_BYTES, RUNS, TIMING_METHOD, WARMUPS,
};

/// The first GPU, its primary context, and what the report shows about it.
pub struct Device {
    pub name: String,
    pub compute_capability: (i32, i32),
    pub l2_bytes: u64,
    pub memory_bytes: u64,
    /// The speed model's figures: the table's card of this name, its L2 as the driver reports
    /// it; a card the table lacks, from the driver's attributes.
    pub card: crate::speed::Card,
    ctx: sys::CUcontext,
    /// One GPU operation at a time: the tests' threads share the context, and a timing must
    /// run alone.
    lock: Mutex<()>,
}

// SAFETY: a CUcontext is a handle the driver lets any thread make current; every use goes
// through `Device::bind` under `lock`.
unsafe impl Send for Device {}
unsafe impl Sync for Device {}

static DEVICE: OnceLock<Result<Device>> = OnceLock::new();

fn driver_error(what: &str, e: cu::DriverError) -> Error {
    Error::Device(format!("{what}: {}", error_name(e)))
}

/// A driver error that the kernel caused (a fault in it, a launch its resources make
/// impossible): the section fails, the grader does not.
fn kernel_fault(what: &str, e: cu::DriverError) -> Error {
    Error::Kernel(format!("{what}: {}", error_name(e)))
}

fn error_name(e: cu::DriverError) -> String {
    e.error_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|_| format!("{e:?}"))
}

/// The GPU, probed once per process; an error says why there is none.
pub fn device() -> Result<&'static Device, Error> {
    DEVICE.get_or_init(probe).as_ref().map_err(Error::clone)
}

/// Whether the NVIDIA driver library can be loaded at all: cudarc panics on its first call
/// without it, so nothing of cudarc's runs before this says yes.
pub fn driver_library_present() -> bool {
    // The driver's library: nvcuda.dll on Windows, libcuda on Linux; macOS has no CUDA driver.
    let names: &[&str] = if cfg!(windows) {
        &["nvcuda.dll"]
    } else if cfg!(target_os = "macos") {
        &[]
    } else {
        &["libcuda.so.1", "libcuda.so"]
    };
    names.iter().any(|name| {
        // SAFETY: loading libcuda runs only its own initialisers.
        unsafe { libloading::Library::new(*name) }.is_ok()
    })
}

fn probe() -> Result<Device> {
    if !driver_library_present() {
        return Err(Error::Device(crate::t!(gpu_no_driver)));
    }
    let attempt = std::panic::catch_unwind(|| -> Result<Device> {
        cu::init().map_err(|e| driver_error("the NVIDIA driver did not initialise", e))?;
        let count = cu::device::get_count().map_err(|e| driver_error("cannot count GPUs", e))?;
        if count == 0 {
            return Err(Error::Device(crate::t!(gpu_no_device)));
        }
        let dev = cu::device::get(0).map_err(|e| driver_error("cannot open GPU 0", e))?;
        let name = cu::device::get_name(dev).map_err(|e| driver_error("cannot read the GPU's name", e))?;
        let attr = |a| {
            unsafe { cu::device::get_attribute(dev, a) }.map_err(|e| driver_error("cannot read a GPU attribute", e))
        };
        use sys::CUdevice_attribute as A;
        let major = attr(A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?;
        let minor = attr(A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?;
        let l2 = attr(A::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE)?;
        // SAFETY: `dev` came from cuDeviceGet.
        let memory =
            unsafe { cu::device::total_mem(dev) }.map_err(|e| driver_error("cannot read the GPU's memory size", e))?;
        let card = match crate::speed::cards::by_device_name(&name) {
            Some(c) => crate::speed::Card { l2_bytes: l2.max(0) as u64, ..*c },
            None => card_from_attributes(&name, (major, minor), &attr)?,
        };
        // SAFETY: as above; the primary context lives as long as the process.
        let ctx =
            unsafe { cu::primary_ctx::retain(dev) }.map_err(|e| driver_error("cannot create a GPU context", e))?;
        Ok(Device {
            name,
            compute_capability: (major, minor),
            l2_bytes: l2.max(0) as u64,
            memory_bytes: memory as u64,
            card,
            ctx,
            lock: Mutex::new(()),
        })
    });
    attempt.unwrap_or_else(|_| Err(Error::Device(crate::t!(gpu_driver_unusable))))
}

/// A card the table does not have, as its driver describes it: the DRAM peak from the memory
/// clock and bus width (double data rate), the clock the driver reports, the latency of the
/// table's cards of its compute capability (else the reference's).
fn card_from_attributes(
    name: &str,
    cc: (i32, i32),
    attr: &dyn Fn(sys::CUdevice_attribute) -> Result<i32>,
) -> Result<crate::speed::Card> {
    use sys::CUdevice_attribute as A;
    let get = |a| attr(a).map(|v| v.max(0) as u32);
    let cc = (cc.0.max(0) as u32, cc.1.max(0) as u32);
    let sibling = crate::speed::cards::CARDS.iter().find(|c| c.compute_capability == cc);
    let base = sibling.copied().unwrap_or(*crate::speed::cards::REFERENCE);
    let memory_khz = get(A::CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE)? as f64;
    let bus_bits = get(A::CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH)? as f64;
    let threads_per_sm = get(A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR)?;
    Ok(crate::speed::Card {
        id: "found",
        name: Box::leak(name.to_string().into_boxed_str()),
        device_names: &[],
        compute_capability: cc,
        sms: get(A::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)?,
        max_clock_mhz: get(A::CU_DEVICE_ATTRIBUTE_CLOCK_RATE)? / 1000,
        dram_gb_per_s: 2.0 * memory_khz * 1e3 * bus_bits / 8.0 / 1e9,
        measured_copy_gb_per_s: None,
        l2_bytes: get(A::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE)? as u64,
        shared_per_sm_bytes: get(A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR)?,
        shared_per_block_bytes: get(A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)?,
        registers_per_sm: get(A::CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR)?,
        max_warps_per_sm: threads_per_sm / 32,
        max_blocks_per_sm: get(A::CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR)?,
        max_threads_per_block: get(A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK)?,
        sources: "the driver's attributes of the device found",
        ..base
    })
}

impl Device {
    /// Make the context current on this thread, holding the device for the guard's life.
    fn bind(&self) -> Result<std::sync::MutexGuard<'_, ()>, Error> {
        let guard = self.lock.lock().unwrap_or_else(|p| p.into_inner());
        // SAFETY: the context was retained in `probe` and is never released.
        unsafe { cu::ctx::set_current(self.ctx) }.map_err(|e| driver_error("cannot use the GPU context", e))?;
        Ok(guard)
    }

    pub fn arch(&self) -> String {
        format!("sm_{}{}", self.compute_capability.0, self.compute_capability.1)
    }
}

pub struct GpuBackend {
    pub device: &'static Device,
}

/// The GPU backend, or why there is none (no driver, no device): never a panic.
pub fn open() -> Result<GpuBackend, Error> {
    device().map(|device| GpuBackend { device })
}

impl Backend for GpuBackend {
    fn name(&self) -> &'static str {
        "gpu"
    }

    /// The emulator counts on every backend: here it runs PTX for the card in the machine, the
    /// same source and options as the CUBIN that runs (`load_source`), so that a kernel that
    /// switches on `__CUDA_ARCH__` is counted as it runs.
    fn card(&self) -> Option<crate::speed::Card> {
        Some(self.device.card)
    }

    fn arch(&self) -> String {
        let (major, minor) = self.device.compute_capability;
        format!("compute_{major}{minor}")
    }

    fn load(&self, _ptx: &str) -> Result<Box<dyn Program>, Error> {
        Err(Error::Device("the GPU backend compiles from the source: the grader must call load_source".into()))
    }

    fn load_source(&self, ptx: &str, unit: &SourceUnit) -> Result<Box<dyn Program>, Error> {
        Ok(Box::new(self.load_program(ptx, unit)?))
    }

    fn times_kernels(&self) -> bool {
        true
    }

    fn speed(&self, ptx: &str, unit: &SourceUnit, kernel: &str, case: &Case) -> Option<Result<Speed, Error>> {
        Some(self.time_against_copy(ptx, unit, kernel, case))
    }
}

/// A compiled binary for the device, and what it is.
pub struct DeviceImage {
    /// CUBIN bytes, or PTX text with its closing NUL.
    pub bytes: Vec<u8>,
    /// "cubin sm_90" or "ptx compute_90".
    pub kind: String,
}

/// Put before the student's source for the GPU's own compilation (see `compile_for`).
pub(crate) const DEVICE_PRINTF_OFF: &[u8] = b"#define printf(...) 0\n#line 1\n";

/// Compile with NVRTC (already located by the grader) for `arch`: a CUBIN for `sm_XY`, PTX for
/// `compute_XY`.
pub fn compile_for(unit: &SourceUnit, arch: &str) -> Result<DeviceImage> {
    use crate::toolchain::nvrtc::Output;
    let nvrtc = crate::toolchain::nvrtc::get(true)?;
    // The device's printf is compiled out: the emulator's ordered copy of the output is the one
    // reported, the driver's would land in the middle of the report (or the JSON), and a
    // printf in every thread of a large launch takes the GPU tens of seconds. `#line` keeps
    // the student's line numbers.
    let source = [DEVICE_PRINTF_OFF, crate::toolchain::nvrtc::source_bytes(unit.source)].concat();
    let output = if arch.starts_with("sm_") { Output::Cubin } else { Output::Ptx };
    let (mut bytes, _) =
        nvrtc.build(&source, unit.name, &nvrtc.options(arch, unit.defines), output).map_err(|e| match e {
            // The student's source, compiled for the device, fails (or a limit stops it).
            Error::Compile(log) => Error::Compile(log),
            other => Error::Device(format!("NVRTC for {arch}: {other}")),
        })?;
    let kind = match output {
        Output::Cubin => format!("cubin {arch}"),
        Output::Ptx => {
            bytes.push(0); // cuModuleLoadData reads PTX up to its NUL
            format!("ptx {arch}")
        }
    };
    Ok(DeviceImage { bytes, kind })
}

/// A loaded CUDA module, and the image it was loaded from (timing loads it afresh).
struct GpuModule {
    module: sys::CUmodule,
    kind: String,
    image: Vec<u8>,
}

impl GpuModule {
    /// Load `image` (a CUBIN, or PTX closed by a NUL). The context must be current.
    fn load(image: Vec<u8>, kind: String) -> Result<GpuModule, cu::DriverError> {
        // SAFETY: a CUBIN, or PTX text closed by a NUL, as cuModuleLoadData expects.
        let module = unsafe { cu::module::load_data(image.as_ptr() as *const c_void) }?;
        Ok(GpuModule { module, kind, image })
    }

    /// The same image in a module of its own: its `__device__` variables as the file declares
    /// them, whatever earlier launches wrote there.
    fn fresh(&self) -> Result<GpuModule, Error> {
        GpuModule::load(self.image.clone(), self.kind.clone())
            .map_err(|e| driver_error("cannot load the kernel again on the GPU", e))
    }
}

impl Drop for GpuModule {
    fn drop(&mut self) {
        // SAFETY: loaded once, unloaded once; only used with the context current (`bind`), and
        // a program is dropped on the thread that used it.
        let _ = unsafe { cu::module::unload(self.module) };
    }
}

// SAFETY: module handles are usable from any thread with the context current (`Device::bind`).
unsafe impl Send for GpuModule {}
unsafe impl Sync for GpuModule {}

/// Device memory freed on drop (the context is current: it is only used under `bind`).
struct DeviceBuffer {
    ptr: sys::CUdeviceptr,
    bytes: usize,
}

impl DeviceBuffer {
    fn new(bytes: usize) -> Result<Self, Error> {
        // SAFETY: a plain allocation of at least one byte.
        let ptr = unsafe { cu::malloc_sync(bytes.max(1)) }
            .map_err(|e| driver_error(&format!("cannot allocate {bytes} bytes on the GPU"), e))?;
        Ok(DeviceBuffer { ptr, bytes })
    }

    fn upload(data: &Data) -> Result<Self, Error> {
        let buf = DeviceBuffer::new(data.len() * 4)?;
        // SAFETY: the buffer holds exactly the data's bytes.
        let r = unsafe {
            match data {
                Data::F32(v) => cu::memcpy_htod_sync(buf.ptr, v),
                Data::I32(v) => cu::memcpy_htod_sync(buf.ptr, v),
            }
        };
        r.map_err(|e| driver_error("cannot copy to the GPU", e))?;
        Ok(buf)
    }

    fn download(&self, like: &Data, len: usize) -> Result<Data, Error> {
        let fail = |e| driver_error("cannot copy from the GPU (did the kernel fault?)", e);
        if len * 4 > self.bytes {
            return Err(Error::Device(format!("output of {len} elements is larger than its buffer")));
        }
        // SAFETY: `len` elements fit in the buffer (checked above).
        unsafe {
            Ok(match like {
                Data::F32(_) => {
                    let mut v = vec![0f32; len];
                    cu::memcpy_dtoh_sync(&mut v, self.ptr).map_err(fail)?;
                    Data::F32(v)
                }
                Data::I32(_) => {
                    let mut v = vec![0i32; len];
                    cu::memcpy_dtoh_sync(&mut v, self.ptr).map_err(fail)?;
                    Data::I32(v)
                }
            })
        }
    }
}

impl Drop for DeviceBuffer {
    fn drop(&mut self) {
        // SAFETY: allocated by malloc_sync, freed once.
        let _ = unsafe { cu::free_sync(self.ptr) };
    }
}

/// Device events, destroyed on drop.
struct Event(sys::CUevent);

impl Event {
    fn new() -> Result<Self, Error> {
        cu::event::create(sys::CUevent_flags::CU_EVENT_DEFAULT)
            .map(Event)
            .map_err(|e| driver_error("cannot create a GPU event", e))
    }
}

impl Drop for Event {
    fn drop(&mut self) {
        // SAFETY: created by event::create, destroyed once.
        let _ = unsafe { cu::event::destroy(self.0) };
    }
}

/// The kernel named `kernel` in `module`, loaded and ready to launch.
fn function_of(module: &GpuModule, kernel: &str) -> Result<sys::CUfunction, Error> {
    let name = CString::new(kernel).map_err(|_| Error::Device("kernel name with a NUL byte".into()))?;
    // SAFETY: the module is loaded for the program's life.
    let f = unsafe { cu::module::get_function(module.module, name) }
        .map_err(|e| driver_error(&format!("no kernel `{kernel}` in the GPU module"), e))?;
    // Reading an attribute makes the driver load a lazily loaded function now, not inside a
    // timed launch.
    // SAFETY: `f` is a function of the loaded module.
    let _ = unsafe { cu::function::get_function_attribute(f, sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_NUM_REGS) };
    Ok(f)
}

/// Write the case's `__constant__` symbols into `module`.
fn write_constants(module: &GpuModule, case: &Case) -> Result<(), Error> {
    for (symbol, data) in &case.constants {
        let name = CString::new(symbol.as_str()).map_err(|_| Error::Device("symbol name with a NUL byte".into()))?;
        // SAFETY: the module is loaded.
        let (ptr, size) = unsafe { cu::module::get_global(module.module, name) }
            .map_err(|e| driver_error(&format!("the kernel declares no __constant__ `{symbol}`"), e))?;
        // A larger symbol is fine (`__constant__ float F[MAX_SIZE]`, as the notes write it):
        // the case fills its start, as cudaMemcpyToSymbol with a smaller count does, and the
        // emulator does the same.
        if size < data.len() * 4 {
            return Err(Error::Device(format!(
                "__constant__ `{symbol}` holds {size} bytes, but the case writes {} (check its dimensions)",
                data.len() * 4
            )));
        }
        // SAFETY: the symbol holds at least the data's bytes (checked above).
        let r = unsafe {
            match data {
                Data::F32(v) => cu::memcpy_htod_sync(ptr, v),
                Data::I32(v) => cu::memcpy_htod_sync(ptr, v),
            }
        };
        r.map_err(|e| driver_error(&format!("cannot write __constant__ `{symbol}`"), e))?;
    }
    Ok(())
}

/// The PTX for the emulator and the device's own binary of one compilation.
pub struct GpuProgram {
    device: &'static Device,
    emulator: Box<dyn Program>,
    emulator_kernels: Vec<emu::KernelInfo>,
    module: GpuModule,
}

/// A case's buffers on the device, ready to launch (possibly many times).
struct Staged {
    buffers: Vec<DeviceBuffer>,
    params: Vec<u64>,
}

impl GpuBackend {
    /// Compile for this device (CUBIN, else PTX) and load it beside the emulator's program.
    pub fn load_program(&self, ptx: &str, unit: &SourceUnit) -> Result<GpuProgram, Error> {
        let emulator = EmulatorBackend.load_source(ptx, unit)?;
        let emulator_kernels = emu::Module::parse(ptx).map(|m| m.kernels()).unwrap_or_default();
        let (major, minor) = self.device.compute_capability;
        let mut errors = Vec::new();
        let _guard = self.device.bind()?;
        for arch in [format!("sm_{major}{minor}"), format!("compute_{major}{minor}")] {
            let image = match compile_for(unit, &arch) {
                Ok(i) => i,
                Err(e) => {
                    errors.push(e);
                    continue;
                }
            };
            let kind = image.kind.clone();
            match GpuModule::load(image.bytes, image.kind) {
                Ok(module) => return Ok(GpuProgram { device: self.device, emulator, emulator_kernels, module }),
                Err(e) => errors.push(driver_error(&format!("the driver refused the {kind}"), e)),
            }
        }
        // The source does not compile for the device: the kernel's compile error, as on the emulator.
        if let Some(compile) = errors.iter().find(|e| matches!(e, Error::Compile(_))) {
            return Err(compile.clone());
        }
        Err(Error::Device(format!(
            "cannot load the kernel on the GPU: {}",
            errors.iter().map(Error::message).collect::<Vec<_>>().join("; ")
        )))
    }
}

impl GpuProgram {
    fn function(&self, kernel: &str) -> Result<sys::CUfunction, Error> {
        function_of(&self.module, kernel)
    }

    /// Upload the case's buffers and `__constant__` symbols and build the parameter values.
    fn stage(&self, case: &Case) -> Result<Staged, Error> {
        let buffers =
            case.buffers.iter().map(|b| DeviceBuffer::upload(&b.initial_contents())).collect::<Result<Vec<_>, _>>()?;
        write_constants(&self.module, case)?;
        // Every parameter in an 8-byte slot: the driver copies as many bytes as the kernel's
        // parameter has, from the slot's start (little-endian: the low bytes).
        let params = case
            .args
            .iter()
            .map(|a| match *a {
                Arg::Buffer(i) => buffers.get(i).map(|b| b.ptr).ok_or_else(|| {
                    Error::Device(format!("case {}: argument names buffer {i}, which does not exist", case.name))
                }),
                Arg::I32(v) => Ok(v as u32 as u64),
                Arg::U32(v) => Ok(v as u64),
                Arg::F32(v) => Ok(v.to_bits() as u64),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Staged { buffers, params })
    }

    fn launch(&self, kernel: &str, f: sys::CUfunction, case: &Case, staged: &mut Staged) -> Result<(), Error> {
        let g = case.geometry;
        let mut pointers: Vec<*mut c_void> = staged.params.iter_mut().map(|p| p as *mut u64 as *mut c_void).collect();
        // SAFETY: the parameters point at live slots; buffers outlive the launch (synchronised
        // before `staged` is dropped).
        unsafe {
            cu::launch_kernel(
                f,
                (g.grid[0], g.grid[1], g.grid[2]),
                (g.block[0], g.block[1], g.block[2]),
                g.dynamic_shared_bytes,
                std::ptr::null_mut(),
                &mut pointers,
            )
        }
        .map_err(|e| {
            // The driver says only "invalid argument" for a block the kernel's launch bounds
            // exclude: say which bound, as the emulator does.
            let bounds = self.emulator_kernels.iter().find(|k| k.name == kernel).map(|k| k.bounds);
            match bounds.and_then(|b| b.refusal(g.block)) {
                Some(why) => {
                    Error::Kernel(format!("{}: {why}", kernel_fault("the GPU refused the launch", e).message()))
                }
                None => kernel_fault("the GPU refused the launch", e),
            }
        })
    }

    fn read_output(&self, case: &Case, staged: &Staged) -> Result<Data, Error> {
        let len = match case.buffers.get(case.output) {
            Some(Buffer::Input(d) | Buffer::InOut(d)) => d.len(),
            Some(Buffer::OutputF32(n) | Buffer::OutputI32(n)) => *n,
            None => {
                return Err(Error::Device(format!("case {}: output buffer {} does not exist", case.name, case.output)))
            }
        };
        staged.buffers[case.output].download(&case.expected, len)
    }

    /// One launch on the GPU (no emulator): the output read back, and the first change the
    /// launch made to an input buffer.
    pub fn run_on_gpu(&self, kernel: &str, case: &Case) -> Result<(Data, Option<InputChange>), Error> {
        let _guard = self.device.bind()?;
        let f = self.function(kernel)?;
        let mut staged = self.stage(case)?;
        self.launch(kernel, f, case, &mut staged)?;
        cu::ctx::synchronize().map_err(|e| kernel_fault("the kernel failed on the GPU", e))?;
        let changed = first_input_change(case, |i, original| staged.buffers[i].download(original, original.len()))?;
        Ok((self.read_output(case, &staged)?, changed))
    }
}

impl Program for GpuProgram {
    fn entries(&self) -> Vec<String> {
        self.emulator.entries()
    }

    fn share_stop(&mut self, stop: &std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.emulator.share_stop(stop)
    }

    fn param_sizes(&self, kernel: &str) -> Option<Vec<usize>> {
        self.emulator.param_sizes(kernel)
    }

    fn declares_dynamic_shared(&self, kernel: &str) -> Option<bool> {
        self.emulator.declares_dynamic_shared(kernel)
    }

    fn static_shared_bytes(&self, kernel: &str) -> Option<u64> {
        self.emulator.static_shared_bytes(kernel)
    }

    fn launch_refusal(&self, kernel: &str, block: [u32; 3]) -> Option<String> {
        self.emulator.launch_refusal(kernel, block)
    }

    fn run(&self, kernel: &str, case: &Case, views: Views) -> Result<Outcome, Error> {
        let checked = self.emulator.run(kernel, case, views)?;
        if !checked.completed || !checked.findings.is_empty() || checked.findings_dropped > 0 {
            // The sanitizer's finding names the line; launching would only poison the context.
            return Ok(checked);
        }
        let (output, changed_on_gpu) = self.run_on_gpu(kernel, case)?;
        let changed_input = checked.changed_input.clone().or(changed_on_gpu);
        Ok(Outcome { output, changed_input, ..checked })
    }

    fn resources(&self, kernel: &str) -> Option<KernelResources> {
        let _guard = self.device.bind().ok()?;
        let f = self.function(kernel).ok()?;
        use sys::CUfunction_attribute as A;
        // SAFETY: `f` is a function of the loaded module.
        let attr = |a| unsafe { cu::function::get_function_attribute(f, a) }.ok().map(|v| v.max(0) as u32);
        Some(KernelResources {
            device: self.device.name.clone(),
            binary: self.module.kind.clone(),
            registers_per_thread: attr(A::CU_FUNC_ATTRIBUTE_NUM_REGS)?,
            local_bytes_per_thread: attr(A::CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES)?,
            static_shared_bytes: attr(A::CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES)?,
            emulator_static_shared_bytes: self.emulator_kernels.iter().find(|k| k.name == kernel)?.static_shared_bytes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernels::exercise::{Geometry, Tolerance, Visibility};
    fn poison() -> f32 {
        kernels::exercise::f32_poison()
    }

    fn case() -> Case {
        Case {
            name: "timing".into(),
            label: None,
            visibility: Visibility::Hidden,
            defines: vec![],
            geometry: Geometry { grid: [1, 1, 1], block: [4, 1, 1], dynamic_shared_bytes: 0 },
            buffers: vec![Buffer::Input(Data::F32(vec![1.0, 2.0, 3.0, 4.0])), Buffer::OutputF32(4)],
            args: vec![Arg::Buffer(0), Arg::Buffer(1)],
            constants: vec![],
            output: 1,
            expected: Data::F32(vec![2.0, 4.0, 6.0, 8.0]),
            shape: [4, 1, 1],
            tolerance: Tolerance::Float { abs: 1e-6, rel: 1e-6 },
            problem_flops: 0,
            mistakes: Vec::new(),
        }
    }

    fn bytes(values: &[f32]) -> Vec<u8> {
        values.iter().flat_map(|v| v.to_le_bytes()).collect()
    }

    #[test]
    fn timed_launches_that_write_nothing_are_rejected() {
        // The cheat: the work is done once (a warm-up), later launches return at once and leave
        // the poisoned output as it is.
        let mut launches = 0;
        let err = checked_launches(&case(), 3, 30, &mut |timed, out| {
            launches += 1;
            *out = bytes(&if launches == 1 { [2.0, 4.0, 6.0, 8.0] } else { [poison(); 4] });
            Ok(timed.then_some(0.01))
        })
        .unwrap_err();
        assert!(err.contains("in warm-up launch 2 of 3: 4 of 4 elements, never written"), "{err}");
        // Honest from the first to the last: 30 times.
        let times = checked_launches(&case(), 3, 30, &mut |timed, out| {
            *out = bytes(&[2.0, 4.0, 6.0, 8.0]);
            Ok(timed.then_some(1.0))
        })
        .unwrap();
        assert_eq!(times.len(), 30);
        // Wrong in one timed launch only (the 17th).
        let mut n = 0;
        let err = checked_launches(&case(), 3, 30, &mut |timed, out| {
            n += 1;
            *out = bytes(&if n == 20 { [2.0, 4.0, 6.0, 0.0] } else { [2.0, 4.0, 6.0, 8.0] });
            Ok(timed.then_some(1.0))
        })
        .unwrap_err();
        assert!(err.contains("in timed launch 17 of 30: 1 of 4 elements"), "{err}");
    }
}
