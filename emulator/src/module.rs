//! A parsed and decoded PTX module, the first entry point: `Module::parse` runs the parser and
//! the decoder once; launches then run its kernels.

use crate::ir::{Kernel, ModuleData};
use crate::types::{KernelInfo, LoadError};
use crate::unportable::UnportableUse;

/// A parsed and decoded PTX module: its kernels, `.const` symbols and `.shared` variables.
pub struct Module {
    pub(crate) data: ModuleData,
    /// Distinguishes modules for their `.global` variables in a shared `DeviceMemory`.
    pub(crate) id: u64,
    /// Per kernel: its uses of values a GPU gives otherwise (`check::unportable`).
    unportable: Vec<Vec<UnportableUse>>,
}

impl Module {
    /// Parse and decode PTX text (NVRTC 12.x/13.x output, `.version` 8.x/9.x).
    pub fn parse(ptx: &str) -> Result<Module, LoadError> {
        static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        let ast = crate::parse::parse(ptx)?;
        let (data, gpu_values) = crate::decode::decode(&ast)?;
        let unportable = data.kernels.iter().zip(&gpu_values).map(|(k, g)| crate::unportable::uses(k, g)).collect();
        Ok(Module { data, id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed), unportable })
    }

    /// The uses of values a GPU gives otherwise in kernel `k` (one of this module's).
    pub(crate) fn unportable(&self, k: &Kernel) -> &[UnportableUse] {
        let i = self.data.kernels.iter().position(|x| std::ptr::eq(x, k));
        i.map_or(&[], |i| &self.unportable[i])
    }

    pub fn kernels(&self) -> Vec<KernelInfo> {
        self.data
            .kernels
            .iter()
            .map(|k| KernelInfo {
                name: k.name.clone(),
                param_sizes: k.params.iter().map(|p| p.1).collect(),
                static_shared_bytes: k.static_shared_bytes,
                uses_dynamic_shared: k.uses_dynamic_shared,
                bounds: k.bounds,
            })
            .collect()
    }

    pub fn kernel(&self, name: &str) -> Option<KernelInfo> {
        self.kernels().into_iter().find(|k| k.name == name)
    }

    /// `.const` symbols and their sizes in bytes.
    pub fn constant_symbols(&self) -> Vec<(String, usize)> {
        self.data.consts.iter().map(|(n, _, s)| (n.clone(), *s as usize)).collect()
    }
}
