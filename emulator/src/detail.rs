//! A finding's evidence as data ([`Detail`]): what the check saw (the access, the threads, the
//! lines), for a grader to say in its own words. Its `Display` is the emulator's English, the
//! one place those words are written ([`crate::Finding::message`] is made of it).
//!
//! A detail is made only when a finding is reported, never on the hot path.

use std::fmt;

/// The evidence of one finding, one variant per kind of evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Detail {
    /// An access of `size` bytes at `addr` that falls outside its memory (`space`, as the
    /// instruction names it; `addr` is the offset in it, or the address in global or generic
    /// memory). `space_bytes`: the size of that memory (shared memory per block, constant
    /// memory per module, local and call-parameter memory per thread; 0 for the others).
    OutOfBounds { write: bool, size: u64, space: MemorySpace, addr: u64, space_bytes: u64 },
    /// An access of `size` bytes to `space` (where it landed) not aligned to its size.
    Misaligned { size: u64, space: MemorySpace, addr: u64 },
    /// An atomic of `size` bytes at `addr` not aligned to its size.
    MisalignedAtomic { size: u64, addr: u64 },
    /// A store to constant or parameter memory.
    ReadOnlyWrite,
    /// A shared-memory hazard at `offset` (in the block's shared memory): `other` accessed it
    /// earlier in the same barrier interval (`None`: several other threads), at `other_line`
    /// (`None`: not known; for several readers, the last one's line). `element`: where the
    /// offset lies in a shared array, in 4-byte elements.
    Race {
        race: RaceKind,
        offset: u32,
        element: Option<ArrayElement>,
        other: Option<[u32; 3]>,
        other_line: Option<CodeLine>,
    },
    /// A `__syncthreads()` some threads wait at while `exited` (the first) had already exited.
    BarrierExited { exited: [u32; 3] },
    /// Threads of one block wait at two different `__syncthreads()`: the first waiting one's
    /// and the other's.
    BarrierDiverged { first: CodeLine, other: CodeLine },
    /// The instruction budget ran out (a loop that never ends?).
    BudgetSpent,
    /// The launch was stopped because another launch of the kernel (sharing its stop flag)
    /// ran past its instruction budget.
    StoppedByAnotherLaunch,
    /// A failed `assert(expr)` in `function`.
    AssertFailed { expr: String, function: String },
    /// `trap` (`__trap()`) executed.
    Trap,
    /// A call through a function pointer holding `pointer` (0: a null pointer), which is no
    /// function of the module taking these arguments.
    BadCall { pointer: u64 },
    /// The functions a kernel calls, inlined, are more than `limit` instructions.
    InlinedTooLarge { limit: usize },
    /// Calls nested more than `limit` deep.
    CallsTooDeep { limit: usize },
    /// A read of `%warpid`.
    WarpId,
    /// A read of shared memory at `offset` (in `array`, when in one) that no thread of the
    /// block wrote (`copy`: that holds a copy of such memory), whose value reached `used` at
    /// `at`.
    UnwrittenRead { offset: u32, array: Option<String>, copy: bool, used: ValueUse, at: UsePlace },
    /// A value a GPU gives otherwise than the emulator (`value`), read at `at` (from the use's
    /// point of view), decides how the kernel goes on (`used`): found at load time, in the
    /// kernel's code.
    Unportable { value: GpuValue, used: GpuValueUse, at: UsePlace },
}

/// A value that differs between GPUs and runs, and between a GPU and the emulator: the clocks,
/// where a block and a warp run, and where buffers lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GpuValue {
    Clock,
    ClockHigh,
    Clock64,
    GlobalTimer,
    GlobalTimerLow,
    GlobalTimerHigh,
    SmId,
    NSmId,
    WarpId,
    NWarpId,
    GridId,
    /// A buffer's address taken as an integer (beyond its alignment).
    BufferAddress,
}

impl GpuValue {
    /// The special register it is read from (`None` for a buffer's address).
    pub fn register(self) -> Option<&'static str> {
        Some(match self {
            GpuValue::Clock => "%clock",
            GpuValue::ClockHigh => "%clock_hi",
            GpuValue::Clock64 => "%clock64",
            GpuValue::GlobalTimer => "%globaltimer",
            GpuValue::GlobalTimerLow => "%globaltimer_lo",
            GpuValue::GlobalTimerHigh => "%globaltimer_hi",
            GpuValue::SmId => "%smid",
            GpuValue::NSmId => "%nsmid",
            GpuValue::WarpId => "%warpid",
            GpuValue::NWarpId => "%nwarpid",
            GpuValue::GridId => "%gridid",
            GpuValue::BufferAddress => return None,
        })
    }
}

