//! One build of a section's kernel file: the launch it chooses (the challenges), one compilation
//! per set of defines its cases need, each loaded on the backend, and the checks no test needs
//! to run (the entry under its C name, its parameters, its shared memory, its launch bounds).
//! Grading, timing, `traffic` and `profile` all build through here.

pub mod chosen_launch;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use kernels::exercise::{Arg, Buffer, Case, CaseShape, Data, Section, Tolerance, Visibility};
use rayon::prelude::*;

use crate::backend::{Backend, Outcome, Program, SourceUnit, Views};
use crate::course::KernelFile;
use crate::error::{Error, Result};
use crate::model::{thousands, Problem, ProblemKind};
use crate::toolchain::nvrtc::CompileFailure;
use crate::toolchain::Compiler;

/// A set of `-D` defines, as a case gives them.
pub type Defines = Vec<(String, String)>;

pub fn defines_text(defines: &[(String, String)]) -> String {
    defines.iter().map(|(k, v)| format!("-D{k}={v}")).collect::<Vec<_>>().join(" ")
}

/// Shared memory a block may use without the opt-in (`cudaFuncAttributeMaxDynamicSharedMemorySize`).
pub const MAX_SHARED_BYTES_PER_BLOCK: u64 = 48 * 1024;

/// PTX (or why not) per source, program name, defines and architecture.
type PtxCache = Arc<Mutex<HashMap<(Vec<u8>, String, Defines, String), Result<String, CompileFailure>>>>;

/// Compiles for a backend and loads on it; caches PTX per (source, defines, arch) for the run.
pub struct Builder<'a> {
    pub backend: &'a dyn Backend,
    pub compiler: Compiler,
    /// The architecture it compiles for: the backend's, or another card's (see `toolchain::arch`).
    pub arch: String,
    ptx_cache: PtxCache,
}

/// What a build of one kernel file came to.
pub enum Built {
    Ready(Build),
    /// The file does not compile with these defines: the compiler's errors (warnings left out).
    DoesNotCompile {
        log: String,
        defines: Defines,
    },
    /// It compiled but cannot be launched as the section launches it: why, in the student's terms.
    Unrunnable(Problem),
}

/// The file compiled and loaded for every set of defines of its cases, checked.
pub struct Build {
    /// The kernel launched (the section's entry).
    pub kernel: &'static str,
    programs: Vec<(Defines, String, Box<dyn Program>)>,
    /// The stop flag the programs share (see [`Program::share_stop`]).
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Build {
    fn find(&self, case: &Case) -> &(Defines, String, Box<dyn Program>) {
        self.programs.iter().find(|(d, _, _)| *d == case.defines).expect("the build compiled every case's defines")
    }

    /// Lower the programs' stop flag: the launches after this run to their own end.
    pub fn lower_stop(&self) {
        self.stop.store(false, std::sync::atomic::Ordering::SeqCst);
    }

    /// The program compiled with `case`'s defines.
    pub fn program(&self, case: &Case) -> &dyn Program {
        self.find(case).2.as_ref()
    }

    /// The PTX compiled with `case`'s defines.
    pub fn ptx(&self, case: &Case) -> &str {
        &self.find(case).1
    }

    /// One launch of `case`, with the views asked for.
    pub fn run(&self, case: &Case, views: Views) -> Result<Outcome> {
        let program = self.program(case);
        program.run(self.kernel, &launchable(program, self.kernel, case), views)
    }
}

impl<'a> Builder<'a> {
    pub fn new(backend: &'a dyn Backend, compiler: Compiler) -> Self {
        Builder { backend, compiler, arch: backend.arch(), ptx_cache: Arc::new(Mutex::new(HashMap::new())) }
    }

