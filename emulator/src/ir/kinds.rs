//! The kinds an instruction's fields name: value types, state spaces, and the operations,
//! comparisons and roundings of the arithmetic ops.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ty {
    U8,
    U16,
    U32,
    U64,
    S8,
    S16,
    S32,
    S64,
    F16,
    F32,
    F64,
    Pred,
}

impl Ty {
    pub fn parse(s: &str) -> Option<Ty> {
        Some(match s {
            "u8" | "b8" => Ty::U8,
            "u16" | "b16" => Ty::U16,
            "u32" | "b32" => Ty::U32,
            "u64" | "b64" => Ty::U64,
            "s8" => Ty::S8,
            "s16" => Ty::S16,
            "s32" => Ty::S32,
            "s64" => Ty::S64,
            "f16" => Ty::F16,
            "f32" => Ty::F32,
            "f64" => Ty::F64,
            "pred" => Ty::Pred,
            _ => return None,
        })
    }
    pub fn size(self) -> u32 {
        match self {
            Ty::U8 | Ty::S8 => 1,
            Ty::U16 | Ty::S16 | Ty::F16 => 2,
            Ty::U32 | Ty::S32 | Ty::F32 | Ty::Pred => 4,
            Ty::U64 | Ty::S64 | Ty::F64 => 8,
        }
    }
    pub fn is_float(self) -> bool {
        matches!(self, Ty::F16 | Ty::F32 | Ty::F64)
    }
    pub fn is_signed(self) -> bool {
        matches!(self, Ty::S8 | Ty::S16 | Ty::S32 | Ty::S64)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    MulLo,
    MulHi,
    MulWide,
    Min,
    Max,
    Div,
    Rem,
    And,
    Or,
    Xor,
    Shl,
    Shr,
    AddSat,
    SubSat,
    Copysign,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UnOp {
    Neg,
    Abs,
    Not,
    Cnot,
    Popc,
    Clz,
    Brev,
    Rcp,
    Sqrt,
    Rsqrt,
    Ex2,
    Lg2,
    Sin,
    Cos,
    Tanh,
    /// Position of the most significant non-sign bit (all ones if none).
    Bfind,
    /// The same as a left-shift amount (`bfind.shiftamt`).
    BfindShift,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Equ,
    Neu,
    Ltu,
    Leu,
    Gtu,
    Geu,
    Num,
    Nan,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BoolOp {
    And,
    Or,
    Xor,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Space {
    Global,
    Shared,
    Local,
    Const,
    Param,
    /// The `.param` variables of call sequences: per-thread memory that carries arguments and
    /// return values between an inlined function and its caller (registers on a GPU, so it is
    /// not counted as memory traffic).
    Frame,
    Generic,
}

impl From<Space> for crate::detail::MemorySpace {
    fn from(space: Space) -> Self {
        use crate::detail::MemorySpace as M;
        match space {
            Space::Global => M::Global,
            Space::Shared => M::Shared,
            Space::Local => M::Local,
            Space::Const => M::Const,
            Space::Param => M::Param,
            Space::Frame => M::CallParameter,
            Space::Generic => M::Generic,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AtomOp {
    Add,
    Min,
    Max,
    Exch,
    Cas,
    And,
    Or,
    Xor,
    Inc,
    Dec,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rnd {
    Default,
    Rn,
    Rz,
    Rm,
    Rp,
    /// Integer rounding of a float (`.rni` etc.).
    Rni,
    Rzi,
    Rmi,
    Rpi,
}

/// The operations PTX allows a directed rounding on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RoundedOp {
    Add,
    Sub,
    Mul,
    /// `fma` and `mad` on floats: a * b + c, rounded once.
    Fma,
    Div,
    Rcp,
    Sqrt,
}

/// Half-precision arithmetic (`add.f16`, `fma.rn.f16x2`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HalfOp {
    Add,
    Sub,
    Mul,
    Fma,
    Neg,
    Abs,
    Min,
    Max,
}

/// Extended-precision integer arithmetic through the carry flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CarryOp {
    /// `add.cc`, `addc`: a + b (+ carry).
    Add,
    /// `sub.cc`, `subc`: a - b (- borrow); the flag holds the borrow.
    Sub,
    /// `mad.lo.cc`, `madc.lo`: the low half of a * b, + c (+ carry).
    MadLo,
    /// `mad.hi.cc`, `madc.hi`: the high half of a * b, + c (+ carry).
    MadHi,
}
