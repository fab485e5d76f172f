//! AST → compact, executable instructions, once per module.
//!
//! Every source operand becomes a register slot: immediates, special registers (`%tid.x`) and
//! symbol addresses get slots of their own, filled when a warp starts. So the executor only
//! ever reads `regs[slot][lane]` and never looks at an operand's kind while running.

use std::collections::HashMap;

use crate::inline::{call_site, inline_calls, BAD_CALL, CALL_TOO_DEEP, CALL_TOO_LARGE, MAX_CALL_DEPTH};
use crate::memory::FUNCTION_WINDOW;
use crate::parse::{AddrBase, Ast, Function, Instruction, Operand, Statement, VarDecl};
use crate::types::{LoadError, SourceLocation};

use crate::ir::*;

mod arith;
mod control;
mod layout;
mod lines;
mod memory;
mod moves;
mod sregs;
mod undefined;

fn align_up(v: u64, a: u64) -> u64 {
    if a <= 1 {
        v
    } else {
        v.div_ceil(a) * a
    }
}

fn var_size(v: &VarDecl) -> Result<u64, String> {
    let elem: u64 = match v.ty.as_str() {
        "b8" | "u8" | "s8" => 1,
        "b16" | "u16" | "s16" | "f16" | "bf16" => 2,
        "b32" | "u32" | "s32" | "f32" | "f16x2" | "bf16x2" => 4,
        "b64" | "u64" | "s64" | "f64" => 8,
        "b128" => 16,
        t => return Err(format!("variable `{}` has unsupported type .{t}", v.name)),
    };
    let n = v.dims.iter().try_fold(1u64, |a, &d| a.checked_mul(d)).unwrap_or(u64::MAX);
    elem.checked_mul(n).filter(|&b| b < 1 << 40).ok_or_else(|| format!("variable `{}` is absurdly large", v.name))
}

fn elem_size(ty: &str) -> u64 {
    match ty {
        "b8" | "u8" | "s8" => 1,
        "b16" | "u16" | "s16" | "f16" | "bf16" => 2,
        "b64" | "u64" | "s64" | "f64" => 8,
        _ => 4,
    }
}

/// Initialiser bytes of a variable (ints or floats of the variable's element type, or the
/// addresses of functions: a table of function pointers).
fn init_bytes(v: &VarDecl, size: u64, functions: &HashMap<&str, u64>) -> Result<Vec<u8>, String> {
    let mut out = vec![0u8; size as usize];
    let es = elem_size(&v.ty) as usize;
    for (i, op) in v.init.iter().enumerate() {
        let bits: u64 = match (op, v.ty.as_str()) {
            (Operand::Int(x), "f32") => (*x as f32).to_bits() as u64,
            (Operand::Int(x), "f64") => (*x as f64).to_bits(),
            (Operand::Int(x), _) => *x as u64,
            (Operand::F32(b), _) => *b as u64,
            (Operand::F64(b), "f32") => (f64::from_bits(*b) as f32).to_bits() as u64,
            (Operand::F64(b), _) => *b,
            (Operand::Sym(f), _) if functions.contains_key(f.as_str()) => functions[f.as_str()],
            _ => return Err(format!("unsupported initialiser of `{}` (addresses of symbols)", v.name)),
        };
        let at = i * es;
        if at + es > out.len() {
            return Err(format!("too many initialisers for `{}`", v.name));
        }
        out[at..at + es].copy_from_slice(&bits.to_le_bytes()[..es]);
    }
    Ok(out)
}

/// The slots of a kernel filled with a value a GPU gives otherwise (`%smid`, `%nsmid`, …).
pub(crate) type GpuValueSlots = Vec<(Reg, crate::detail::GpuValue)>;