    /// A builder for architecture `arch` on `backend`, sharing this one's PTX.
    pub fn for_arch<'b>(&self, backend: &'b dyn Backend, arch: &str) -> Builder<'b> {
        Builder { backend, compiler: self.compiler, arch: arch.to_string(), ptx_cache: Arc::clone(&self.ptx_cache) }
    }

    /// Registers per thread and static shared bytes of `kernel` as ptxas builds it for the real
    /// architecture `sm_XY` of `cc` (NVRTC, `printf` compiled out as for the GPU's own build, and
    /// ptxas' verbose log): what the speed model's occupancy needs. `None` without NVRTC (it is
    /// not installed here for this) or where the build fails.
    pub fn kernel_registers(
        &self,
        source: &[u8],
        name: &str,
        defines: &[(String, String)],
        kernel: &str,
        cc: (u32, u32),
    ) -> Option<(u32, u32)> {
        let nvrtc = match self.compiler {
            Compiler::Nvrtc(n) => n,
            Compiler::Clang(_) => crate::toolchain::nvrtc::get(false).ok()?,
        };
        let source = [crate::backend::gpu::DEVICE_PRINTF_OFF, crate::toolchain::nvrtc::source_bytes(source)].concat();
        let mut options = nvrtc.options(&format!("sm_{}{}", cc.0, cc.1), defines);
        options.push("--ptxas-options=-v".into());
        let (_, log) = nvrtc.build(&source, name, &options, crate::toolchain::nvrtc::Output::Cubin).ok()?;
        crate::speed::occupancy::parse_ptxas_log(&log, kernel)
    }

    /// PTX for the builder's architecture, from the cache when this source was compiled before.
    pub fn compile(&self, source: &[u8], name: &str, defines: &[(String, String)]) -> Result<String, CompileFailure> {
        self.compile_for(source, name, defines, &self.arch)
    }

    /// PTX for `arch`, from the cache when this source was compiled for it before.
    pub fn compile_for(
        &self,
        source: &[u8],
        name: &str,
        defines: &[(String, String)],
        arch: &str,
    ) -> Result<String, CompileFailure> {
        let key = (source.to_vec(), name.to_string(), defines.to_vec(), arch.to_string());
        if let Some(hit) = self.ptx_cache.lock().unwrap_or_else(|p| p.into_inner()).get(&key) {
            return hit.clone();
        }
        let result = self.compiler.compile(source, name, arch, defines);
        self.ptx_cache.lock().unwrap_or_else(|p| p.into_inner()).insert(key, result.clone());
        result
    }

    /// The file's distinct builds across the architectures the course supports, compiled with
    /// `defines` (one build where its code cannot depend on the architecture).
    pub fn arch_variants(
        &self,
        section: &dyn Section,
        kernel: &KernelFile,
        source: &[u8],
        defines: &[(String, String)],
    ) -> crate::toolchain::arch::Variants {
        if !crate::toolchain::arch::may_depend(source) {
            return crate::toolchain::arch::Variants::single(&self.arch);
        }
        let compiled = chosen_launch::compiled_source(section, source);
        crate::toolchain::arch::variants(&self.arch, |a| self.compile_for(&compiled, &kernel.display, defines, a))
    }

    /// Builds `source` (the file `kernel`) for `cases`, giving each the launch the file chooses.
    /// An error is the grader's (a driver that refuses the module); what is the kernel's is
    /// [`Built::DoesNotCompile`] or [`Built::Unrunnable`].
    pub fn build(
        &self,
        section: &dyn Section,
        kernel: &KernelFile,
        source: &[u8],
        cases: &mut [Case],
    ) -> Result<Built> {
        // Every distinct set of defines compiled side by side; the steps below find them cached.
        let compiled = chosen_launch::compiled_source(section, source);
        let mut define_sets: Vec<Defines> = Vec::new();
        for case in cases.iter() {
            if !define_sets.contains(&case.defines) {
                define_sets.push(case.defines.clone());
            }
        }
        define_sets.par_iter().for_each(|d| {
            let _ = self.compile(&compiled, &kernel.display, d);
        });
        // A challenge section launches what the file chooses.
        let compile = |src: &[u8], defines: &[(String, String)]| {
            self.compile(src, &kernel.display, defines)
                .map_err(|f| CompileFailure { log: self.compiler.errors_only(&f.log) })
        };
        let mut chosen: Vec<&mut Case> = cases.iter_mut().collect();
        if let Err(why) = chosen_launch::place(section, &compile, source, &kernel.display, &mut chosen) {
            return Ok(Built::Unrunnable(why));
        }
        let mut programs = Vec::new();
        for defines in define_sets {
            let ptx = match self.compile(&compiled, &kernel.display, &defines) {
                Ok(ptx) => ptx,
                Err(f) => return Ok(Built::DoesNotCompile { log: self.compiler.errors_only(&f.log), defines }),
            };
            let unit = SourceUnit { source, name: &kernel.display, defines: &defines };
            match self.backend.load_source(&ptx, &unit) {
                Ok(program) => programs.push((defines, ptx, program)),
                // PTX the emulator cannot run: the section fails with the construct and the line.
                Err(Error::Kernel(why)) => return Ok(Built::Unrunnable(Problem::new(ProblemKind::Unsupported, why))),
                // A backend that compiles again for its device, and fails to.
                Err(Error::Compile(log)) => {
                    return Ok(Built::DoesNotCompile { log: self.compiler.errors_only(&log), defines })
                }
                Err(e) => {
                    return Err(e.map_message(|m| format!("cannot grade {} ({}): {m}", section.id(), kernel.display)))
                }
            }
        }
        // One stop flag for every set of defines: a test that runs out of time stops the others.
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        for (_, _, program) in &mut programs {
            program.share_stop(&stop);
        }
        let build = Build { kernel: section.kernel_name(), programs, stop };
        Ok(match launch_problem(&build, kernel, cases) {
            Some(why) => Built::Unrunnable(why),
            None => Built::Ready(build),
        })
    }

    /// The timing case's shape and launch without its data, the launch the file chooses placed
    /// in it (read with `defines`, the metrics case's: the macros' values are cached for them).
    /// `None`: the section is not timed, or the file's launch cannot be read.
    pub fn timing_shape(
        &self,
        section: &dyn Section,
        kernel: &KernelFile,
        source: &[u8],
        defines: &[(String, String)],
    ) -> Option<CaseShape> {
        let mut shape = section.timing_shape()?;
        if section.chosen_launch().is_some() {
            let mut case = Case {
                name: "timing".into(),
                label: None,
                visibility: Visibility::Hidden,
                defines: defines.to_vec(),
                geometry: shape.geometry,
                buffers: Vec::new(),
                args: Vec::new(),
                constants: Vec::new(),
                output: 0,
                expected: Data::F32(Vec::new()),
                shape: shape.shape,
                tolerance: Tolerance::Exact,
                problem_flops: 0,
                mistakes: Vec::new(),
            };
            let compile = |src: &[u8], defines: &[(String, String)]| {
                self.compile(src, &kernel.display, defines)
                    .map_err(|f| CompileFailure { log: self.compiler.errors_only(&f.log) })
            };
            chosen_launch::place(section, &compile, source, &kernel.display, &mut [&mut case]).ok()?;
            shape.geometry = case.geometry;
        }
        Some(shape)
    }

    /// The PTX of `case` alone (a command that launches one case: `time`, `profile`), with the
    /// launch the file chooses placed in it.
    pub fn compile_case(
        &self,
        section: &dyn Section,
        kernel: &KernelFile,
        source: &[u8],
        case: &mut Case,
    ) -> Result<String> {
        let compile = |src: &[u8], defines: &[(String, String)]| {
            self.compile(src, &kernel.display, defines)
                .map_err(|f| CompileFailure { log: self.compiler.errors_only(&f.log) })
        };
        chosen_launch::place(section, &compile, source, &kernel.display, &mut [case])
            .map_err(|why| Error::Kernel(why.message.to_string()))?;
        self.compile(&chosen_launch::compiled_source(section, source), &kernel.display, &case.defines).map_err(|f| {
            Error::Kernel(format!("{} does not compile: {}", kernel.display, self.compiler.errors_only(&f.log)))
        })
    }

    /// One case built and ready to launch: [`Builder::build`] for a command that runs one case,
    /// with anything that stops it as the kernel's error.
    pub fn build_one(&self, section: &dyn Section, kernel: &KernelFile, case: &mut Case) -> Result<Build> {
        let source = read_kernel(kernel)?;
        let mut cases = [case.clone()];
        let built = self.build(section, kernel, &source, &mut cases)?;
        *case = cases[0].clone();
        match built {
            Built::Ready(build) => Ok(build),
            Built::DoesNotCompile { log, .. } => {
                Err(Error::Kernel(format!("{} does not compile: {log}", kernel.display)))
            }
            Built::Unrunnable(why) => Err(Error::Kernel(why.message.to_string())),
        }
    }
}

