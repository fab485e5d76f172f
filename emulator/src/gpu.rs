//! The GPU a kernel sees through its special registers: an H100 SXM5. Each register reads a
//! value such a GPU could give, so that a kernel cannot tell it runs on the emulator and take
//! a path a GPU would not take (with figures the GPU would not give).
//!
//! Everything here follows from the block's linear index, never from the host's threads: a
//! launch reads the same values every run.

/// `%nsmid`: the SMs of an H100 SXM5.
pub(crate) const SMS: u64 = 132;

/// `%nwarpid`: the warp slots of an H100's SM.
pub(crate) const WARP_SLOTS: u64 = 64;

/// `%smid`: the SM a GPU would place block `bidx` (linear) on. Blocks are spread over every
/// SM in turn; a block in a later wave reuses the SM of one in the first.
pub(crate) fn sm_of(bidx: u64) -> u64 {
    bidx % SMS
}