/// The module, and per kernel its [`GpuValueSlots`].
pub(crate) fn decode(ast: &Ast) -> Result<(ModuleData, Vec<GpuValueSlots>), LoadError> {
    let files: HashMap<u32, String> = ast.files.iter().cloned().collect();
    let plain = |line: usize, msg: String| LoadError { message: msg, ptx_line: line, source: None };
    let functions: HashMap<&str, u64> = ast
        .functions
        .iter()
        .filter(|f| !f.is_entry)
        .enumerate()
        .map(|(k, f)| (f.name.as_str(), FUNCTION_WINDOW + 16 * k as u64))
        .collect();

    let mut consts = Vec::new();
    let mut const_init = Vec::new();
    let mut global_vars = Vec::new();
    let mut module_shared = Vec::new();
    for v in &ast.globals {
        let size = var_size(v).map_err(|m| plain(v.line, m))?;
        match v.space.as_str() {
            "const" => {
                let off = align_up(const_init.len() as u64, v.align.max(elem_size(&v.ty)));
                const_init.resize(off as usize, 0);
                const_init.extend(init_bytes(v, size, &functions).map_err(|m| plain(v.line, m))?);
                consts.push((v.name.clone(), off, size));
            }
            "global" => {
                // No initialiser: zeros, made when the variable is allocated (empty here).
                let init = if v.init.is_empty() {
                    Vec::new()
                } else {
                    init_bytes(v, size, &functions).map_err(|m| plain(v.line, m))?
                };
                global_vars.push(GlobalVar { name: v.name.clone(), size, init });
            }
            "shared" => module_shared.push(v.clone()),
            s => return Err(plain(v.line, format!("module-level .{s} variables are not supported"))),
        }
    }
    if const_init.len() > 64 * 1024 {
        return Err(plain(0, format!("{} bytes of __constant__ data: the device has 64 KiB", const_init.len())));
    }
    let (mut kernels, mut gpu_values) = (Vec::new(), Vec::new());
    for f in ast.functions.iter().filter(|f| f.is_entry) {
        let body = inline_calls(ast, f)?;
        let module =
            ModuleSymbols { consts: &consts, global_vars: &global_vars, shared: &module_shared, functions: &functions };
        let (kernel, slots) = decode_kernel(f, &body, &files, &module)?;
        kernels.push(kernel);
        gpu_values.push(slots);
    }
    Ok((ModuleData { kernels, consts, const_init, global_vars }, gpu_values))
}

#[derive(Clone, Copy)]
enum Sym {
    Shared(u64),
    Const(u64),
    Global(usize),
    Local(u64),
    Param(u64),
    Frame(u64),
    /// A function's address (see `FUNCTION_WINDOW`).
    Function(u64),
}

/// What the module declares outside its kernels, for each kernel to see.
struct ModuleSymbols<'m> {
    consts: &'m [(String, u64, u64)],
    global_vars: &'m [GlobalVar],
    shared: &'m [VarDecl],
    functions: &'m HashMap<&'m str, u64>,
}

struct Ctx<'a> {
    regs: HashMap<String, (u16, bool)>, // name -> (slot or pred index, is_pred)
    nslots: usize,
    npreds: usize,
    slot_init: Vec<(Reg, SlotInit)>,
    init_slots: HashMap<SlotKey, Reg>,
    syms: HashMap<String, Sym>,
    labels: HashMap<String, u32>,
    files: &'a HashMap<u32, String>,
    loc: Option<(u32, u32)>,
    line: usize,
    /// See `Kernel::copy_registers`: made by the first `cp.async`.
    copy_registers: Option<[Reg; 4]>,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum SlotKey {
    Const(u64),
    Special(u8, u8),
    GlobalVar(usize),
}

impl<'a> Ctx<'a> {
    fn err(&self, msg: impl Into<String>) -> LoadError {
        LoadError {
            message: msg.into(),
            ptx_line: self.line,
            source: self.loc.map(|(f, l)| SourceLocation {
                file: self.files.get(&f).cloned().unwrap_or_else(|| format!("file{f}")),
                line: l,
            }),
        }
    }

    fn new_slot(&mut self) -> Result<Reg, LoadError> {
        if self.nslots >= (u16::MAX - 1) as usize {
            return Err(self.err("too many registers"));
        }
        self.nslots += 1;
        Ok(Reg((self.nslots - 1) as u16))
    }

    fn init_slot(&mut self, key: SlotKey, init: SlotInit) -> Result<Reg, LoadError> {
        if let Some(s) = self.init_slots.get(&key) {
            return Ok(*s);
        }
        let s = self.new_slot()?;
        self.slot_init.push((s, init));
        self.init_slots.insert(key, s);
        Ok(s)
    }

    /// The lanes' carry flag (`add.cc` and the like), a register of its own.
    fn carry_flag(&mut self) -> Result<Reg, LoadError> {
        self.init_slot(SlotKey::Special(16, 0), SlotInit::Zero) // 16: none of `special`'s codes
    }

    fn konst(&mut self, v: u64) -> Result<Reg, LoadError> {
        self.init_slot(SlotKey::Const(v), SlotInit::Const(v))
    }

