//! A PTX interpreter for the course's kernels.
//!
//! Shape (after wasmi): PTX text is parsed, decoded once into a compact form ([`Module`]), then
//! executed warp by warp. Measuring ([`Metrics`]) and checking ([`Finding`]) observe execution;
//! they are not tangled into the instruction semantics.
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

mod api;
mod decode;
mod exec;
mod launch;
mod memory;
mod ops;
mod parse;

pub use api::*;

#[cfg(test)]
mod tests;
