//! The timing method (`grader time`, the challenges' `percent_of_copy`, the leaderboard): a
//! fresh module, restored inputs and a cleared L2 before every launch, every output checked,
//! the median of the timed launches set against a device-to-device copy timed the same way.

use super::*;

/// Timed launches per kernel (the median is reported) and untimed warm-ups before them.
pub const RUNS: usize = 30;

pub const WARMUPS: usize = 3;

/// Each of the copy's two buffers: 1 GiB, twenty times an H100's L2.
pub const COPY_BYTES: usize = 1 << 30;

/// Bytes a kernel must move at least: every input buffer read once, the output written once.
pub fn compulsory_bytes(case: &Case) -> u64 {
    let inputs: usize = case
        .buffers
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != case.output)
        .map(|(_, b)| match b {
            Buffer::Input(d) | Buffer::InOut(d) => d.len() * 4,
            Buffer::OutputF32(n) | Buffer::OutputI32(n) => *n * 4,
        })
        .sum();
    (inputs + case.expected.len() * 4) as u64
}

impl GpuBackend {
    /// The timing method of `grader time` (warm-ups, median of runs, the output checked on the
    /// same case), against the copy bandwidth measured once per process.
    pub(super) fn time_against_copy(
        &self,
        ptx: &str,
        unit: &SourceUnit,
        kernel: &str,
        case: &Case,
    ) -> Result<Speed, Error> {
        static COPY: std::sync::OnceLock<Result<f64, String>> = std::sync::OnceLock::new();
        let copy = COPY
            .get_or_init(|| copy_bandwidth(self.device, COPY_BYTES, RUNS).map_err(|e| e.message().to_string()))
            .clone()
            .map_err(|e| Error::Device(format!("cannot measure the copy bandwidth: {e}")))?;
        let program = self.load_program(ptx, unit)?;
        let times = program.time(kernel, case, WARMUPS, RUNS)?;
        let ms = median(&times) as f64;
        let bw = compulsory_bytes(case) as f64 / (ms / 1e3);
        Ok(Speed {
            case: case.name.trim_start_matches("timing: ").to_string(),
            median_ms: ms,
            gb_per_s: bw / 1e9,
            copy_gb_per_s: copy / 1e9,
            percent_of_copy: 100.0 * bw / copy,
            device: self.device.name.clone(),
            method: TIMING_METHOD.to_string(),
            reference: None,
        })
    }
}

/// Milliseconds of `work` on the default stream, between two events.
fn timed(work: &mut dyn FnMut() -> Result<(), Error>) -> Result<f32, Error> {
    let (start, stop) = (Event::new()?, Event::new()?);
    let fail = |e| driver_error("GPU timing failed", e);
    // SAFETY: live events on the default (null) stream.
    unsafe {
        cu::event::record(start.0, std::ptr::null_mut()).map_err(fail)?;
        work()?;
        cu::event::record(stop.0, std::ptr::null_mut()).map_err(fail)?;
        cu::event::synchronize(stop.0).map_err(|e| kernel_fault("the kernel failed on the GPU", e))?;
        cu::event::elapsed(start.0, stop.0).map_err(fail)
    }
}