/// The kernel file's bytes (any encoding).
pub fn read_kernel(kernel: &KernelFile) -> Result<Vec<u8>> {
    std::fs::read(&kernel.path)
        .map_err(|e| Error::Course(format!("cannot read the kernel file {}: {e}", kernel.display)))
}

/// Why the built programs cannot be launched as the section launches them, if they cannot.
fn launch_problem(build: &Build, kernel: &KernelFile, cases: &[Case]) -> Option<Problem> {
    let name = build.kernel;
    let (_, _, first) = build.programs.first()?;
    // The entry must be there, under its C name.
    let entries = first.entries();
    if !entries.iter().any(|e| e == name) {
        let mut msg = format!(
            "{} has no kernel named `{name}`. The grader launches:\n    {}\n",
            kernel.display,
            expected_signature(name, &cases[0])
        );
        if entries.is_empty() {
            msg.push_str("but the file defines no __global__ kernel at all.");
        } else {
            msg.push_str(&format!("Kernels found: {}.", entries.join(", ")));
            if entries.iter().any(|e| e.contains(name)) {
                msg.push_str(" The name is C++-mangled: declare the kernel `extern \"C\"`.");
            }
        }
        return Some(Problem::new(ProblemKind::Interface, msg));
    }
    // Parameters that do not match the contract: said once, here, not in every test.
    let launched = &cases[0].args;
    if let Some(declared) = first.param_sizes(name) {
        if declared.len() != launched.len() || declared.iter().zip(launched).any(|(&d, a)| d != arg_size(a)) {
            return Some(Problem::new(
                ProblemKind::Interface,
                format!(
                "`{name}` in {} takes {} parameter{} (sizes in bytes: {}), but the grader launches it as:\n    {}\n\
                 Give the kernel exactly these parameters, in this order (names are yours to choose).",
                kernel.display,
                declared.len(),
                if declared.len() == 1 { "" } else { "s" },
                declared.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", "),
                expected_signature(name, &cases[0])
            ),
            ));
        }
    }
    build.programs.iter().find_map(|(defines, _, program)| {
        let case = cases.iter().find(|c| c.defines == *defines).expect("compiled for a case");
        shared_or_bounds_problem(program.as_ref(), name, kernel, defines, case, cases)
    })
}

