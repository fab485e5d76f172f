//! One block's traffic (`Options::watch`, `LaunchReport::block`): which 4-byte words of global
//! memory the block loaded and which shared words it stored and loaded, each with how many times,
//! and the same for one of its threads — the tile and the window of the book's figures, measured.
//! A probe in one file; it exists only in the watched block. What it reports, [`BlockTraffic`],
//! is declared with the public types (`types`, the leaf every module may use).

use super::{GlobalAccess, Probe, SharedAccess, Start};
use crate::ir::Kernel;
use crate::memory::DeviceMemory;
use crate::types::{BlockTraffic, LaunchReport};

impl BlockTraffic {
    pub fn new(thread: u32) -> BlockTraffic {
        BlockTraffic { thread, ..Default::default() }
    }

    /// The lane of the watched thread in a warp whose lane 0 is `base_tid`, if it is there.
    fn lane(&self, base_tid: u32, lanes: u32) -> Option<usize> {
        let l = self.thread.checked_sub(base_tid).filter(|&l| l < 32)?;
        (lanes >> l & 1 == 1).then_some(l as usize)
    }
}

impl Probe for BlockTraffic {
    fn global(&mut self, a: &GlobalAccess) {
        if a.store {
            return;
        }
        let words = a.bytes.div_ceil(4).max(1);
        let mine = self.lane(a.base_tid, a.lanes);
        let mut m = a.lanes;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let first = a.address(l) >> 2;
            for w in first..first + words {
                let e = self.global_loads.entry(w).or_default();
                e.0 += 1;
                e.1 += (mine == Some(l)) as u32;
            }
        }
    }

    fn shared(&mut self, a: &SharedAccess) {
        let words = a.bytes.div_ceil(4).max(1);
        let mine = self.lane(a.base_tid, a.lanes);
        let mut m = a.lanes;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let first = a.offsets[l] >> 2;
            for w in first..first + words {
                let e = self.shared.entry(w).or_default();
                if a.store {
                    e.0 += 1;
                } else {
                    e.1 += 1;
                    e.2 += (mine == Some(l)) as u32;
                }
            }
        }
    }

    fn merge(&mut self, later: Self) {
        // Only the watched block has one; a merge meets it once.
        if self.global_loads.is_empty() && self.shared.is_empty() {
            *self = later;
        }
    }

    /// Only in the watched block, when it has the watched thread (the launch's own starts
    /// empty and takes the block's when it is merged).
    fn start(at: &Start) -> Option<Self> {
        let w = at.options.watch.filter(|w| Some(w.block) == at.block)?;
        let ([bx, by, bz], [tx, ty, tz]) = (at.shape, w.thread);
        (tx < bx && ty < by && tz < bz).then(|| BlockTraffic::new(tx + bx * (ty + by * tz)))
    }

    fn finish(self, _kernel: &Kernel, _mem: &DeviceMemory, report: &mut LaunchReport) {
        report.block = Some(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_block_and_its_thread_are_counted_apart() {
        let mut b = BlockTraffic::new(33);
        let base: [u64; 32] = std::array::from_fn(|i| 400 + 4 * i as u64);
        // Warp 1 (threads 32..63), lanes 0 and 1 load words 100 and 101.
        b.global(&GlobalAccess {
            pc: 0,
            base_tid: 32,
            lanes: 0b11,
            base: &base,
            offset: 0,
            bytes: 4,
            store: false,
            sectors: Default::default(),
        });
        assert_eq!(b.global_loads.get(&100), Some(&(1, 0)));
        assert_eq!(b.global_loads.get(&101), Some(&(1, 1)), "thread 33 is lane 1");
        let offsets = std::array::from_fn(|l| 8 * l as u32);
        b.shared(&SharedAccess {
            pc: 0,
            base_tid: 32,
            mask: 0b10,
            lanes: 0b10,
            offsets: &offsets,
            bytes: 8,
            store: false,
            ascending: false,
            in_a_row: false,
            values: &[],
        });
        b.shared(&SharedAccess {
            pc: 0,
            base_tid: 0,
            mask: 0b10,
            lanes: 0b10,
            offsets: &offsets,
            bytes: 4,
            store: true,
            ascending: false,
            in_a_row: false,
            values: &[],
        });
        assert_eq!(b.shared.get(&2), Some(&(1, 1, 1)), "stored by thread 1, loaded by thread 33");
        assert_eq!(b.shared.get(&3), Some(&(0, 1, 1)), "the second word of an 8-byte load");
    }
}
