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
    /// Thread-level loads per 4-byte word of global memory, by page: each page's place in
    /// `pages` by its number (address / 4 / PAGE_WORDS).
    page_of: HashMap<u64, usize>,
    pages: Vec<Box<[u32; PAGE_WORDS]>>,
}

impl ElementLoads {
    /// The place in `pages` of page `key`, made on first use.
    fn page(&mut self, key: u64) -> usize {
        let pages = &mut self.pages;
        *self.page_of.entry(key).or_insert_with(|| {
            pages.push(Box::new([0; PAGE_WORDS]));
            pages.len() - 1
        })
    }

    /// One load of `words` words from each lane's address: the page looked up once per run of
    /// lanes in one page (a warp's loads of a row are in one or two), not once per word.
    fn count(&mut self, a: &GlobalAccess, words: u64) {
        let mut m = a.lanes;
        let mut page: Option<(u64, usize)> = None;
        while m != 0 {
            let first = a.address(m.trailing_zeros() as usize) >> 2;
            m &= m - 1;
            for w in first..first + words {
                let key = w / PAGE_WORDS as u64;
                let at = match page {
                    Some((k, at)) if k == key => at,
                    _ => page.insert((key, self.page(key))).1,
                };
                self.pages[at][(w % PAGE_WORDS as u64) as usize] += 1;
            }
        }
    }

    /// The counts of the 4-byte elements of `[base, base + len)`, in order.
    fn of_range(&self, base: u64, len: u64) -> Vec<u32> {
        let (first, end) = (base >> 2, (base >> 2) + len / 4);
        let mut out = Vec::with_capacity((end - first) as usize);
        let mut w = first;
        while w < end {
            // The rest of this word's page at once.
            let (key, at) = (w / PAGE_WORDS as u64, (w % PAGE_WORDS as u64) as usize);
            let n = (PAGE_WORDS - at).min((end - w) as usize);
            match self.page_of.get(&key) {
                Some(&p) => out.extend_from_slice(&self.pages[p][at..at + n]),
                None => out.resize(out.len() + n, 0),
            }
            w += n as u64;
        }
        out
    }
}

impl Probe for ElementLoads {
    fn global(&mut self, a: &GlobalAccess) {
        if a.store {
            return;
        }
        self.count(a, a.bytes.div_ceil(4).max(1));
    }

    fn merge(&mut self, later: Self) {
        if self.pages.is_empty() {
            *self = later;
            return;
        }
        for (key, p) in later.page_of {
            let at = self.page(key);
            self.pages[at].iter_mut().zip(later.pages[p].iter()).for_each(|(a, b)| *a += b);
        }
    }

    fn start(at: &Start) -> Option<Self> {
        at.options.loads_per_element.then(Self::default)
    }

    fn finish(self, _kernel: &Kernel, mem: &DeviceMemory, report: &mut LaunchReport) {
        report.element_loads = mem.allocs.iter().map(|a| (DevicePtr(a.base), self.of_range(a.base, a.len))).collect();
    }
}