    fn reg(&self, name: &str) -> Result<Reg, LoadError> {
        match self.regs.get(name) {
            Some(&(s, false)) => Ok(Reg(s)),
            Some((_, true)) => Err(self.err(format!("predicate `{name}` used where a value register is expected"))),
            None => Err(self.err(format!("undeclared register `{name}`"))),
        }
    }

    fn pred(&self, name: &str) -> Result<Pred, LoadError> {
        match self.regs.get(name) {
            Some(&(s, true)) => Ok(Pred(s)),
            Some((_, false)) => Err(self.err(format!("`{name}` is not a predicate register"))),
            None => Err(self.err(format!("undeclared register `{name}`"))),
        }
    }

    fn sym_addr(&mut self, name: &str) -> Result<Reg, LoadError> {
        match self.syms.get(name).copied() {
            Some(Sym::Shared(o) | Sym::Const(o) | Sym::Local(o) | Sym::Param(o) | Sym::Frame(o) | Sym::Function(o)) => {
                self.konst(o)
            }
            Some(Sym::Global(i)) => self.init_slot(SlotKey::GlobalVar(i), SlotInit::GlobalVar(i)),
            None => Err(self.err(format!("unknown symbol `{name}`"))),
        }
    }

    /// A source operand of an instruction whose type is `ty`.
    fn src(&mut self, op: &Operand, ty: Ty) -> Result<Reg, LoadError> {
        match op {
            Operand::Reg(n) => {
                if let Some(s) = self.special(n)? {
                    return Ok(s);
                }
                self.reg(n)
            }
            Operand::Int(v) => {
                let bits = match ty {
                    Ty::F32 => (*v as f32).to_bits() as u64,
                    Ty::F64 => (*v as f64).to_bits(),
                    _ => *v as u64,
                };
                self.konst(bits)
            }
            Operand::F32(b) => {
                let bits = if ty == Ty::F64 { (f32::from_bits(*b) as f64).to_bits() } else { *b as u64 };
                self.konst(bits)
            }
            Operand::F64(b) => {
                let bits = if ty == Ty::F32 { (f64::from_bits(*b) as f32).to_bits() as u64 } else { *b };
                self.konst(bits)
            }
            Operand::Sym(n) => {
                if let Some(s) = self.special(n)? {
                    return Ok(s);
                }
                // Registers may be named without `%` (`{ .reg .f16 h; … }` in inline asm).
                if self.regs.contains_key(n.as_str()) {
                    return self.reg(n);
                }
                self.sym_addr(n)
            }
            Operand::Addr(AddrBase::Sym(n), off) => {
                // `sym+off` as a value: fold the offset into the constant.
                match self.syms.get(n.as_str()).copied() {
                    Some(Sym::Shared(o) | Sym::Const(o) | Sym::Local(o) | Sym::Param(o) | Sym::Frame(o)) => {
                        self.konst(o.wrapping_add(*off as u64))
                    }
                    _ => Err(self.err(format!("unsupported operand `{n}+{off}`"))),
                }
            }
            o => Err(self.err(format!("unsupported source operand {o:?}"))),
        }
    }

    fn dst(&mut self, op: &Operand) -> Result<Reg, LoadError> {
        match op {
            Operand::Reg(n) => self.reg(n),
            Operand::Sym(n) if self.regs.contains_key(n.as_str()) => self.reg(n),
            Operand::Sink => self.new_slot(),
            o => Err(self.err(format!("unsupported destination operand {o:?}"))),
        }
    }

    fn pred_src(&self, op: &Operand) -> Result<(Pred, bool), LoadError> {
        match op {
            // Named without `%` when declared in an inline asm block.
            Operand::Reg(n) | Operand::Sym(n) => Ok((self.pred(n)?, false)),
            Operand::NotReg(n) => Ok((self.pred(n)?, true)),
            o => Err(self.err(format!("expected a predicate, found {o:?}"))),
        }
    }

    fn addr(&mut self, op: &Operand) -> Result<(Reg, i64), LoadError> {
        match op {
            Operand::Addr(AddrBase::Reg(n), off) => Ok((self.reg(n)?, *off)),
            // A register named without `%` (`{ .reg .u64 t; ld.global.f32 %f1, [t]; }` in
            // inline asm, renamed per block by the parser) reads as a symbol.
            Operand::Addr(AddrBase::Sym(n), off) if self.regs.contains_key(n.as_str()) => Ok((self.reg(n)?, *off)),
            Operand::Addr(AddrBase::Sym(n), off) => Ok((self.sym_addr(n)?, *off)),
            Operand::Addr(AddrBase::None, off) => Ok((self.konst(0)?, *off)),
            o => Err(self.err(format!("expected an address [..], found {o:?}"))),
        }
    }
}

