//! Where every check reports: a block's findings, the first of each kind on each source line
//! (or PTX line, without line information), at most `max_findings`; the rest are counted.

use super::CheckCtx;
use crate::ir::Loc;
use crate::types::{Finding, FindingKey, FindingKind};

#[derive(Default)]
pub(crate) struct Findings {
    list: Vec<Finding>,
    /// The key of each finding kept.
    keys: Vec<FindingKey>,
    dropped: u64,
    block: [u32; 3],
}

impl Findings {
    pub fn begin_block(&mut self, block: [u32; 3]) {
        self.list.clear();
        self.keys.clear();
        self.dropped = 0;
        self.block = block;
    }

    /// Record a finding at instruction `pc` by thread `tid` (block-linear) unless one of the
    /// same kind on the same line is already kept.
    #[cold]
    #[inline(never)]
    pub fn report(&mut self, cx: &CheckCtx, kind: FindingKind, pc: usize, tid: u32, msg: impl FnOnce() -> String) {
        self.report_at(cx, kind, (&cx.kernel.locs[pc], 0), tid, msg)
    }

    /// [`Findings::report`] at a place of the source rather than an instruction's (and, for a
    /// timeout, the loops inside the loop there: [`Finding::loops_inside`]).
    pub fn report_at(
        &mut self,
        cx: &CheckCtx,
        kind: FindingKind,
        (loc, loops_inside): (&Loc, u32),
        tid: u32,
        msg: impl FnOnce() -> String,
    ) {
        let key = FindingKey::new(kind, loc.source.as_ref(), loc.ptx_line);
        if self.keys.contains(&key) || self.list.len() >= cx.max_findings {
            self.dropped += 1;
            return;
        }
        self.keys.push(key);
        let where_ = match &loc.source {
            Some(_) => String::new(),
            None => format!(" (PTX line {})", loc.ptx_line),
        };
        self.list.push(Finding {
            kind,
            message: format!("{}{}", msg(), where_),
            source: loc.source.clone(),
            called_from: loc.called_from.clone(),
            block: self.block,
            thread: cx.thread_coords(tid),
            ptx_line: loc.ptx_line,
            loops_inside,
            line_inferred: loc.inferred,
        });
    }

    /// The findings kept and the number dropped.
    pub fn take(&mut self) -> (Vec<Finding>, u64) {
        (std::mem::take(&mut self.list), self.dropped)
    }
}