/// How a kernel uses a [`GpuValue`] so that its results could depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GpuValueUse {
    /// It decides a branch.
    Branch,
    /// It decides whether an instruction runs (a guard).
    Guard,
    /// It is (part of) the address of a memory access.
    Address,
    /// It is stored to memory (a pointer to global memory, the others anywhere but local).
    StoredValue,
    /// It is an operand of an atomic.
    Atomic,
}

/// The message of the `Timeout` finding of a launch that [`crate::Options::stop`] stopped.
pub const STOPPED_BY_ANOTHER_LAUNCH: &str =
    "stopped here: another launch of this kernel ran past its instruction budget";

/// A read of shared memory no thread of the block wrote, and where its value went: such a read
/// is a finding only once its value (or one computed from it) is used in one of these ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueUse {
    /// Stored to global memory: an output.
    GlobalStore,
    /// The address of a store that may go to global memory.
    StoreAddress,
    /// The address of a load, or of a store to shared or local memory.
    Address,
    /// A comparison, which decides a branch or a predicate.
    Comparison,
    /// An operand of an atomic.
    Atomic,
    /// Stored to local memory (a local array, `printf`'s arguments), where it is not followed.
    LocalStore,
}

impl ValueUse {
    /// The use writes memory the launch's outputs live in: a store to global memory (its value
    /// or its address) or an atomic. The other uses may change the outputs only indirectly.
    pub fn writes_output(self) -> bool {
        matches!(self, ValueUse::GlobalStore | ValueUse::StoreAddress | ValueUse::Atomic)
    }

    /// In words, as the finding's message ends: "reaches {}".
    pub fn describe(self) -> &'static str {
        match self {
            ValueUse::GlobalStore => "a store to global memory",
            ValueUse::StoreAddress => "the address of a store",
            ValueUse::Address => "the address of a memory access",
            ValueUse::Comparison => "a comparison (a branch or a condition)",
            ValueUse::Atomic => "an atomic operation",
            ValueUse::LocalStore => {
                "local memory (a local array or printf's arguments), where it is not followed further"
            }
        }
    }
}

/// A memory space, as the finding names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemorySpace {
    Global,
    Shared,
    Local,
    Const,
    Param,
    /// The `.param` variables of call sequences (arguments of inlined functions).
    CallParameter,
    Generic,
}

impl MemorySpace {
    /// As the findings say it: "… in {} memory".
    pub fn name(self) -> &'static str {
        match self {
            MemorySpace::Global => "global",
            MemorySpace::Shared => "shared",
            MemorySpace::Local => "local",
            MemorySpace::Const => "const",
            MemorySpace::Param => "param",
            MemorySpace::CallParameter => "call parameter",
            MemorySpace::Generic => "generic",
        }
    }
}

/// The hazard of a race: what the thread did after what another did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RaceKind {
    ReadAfterWrite,
    WriteAfterRead,
    WriteAfterWrite,
}

impl RaceKind {
    pub fn as_str(self) -> &'static str {
        match self {
            RaceKind::ReadAfterWrite => "read-after-write",
            RaceKind::WriteAfterRead => "write-after-read",
            RaceKind::WriteAfterWrite => "write-after-write",
        }
    }
}

/// An element of a shared array: its name and the element's index counted row by row (4-byte
/// elements: the course's float and int tiles).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArrayElement {
    pub array: String,
    pub index: u32,
}

/// A line of the kernel: in the source, or (without line information) in the PTX.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeLine {
    Source(u32),
    Ptx(usize),
}

/// Where a value read from unwritten shared memory was used, from the read's point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UsePlace {
    /// On the read's own line.
    SameLine,
    /// At a line of the read's file.
    Line(u32),
    /// In another file (a header).
    File { file: String, line: u32 },
    /// At a PTX line (no line information).
    Ptx(usize),
}

impl fmt::Display for CodeLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeLine::Source(l) => write!(f, "line {l}"),
            CodeLine::Ptx(l) => write!(f, "PTX line {l}"),
        }
    }
}

impl fmt::Display for UsePlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsePlace::SameLine => f.write_str("on the same line"),
            UsePlace::Line(l) => write!(f, "at line {l}"),
            UsePlace::File { file, line } => write!(f, "at {file}:{line}"),
            UsePlace::Ptx(l) => write!(f, "at PTX line {l}"),
        }
    }
}

impl fmt::Display for GpuValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.register() {
            Some(r) => write!(f, "a value read from {r}"),
            None => f.write_str("a buffer's address"),
        }
    }
}

