//! Memory traffic and floating-point work per line of the kernel's source: where a kernel's
//! global loads come from (`Options::traffic_per_line`, `LaunchReport::lines`). A probe in one
//! file: it counts per instruction while blocks run and folds instructions into their `.cu`
//! lines when the launch ends. What it reports, [`LineCounts`], is declared with the public
//! types (`types`, the leaf every module may use).

use super::{AtomicAccess, GlobalAccess, OtherAccess, Probe, SharedAccess};
use crate::ir::Kernel;
use crate::types::LineCounts;

impl LineCounts {
    fn add(&mut self, o: &LineCounts) {
        self.warp_instructions += o.warp_instructions;
        self.global_loads += o.global_loads;
        self.global_load_bytes += o.global_load_bytes;
        self.global_load_requests += o.global_load_requests;
        self.global_load_sectors += o.global_load_sectors;
        self.global_store_bytes += o.global_store_bytes;
        self.shared_load_bytes += o.shared_load_bytes;
        self.shared_store_bytes += o.shared_store_bytes;
        self.shared_requests += o.shared_requests;
        self.shared_bank_conflicts += o.shared_bank_conflicts;
        self.other_memory_bytes += o.other_memory_bytes;
        self.atomic_bytes += o.atomic_bytes;
        self.flops += o.flops;
    }
}

/// Counts per instruction while the launch runs; per source line once it is finished.
#[derive(Default)]
pub struct LineTraffic {
    per_pc: Vec<LineCounts>,
    /// After `finish`: one entry per source line that executed anything, in line order.
    pub lines: Vec<LineCounts>,
}

impl LineTraffic {
    #[inline(always)]
    fn at(&mut self, pc: usize) -> &mut LineCounts {
        if pc >= self.per_pc.len() {
            self.per_pc.resize(pc + 1, LineCounts::default());
        }
        &mut self.per_pc[pc]
    }
}

impl Probe for LineTraffic {
    fn instruction(&mut self, pc: usize, _active: u32) {
        self.at(pc).warp_instructions += 1;
    }

    fn float_ops(&mut self, pc: usize, lanes: u32, flops: u8, _other: u8) {
        self.at(pc).flops += flops as u64 * lanes.count_ones() as u64;
    }

    fn global(&mut self, a: &GlobalAccess) {
        let lanes = a.lanes.count_ones() as u64;
        let c = self.at(a.pc);
        if a.store {
            c.global_store_bytes += a.bytes * lanes;
        } else {
            c.global_loads += lanes;
            c.global_load_bytes += a.bytes * lanes;
            c.global_load_requests += 1;
            c.global_load_sectors += a.sectors();
        }
    }

    fn shared(&mut self, a: &SharedAccess) {
        let c = self.at(a.pc);
        let bytes = a.bytes * a.lanes.count_ones() as u64;
        if a.store {
            c.shared_store_bytes += bytes;
        } else {
            c.shared_load_bytes += bytes;
        }
        c.shared_requests += 1;
        c.shared_bank_conflicts += a.conflicts;
    }

    fn other_memory(&mut self, a: &OtherAccess) {
        self.at(a.pc).other_memory_bytes += a.bytes * a.lanes.count_ones() as u64;
    }

    fn atomic(&mut self, a: &AtomicAccess) {
        self.at(a.pc).atomic_bytes += a.bytes * (a.global_lanes | a.shared_lanes).count_ones() as u64;
    }

    fn merge(&mut self, later: Self) {
        if later.per_pc.len() > self.per_pc.len() {
            self.per_pc.resize(later.per_pc.len(), LineCounts::default());
        }
        for (mine, theirs) in self.per_pc.iter_mut().zip(&later.per_pc) {
            mine.add(theirs);
        }
    }

    fn finish(&mut self, kernel: &Kernel) {
        let mut lines: Vec<LineCounts> = Vec::new();
        for (pc, counts) in self.per_pc.iter().enumerate() {
            if counts.warp_instructions == 0 {
                continue;
            }
            let (file, line) = match kernel.locs.get(pc).and_then(|l| l.source.as_ref()) {
                Some(s) => (s.file.clone(), s.line),
                None => (String::new(), 0),
            };
            match lines.iter_mut().find(|l| l.line == line && l.file == file) {
                Some(l) => l.add(counts),
                None => lines.push(LineCounts { file, line, ..counts.clone() }),
            }
        }
        lines.sort_by(|a, b| (&a.file, a.line).cmp(&(&b.file, b.line)));
        self.lines = lines;
    }
}
