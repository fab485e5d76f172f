//! The emulator backend: the PTX interpreter of the `emulator` crate, with exact metrics and the
//! sanitizer's findings.

use ::emulator as emu;
use kernels::exercise::{Arg, Buffer, Case, Data};

use super::{Backend, BlockView, Outcome, Program, Recorded, SourceUnit, Views};
use crate::error::Error;
use crate::speed::sample::{self, SampleBuffer, SampleCase};

#[derive(Default)]
pub struct EmulatorBackend;

impl Backend for EmulatorBackend {
    fn name(&self) -> &'static str {
        "emulator"
    }

    fn arch(&self) -> String {
        // The course's reference card (H100, H200): the code a verdict speaks for is the code
        // that runs there, `__CUDA_ARCH__` 900 (see `toolchain::arch` for the other cards).
        crate::toolchain::arch::REFERENCE.into()
    }

    fn load(&self, ptx: &str) -> Result<Box<dyn Program>, Error> {
        self.parse(ptx, None)
    }

    fn load_source(&self, ptx: &str, source: &SourceUnit) -> Result<Box<dyn Program>, Error> {
        self.load_named(ptx, source.name)
    }
}

impl EmulatorBackend {
    /// [`Backend::load`], with the kernel's file called `name` in the messages: NVRTC writes the
    /// program's file into the PTX with its own working directory in front
    /// (`/home/…/exercises/7.2-basic/kernel.cu`, or a wrong one from a subfolder).
    pub fn load_named(&self, ptx: &str, name: &str) -> Result<Box<dyn Program>, Error> {
        self.parse(ptx, Some(name))
    }

    /// The PTX parsed; its errors name the kernel's file `name` where given (the emulator's
    /// words, which begin with the file).
    fn parse(&self, ptx: &str, name: Option<&str>) -> Result<Box<dyn Program>, Error> {
        let module = emu::Module::parse(ptx).map_err(|e| {
            let mut m = e.to_string();
            if let Some(at) = name.and_then(|name| m.find(&format!("/{name}:"))) {
                let start = m[..at].rfind(' ').map_or(0, |i| i + 1);
                m = format!("{}{}", &m[..start], &m[at + 1..]);
            }
            Error::Kernel(crate::t!(judge_emulator_cannot_load, error = m))
        })?;
        Ok(Box::new(EmulatorProgram { module, stop: Default::default() }))
    }
}

struct EmulatorProgram {
    module: emu::Module,
    /// Raised by the launch that runs past its instruction budget: the other launches sharing
    /// it, running beside it, stop too (see [`Program::share_stop`]), so a kernel that never
    /// ends costs one budget, not one per test.
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

/// Lane-instructions a case may execute: generous per thread (a 9×9 filter or a 128-plane walk
/// is a few thousand), so that only a kernel that never ends hits it, and hits it quickly.
pub fn instruction_budget(case: &Case) -> u64 {
    let g = case.geometry;
    let threads: u64 = g.grid.iter().chain(g.block.iter()).map(|&d| d.max(1) as u64).product();
    (threads.saturating_mul(20_000)).clamp(50_000_000, 8_000_000_000)
}

/// Where the case's buffers lie (`DeviceMemory::with_seed`): from the case's name and inputs,
/// so that they move with the grading seed as cudaMalloc's addresses move from run to run, and
/// the same seed lays them out the same way again.
fn placement_seed(case: &Case) -> u64 {
    // FNV-1a: the same placement for the same case on every machine and toolchain.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    eat(case.name.as_bytes());
    for b in &case.buffers {
        // The bytes of the first 64 words the buffer starts with (of an input, without copying
        // the rest).
        let first = match b {
            Buffer::Input(d) | Buffer::InOut(d) => d.clone_first(64).to_le_bytes(),
            Buffer::OutputF32(n) => Buffer::OutputF32((*n).min(64)).initial_le_bytes(),
            Buffer::OutputI32(n) => Buffer::OutputI32((*n).min(64)).initial_le_bytes(),
        };
        eat(&first);
    }
    h
}

fn launch_error(e: emu::LaunchError) -> Error {
    Error::Kernel(crate::t!(judge_emulator_cannot_launch, error = e.to_string()))
}

impl Program for EmulatorProgram {
    fn entries(&self) -> Vec<String> {
        self.module.kernels().into_iter().map(|k| k.name).collect()
    }

