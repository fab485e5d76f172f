//! The special registers (`%tid`, `%smid`, `%dynamic_smem_size`, the cluster ids …): which a
//! kernel may read and what each reads, as the emulated H100 gives it; and those whose value a
//! GPU gives otherwise (the unportable check follows them).

use super::*;
use crate::gpu;

impl Ctx<'_> {
    pub(super) fn special(&mut self, name: &str) -> Result<Option<Reg>, LoadError> {
        let (base, comp) = match name.rsplit_once('.') {
            Some((b, c)) if matches!(c, "x" | "y" | "z") => (b, c.as_bytes()[0] - b'x'),
            _ => (name, 0),
        };
        let (code, init) = match base {
            "%tid" => (0, SlotInit::Tid(comp)),
            "%ntid" => (1, SlotInit::Ntid(comp)),
            "%ctaid" => (2, SlotInit::Ctaid(comp)),
            "%nctaid" => (3, SlotInit::Nctaid(comp)),
            "%laneid" => (4, SlotInit::LaneId),
            "%lanemask_lt" => (6, SlotInit::LanemaskLt),
            "%lanemask_le" => (7, SlotInit::LanemaskLe),
            "%lanemask_eq" => (8, SlotInit::LanemaskEq),
            "%lanemask_ge" => (9, SlotInit::LanemaskGe),
            "%lanemask_gt" => (10, SlotInit::LanemaskGt),
            "%smid" => (11, SlotInit::SmId),
            "%gridid" => (15, SlotInit::Const(0)),
            "%nsmid" => (12, SlotInit::Const(gpu::SMS)),
            "%nwarpid" => (13, SlotInit::Const(gpu::WARP_SLOTS)),
            "WARP_SZ" => (14, SlotInit::Const(32)),
            // Shared memory sizes of the launch (sm_90 values, see `gpu::SHARED_ALLOCATION_UNIT`).
            "%dynamic_smem_size" => (17, SlotInit::DynamicSharedBytes),
            "%total_smem_size" => (18, SlotInit::TotalSharedBytes),
            "%aggr_smem_size" => (19, SlotInit::AggregateSharedBytes),
            // The reserved region as sm_90 lays it out: its 1 KiB at the start of the CTA's
            // shared window. (The emulator places the kernel's own variables from offset 0, so a
            // kernel writing the reserved region would hit them; no course kernel does.)
            "%reserved_smem_offset_begin" => (20, SlotInit::Const(0)),
            "%reserved_smem_offset_end" | "%reserved_smem_offset_cap" => {
                (21, SlotInit::Const(gpu::RESERVED_SHARED_BYTES))
            }
            // Clusters (sm_90): a launch without a cluster shape runs every CTA as a cluster
            // of one, so the cluster ids are the CTA ids and the CTA is rank 0 of 1.
            "%clusterid" => (2, SlotInit::Ctaid(comp)),
            "%nclusterid" => (3, SlotInit::Nctaid(comp)),
            "%cluster_ctaid" | "%cluster_ctarank" => (22, SlotInit::Const(0)),
            "%cluster_nctaid" | "%cluster_nctarank" => (23, SlotInit::Const(1)),
            // The kernel was not launched as part of a CUDA graph.
            "%current_graph_exec" => (24, SlotInit::Const(0)),
            "%is_explicit_cluster" => {
                return Err(self.err("`%is_explicit_cluster` is a predicate: read it with mov.pred"));
            }
            _ if refused_special(base) => {
                return Err(self.err(format!(
                    "`{name}` is not supported: performance-monitor and driver-defined registers \
                     (%pm0..%pm7, %pm0_64..%pm7_64, %envreg0..%envreg31, %reserved_smem_offset_0/1) \
                     hold values the driver chooses, on which no course kernel may depend"
                )));
            }
            _ if moves::read_by_op(name) => {
                let example = if matches!(name, "%clock64" | "%globaltimer") { "u64 %rd1" } else { "u32 %r1" };
                return Err(self.err(format!("`{name}` can be read only by a mov (mov.{example}, {name})")));
            }
            _ => return Ok(None),
        };
        Ok(Some(self.init_slot(SlotKey::Special(code, comp), init)?))
    }
}

/// The special registers that are refused by name: performance monitors (`%pm0`, `%pm3_64`),
/// driver-defined registers (`%envreg7`) and offsets into the reserved shared region that the
/// driver picks (`%reserved_smem_offset_0`, `_1`).
fn refused_special(name: &str) -> bool {
    let numbered = |prefix: &str, max: u32| {
        name.strip_prefix(prefix)
            .map(|n| n.strip_suffix("_64").filter(|_| prefix == "%pm").unwrap_or(n))
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| n <= max)
    };
    numbered("%pm", 7) || numbered("%envreg", 31) || numbered("%reserved_smem_offset_", 1)
}

/// The value a GPU gives otherwise that a special register's slot holds (see `Ctx::special`).
pub(super) fn gpu_value(key: SlotKey) -> Option<crate::detail::GpuValue> {
    use crate::detail::GpuValue as G;
    Some(match key {
        SlotKey::Special(11, _) => G::SmId,
        SlotKey::Special(12, _) => G::NSmId,
        SlotKey::Special(13, _) => G::NWarpId,
        SlotKey::Special(15, _) => G::GridId,
        _ => return None,
    })
}
