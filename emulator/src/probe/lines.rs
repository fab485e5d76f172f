//! Memory traffic and floating-point work per line of the kernel's source: where a kernel's
//! global loads come from (`Options::traffic_per_line`, `LaunchReport::lines`). A probe in one
//! file: it counts per instruction while blocks run and folds instructions into their `.cu`
//! lines when the launch ends. What it reports, [`LineCounts`], is declared with the public
//! types (`types`, the leaf every module may use).

use super::{AtomicAccess, GlobalAccess, OtherAccess, Probe, SharedAccess, Start};
use crate::ir::Kernel;
use crate::memory::DeviceMemory;
use crate::types::{LaunchReport, LineCounts, Metrics};

/// Counts per instruction while the launch runs (the launch's counters, counted by the same
/// code); per source line once it is finished.
#[derive(Default)]
pub struct LineTraffic {
    per_pc: Vec<Metrics>,
}

impl LineTraffic {
    #[inline(always)]
    fn at(&mut self, pc: usize) -> &mut Metrics {
        if pc >= self.per_pc.len() {
            self.per_pc.resize(pc + 1, Metrics::default());
        }
        &mut self.per_pc[pc]
    }
}

impl Probe for LineTraffic {
    fn instruction(&mut self, pc: usize, active: u32) {
        self.at(pc).instruction(pc, active);
    }

    fn float_ops(&mut self, pc: usize, lanes: u32, flops: u8, other: u8) {
        self.at(pc).float_ops(pc, lanes, flops, other);
    }

    fn global(&mut self, a: &GlobalAccess) {
        self.at(a.pc).global(a);
    }

    fn shared(&mut self, a: &SharedAccess) {
        self.at(a.pc).shared(a);
    }

    fn other_memory(&mut self, a: &OtherAccess) {
        self.at(a.pc).other_memory(a);
    }

    fn atomic(&mut self, a: &AtomicAccess) {
        self.at(a.pc).atomic(a);
    }

    fn merge(&mut self, later: Self) {
        if later.per_pc.len() > self.per_pc.len() {
            self.per_pc.resize(later.per_pc.len(), Metrics::default());
        }
        for (mine, theirs) in self.per_pc.iter_mut().zip(&later.per_pc) {
            mine.merge(theirs);
        }
    }

    fn start(at: &Start) -> Option<Self> {
        at.options.traffic_per_line.then(Self::default)
    }

    /// One entry per source line that executed anything, in line order.
    fn finish(self, kernel: &Kernel, _mem: &DeviceMemory, report: &mut LaunchReport) {
        let mut lines: Vec<(&str, u32, bool, Metrics)> = Vec::new();
        for (pc, counts) in self.per_pc.iter().enumerate() {
            if counts.warp_instructions == 0 {
                continue;
            }
            let loc = kernel.locs.get(pc);
            let (file, line) = match loc.and_then(|l| l.source.as_ref()) {
                Some(s) => (s.file.as_str(), s.line),
                None => ("", 0),
            };
            let inferred = loc.is_some_and(|l| l.inferred);
            match lines.iter_mut().find(|l| l.1 == line && l.0 == file) {
                Some(l) => {
                    l.2 |= inferred;
                    l.3.merge(counts)
                }
                None => lines.push((file, line, inferred, counts.clone())),
            }
        }
        lines.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
        report.lines = lines
            .into_iter()
            .map(|(file, line, inferred, m)| LineCounts::new(file.to_string(), line, inferred, &m))
            .collect();
    }
}