    fn param_sizes(&self, kernel: &str) -> Option<Vec<usize>> {
        self.module.kernel(kernel).map(|k| k.param_sizes)
    }

    fn declares_dynamic_shared(&self, kernel: &str) -> Option<bool> {
        self.module.kernel(kernel).map(|k| k.uses_dynamic_shared)
    }

    fn static_shared_bytes(&self, kernel: &str) -> Option<u64> {
        self.module.kernel(kernel).map(|k| k.static_shared_bytes)
    }

    fn launch_refusal(&self, kernel: &str, block: [u32; 3]) -> Option<String> {
        self.module.kernel(kernel).and_then(|k| k.bounds.refusal(block))
    }

    fn run(&self, kernel: &str, case: &Case, views: Views) -> Result<Outcome, Error> {
        self.run_case(kernel, case, views)
    }

    fn share_stop(&mut self, stop: &std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.stop = stop.clone();
    }

    fn run_sample(&self, kernel: &str, case: &SampleCase, blocks: &[u64]) -> Option<Result<Sampled, Error>> {
        Some(self.run_sample_now(kernel, case, blocks))
    }
}

/// Runs of a sample, at most: the first with zeroed inputs finds the words the blocks read, the
/// next gives those their values; another only where the values sent a block elsewhere.
const SAMPLE_RUNS: usize = 3;

/// A sample's counts, in all and per source line.
type Sampled = (emu::Metrics, Vec<emu::LineCounts>);

impl EmulatorProgram {
    /// `blocks` of the sampled case, on inputs the system maps only where touched: each run
    /// gives values to the 64-byte spans of the inputs that the runs before it read, until a run
    /// reads no span without one; its counts are the sample's. A run that does not complete (a
    /// fault at the timing size) is an error: the sample says nothing.
    fn run_sample_now(&self, kernel: &str, case: &SampleCase, blocks: &[u64]) -> Result<Sampled, Error> {
        let mut given: Vec<Vec<u64>> = vec![Vec::new(); case.buffers.len()];
        let constant_bytes: Vec<(String, Vec<u8>)> =
            case.constants.iter().map(|(name, d)| (name.clone(), d.to_le_bytes())).collect();
        let constants: Vec<(&str, &[u8])> = constant_bytes.iter().map(|(n, b)| (n.as_str(), b.as_slice())).collect();
        let g = case.geometry;
        let threads = blocks.len() as u64 * g.block.iter().map(|&b| b as u64).product::<u64>();
        let mut counts = Sampled::default();
        for _ in 0..SAMPLE_RUNS {
            let mut mem = emu::DeviceMemory::with_seed(case.seed);
            let mut ptrs = Vec::with_capacity(case.buffers.len());
            for (i, buffer) in case.buffers.iter().enumerate() {
                let p = match buffer {
                    SampleBuffer::Input(n) | SampleBuffer::Output(n) => mem.alloc_zeroed(4 * n),
                    SampleBuffer::Kept(b) => mem.alloc_bytes(&b.initial_le_bytes()),
                }
                .map_err(launch_error)?;
                if let SampleBuffer::Input(n) = buffer {
                    for &span in &given[i] {
                        let first = span * 16;
                        let words: Vec<u8> = (first..(first + 16).min(*n as u64))
                            .flat_map(|e| sample::input_value(case.seed, i, e).to_le_bytes())
                            .collect();
                        mem.write_bytes(emu::DevicePtr(p.0 + 64 * span), &words).map_err(launch_error)?;
                    }
                }
                ptrs.push(p);
            }
            let args = case
                .args
                .iter()
                .map(|a| match *a {
                    Arg::Buffer(i) => emu::KernelArg::Ptr(ptrs.get(i).copied().unwrap_or(emu::DevicePtr(0))),
                    Arg::I32(v) => emu::KernelArg::I32(v),
                    Arg::U32(v) => emu::KernelArg::U32(v),
                    Arg::F32(v) => emu::KernelArg::F32(v),
                })
                .collect::<Vec<_>>();
            let launch = emu::Launch {
                kernel,
                config: emu::LaunchConfig {
                    grid: g.grid,
                    block: g.block,
                    dynamic_shared_bytes: g.dynamic_shared_bytes,
                },
                args: &args,
                constants: &constants,
            };
            let options = emu::Options {
                instruction_budget: threads.saturating_mul(20_000).clamp(50_000_000, 8_000_000_000),
                only_blocks: Some(blocks.to_vec()),
                traffic_per_line: true,
                stop: Some(self.stop.clone()),
                threads: 1,
                ..emu::Options::default()
            };
            let report = emu::launch(&self.module, &launch, &mut mem, &options).map_err(launch_error)?;
            if !report.completed {
                let why = report.findings.first().map(|f| f.kind.to_string()).unwrap_or_default();
                return Err(launch_error(emu::LaunchError { message: format!("a sampled block stopped: {why}") }));
            }
            counts = (report.metrics, report.lines);
            let mut more = false;
            for (i, buffer) in case.buffers.iter().enumerate() {
                if let SampleBuffer::Input(_) = buffer {
                    let read = mem.spans_read(ptrs[i]).map_err(launch_error)?;
                    if read.iter().any(|s| given[i].binary_search(s).is_err()) {
                        more = true;
                        given[i].extend(read);
                        given[i].sort_unstable();
                        given[i].dedup();
                    }
                }
            }
            if !more {
                break;
            }
        }
        Ok(counts)
    }

