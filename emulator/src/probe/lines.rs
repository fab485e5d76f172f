//! Memory traffic and floating-point work per line of the kernel's source: where a kernel's
//! global loads come from (`Options::traffic_per_line`, `LaunchReport::lines`). A probe in one
//! file: it counts per instruction while blocks run and folds instructions into their `.cu`
//! lines when the launch ends. What it reports, [`LineCounts`], is declared with the public
//! types (`types`, the leaf every module may use).

use super::{AtomicAccess, GlobalAccess, OtherAccess, Probe, SharedAccess, Start};
use crate::ir::Kernel;
use crate::memory::DeviceMemory;
use crate::types::{BankConflict, LaunchReport, LineCounts, Metrics};

/// Counts per instruction while the launch runs (the launch's counters, counted by the same
/// code); per source line once it is finished.
#[derive(Default)]
pub struct LineTraffic {
    per_pc: Vec<Metrics>,
    /// Per instruction, its first bank-conflicted access (in block order).
    conflicts: Vec<Option<Collision>>,
    /// The block's shape, for the threads' coordinates.
    shape: [u32; 3],
}

/// Two lanes of a warp's shared access that needed different words of one bank.
#[derive(Clone, Copy)]
struct Collision {
    lanes: [u32; 2],
    threads: [u32; 2],
    offsets: [u32; 2],
    bank: u32,
    ways: u32,
    store: bool,
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
        let m = self.at(a.pc);
        let before = m.shared_bank_conflicts;
        m.shared(a);
        if m.shared_bank_conflicts > before {
            self.collided(a);
        }
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
        // The earlier block's collision stays (blocks are merged in order).
        if later.conflicts.len() > self.conflicts.len() {
            self.conflicts.resize(later.conflicts.len(), None);
        }
        for (mine, theirs) in self.conflicts.iter_mut().zip(later.conflicts) {
            *mine = mine.or(theirs);
        }
        self.shape = later.shape;
    }

    fn start(at: &Start) -> Option<Self> {
        at.options.traffic_per_line.then(|| Self { shape: at.shape, ..Self::default() })
    }

    /// One entry per source line that executed anything, in line order.
    fn finish(self, kernel: &Kernel, _mem: &DeviceMemory, report: &mut LaunchReport) {
        let mut lines: Vec<(&str, u32, bool, Metrics)> = Vec::new();
        // Per line, the collision of its instruction with the most conflicts.
        let mut collisions: Vec<(&str, u32, u64, Collision)> = Vec::new();
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
            if let Some(c) = self.conflicts.get(pc).copied().flatten() {
                let n = counts.shared_bank_conflicts;
                match collisions.iter_mut().find(|k| k.1 == line && k.0 == file) {
                    Some(k) if k.2 >= n => {}
                    Some(k) => *k = (file, line, n, c),
                    None => collisions.push((file, line, n, c)),
                }
            }
            match lines.iter_mut().find(|l| l.1 == line && l.0 == file) {
                Some(l) => {
                    l.2 |= inferred;
                    l.3.merge(counts)
                }
                None => lines.push((file, line, inferred, counts.clone())),
            }
        }
        lines.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
        let shape = self.shape;
        report.lines = lines
            .into_iter()
            .map(|(file, line, inferred, m)| {
                let mut counts = LineCounts::new(file.to_string(), line, inferred, &m);
                counts.bank_conflict =
                    collisions.iter().find(|k| k.1 == line && k.0 == file).map(|k| k.3.described(kernel, shape));
                counts
            })
            .collect();
    }
}

impl LineTraffic {
    /// A conflicted access: the instruction's first collision, if it has none yet.
    #[cold]
    fn collided(&mut self, a: &SharedAccess) {
        if a.pc >= self.conflicts.len() {
            self.conflicts.resize(a.pc + 1, None);
        }
        if self.conflicts[a.pc].is_some() {
            return;
        }
        if let Some((lanes, bank, ways)) = super::metrics::colliding_lanes(a) {
            let threads = lanes.map(|l| a.base_tid + l);
            let offsets = lanes.map(|l| a.offsets[l as usize]);
            self.conflicts[a.pc] = Some(Collision { lanes, threads, offsets, bank, ways, store: a.store });
        }
    }
}

impl Collision {
    /// In the kernel's terms: threads by their coordinates, offsets by their arrays' elements.
    fn described(&self, kernel: &Kernel, [bx, by, _]: [u32; 3]) -> BankConflict {
        let coords = |t: u32| [t % bx.max(1), (t / bx.max(1)) % by.max(1), t / (bx * by).max(1)];
        BankConflict {
            lanes: self.lanes,
            threads: self.threads.map(coords),
            offsets: self.offsets,
            elements: self.offsets.map(|o| crate::check::shared_element(kernel, o)),
            bank: self.bank,
            ways: self.ways,
            store: self.store,
        }
    }
}