/// More shared memory than a block may have (without the opt-in no test launch makes), or
/// `__launch_bounds__` below the section's block: a GPU refuses the launch; the emulator must too.
fn shared_or_bounds_problem(
    program: &dyn Program,
    name: &str,
    kernel: &KernelFile,
    defines: &Defines,
    case: &Case,
    cases: &[Case],
) -> Option<Problem> {
    if let Some(static_bytes) = program.static_shared_bytes(name) {
        let dynamic = launchable(program, name, case).geometry.dynamic_shared_bytes as u64;
        if static_bytes + dynamic > MAX_SHARED_BYTES_PER_BLOCK {
            return Some(Problem::new(
                ProblemKind::Launch,
                format!(
                    "`{name}` in {} uses {} bytes of shared memory per block{}: a block may have at most {} (48 KB).\n\
                 A GPU refuses to launch it. Make the shared arrays smaller (a smaller tile).",
                    kernel.display,
                    thousands(static_bytes + dynamic),
                    if defines.is_empty() { String::new() } else { format!(" (with {})", defines_text(defines)) },
                    thousands(MAX_SHARED_BYTES_PER_BLOCK)
                ),
            ));
        }
    }
    let refusal =
        cases.iter().filter(|c| c.defines == *defines).find_map(|c| program.launch_refusal(name, c.geometry.block))?;
    Some(Problem::new(
        ProblemKind::Launch,
        format!(
            "`{name}` in {}: {refusal}. A GPU refuses such a launch (\"invalid argument\"). \
             The bounds must allow the section's blocks, or be left out.",
            kernel.display
        ),
    ))
}

/// The `extern "C"` declaration the cases call, from their arguments.
pub fn expected_signature(kernel: &str, case: &Case) -> String {
    let params: Vec<&str> = case
        .args
        .iter()
        .map(|a| match a {
            Arg::Buffer(i) => match case.buffers.get(*i) {
                Some(Buffer::Input(Data::I32(_)) | Buffer::InOut(Data::I32(_)) | Buffer::OutputI32(_)) => "int *",
                _ => "float *",
            },
            Arg::I32(_) => "int",
            Arg::U32(_) => "unsigned int",
            Arg::F32(_) => "float",
        })
        .collect();
    format!("extern \"C\" __global__ void {kernel}({})", params.join(", "))
}

/// The case as it is launched: a kernel with no `extern __shared__` array gets no dynamic shared
/// memory (static arrays are as valid a choice; the 1D exercise says so). Decided per program,
/// since defines can add or remove the array.
pub fn launchable(program: &dyn Program, kernel: &str, case: &Case) -> Case {
    let mut case = case.clone();
    if program.declares_dynamic_shared(kernel) == Some(false) {
        case.geometry.dynamic_shared_bytes = 0;
    }
    case
}

/// Bytes a launch argument takes in the parameter buffer.
fn arg_size(a: &Arg) -> usize {
    match a {
        Arg::Buffer(_) => 8,
        Arg::I32(_) | Arg::U32(_) | Arg::F32(_) => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signature_comes_from_the_arguments() {
        assert_eq!(
            expected_signature("k", &crate::judge::tests::tiny_case()),
            "extern \"C\" __global__ void k(int *, int *, int)"
        );
    }
}