    /// One launch of `case`, recording the views asked for.
    fn run_case(&self, kernel: &str, case: &Case, views: Views) -> Result<Outcome, Error> {
        let watch = views.block.map(|w| {
            let (block, thread) = w.resolve(case);
            emu::Watch { block, thread }
        });
        let mut mem = emu::DeviceMemory::with_seed(placement_seed(case));
        let mut ptrs = Vec::with_capacity(case.buffers.len());
        for buffer in &case.buffers {
            ptrs.push(mem.alloc_bytes(&buffer.initial_le_bytes()).map_err(launch_error)?);
        }
        let args = case
            .args
            .iter()
            .map(|a| match *a {
                Arg::Buffer(i) => ptrs.get(i).map(|&p| emu::KernelArg::Ptr(p)).ok_or_else(|| {
                    Error::Kernel(crate::t!(judge_case_no_such_buffer, case = &case.name, buffer = i.to_string()))
                }),
                Arg::I32(v) => Ok(emu::KernelArg::I32(v)),
                Arg::U32(v) => Ok(emu::KernelArg::U32(v)),
                Arg::F32(v) => Ok(emu::KernelArg::F32(v)),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let constant_bytes: Vec<(String, Vec<u8>)> =
            case.constants.iter().map(|(name, d)| (name.clone(), d.to_le_bytes())).collect();
        let constants: Vec<(&str, &[u8])> = constant_bytes.iter().map(|(n, b)| (n.as_str(), b.as_slice())).collect();
        let g = case.geometry;
        let launch = emu::Launch {
            kernel,
            config: emu::LaunchConfig { grid: g.grid, block: g.block, dynamic_shared_bytes: g.dynamic_shared_bytes },
            args: &args,
            constants: &constants,
        };
        let options = emu::Options {
            instruction_budget: instruction_budget(case),
            traffic_per_line: true,
            loads_per_element: views.loads_per_element,
            watch,
            stop: Some(self.stop.clone()),
            // Launched from a worker of rayon's pool: one of the tests running side by side,
            // which keep the cores busy already. Its blocks run in order on this worker: as on
            // one core, and a launch that ends early costs no second run (see `emulator::launch`).
            threads: if rayon::current_thread_index().is_some() { 1 } else { 0 },
            ..emu::Options::default()
        };
        let report = emu::launch(&self.module, &launch, &mut mem, &options).map_err(launch_error)?;
        let out_ptr = *ptrs.get(case.output).ok_or_else(|| {
            Error::Kernel(crate::t!(judge_case_no_output_buffer, case = &case.name, buffer = case.output.to_string()))
        })?;
        let len = match &case.buffers[case.output] {
            Buffer::Input(d) | Buffer::InOut(d) => d.len(),
            Buffer::OutputF32(n) | Buffer::OutputI32(n) => *n,
        };
        let output = match &case.expected {
            Data::F32(_) => Data::F32(mem.read_f32(out_ptr, len).map_err(launch_error)?),
            Data::I32(_) => Data::I32(mem.read_i32(out_ptr, len).map_err(launch_error)?),
        };
        let changed_input = super::first_input_change(case, |i, original| {
            let len = original.len();
            Ok(match original {
                Data::F32(_) => Data::F32(mem.read_f32(ptrs[i], len).map_err(launch_error)?),
                Data::I32(_) => Data::I32(mem.read_i32(ptrs[i], len).map_err(launch_error)?),
            })
        })?;
        let loads_per_element = views.loads_per_element.then(|| {
            ptrs.iter()
                .map(|p| report.element_loads.iter().find(|(b, _)| b == p).map(|(_, c)| c.clone()).unwrap_or_default())
                .collect()
        });
        let block = match (&report.block, watch) {
            (Some(b), Some(w)) => Some(block_view(b, w, &ptrs, &case.buffers)),
            _ => None,
        };
        Ok(Outcome {
            output,
            metrics: Some(report.metrics),
            findings: report.findings,
            findings_dropped: report.findings_dropped,
            completed: report.completed,
            printf: report.printf,
            printf_dropped: report.printf_dropped,
            lines: report.lines,
            views: Recorded { loads_per_element, block },
            changed_input,
        })
    }
}

/// The watched block's words mapped to the case's buffers and their elements.
fn block_view(b: &emu::BlockTraffic, w: emu::Watch, ptrs: &[emu::DevicePtr], buffers: &[Buffer]) -> BlockView {
    let global = ptrs
        .iter()
        .zip(buffers)
        .map(|(p, buffer)| {
            let first = p.0 >> 2;
            let len = match buffer {
                Buffer::Input(d) | Buffer::InOut(d) => d.len(),
                Buffer::OutputF32(n) | Buffer::OutputI32(n) => *n,
            } as u64;
            b.global_loads
                .range(first..first + len)
                .map(|(&word, &(block, thread))| ((word - first) as usize, block, thread))
                .collect()
        })
        .collect();
    let shared = b.shared.iter().map(|(&word, &(stores, loads, mine))| (word, stores, loads, mine)).collect();
    BlockView { block: w.block, thread: w.thread, global, shared }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_load_error_names_the_file_as_the_student_does() {
        // As NVRTC writes it when run from a subfolder: its own directory in front of the name.
        let ptx = ".version 8.8\n.target sm_75\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %r<3>;\n\
                   .loc 1 3 5\ndp4a.u32.u32 %r1, %r2, %r2, %r2;\nret;\n}\n.file 1 \"/home/s/course/grader/exercises/7.2-basic/kernel.cu\"\n";
        let e = EmulatorBackend.load_named(ptx, "exercises/7.2-basic/kernel.cu").err().expect("dp4a is refused");
        assert!(
            e.message().contains(": exercises/7.2-basic/kernel.cu:3: unsupported PTX instruction `dp4a.u32.u32`"),
            "{e}"
        );
        assert!(!e.message().contains("/home/"), "{e}");
    }
}
