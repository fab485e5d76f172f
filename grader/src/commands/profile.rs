//! `profile <SECTION>` (with a GPU, for `tools/ncu-crosscheck`): the metrics case launched once
//! on the GPU and nothing else there (for Nsight Compute), then the emulator's counts for the
//! same source and case as JSON on stdout.

use super::{KernelChoice, SectionArg};
use crate::backend::emulator::EmulatorBackend;
use crate::backend::gpu;
use crate::backend::{SourceUnit, Views};
use crate::build::{self, Builder};
use crate::compare::compare;
use crate::course::{self, Course};
use crate::error::{Error, Outcome, Result};
use crate::plan;
use crate::toolchain::{nvrtc, Compiler};

/// The seed of the metrics case's data when none is given.
const DEFAULT_SEED: u64 = 7;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[arg(value_name = "SECTION", value_parser = super::section_arg)]
    pub section: SectionArg,
    #[command(flatten)]
    pub kernel: KernelChoice,
    /// The seed of the metrics case's data (default 7).
    #[arg(long)]
    pub seed: Option<u64>,
}

/// `profile <section>`: the metrics case, one launch on the GPU and nothing else on it (for
/// ncu), then the emulator's counts for the same source and case as JSON on stdout.
pub fn run(args: &Args, course: &Course) -> Result<Outcome> {
    let section = args.section.0;
    let file = course::kernel_file(course.root()?, section, args.kernel.which())?;
    let backend = gpu::open().map_err(|e| e.map_message(|m| format!("`profile` needs a GPU: {m}")))?;
    let nvrtc = nvrtc::get(true)?;
    let seed = args.seed.unwrap_or(DEFAULT_SEED);
    let mut case = plan::metrics_case(section, seed);
    let source = build::read_kernel(&file)?;
    let ptx =
        Builder::new(&EmulatorBackend, Compiler::Nvrtc(nvrtc)).compile_case(section, &file, &source, &mut case)?;
    let kernel = section.kernel_name();
    let counted =
        EmulatorBackend.load_named(&ptx, &file.display).and_then(|p| p.run(kernel, &case, Views::default()))?;
    let m = counted.metrics.filter(|_| counted.completed && counted.findings.is_empty()).ok_or_else(|| {
        Error::Kernel("the emulator found a fault in this kernel: grade it first (no GPU launch)".into())
    })?;
    let unit = SourceUnit { source: &source, name: &file.display, defines: &case.defines };
    let out = backend.load_program(&ptx, &unit).and_then(|p| p.run_on_gpu(kernel, &case))?.0;
    let gpu_ok = compare(&case.expected, &out, case.tolerance, case.shape).is_none();
    let json = serde_json::json!({
        "section": section.id(),
        "kernel": kernel,
        "file": file.display,
        "case": section.metrics_case_label(),
        "device": backend.device.name,
        "gpu_output_correct": gpu_ok,
        "emulator": {
            "flops": m.flops,
            "global_load_requests": m.global_load_requests,
            "global_load_sectors": m.global_load_sectors,
            "global_load_bytes": m.global_load_bytes,
            "global_loads": m.global_loads,
            "other_float_ops": m.other_float_ops,
            "threads": m.threads,
        }
    });
    println!("{json}");
    Ok(Outcome::from_passed(gpu_ok))
}