fn decode_kernel(
    f: &Function,
    body: &[Statement],
    files: &HashMap<u32, String>,
    module: &ModuleSymbols,
) -> Result<(Kernel, GpuValueSlots), LoadError> {
    let mut cx = Ctx {
        regs: HashMap::new(),
        nslots: 0,
        npreds: 0,
        slot_init: Vec::new(),
        init_slots: HashMap::new(),
        syms: HashMap::new(),
        labels: HashMap::new(),
        files,
        loc: None,
        line: f.line,
        copy_registers: None,
    };
    let (params, param_bytes) = layout::params(&mut cx, f)?;
    for (name, off, _) in module.consts {
        cx.syms.insert(name.clone(), Sym::Const(*off));
    }
    for (i, g) in module.global_vars.iter().enumerate() {
        cx.syms.insert(g.name.clone(), Sym::Global(i));
    }
    for (name, addr) in module.functions {
        cx.syms.insert(name.to_string(), Sym::Function(*addr));
    }
    let vars = layout::variables(&mut cx, f, module.shared, body)?;
    declare_registers(&mut cx, body)?;
    resolve_labels(&mut cx, body);
    let (mut code, mut locs) = decode_body(&mut cx, body, files)?;
    // Falling off the end of a kernel is an implicit exit.
    code.push(Inst { op: Op::Exit, guard: NO_PRED, guard_neg: false, flops: 0, other_float: 0 });
    locs.push(locs.last().cloned().unwrap_or(Loc { ptx_line: f.line, ..Loc::default() }));
    lines::infer(&code, &mut locs);
    let defined: Vec<Reg> = cx.slot_init.iter().map(|&(slot, _)| slot).collect();
    for r in undefined::read_before_written(&code, cx.nslots, &defined) {
        cx.slot_init.push((r, SlotInit::Undefined));
    }
    let barrier_reductions = code.iter().any(|i| matches!(i.op, Op::BarRed { .. }));
    let global_atomics = code.iter().any(|i| matches!(i.op, Op::Atom { space: Space::Global | Space::Generic, .. }));
    let async_copies =
        code.iter().any(|i| matches!(i.op, Op::CpAsync { .. } | Op::CpAsyncCommit | Op::CpAsyncWait { .. }));
    let gpu_values =
        cx.init_slots.iter().filter_map(|(key, &slot)| sregs::gpu_value(*key).map(|v| (slot, v))).collect();
    let mut uniform = vec![false; cx.nslots];
    for (slot, init) in &cx.slot_init {
        uniform[slot.index()] = init.same_in_a_block();
    }
    let kernel = Kernel {
        name: f.name.clone(),
        params,
        param_bytes,
        code,
        locs,
        nslots: cx.nslots,
        npreds: cx.npreds,
        slot_init: cx.slot_init,
        static_shared_bytes: vars.static_shared_bytes,
        dynamic_shared_offset: vars.dynamic_shared_offset,
        local_bytes: vars.local_bytes,
        frame_bytes: align_up(vars.frame_bytes, 8),
        uses_dynamic_shared: vars.uses_dynamic_shared,
        global_atomics,
        shared_arrays: vars.shared_arrays,
        uniform,
        bounds: f.bounds,
        barrier_reductions,
        async_copies,
        copy_registers: cx.copy_registers.unwrap_or([NO_REG; 4]),
    };
    Ok((kernel, gpu_values))
}

/// Register slots and predicate indices for every declared register.
fn declare_registers(cx: &mut Ctx, body: &[Statement]) -> Result<(), LoadError> {
    for s in body {
        if let Statement::Reg { ty, name, count, line } = s {
            cx.line = *line;
            let is_pred = ty == "pred";
            let names: Vec<String> = match count {
                Some(n) => (0..*n).map(|i| format!("{name}{i}")).collect(),
                None => vec![name.clone()],
            };
            for n in names {
                let idx = if is_pred {
                    cx.npreds += 1;
                    if cx.npreds >= NO_PRED.index() {
                        return Err(cx.err("too many predicate registers"));
                    }
                    (cx.npreds - 1) as u16
                } else {
                    cx.new_slot()?.0
                };
                cx.regs.insert(n, (idx, is_pred));
            }
        }
    }
    Ok(())
}

