//! How many times each 4-byte element of global memory was loaded (`Options::loads_per_element`,
//! `LaunchReport::element_loads`): the reuse a tiling saves. A probe in one file.

use std::collections::HashMap;

use super::{GlobalAccess, Probe};

#[derive(Default)]
pub struct ElementLoads {
    /// Thread-level loads per 4-byte word of global memory (address / 4).
    pub counts: HashMap<u64, u32>,
}

impl Probe for ElementLoads {
    fn global(&mut self, a: &GlobalAccess) {
        if a.store {
            return;
        }
        let words = a.bytes.div_ceil(4).max(1);
        let mut m = a.lanes;
        while m != 0 {
            let first = a.address(m.trailing_zeros() as usize) >> 2;
            for w in first..first + words {
                *self.counts.entry(w).or_insert(0) += 1;
            }
            m &= m - 1;
        }
    }

    fn merge(&mut self, later: Self) {
        if self.counts.is_empty() {
            self.counts = later.counts;
            return;
        }
        for (w, n) in later.counts {
            *self.counts.entry(w).or_insert(0) += n;
        }
    }
}

impl ElementLoads {
    /// The counts of the 4-byte elements of `[base, base + len)`, in order.
    pub fn of_range(&self, base: u64, len: u64) -> Vec<u32> {
        (0..len / 4).map(|i| self.counts.get(&((base >> 2) + i)).copied().unwrap_or(0)).collect()
    }
}