pub fn median(values: &[f32]) -> f32 {
    let mut v = values.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    match v.len() {
        0 => f32::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// One launch of the timing method: `(timed, output)` → its time when `timed`.
pub type Launcher<'a> = dyn FnMut(bool, &mut Vec<u8>) -> Result<Option<f32>, Error> + 'a;

/// The timing method's bookkeeping, whatever runs the launches: `launch(timed, output)` runs one
/// launch from the case's starting state, leaves its output's bytes in `output` and returns its
/// time (when `timed`). Every output is checked: the same bytes as one already checked, or right
/// (the tolerance compare only when the bytes differ: it is slow on 67 M elements). A wrong one
/// is an error naming the launch. Returns the times of the `runs` timed launches.
pub fn checked_launches(case: &Case, warmups: usize, runs: usize, launch: &mut Launcher) -> Result<Vec<f32>, Error> {
    let mut times = Vec::with_capacity(runs);
    let (mut output, mut checked) = (Vec::new(), Vec::new());
    for n in 0..warmups + runs {
        times.extend(launch(n >= warmups, &mut output)?);
        if n > 0 && output == checked {
            continue;
        }
        let words = output.chunks_exact(4).map(|w| [w[0], w[1], w[2], w[3]]);
        let data = match case.expected {
            Data::F32(_) => Data::F32(words.map(f32::from_le_bytes).collect()),
            Data::I32(_) => Data::I32(words.map(i32::from_le_bytes).collect()),
        };
        if let Some(m) = crate::compare::compare(&case.expected, &data, case.tolerance, case.shape) {
            let which = if n < warmups {
                format!("warm-up launch {} of {warmups}", n + 1)
            } else {
                format!("timed launch {} of {runs}", n - warmups + 1)
            };
            return Err(Error::Device(format!(
                "wrong output on the timing case in {which}: {} of {} elements{} (every launch must compute its \
                 whole output from its inputs)",
                crate::model::thousands(m.wrong as u64),
                crate::model::thousands(m.total as u64),
                if m.all_unwritten { ", never written" } else { "" }
            )));
        }
        std::mem::swap(&mut checked, &mut output);
    }
    Ok(times)
}

/// How a kernel is timed, for the reports: what keeps a kernel from timing less than its work.
pub const TIMING_METHOD: &str = "each launch on a freshly loaded module (its __device__ variables as declared), \
     with its inputs restored, its output poisoned and the L2 cache cleared before it, and its output checked after it";

/// Leaves the L2 cache holding clean lines of a buffer no kernel uses, so that every timed
/// launch starts alike: nothing of its inputs cached, and no dirty lines of the restored buffers
/// to write back during the launch (which cost the reference 2D challenge 4% of its time).
/// Reading twice the L2's size in slices copied to one small buffer dirties only that buffer.
struct L2Flush {
    source: DeviceBuffer,
    slice: DeviceBuffer,
    /// A kernel of the grader's own that waits on the GPU's clock and touches no memory.
    spin: GpuModule,
}

/// `pmpp_spin(ns)`: one thread reads %globaltimer until `ns` nanoseconds have passed.
const SPIN_PTX: &str = ".version 7.0\n.target sm_70\n.address_size 64\n\
.visible .entry pmpp_spin(.param .u64 ns)\n{\n\
  .reg .pred %p;\n  .reg .b64 %rd<4>;\n\
  ld.param.u64 %rd1, [ns];\n  mov.u64 %rd2, %globaltimer;\n\
WAIT:\n  mov.u64 %rd3, %globaltimer;\n  sub.u64 %rd3, %rd3, %rd2;\n\
  setp.lt.u64 %p, %rd3, %rd1;\n  @%p bra WAIT;\n  ret;\n}\n";

/// How long the GPU holds before a timed launch: far longer than the host takes to queue it.
const SPIN_NS: u64 = 200_000;

impl L2Flush {
    const SLICE: usize = 1 << 20;

    fn new(l2_bytes: u64) -> Result<L2Flush, Error> {
        let bytes = (2 * l2_bytes as usize).max(8 << 20).next_multiple_of(Self::SLICE);
        let spin = GpuModule::load([SPIN_PTX.as_bytes(), b"\0"].concat(), "ptx".into())
            .map_err(|e| driver_error("cannot load the grader's own timing kernel", e))?;
        Ok(L2Flush { source: DeviceBuffer::new(bytes)?, slice: DeviceBuffer::new(Self::SLICE)?, spin })
    }

    /// Queue the wait (see [`SPIN_NS`]).
    fn spin(&self) -> Result<(), Error> {
        let f = function_of(&self.spin, "pmpp_spin")?;
        let mut ns = SPIN_NS;
        let mut params = [&mut ns as *mut u64 as *mut c_void];
        // SAFETY: one u64 parameter, as the kernel declares; `ns` outlives the call (the driver
        // copies parameters when the launch is queued).
        unsafe { cu::launch_kernel(f, (1, 1, 1), (1, 1, 1), 0, std::ptr::null_mut(), &mut params) }
            .map_err(|e| driver_error("cannot launch the grader's own timing kernel", e))
    }

    fn clean(&self) -> Result<(), Error> {
        for at in (0..self.source.bytes).step_by(Self::SLICE) {
            // SAFETY: `at + SLICE` is within the source (a whole number of slices) and the slice
            // holds SLICE bytes.
            unsafe {
                cu::memcpy_dtod_async(self.slice.ptr, self.source.ptr + at as u64, Self::SLICE, std::ptr::null_mut())
            }
            .map_err(|e| driver_error("cannot clear the GPU's L2 cache", e))?;
        }
        Ok(())
    }
}

/// Copy `from` into `to` (same size) on the device.
fn copy_device(to: &DeviceBuffer, from: &DeviceBuffer) -> Result<(), Error> {
    // SAFETY: both buffers are live and hold `bytes` (made from the same case).
    unsafe { cu::memcpy_dtod_async(to.ptr, from.ptr, to.bytes.min(from.bytes), std::ptr::null_mut()) }
        .map_err(|e| driver_error("cannot copy on the GPU", e))
}

/// Device-to-device copy bandwidth, bytes read + written per second: the card's practical
/// ceiling, measured the same way as the kernels (warm-up, then the median of `runs`).
pub fn copy_bandwidth(device: &Device, bytes: usize, runs: usize) -> Result<f64, Error> {
    let _guard = device.bind()?;
    let src = DeviceBuffer::new(bytes)?;
    let dst = DeviceBuffer::new(bytes)?;
    let copy = &mut || {
        // SAFETY: both buffers hold `bytes`.
        unsafe { cu::memcpy_dtod_async(dst.ptr, src.ptr, bytes, std::ptr::null_mut()) }
            .map_err(|e| driver_error("device-to-device copy failed", e))
    };
    for _ in 0..3 {
        copy()?;
    }
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        times.push(timed(copy)?);
    }
    Ok(2.0 * bytes as f64 / (median(&times) as f64 / 1e3))
}

impl GpuProgram {
    /// `warmups` launches, then the time of each of `runs` launches (ms, device events), each
    /// checked against `case.expected` (see [`TIMING_METHOD`]): a launch whose output is wrong
    /// is an error naming it.
    pub fn time(&self, kernel: &str, case: &Case, warmups: usize, runs: usize) -> Result<Vec<f32>, Error> {
        self.time_launches(kernel, case, warmups, runs, true)
    }

    /// [`Self::time`] without checking the outputs: for the speed model's corpus, which times
    /// wrong kernels too (their work is as real as a right one's).
    pub fn time_unchecked(&self, kernel: &str, case: &Case, warmups: usize, runs: usize) -> Result<Vec<f32>, Error> {
        self.time_launches(kernel, case, warmups, runs, false)
    }

    fn time_launches(
        &self,
        kernel: &str,
        case: &Case,
        warmups: usize,
        runs: usize,
        check: bool,
    ) -> Result<Vec<f32>, Error> {
        let _guard = self.device.bind()?;
        let mut staged = self.stage(case)?;
        // Every buffer as the case starts it (inputs, and the output poisoned), kept aside.
        let pristine = staged
            .buffers
            .iter()
            .map(|b| {
                let copy = DeviceBuffer::new(b.bytes)?;
                copy_device(&copy, b)?;
                Ok(copy)
            })
            .collect::<Result<Vec<_>, Error>>()?;
        let flush = L2Flush::new(self.device.l2_bytes)?;
        let mut host = vec![0u8; staged.buffers.get(case.output).map_or(0, |b| b.bytes)];
        let mut launch = |timed_launch: bool, bytes: &mut Vec<u8>| -> Result<Option<f32>, Error> {
            // A module of its own: nothing a launch left in `__device__` memory (a flag, a copy
            // of the answer, a counter) is there for the next one.
            let module = self.module.fresh()?;
            let f = function_of(&module, kernel)?;
            write_constants(&module, case)?;
            // Queued, not waited for: the GPU restores and clears while the host goes on, then
            // holds (`spin`) until the timed launch is queued behind the start event, so that
            // the host's launch latency is not timed (back-to-back launches hide it too).
            for (buffer, start) in staged.buffers.iter().zip(&pristine) {
                copy_device(buffer, start)?;
            }
            flush.clean()?;
            flush.spin()?;
            let ms = if timed_launch {
                Some(timed(&mut || self.launch(kernel, f, case, &mut staged))?)
            } else {
                self.launch(kernel, f, case, &mut staged)?;
                cu::ctx::synchronize().map_err(|e| kernel_fault("the kernel failed on the GPU", e))?;
                None
            };
            // SAFETY: `host` holds the output buffer's bytes.
            unsafe { cu::memcpy_dtoh_sync(&mut host[..], staged.buffers[case.output].ptr) }
                .map_err(|e| driver_error("cannot copy from the GPU (did the kernel fault?)", e))?;
            bytes.clear();
            bytes.extend_from_slice(&host);
            Ok(ms)
        };
        if check {
            checked_launches(case, warmups, runs, &mut launch)
        } else {
            let mut times = Vec::with_capacity(runs);
            let mut output = Vec::new();
            for n in 0..warmups + runs {
                times.extend(launch(n >= warmups, &mut output)?);
            }
            Ok(times)
        }
    }
}
