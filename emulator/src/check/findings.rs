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
    /// The kind and instruction of the last report only counted: the same again is counted at
    /// once (a racy tile reports one line for most lanes of most warps). Keys are never removed
    /// and a full list stays full, so what was dropped once is dropped again.
    last_dropped: Option<(FindingKind, usize)>,
}

impl Findings {
    pub fn begin_block(&mut self, block: [u32; 3]) {
        self.list.clear();
        self.keys.clear();
        self.dropped = 0;
        self.block = block;
        self.last_dropped = None;
    }

    /// Record a finding at instruction `pc` by thread `tid` (block-linear) unless one of the
    /// same kind on the same line is already kept.
    #[cold]
    #[inline(never)]
    pub fn report(&mut self, cx: &CheckCtx, kind: FindingKind, pc: usize, tid: u32, detail: impl FnOnce() -> Detail) {
        if self.last_dropped == Some((kind, pc)) {
            self.dropped += 1;
            return;
        }
        if self.report_at(cx, kind, (&cx.kernel.locs[pc], 0), tid, detail).is_none() {
            self.last_dropped = Some((kind, pc));
        }
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
        let kept = self.keys.iter().position(|k| k.is(kind, loc.source.as_ref(), loc.ptx_line));
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
        if self.list.len() >= cx.max_findings || self.keys.iter().any(|k| k.is(kind, loc.source.as_ref(), loc.ptx_line))
        {
            self.dropped += 1;
            return None;
        }
        self.keys.push(FindingKey::new(kind, loc.source.as_ref(), loc.ptx_line));
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
