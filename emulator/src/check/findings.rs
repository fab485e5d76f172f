//! Where every check reports: a block's findings, the first of each kind on each source line
//! (or PTX line, without line information), at most `max_findings`; the rest are counted.

use super::CheckCtx;
use crate::detail::Detail;
use crate::ir::Loc;
use crate::types::{Finding, FindingKey, FindingKind, UnwrittenRead};

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
    pub fn report(&mut self, cx: &CheckCtx, kind: FindingKind, pc: usize, tid: u32, detail: impl FnOnce() -> Detail) {
        self.report_at(cx, kind, (&cx.kernel.locs[pc], 0), tid, detail);
    }

    /// A read of unwritten shared memory at `pc` by thread `tid`, its value used as described
    /// by `read` (`writes_output`: a use that writes the outputs): as [`Findings::report`],
    /// except that such a use takes the place of a kept finding of the line whose use does not
    /// (the verdicts look at the use: [`Finding::outranks`]).
    pub fn report_unwritten(
        &mut self,
        cx: &CheckCtx,
        (pc, tid): (usize, u32),
        detail: impl FnOnce() -> Detail,
        read: impl FnOnce() -> UnwrittenRead,
        writes_output: bool,
    ) {
        let (kind, loc) = (FindingKind::UninitializedShared, &cx.kernel.locs[pc]);
        let key = FindingKey::new(kind, loc.source.as_ref(), loc.ptx_line);
        let kept = self.keys.iter().position(|k| *k == key);
        if let Some(i) = kept.filter(|&i| writes_output && !self.list[i].reaches_output()) {
            self.dropped += 1;
            self.list[i] = Finding { unwritten: Some(Box::new(read())), ..self.make(cx, kind, (loc, 0), tid, detail) };
        } else if let Some(f) = self.report_at(cx, kind, (loc, 0), tid, detail) {
            f.unwritten = Some(Box::new(read()));
        }
    }

    /// Once more what was just reported (same kind, same line): only counted.
    pub fn repeat(&mut self) {
        self.dropped += 1;
    }

    /// [`Findings::report`] at a place of the source rather than an instruction's (and, for a
    /// timeout, the loops inside the loop there: [`Finding::loops_inside`]).
    pub fn report_at(
        &mut self,
        cx: &CheckCtx,
        kind: FindingKind,
        (loc, loops_inside): (&Loc, u32),
        tid: u32,
        detail: impl FnOnce() -> Detail,
    ) -> Option<&mut Finding> {
        let key = FindingKey::new(kind, loc.source.as_ref(), loc.ptx_line);
        if self.keys.contains(&key) || self.list.len() >= cx.max_findings {
            self.dropped += 1;
            return None;
        }
        self.keys.push(key);
        let f = self.make(cx, kind, (loc, loops_inside), tid, detail);
        self.list.push(f);
        self.list.last_mut()
    }

    fn make(
        &self,
        cx: &CheckCtx,
        kind: FindingKind,
        (loc, loops_inside): (&Loc, u32),
        tid: u32,
        detail: impl FnOnce() -> Detail,
    ) -> Finding {
        let detail = detail();
        let message = match &loc.source {
            Some(_) => detail.to_string(),
            None => format!("{detail} (PTX line {})", loc.ptx_line),
        };
        Finding {
            kind,
            detail,
            message,
            source: loc.source.clone(),
            called_from: loc.called_from.clone(),
            block: self.block,
            thread: cx.thread_coords(tid),
            ptx_line: loc.ptx_line,
            loops_inside,
            unwritten: None,
            line_inferred: loc.inferred,
        }
    }

    /// The findings kept and the number dropped.
    pub fn take(&mut self) -> (Vec<Finding>, u64) {
        (std::mem::take(&mut self.list), self.dropped)
    }
}