/// The emulator's English: [`crate::Finding::message`].
impl fmt::Display for Detail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Detail::OutOfBounds { write, size, space, addr, space_bytes } => {
                let what = if *write { "write" } else { "read" };
                write!(f, "out-of-bounds {what} of {size} bytes in {} memory: ", space.name())?;
                match space {
                    MemorySpace::Shared => {
                        write!(f, "shared offset {addr} (the block has {space_bytes} bytes of shared memory)")
                    }
                    MemorySpace::Const => {
                        write!(f, "constant offset {addr} (the module has {space_bytes} bytes of __constant__ data)")
                    }
                    MemorySpace::Local => write!(f, "local offset {addr} (each thread has {space_bytes} bytes)"),
                    MemorySpace::Param => write!(f, "parameter offset {addr}"),
                    MemorySpace::CallParameter => {
                        write!(f, "call parameter offset {addr} (each thread has {space_bytes} bytes)")
                    }
                    MemorySpace::Global | MemorySpace::Generic => {
                        write!(f, "address {addr:#x}, outside every allocation")
                    }
                }
            }
            Detail::Misaligned { size, space, addr } => {
                write!(f, "misaligned {size}-byte access to {} memory at {addr:#x}", space.name())
            }
            Detail::MisalignedAtomic { size, addr } => write!(f, "misaligned {size}-byte atomic at {addr:#x}"),
            Detail::ReadOnlyWrite => f.write_str("write to read-only (constant or parameter) memory"),
            Detail::Race { race, offset, element, other, other_line } => {
                write!(f, "{} race on shared memory (offset {offset}", race.as_str())?;
                if let Some(ArrayElement { array, index }) = element {
                    write!(f, ", element {index} of `{array}` counting row by row")?;
                }
                f.write_str("): ")?;
                match other {
                    None => f.write_str("other threads")?,
                    Some(o) => write!(f, "thread ({},{},{})", o[0], o[1], o[2])?,
                }
                f.write_str(" accessed it earlier")?;
                if let Some(line) = other_line {
                    write!(f, ", at {line},")?;
                }
                f.write_str(" with no __syncthreads() in between")
            }
            Detail::BarrierExited { exited: t } => write!(
                f,
                "__syncthreads() reached by only part of the block: thread ({},{},{}) had already exited, \
                 so the others would wait forever",
                t[0], t[1], t[2]
            ),
            Detail::BarrierDiverged { first, other } => {
                write!(f, "threads of one block wait at different __syncthreads() ({first} and {other})")
            }
            Detail::BudgetSpent => f.write_str("the launch ran past its instruction budget: an endless loop?"),
            Detail::StoppedByAnotherLaunch => f.write_str(STOPPED_BY_ANOTHER_LAUNCH),
            Detail::AssertFailed { expr, function } => write!(f, "assertion `{expr}` failed in {function}"),
            Detail::Trap => f.write_str(
                "the kernel executed `trap` (`__trap()`): a GPU aborts the launch here \
                 (\"unspecified launch failure\"), and every later CUDA call of the program fails",
            ),
            Detail::BadCall { pointer: 0 } => {
                f.write_str("a call through a null function pointer: a GPU stops the launch here")
            }
            Detail::BadCall { pointer } => write!(
                f,
                "a call through a function pointer holding {pointer:#x}, which is no function of the kernel's \
                 file that takes these arguments: a GPU stops the launch here"
            ),
            Detail::InlinedTooLarge { limit } => write!(
                f,
                "the functions this kernel calls add up to more than {limit} instructions once inlined \
                 (a recursion?): the emulator stops here"
            ),
            Detail::CallsTooDeep { limit } => {
                write!(f, "calls nested more than {limit} deep (endless recursion?): the launch was stopped")
            }
            Detail::WarpId => f.write_str(
                "%warpid is the warp's slot on its SM, not its index in the block (a GPU gives other values, \
                 and they change): use threadIdx.x / warpSize",
            ),
            Detail::UnwrittenRead { offset, array, copy, used, at } => {
                write!(f, "read of shared memory (offset {offset}")?;
                if let Some(a) = array {
                    write!(f, ", in `{a}`")?;
                }
                let held = if *copy {
                    "that holds a copy of shared memory no thread of the block has written"
                } else {
                    "that no thread of the block has written"
                };
                write!(f, ") {held}; its value reaches {} {at}", used.describe())
            }
            Detail::Unportable { value, used, at } => {
                let (what, then) = match used {
                    GpuValueUse::Branch => ("decides a branch", "take another path"),
                    GpuValueUse::Guard => ("decides whether an instruction runs", "take another path"),
                    GpuValueUse::Address => ("decides an address", "access other memory"),
                    GpuValueUse::StoredValue => ("is stored to memory", "write other values"),
                    GpuValueUse::Atomic => ("is an operand of an atomic operation", "write other values"),
                };
                write!(
                    f,
                    "{value} {at} {what}: a GPU's clocks, SM ids and buffer addresses differ from the emulator's, \
                     so the kernel could {then} there"
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each kind of evidence, as the emulator has always worded it.
    #[test]
    fn each_detail_says_what_the_findings_always_said() {
        let oob = |write, space, addr, space_bytes| Detail::OutOfBounds { write, size: 4, space, addr, space_bytes };
        let unwritten = |array: Option<&str>, copy, used, at| Detail::UnwrittenRead {
            offset: 528,
            array: array.map(str::to_string),
            copy,
            used,
            at,
        };
        for (detail, said) in [
            (
                oob(false, MemorySpace::Global, 0x7f00_0000_1000, 0),
                "out-of-bounds read of 4 bytes in global memory: address 0x7f0000001000, outside every allocation",
            ),
            (
                oob(true, MemorySpace::Shared, 4096, 4096),
                "out-of-bounds write of 4 bytes in shared memory: shared offset 4096 (the block has 4096 bytes of \
                 shared memory)",
            ),
            (
                oob(false, MemorySpace::Const, 100, 64),
                "out-of-bounds read of 4 bytes in const memory: constant offset 100 (the module has 64 bytes of \
                 __constant__ data)",
            ),
            (
                oob(false, MemorySpace::Local, 40, 32),
                "out-of-bounds read of 4 bytes in local memory: local offset 40 (each thread has 32 bytes)",
            ),
            (
                oob(false, MemorySpace::Param, 64, 0),
                "out-of-bounds read of 4 bytes in param memory: parameter offset 64",
            ),
            (
                oob(true, MemorySpace::CallParameter, 12, 8),
                "out-of-bounds write of 4 bytes in call parameter memory: call parameter offset 12 (each thread has 8 \
                 bytes)",
            ),
            (
                oob(false, MemorySpace::Generic, 0x10, 0),
                "out-of-bounds read of 4 bytes in generic memory: address 0x10, outside every allocation",
            ),
            (
                Detail::Misaligned { size: 4, space: MemorySpace::Shared, addr: 2 },
                "misaligned 4-byte access to shared memory at 0x2",
            ),
            (Detail::MisalignedAtomic { size: 8, addr: 0x1004 }, "misaligned 8-byte atomic at 0x1004"),
            (Detail::ReadOnlyWrite, "write to read-only (constant or parameter) memory"),
            (
                Detail::BarrierExited { exited: [3, 1, 0] },
                "__syncthreads() reached by only part of the block: thread (3,1,0) had already exited, so the others \
                 would wait forever",
            ),
            (
                Detail::BarrierDiverged { first: CodeLine::Source(12), other: CodeLine::Ptx(80) },
                "threads of one block wait at different __syncthreads() (line 12 and PTX line 80)",
            ),
            (Detail::BudgetSpent, "the launch ran past its instruction budget: an endless loop?"),
            (Detail::StoppedByAnotherLaunch, STOPPED_BY_ANOTHER_LAUNCH),
            (Detail::AssertFailed { expr: "x < n".into(), function: "k".into() }, "assertion `x < n` failed in k"),
            (
                Detail::Trap,
                "the kernel executed `trap` (`__trap()`): a GPU aborts the launch here (\"unspecified launch \
                 failure\"), and every later CUDA call of the program fails",
            ),
            (Detail::BadCall { pointer: 0 }, "a call through a null function pointer: a GPU stops the launch here"),
            (
                Detail::BadCall { pointer: 0xdead },
                "a call through a function pointer holding 0xdead, which is no function of the kernel's file that \
                 takes these arguments: a GPU stops the launch here",
            ),
            (
                Detail::InlinedTooLarge { limit: 20000 },
                "the functions this kernel calls add up to more than 20000 instructions once inlined (a recursion?): \
                 the emulator stops here",
            ),
            (
                Detail::CallsTooDeep { limit: 16 },
                "calls nested more than 16 deep (endless recursion?): the launch was stopped",
            ),
            (
                Detail::WarpId,
                "%warpid is the warp's slot on its SM, not its index in the block (a GPU gives other values, and they \
                 change): use threadIdx.x / warpSize",
            ),
            (
                unwritten(Some("N_s"), false, ValueUse::GlobalStore, UsePlace::Line(36)),
                "read of shared memory (offset 528, in `N_s`) that no thread of the block has written; its value \
                 reaches a store to global memory at line 36",
            ),
            (
                unwritten(None, true, ValueUse::Comparison, UsePlace::SameLine),
                "read of shared memory (offset 528) that holds a copy of shared memory no thread of the block has \
                 written; its value reaches a comparison (a branch or a condition) on the same line",
            ),
            (
                unwritten(None, false, ValueUse::Address, UsePlace::File { file: "h.cuh".into(), line: 3 }),
                "read of shared memory (offset 528) that no thread of the block has written; its value reaches the \
                 address of a memory access at h.cuh:3",
            ),
            (
                unwritten(None, false, ValueUse::Atomic, UsePlace::Ptx(99)),
                "read of shared memory (offset 528) that no thread of the block has written; its value reaches an \
                 atomic operation at PTX line 99",
            ),
        ] {
            assert_eq!(detail.to_string(), said);
        }
    }

    /// A race, with and without the other access's thread, element and line.
    #[test]
    fn each_race_says_what_the_findings_always_said_and_the_other_line() {
        let race = |race, element, other| Detail::Race { race, offset: 16, element, other, other_line: None };
        let n_s = Some(ArrayElement { array: "N_s".into(), index: 4 });
        for (detail, said) in [
            (
                race(RaceKind::ReadAfterWrite, n_s.clone(), Some([1, 2, 0])),
                "read-after-write race on shared memory (offset 16, element 4 of `N_s` counting row by row): thread \
                 (1,2,0) accessed it earlier with no __syncthreads() in between",
            ),
            (
                race(RaceKind::WriteAfterRead, None, None),
                "write-after-read race on shared memory (offset 16): other threads accessed it earlier with no \
                 __syncthreads() in between",
            ),
            (
                Detail::Race {
                    race: RaceKind::WriteAfterWrite,
                    offset: 16,
                    element: None,
                    other: Some([0, 0, 0]),
                    other_line: Some(CodeLine::Source(31)),
                },
                "write-after-write race on shared memory (offset 16): thread (0,0,0) accessed it earlier, at line 31, \
                 with no __syncthreads() in between",
            ),
            (
                race(RaceKind::WriteAfterWrite, None, Some([0, 0, 0])),
                "write-after-write race on shared memory (offset 16): thread (0,0,0) accessed it earlier with no \
                 __syncthreads() in between",
            ),
        ] {
            assert_eq!(detail.to_string(), said);
        }
    }

    /// A value a GPU gives otherwise that decides what the kernel does, in each of its uses.
    #[test]
    fn an_unportable_use_names_the_value_its_line_and_the_use() {
        for (detail, said) in [
            (
                Detail::Unportable { value: GpuValue::Clock64, used: GpuValueUse::Branch, at: UsePlace::Line(12) },
                "a value read from %clock64 at line 12 decides a branch: a GPU's clocks, SM ids and buffer addresses \
                 differ from the emulator's, so the kernel could take another path there",
            ),
            (
                Detail::Unportable { value: GpuValue::SmId, used: GpuValueUse::Address, at: UsePlace::SameLine },
                "a value read from %smid on the same line decides an address: a GPU's clocks, SM ids and buffer \
                 addresses differ from the emulator's, so the kernel could access other memory there",
            ),
            (
                Detail::Unportable {
                    value: GpuValue::BufferAddress,
                    used: GpuValueUse::StoredValue,
                    at: UsePlace::Line(3),
                },
                "a buffer's address at line 3 is stored to memory: a GPU's clocks, SM ids and buffer addresses differ \
                 from the emulator's, so the kernel could write other values there",
            ),
            (
                Detail::Unportable { value: GpuValue::GlobalTimer, used: GpuValueUse::Guard, at: UsePlace::Ptx(7) },
                "a value read from %globaltimer at PTX line 7 decides whether an instruction runs: a GPU's clocks, SM \
                 ids and buffer addresses differ from the emulator's, so the kernel could take another path there",
            ),
            (
                Detail::Unportable { value: GpuValue::NSmId, used: GpuValueUse::Atomic, at: UsePlace::Line(5) },
                "a value read from %nsmid at line 5 is an operand of an atomic operation: a GPU's clocks, SM ids and \
                 buffer addresses differ from the emulator's, so the kernel could write other values there",
            ),
        ] {
            assert_eq!(detail.to_string(), said);
        }
    }
}
