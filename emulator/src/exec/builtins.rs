//! The built-in calls: `printf` (vprintf) and a failed `assert`, and reading the memory they
//! point at.

use super::*;

impl Runner {
    /// One byte a thread can see at a generic address, read without counting it (printf's
    /// and assert's strings and arguments are the driver's business, not the kernel's traffic).
    pub(super) fn peek_byte(&mut self, cx: &LaunchCtx, tid: u32, addr: u64) -> Option<u8> {
        match self.resolve(cx, Space::Generic, addr, 1)? {
            Region::Global(i, o) => Some(cx.mem.allocs[i].load(o, 1) as u8),
            Region::Shared(o) => self.shared.get(o as usize).copied(),
            Region::Local(o) => self.local.get(tid as usize * cx.thread_frame() + o as usize).copied(),
            Region::Const(o) => cx.consts.get(o as usize).copied(),
            Region::Param(o) => cx.params.get(o as usize).copied(),
            Region::Frame(_) => None,
        }
    }

    /// `size` bytes at a generic address, little-endian; `None` where any byte is unreadable.
    pub(super) fn peek(&mut self, cx: &LaunchCtx, tid: u32, addr: u64, size: usize) -> Option<u64> {
        let mut v = 0u64;
        for k in 0..size {
            v |= (self.peek_byte(cx, tid, addr.wrapping_add(k as u64))? as u64) << (8 * k);
        }
        Some(v)
    }

    /// The NUL-terminated string at a generic address (at most 4 KiB of it).
    pub(super) fn peek_string(&mut self, cx: &LaunchCtx, tid: u32, addr: u64) -> Option<Vec<u8>> {
        if addr == 0 {
            return None;
        }
        let mut out = Vec::new();
        while out.len() < 4096 {
            match self.peek_byte(cx, tid, addr.wrapping_add(out.len() as u64))? {
                0 => break,
                b => out.push(b),
            }
        }
        Some(out)
    }

    /// A value in a thread's call-parameter memory (what a call sequence stored).
    pub(super) fn frame_read(&self, cx: &LaunchCtx, tid: u32, off: u32, size: u32) -> u64 {
        let at = tid as usize * cx.thread_frame() + cx.k.local_bytes as usize + off as usize;
        read_le(&self.local, at, size)
    }

    pub(super) fn frame_write(&mut self, cx: &LaunchCtx, tid: u32, off: u32, size: u32, v: u64) {
        let at = tid as usize * cx.thread_frame() + cx.k.local_bytes as usize + off as usize;
        write_le(&mut self.local, at, size, v)
    }

    /// `vprintf` for each lane of `mask`, in lane order: its line joins the block's output.
    #[cold]
    #[inline(never)]
    pub(super) fn printf(&mut self, cx: &LaunchCtx, w: &Warp, mask: u32, fmt: u32, args: u32, ret: u32) {
        let mut lanes = mask;
        while lanes != 0 {
            let tid = w.base_tid + lanes.trailing_zeros();
            lanes &= lanes - 1;
            // A line that would sort after every line already kept is dropped unformatted: a
            // printf in every thread costs a count, not a formatting and a sort.
            if self.printf_cutoff.is_some_and(|cut| tid >= cut) {
                self.printf_dropped += 1;
                if ret != u32::MAX {
                    self.frame_write(cx, tid, ret, 4, 0);
                }
                continue;
            }
            let fmt_addr = self.frame_read(cx, tid, fmt, 8);
            let args_addr = self.frame_read(cx, tid, args, 8);
            let (text, parsed) = match self.peek_string(cx, tid, fmt_addr) {
                Some(f) => {
                    let mut device = DeviceArgs { runner: self, cx, tid, base: args_addr };
                    let text = crate::printf::format(&f, &mut device);
                    (text, 0)
                }
                None => (format!("<printf: unreadable format string at {fmt_addr:#x}>"), -1i32),
            };
            if ret != u32::MAX {
                self.frame_write(cx, tid, ret, 4, parsed as u32 as u64);
            }
            let line = PrintfLine { block: self.block_idx, thread: Self::thread_coords(cx, tid), text };
            self.printf.push((tid, self.printf_seq, line));
            self.printf_seq += 1;
            // Bounded memory whatever the kernel prints: keep only what can still be shown.
            if self.printf.len() >= 4 * cx.max_printf + 64 {
                self.trim_printf(cx.max_printf);
            }
        }
    }

    /// Keep the first `max` lines in (thread, program) order; count the others.
    pub(super) fn trim_printf(&mut self, max: usize) {
        self.printf.sort_by_key(|(tid, seq, _)| (*tid, *seq));
        if self.printf.len() > max {
            self.printf_dropped += (self.printf.len() - max) as u64;
            self.printf.truncate(max);
        }
        // Full: a later line of the last kept thread or of a thread after it comes after every
        // kept line (its order within the thread is later), so it would be dropped.
        if self.printf.len() >= max {
            self.printf_cutoff = self.printf.last().map(|(tid, _, _)| *tid);
        }
    }

    /// A failed `assert`: a finding for the first lane of `mask`, and the launch stops, as a
    /// GPU's does (the kernel traps).
    #[cold]
    #[inline(never)]
    pub(super) fn assert_fail(
        &mut self,
        cx: &LaunchCtx,
        w: &Warp,
        pc: usize,
        mask: u32,
        offs: [u32; 4],
    ) -> Result<(), Stop> {
        let tid = w.base_tid + mask.trailing_zeros();
        let [message, _file, _line, function] = offs;
        let mut text = |off: u32| {
            let addr = self.frame_read(cx, tid, off, 8);
            self.peek_string(cx, tid, addr).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default()
        };
        let (expr, func) = (text(message), text(function));
        Err(self
            .checks
            .stop(&cx.check, FindingKind::Assertion, pc, tid, || Detail::AssertFailed { expr, function: func }))
    }
}

/// printf's view of a thread's argument buffer and of device strings.
struct DeviceArgs<'r, 'c> {
    runner: &'r mut Runner,
    cx: &'r LaunchCtx<'c>,
    tid: u32,
    base: u64,
}

impl crate::printf::PrintfArgs for DeviceArgs<'_, '_> {
    fn arg(&mut self, offset: usize, size: usize) -> Option<u64> {
        self.runner.peek(self.cx, self.tid, self.base.wrapping_add(offset as u64), size)
    }
    fn string(&mut self, addr: u64) -> Option<Vec<u8>> {
        self.runner.peek_string(self.cx, self.tid, addr)
    }
}
