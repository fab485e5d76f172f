//! A real GPU through cudarc's driver API. Not in this build yet: `open` says so, and `--backend
//! auto` then uses the emulator. Implementing it means filling in `open` and the two traits here
//! (load the PTX with cuModuleLoadData, allocate, copy, launch, copy back; the architecture is the
//! device's compute capability).

use super::{Backend, BackendError, Program};

pub struct GpuBackend {
    _private: (),
}

pub fn open() -> Result<GpuBackend, BackendError> {
    Err(BackendError("the GPU backend is not available in this build; use --backend emulator (or auto)".into()))
}

impl Backend for GpuBackend {
    fn name(&self) -> &'static str {
        "gpu"
    }

    fn arch(&self) -> String {
        "compute_75".into()
    }

    fn load(&self, _ptx: &str) -> Result<Box<dyn Program>, BackendError> {
        Err(BackendError("the GPU backend is not available in this build".into()))
    }
}