/// Labels → instruction indices.
fn resolve_labels(cx: &mut Ctx, body: &[Statement]) {
    let mut n = 0u32;
    for s in body {
        match s {
            Statement::Label(l) => {
                cx.labels.insert(l.clone(), n);
            }
            Statement::Inst(_) => n += 1,
            _ => {}
        }
    }
}

/// Every instruction decoded, with its place in the source.
fn decode_body(
    cx: &mut Ctx,
    body: &[Statement],
    files: &HashMap<u32, String>,
) -> Result<(Vec<Inst>, Vec<Loc>), LoadError> {
    let mut code = Vec::new();
    let mut locs = Vec::new();
    for s in body {
        if let Statement::Inst(i) = s {
            cx.line = i.ptx_line;
            cx.loc = i.loc;
            let inst = decode_inst(cx, i)?;
            code.push(inst);
            let source_of = |(fi, l): (u32, u32)| SourceLocation {
                file: files.get(&fi).cloned().unwrap_or_else(|| format!("file{fi}")),
                line: l,
            };
            locs.push(Loc {
                source: i.loc.map(source_of),
                ptx_line: i.ptx_line,
                called_from: i.called_from.iter().copied().map(source_of).collect(),
                inlined: i.inlined.clone(),
                inferred: false,
            });
        }
    }
    Ok((code, locs))
}

fn parse_space(m: &str) -> Option<Space> {
    Some(match m {
        "global" => Space::Global,
        "shared" | "shared::cta" => Space::Shared,
        "local" => Space::Local,
        "const" => Space::Const,
        "param" | "param::entry" | "param::func" => Space::Param,
        _ => return None,
    })
}

fn parse_cmp(m: &str) -> Option<Cmp> {
    Some(match m {
        "eq" => Cmp::Eq,
        "ne" => Cmp::Ne,
        "lt" | "lo" => Cmp::Lt,
        "le" | "ls" => Cmp::Le,
        "gt" | "hi" => Cmp::Gt,
        "ge" | "hs" => Cmp::Ge,
        "equ" => Cmp::Equ,
        "neu" => Cmp::Neu,
        "ltu" => Cmp::Ltu,
        "leu" => Cmp::Leu,
        "gtu" => Cmp::Gtu,
        "geu" => Cmp::Geu,
        "num" => Cmp::Num,
        "nan" => Cmp::Nan,
        _ => return None,
    })
}

fn parse_rnd(m: &str) -> Option<Rnd> {
    Some(match m {
        "rn" => Rnd::Rn,
        "rz" => Rnd::Rz,
        "rm" => Rnd::Rm,
        "rp" => Rnd::Rp,
        "rni" => Rnd::Rni,
        "rzi" => Rnd::Rzi,
        "rmi" => Rnd::Rmi,
        "rpi" => Rnd::Rpi,
        _ => return None,
    })
}

