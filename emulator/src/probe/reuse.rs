//! How many times each 4-byte element of global memory was loaded (`Options::loads_per_element`,
//! `LaunchReport::element_loads`): the reuse a tiling saves. A probe in one file.

use std::collections::HashMap;

use super::{GlobalAccess, Probe, Start};
use crate::ir::Kernel;
use crate::memory::DeviceMemory;
use crate::types::{DevicePtr, LaunchReport};

/// Words per page of counts: the counts are dense within a page (the buffers are dense).
const PAGE_WORDS: usize = 1024;

#[derive(Default)]
pub struct ElementLoads {
    /// Thread-level loads per 4-byte word of global memory, by page (address / 4 / PAGE_WORDS).
    pages: HashMap<u64, Box<[u32; PAGE_WORDS]>>,
}

impl ElementLoads {
    fn count(&mut self, word: u64) {
        let page = self.pages.entry(word / PAGE_WORDS as u64).or_insert_with(|| Box::new([0; PAGE_WORDS]));
        page[(word % PAGE_WORDS as u64) as usize] += 1;
    }

    /// The counts of the 4-byte elements of `[base, base + len)`, in order.
    fn of_range(&self, base: u64, len: u64) -> Vec<u32> {
        let first = base >> 2;
        (first..first + len / 4)
            .map(|w| self.pages.get(&(w / PAGE_WORDS as u64)).map_or(0, |p| p[(w % PAGE_WORDS as u64) as usize]))
            .collect()
    }
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
                self.count(w);
            }
            m &= m - 1;
        }
    }

    fn merge(&mut self, later: Self) {
        if self.pages.is_empty() {
            self.pages = later.pages;
            return;
        }
        for (key, counts) in later.pages {
            match self.pages.get_mut(&key) {
                Some(mine) => mine.iter_mut().zip(counts.iter()).for_each(|(a, b)| *a += b),
                None => {
                    self.pages.insert(key, counts);
                }
            }
        }
    }

    fn start(at: &Start) -> Option<Self> {
        at.options.loads_per_element.then(Self::default)
    }

    fn finish(self, _kernel: &Kernel, mem: &DeviceMemory, report: &mut LaunchReport) {
        report.element_loads = mem.allocs.iter().map(|a| (DevicePtr(a.base), self.of_range(a.base, a.len))).collect();
    }
}
