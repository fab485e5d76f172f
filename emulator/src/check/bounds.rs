//! Bounds and alignment: an access that falls outside its memory, is not aligned to its size,
//! or writes read-only memory stops the launch, as a GPU fault does, before touching memory.
//! The executor finds where an address lands (it must, to perform the access) and hands the
//! access it cannot perform to this check, which reports the finding.

use super::{CheckCtx, Findings};
use crate::detail::Detail;
use crate::ir::Space;
use crate::types::FindingKind;

/// The alignment an access of `bytes` bytes (per thread) needs: its size, up to 16 (a vector
/// of four 32-bit values, or two 64-bit ones).
#[inline(always)]
pub(crate) fn alignment(bytes: u64) -> u64 {
    bytes.min(16)
}

/// An access that cannot be performed.
pub(crate) enum BadAccess {
    /// `addr` (in `space`, as the instruction names it) lands outside its memory.
    OutOfBounds { space: Space, addr: u64, size: u64, store: bool },
    /// `addr` lands in `space` (where it landed) at an offset not aligned to `alignment(size)`.
    Misaligned { space: Space, addr: u64, size: u64 },
    /// An atomic's `addr` is not aligned to its `size`.
    MisalignedAtomic { addr: u64, size: u64 },
    /// A store to constant or parameter memory.
    ReadOnly,
}

/// The finding for a bad access by thread `tid` at instruction `pc`.
pub(super) fn report(findings: &mut Findings, cx: &CheckCtx, pc: usize, tid: u32, access: BadAccess) {
    match access {
        BadAccess::OutOfBounds { space, addr, size, store } => {
            let space_bytes = match space {
                Space::Shared => cx.shared_bytes,
                Space::Const => cx.const_bytes,
                Space::Local => cx.kernel.local_bytes,
                Space::Frame => cx.kernel.frame_bytes,
                _ => 0,
            };
            findings.report(cx, FindingKind::OutOfBounds, pc, tid, || Detail::OutOfBounds {
                write: store,
                size,
                space: space.into(),
                addr,
                space_bytes,
            });
        }
        BadAccess::Misaligned { space, addr, size } => {
            findings.report(cx, FindingKind::Misaligned, pc, tid, || Detail::Misaligned {
                size,
                space: space.into(),
                addr,
            });
        }
        BadAccess::MisalignedAtomic { addr, size } => {
            findings.report(cx, FindingKind::Misaligned, pc, tid, || Detail::MisalignedAtomic { size, addr });
        }
        BadAccess::ReadOnly => {
            findings.report(cx, FindingKind::OutOfBounds, pc, tid, || Detail::ReadOnlyWrite);
        }
    }
}