fn decode_inst(cx: &mut Ctx, i: &Instruction) -> Result<Inst, LoadError> {
    let o = Opcode::new(i);
    let (guard, guard_neg) = match &i.guard {
        Some((p, neg)) => (cx.pred(p)?, *neg),
        None => (NO_PRED, false),
    };
    let mut work = Work::default();
    let op = match o.base {
        "add" | "sub" | "mul" | "fma" | "neg" | "abs" | "min" | "max" if arith::is_half(&o) => {
            arith::half(cx, &o, &mut work)?
        }
        "mov" => moves::mov(cx, &o, &mut work)?,
        "add" | "sub" | "mad" if o.has("cc") => arith::carry(cx, &o)?,
        "addc" | "subc" | "madc" => arith::carry(cx, &o)?,
        "add" | "sub" | "mul" | "min" | "max" | "div" | "rem" | "and" | "or" | "xor" | "shl" | "shr" | "copysign" => {
            arith::binary(cx, &o, &mut work)?
        }
        "neg" | "abs" | "not" | "cnot" | "popc" | "clz" | "brev" | "bfind" | "rcp" | "sqrt" | "rsqrt" | "ex2"
        | "lg2" | "sin" | "cos" | "tanh" => arith::unary(cx, &o, &mut work)?,
        "mad" | "fma" => arith::mad(cx, &o, &mut work)?,
        "sad" => arith::sad(cx, &o)?,
        "shf" => arith::shf(cx, &o)?,
        "activemask" => control::activemask(cx, &o)?,
        "setp" | "set" => arith::setp(cx, &o, &mut work)?,
        "selp" => arith::selp(cx, &o, &mut work)?,
        "slct" => arith::slct(cx, &o, &mut work)?,
        "cvt" => moves::cvt(cx, &o, &mut work)?,
        "cvta" => moves::cvta(cx, &o, &mut work)?,
        "ld" | "ldu" | "st" => memory::ld_st(cx, &o, &mut work)?,
        "atom" | "red" => memory::atom(cx, &o, &mut work)?,
        "cp" => memory::cp_async(cx, &o)?,
        "bra" | "brx" => control::bra(cx, &o, &mut work)?,
        "bar" | "barrier" => control::bar(cx, &o, &mut work)?,
        "ret" | "exit" | "trap" => control::exit(cx, &o, &mut work)?,
        "membar" | "fence" | "prefetch" | "prefetchu" | "griddepcontrol" | "nanosleep" | "pmevent" => Op::Nop,
        "shfl" => control::shfl(cx, &o, &mut work)?,
        "vote" => control::vote(cx, &o, &mut work)?,
        "match" => control::matching(cx, &o, &mut work)?,
        "redux" => control::redux(cx, &o, &mut work)?,
        "bfe" => arith::bfe(cx, &o, &mut work)?,
        "bfi" => arith::bfi(cx, &o, &mut work)?,
        "prmt" => arith::prmt(cx, &o, &mut work)?,
        "call" => control::call(cx, i)?,
        _ if o.text == CALL_TOO_DEEP => Op::CallTooDeep { too_large: false },
        _ if o.text == CALL_TOO_LARGE => Op::CallTooDeep { too_large: true },
        _ if o.text == BAD_CALL => Op::BadCall { a: cx.src(&i.operands[0], Ty::U64)? },
        _ => return Err(o.unknown(cx)),
    };
    Ok(Inst { op, guard, guard_neg, flops: work.flops, other_float: work.other })
}

/// One instruction's opcode, split into its base (`ld`) and modifiers (`global`, `v4`, `f32`).
struct Opcode<'i> {
    text: &'i str,
    base: &'i str,
    mods: Vec<&'i str>,
    types: Vec<Ty>,
    ops: &'i [Operand],
}

impl<'i> Opcode<'i> {
    fn new(i: &'i Instruction) -> Opcode<'i> {
        let mut parts = i.opcode.split('.');
        let base = parts.next().unwrap_or("");
        let mods: Vec<&str> = parts.collect();
        let types = mods.iter().filter_map(|m| Ty::parse(m)).collect();
        Opcode { text: &i.opcode, base, mods, types, ops: &i.operands }
    }

    fn has(&self, m: &str) -> bool {
        self.mods.contains(&m)
    }

    fn unknown(&self, cx: &Ctx) -> LoadError {
        cx.err(format!("unsupported PTX instruction `{}`", self.text))
    }

    fn want(&self, cx: &Ctx, n: usize) -> Result<(), LoadError> {
        if self.ops.len() < n {
            Err(cx.err(format!("`{}` needs {n} operands, found {}", self.text, self.ops.len())))
        } else {
            Ok(())
        }
    }

    fn ty(&self, cx: &Ctx) -> Result<Ty, LoadError> {
        self.types.first().copied().ok_or_else(|| cx.err(format!("`{}` has no type", self.text)))
    }
}

/// Floating-point work per active lane, as the metrics count it.
#[derive(Default)]
struct Work {
    /// FLOPs (fma/mad = 2; add, sub, mul = 1).
    flops: u8,
    /// Other floating-point operations (division, square root, comparisons, conversions).
    other: u8,
}

fn wide(t: Ty) -> Ty {
    match t {
        Ty::S16 => Ty::S32,
        Ty::U16 => Ty::U32,
        Ty::S32 => Ty::S64,
        _ => Ty::U64,
    }
}

fn vec_regs(cx: &mut Ctx, v: &[Operand], dst: bool) -> Result<([Reg; 4], u8), LoadError> {
    if v.is_empty() || v.len() > 4 {
        return Err(cx.err("vector of 1 to 4 registers expected"));
    }
    let mut parts = [NO_REG; 4];
    for (k, o) in v.iter().enumerate() {
        parts[k] = if dst { cx.dst(o)? } else { cx.src(o, Ty::U32)? };
    }
    Ok((parts, v.len() as u8))
}
