//! The compact form the decoder produces and the executor runs (after wasmi's IR crate): typed
//! operations on register slots, with everything about an operand's kind resolved at decode.

use crate::types::SourceLocation;

/// A value register of a warp: an index into its register file, one row of 32 lanes per slot
/// (declared registers, and the slots of immediates, special registers and symbol addresses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub(crate) struct Reg(pub u16);

/// A predicate register of a warp: an index into its predicates, one bit per lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub(crate) struct Pred(pub u16);

impl Reg {
    /// The row of the register file.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl Pred {
    /// The entry of the predicate file.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// No register (an unused operand: no destination, no third source, an unused vector part).
pub(crate) const NO_REG: Reg = Reg(u16::MAX);
/// No predicate (an unguarded instruction, an unused predicate destination).
pub(crate) const NO_PRED: Pred = Pred(u16::MAX);

mod kinds;

pub(crate) use kinds::*;

/// The clocks a kernel can read (`mov %rd, %clock64`). The emulator has no time: they read
/// what an H100 could, from the block's SM and wave and the lane-instructions the warp has
/// executed (`gpu::Clocks`), so they only grow between two reads, and the same launch reads
/// the same values every run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Clock {
    /// `%clock`: the low 32 bits.
    Cycles32,
    /// `%clock_hi`: the high 32 bits.
    CyclesHigh,
    /// `%clock64`.
    Cycles64,
    /// `%globaltimer` (nanoseconds since the Unix epoch).
    Timer,
    /// `%globaltimer_lo`, `%globaltimer_hi`.
    TimerLow,
    TimerHigh,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MadKind {
    Lo,
    Hi,
    Wide,
    /// `sad`: |a - b| + c.
    Sad,
    Float,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ShflMode {
    Up,
    Down,
    Bfly,
    Idx,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BarRedMode {
    Popc,
    And,
    Or,
}

/// The operations of `redux.sync`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ReduxOp {
    Add,
    Min,
    Max,
    And,
    Or,
    Xor,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VoteMode {
    All,
    Any,
    Uni,
    Ballot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PredOp {
    And,
    Or,
    Xor,
    Not,
    Mov,
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum Op {
    Mov {
        d: Reg,
        a: Reg,
    },
    Bin {
        op: BinOp,
        ty: Ty,
        d: Reg,
        a: Reg,
        b: Reg,
    },
    Un {
        op: UnOp,
        ty: Ty,
        d: Reg,
        a: Reg,
    },
    /// Float arithmetic with a directed rounding (`.rz`, `.rm`, `.rp`); the one- and
    /// two-operand ones repeat `a` in the operands they lack.
    Rounded {
        op: RoundedOp,
        ty: Ty,
        rnd: Rnd,
        d: Reg,
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// Half-precision arithmetic on one half (`.f16`, in the low 16 bits) or two (`.f16x2`,
    /// each 16-bit half of a 32-bit register on its own); the operands an op lacks repeat `a`.
    Half {
        op: HalfOp,
        pair: bool,
        sat: bool,
        rnd: Rnd,
        d: Reg,
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// Integer arithmetic that reads or writes the lanes' carry flag, held in register `cc`.
    Carry {
        op: CarryOp,
        ty: Ty,
        carry_in: bool,
        carry_out: bool,
        d: Reg,
        a: Reg,
        b: Reg,
        c: Reg,
        cc: Reg,
    },
    /// `shf.l`/`shf.r`: the 64 bits b:a shifted by c (its low 5 bits, or at most 32 with
    /// `.clamp`), then their high word (left) or low word (right).
    Shf {
        left: bool,
        clamp: bool,
        d: Reg,
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// `mov %r, %clock64` and the other clocks.
    ReadClock {
        d: Reg,
        clock: Clock,
    },
    /// `mov %r, %warpid`: the warp's rank in the block, and an `Unportable` finding (a GPU
    /// gives the warp's slot on its SM, which is something else).
    ReadWarpId {
        d: Reg,
    },
    /// `activemask.b32`: the lanes of the warp running this instruction.
    ActiveMask {
        d: Reg,
    },
    Mad {
        kind: MadKind,
        ty: Ty,
        d: Reg,
        a: Reg,
        b: Reg,
        c: Reg,
    },
    Setp {
        cmp: Cmp,
        ty: Ty,
        d: Pred,
        dn: Pred,
        a: Reg,
        b: Reg,
        comb: Option<BoolOp>,
        c: Pred,
        cneg: bool,
    },
    /// `set.cmp.dtype.stype`: like setp, but writes 0/1 (int) or 0.0/1.0 (float) to a register.
    Set {
        cmp: Cmp,
        ty: Ty,
        dty: Ty,
        d: Reg,
        a: Reg,
        b: Reg,
    },
    Selp {
        d: Reg,
        a: Reg,
        b: Reg,
        p: Pred,
    },
    Slct {
        ty: Ty,
        d: Reg,
        a: Reg,
        b: Reg,
        c: Reg,
    },
    Cvt {
        dty: Ty,
        sty: Ty,
        rnd: Rnd,
        sat: bool,
        d: Reg,
        a: Reg,
    },
    Pred {
        op: PredOp,
        d: Pred,
        a: Pred,
        aneg: bool,
        b: Pred,
        bneg: bool,
    },
    /// `mov.pred %p, 1` / `setp`-free predicate constants, and `selp` reading a pred as data.
    PredConst {
        d: Pred,
        v: bool,
    },
    Ld {
        space: Space,
        ty: Ty,
        n: u8,
        d: [Reg; 4],
        base: Reg,
        off: i64,
    },
    St {
        space: Space,
        ty: Ty,
        n: u8,
        s: [Reg; 4],
        base: Reg,
        off: i64,
    },
    Atom {
        space: Space,
        op: AtomOp,
        ty: Ty,
        d: Reg,
        base: Reg,
        off: i64,
        b: Reg,
        c: Reg,
    },
    Cvta {
        to: bool,
        space: Space,
        d: Reg,
        a: Reg,
    },
    Bra {
        target: u32,
    },
    Bar,
    /// `bar.red` (`__syncthreads_count/and/or`): a block barrier that also reduces one predicate
    /// of every thread; the result (`d` for popc, `dp` for and/or) reaches all of them.
    BarRed {
        mode: BarRedMode,
        d: Reg,
        dp: Pred,
        c: Pred,
        cneg: bool,
    },
    /// `bar.warp.sync` (`__syncwarp()`): the lanes of a warp wait for each other.
    WarpSync,
    Exit,
    Nop,
    Shfl {
        mode: ShflMode,
        d: Reg,
        dp: Pred,
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// `match.{any,all}.sync` (`__match_any_sync`, `__match_all_sync`): the lanes of `mask` holding
    /// the same value as this one (`bits` 32 or 64).
    Match {
        all: bool,
        wide: bool,
        d: Reg,
        dp: Pred,
        a: Reg,
        members: Reg,
    },
    /// `members`: the `.sync` member mask (lanes outside it take no part: a tile's vote).
    Vote {
        mode: VoteMode,
        d: Reg,
        dp: Pred,
        a: Pred,
        aneg: bool,
        members: Reg,
    },
    /// `redux.sync.op.type d, a, membermask;` (`__reduce_add_sync` and its kin, sm_80): `op` over
    /// the values of the lanes of the member mask, to each of them.
    Redux {
        op: ReduxOp,
        signed: bool,
        d: Reg,
        a: Reg,
        members: Reg,
    },
    /// `cvt.rn{.relu}.f16x2.f32 d, a, b;`: `a` rounded to half in the high half of `d`, `b` in
    /// the low one.
    CvtHalfPair {
        relu: bool,
        d: Reg,
        a: Reg,
        b: Reg,
    },
    Bfe {
        ty: Ty,
        d: Reg,
        a: Reg,
        b: Reg,
        c: Reg,
    },
    Bfi {
        ty: Ty,
        d: Reg,
        f: Reg,
        a: Reg,
        b: Reg,
        c: Reg,
    },
    Prmt {
        d: Reg,
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// `mov.b64 %rd, {%r0, %r1}`: pack `n` parts of `bits` each, lowest first.
    Pack {
        d: Reg,
        parts: [Reg; 4],
        n: u8,
        bits: u8,
    },
    /// `mov.b64 {%r0, %r1}, %rd`.
    Unpack {
        parts: [Reg; 4],
        n: u8,
        bits: u8,
        a: Reg,
    },
    /// `vprintf(fmt, args)`: the frame offsets of its two pointer arguments and of its return
    /// value (`u32::MAX` when unused).
    Printf {
        fmt: u32,
        args: u32,
        ret: u32,
    },
    /// `__assertfail(message, file, line, function, char size)` (a failed `assert`): the frame
    /// offsets of the first four arguments.
    AssertFail {
        message: u32,
        file: u32,
        line: u32,
        function: u32,
    },
    /// `cp.async` (`__pipeline_memcpy_async`, `cuda::memcpy_async`): each lane reads `bytes` (4,
    /// 8 or 16) of global memory at `src + src_off` when it issues, and writes them to shared
    /// memory at `dst + dst_off` when it waits for their group (`CpAsyncWait`). With a
    /// `src_size` (not `NO_REG`) only that many bytes are read and the rest are zeros; with an
    /// `ignore_src` predicate that holds (negated by `ignore_neg`), none are read.
    CpAsync {
        bytes: u8,
        dst: Reg,
        dst_off: i32,
        src: Reg,
        src_off: i32,
        src_size: Reg,
        ignore_src: Pred,
        ignore_neg: bool,
    },
    /// `cp.async.commit_group`: the lanes' copies not yet in a group form the newest group.
    CpAsyncCommit,
    /// `cp.async.wait_group keep`: the lanes' copies complete, but for the `keep` most recent
    /// groups; `all` (`cp.async.wait_all`) commits first, then waits for every group.
    CpAsyncWait {
        keep: u32,
        all: bool,
    },
    /// `trap` (`__trap()`): the launch stops with a finding, as a GPU aborts it ("unspecified
    /// launch failure").
    Trap,
    /// An indirect call whose pointer `a` is none of the functions the call may reach (see
    /// `inline`): the launch stops with a finding.
    BadCall {
        a: Reg,
    },
    /// A call past the inlining limits: recursion deeper than `MAX_CALL_DEPTH` or, with
    /// `too_large`, more inlined code than `MAX_INLINED` instructions.
    CallTooDeep {
        too_large: bool,
    },
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Inst {
    pub op: Op,
    pub guard: Pred,
    pub guard_neg: bool,
    /// FLOPs per active lane (fma/mad = 2; add, sub, mul = 1).
    pub flops: u8,
    /// Other floating-point operations per active lane.
    pub other_float: u8,
}

/// What a slot holds when a warp starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum SlotInit {
    Const(u64),
    /// Zero at the warp's start, then written by instructions (the carry flag).
    Zero,
    Tid(u8),
    Ntid(u8),
    Ctaid(u8),
    Nctaid(u8),
    LaneId,
    /// `%smid`: the SM the block would run on (`gpu::sm_of`).
    SmId,
    /// Address of a module `.global` variable (known at launch).
    GlobalVar(usize),
    LanemaskLt,
    LanemaskLe,
    LanemaskEq,
    LanemaskGe,
    LanemaskGt,
    /// `%dynamic_smem_size`: the launch's dynamic shared bytes.
    DynamicSharedBytes,
    /// `%total_smem_size`: the block's shared memory (static and dynamic) in allocation units.
    TotalSharedBytes,
    /// `%aggr_smem_size`: the block's shared bytes and the region reserved for the system (as an H200 reads it: not in allocation units).
    AggregateSharedBytes,
    /// A register some path reads before writing it (`decode::undefined`): zero in every block,
    /// then written by instructions.
    Undefined,
}

impl SlotInit {
    /// A warp starts with another value in each block (its block's index and SM), or the slot is
    /// written by instructions (the carry flag, a register read before it is written). The others are never written, and hold the same
    /// in the warp of one index in every block of a launch.
    pub fn differs_between_blocks(self) -> bool {
        matches!(self, SlotInit::Ctaid(_) | SlotInit::SmId | SlotInit::Zero | SlotInit::Undefined)
    }

    /// Every thread of a block starts with the same value (see `Kernel::uniform`).
    pub fn same_in_a_block(self) -> bool {
        use SlotInit::*;
        matches!(
            self,
            Const(_)
                | Ntid(_)
                | Ctaid(_)
                | Nctaid(_)
                | SmId
                | GlobalVar(_)
                | DynamicSharedBytes
                | TotalSharedBytes
                | AggregateSharedBytes
        )
    }
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Loc {
    pub source: Option<SourceLocation>,
    pub ptx_line: usize,
    /// The call sites this instruction was inlined through (by NVRTC or by the emulator),
    /// innermost first.
    pub called_from: Vec<SourceLocation>,
    /// The function `source` is in, when inlined (see `parse::Instruction::inlined`).
    pub inlined: Option<String>,
    /// `source` is not the instruction's own line: the compiler gave it none, and it is the
    /// nearest line of the code around it (`decode::lines`).
    pub inferred: bool,
}

#[derive(Clone, Debug)]
pub(crate) struct Kernel {
    pub name: String,
    /// (offset, size) of each parameter in the parameter buffer.
    pub params: Vec<(usize, usize)>,
    pub param_bytes: usize,
    pub code: Vec<Inst>,
    pub locs: Vec<Loc>,
    pub nslots: usize,
    pub npreds: usize,
    pub slot_init: Vec<(Reg, SlotInit)>,
    /// Sum of the sizes of the static `.shared` variables.
    pub static_shared_bytes: u64,
    /// Where dynamic (`.extern .shared`) memory starts in the block's shared space.
    pub dynamic_shared_offset: u64,
    pub local_bytes: u64,
    /// Per-thread bytes of call-sequence `.param` variables, after the local variables.
    pub frame_bytes: u64,
    /// The kernel declares dynamic shared memory (`extern __shared__`).
    pub uses_dynamic_shared: bool,
    /// Atomics that may reach global memory: blocks then run one after another, in order, so
    /// that results (float sums included) never depend on the number of threads.
    pub global_atomics: bool,
    /// It has a `bar.red`: barriers then hand out reductions (see `reduce_at_barrier`).
    pub barrier_reductions: bool,
    /// It has `cp.async` instructions: only then do warps keep copies in flight.
    pub async_copies: bool,
    /// The registers a `cp.async` reads its source into (through the loads' path) before the
    /// bytes wait for their group: four 32-bit parts of a 16-byte copy; `NO_REG` without one.
    pub copy_registers: [Reg; 4],
    /// The shared arrays as declared: (name, offset, bytes; 0 bytes for dynamic memory).
    pub shared_arrays: Vec<(String, u64, u64)>,
    /// Per register slot: the same value in every thread of a block (immediates, symbol
    /// addresses, `%ntid`, `%ctaid`, `%nctaid`, `%smid`). Such slots are filled when a warp starts and
    /// never written, so an access through one needs checking for one lane only.
    pub uniform: Vec<bool>,
    pub bounds: crate::types::LaunchBounds,
}

#[derive(Clone, Debug)]
pub(crate) struct GlobalVar {
    pub name: String,
    pub size: u64,
    /// Its initial bytes; empty when it has no initialiser (zeros).
    pub init: Vec<u8>,
}

#[derive(Clone, Debug)]
pub(crate) struct ModuleData {
    pub kernels: Vec<Kernel>,
    /// `.const` symbols: (name, offset in the constant bank, size).
    pub consts: Vec<(String, u64, u64)>,
    pub const_init: Vec<u8>,
    pub global_vars: Vec<GlobalVar>,
}
