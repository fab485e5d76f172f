//! AST → compact, executable instructions, once per module.
//!
//! Every source operand becomes a register slot: immediates, special registers (`%tid.x`) and
//! symbol addresses get slots of their own, filled when a warp starts. So the executor only
//! ever reads `regs[slot][lane]` and never looks at an operand's kind while running.

use std::collections::HashMap;

use crate::inline::{call_site, inline_calls, CALL_TOO_DEEP, CALL_TOO_LARGE, MAX_CALL_DEPTH};
use crate::parse::{AddrBase, Ast, Function, Instruction, Operand, Statement, VarDecl};
use crate::types::{LoadError, SourceLocation};

use crate::ir::*;

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

/// Initialiser bytes of a variable (ints or floats of the variable's element type).
fn init_bytes(v: &VarDecl, size: u64) -> Result<Vec<u8>, String> {
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

pub(crate) fn decode(ast: &Ast) -> Result<ModuleData, LoadError> {
    let files: HashMap<u32, String> = ast.files.iter().cloned().collect();
    let plain = |line: usize, msg: String| LoadError { message: msg, ptx_line: line, source: None };

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
                const_init.extend(init_bytes(v, size).map_err(|m| plain(v.line, m))?);
                consts.push((v.name.clone(), off, size));
            }
            "global" => {
                let init = init_bytes(v, size).map_err(|m| plain(v.line, m))?;
                global_vars.push(GlobalVar { name: v.name.clone(), size, init });
            }
            "shared" => module_shared.push(v.clone()),
            s => return Err(plain(v.line, format!("module-level .{s} variables are not supported"))),
        }
    }
    if const_init.len() > 64 * 1024 {
        return Err(plain(0, format!("{} bytes of __constant__ data: the device has 64 KiB", const_init.len())));
    }
    let mut kernels = Vec::new();
    for f in ast.functions.iter().filter(|f| f.is_entry) {
        let body = inline_calls(ast, f)?;
        kernels.push(decode_kernel(f, &body, &files, &consts, &global_vars, &module_shared)?);
    }
    Ok(ModuleData { kernels, consts, const_init, global_vars })
}

#[derive(Clone, Copy)]
enum Sym {
    Shared(u64),
    Const(u64),
    Global(usize),
    Local(u64),
    Param(u64),
    Frame(u64),
}

struct Ctx<'a> {
    regs: HashMap<String, (R, bool)>, // name -> (slot or pred index, is_pred)
    nslots: usize,
    npreds: usize,
    slot_init: Vec<(R, SlotInit)>,
    init_slots: HashMap<SlotKey, R>,
    syms: HashMap<String, Sym>,
    labels: HashMap<String, u32>,
    files: &'a HashMap<u32, String>,
    loc: Option<(u32, u32)>,
    line: usize,
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

    fn new_slot(&mut self) -> Result<R, LoadError> {
        if self.nslots >= (u16::MAX - 1) as usize {
            return Err(self.err("too many registers"));
        }
        self.nslots += 1;
        Ok((self.nslots - 1) as R)
    }

    fn init_slot(&mut self, key: SlotKey, init: SlotInit) -> Result<R, LoadError> {
        if let Some(s) = self.init_slots.get(&key) {
            return Ok(*s);
        }
        let s = self.new_slot()?;
        self.slot_init.push((s, init));
        self.init_slots.insert(key, s);
        Ok(s)
    }

    fn konst(&mut self, v: u64) -> Result<R, LoadError> {
        self.init_slot(SlotKey::Const(v), SlotInit::Const(v))
    }

    fn special(&mut self, name: &str) -> Result<Option<R>, LoadError> {
        let (base, comp) = match name.rsplit_once('.') {
            Some((b, c)) if matches!(c, "x" | "y" | "z") => (b, c.as_bytes()[0] - b'x'),
            _ => (name, 0),
        };
        let (code, init) = match base {
            "%tid" => (0, SlotInit::Tid(comp)),
            "%ntid" => (1, SlotInit::Ntid(comp)),
            "%ctaid" => (2, SlotInit::Ctaid(comp)),
            "%nctaid" => (3, SlotInit::Nctaid(comp)),
            "%laneid" => (4, SlotInit::LaneId),
            "%warpid" => (5, SlotInit::WarpId),
            "%lanemask_lt" => (6, SlotInit::LanemaskLt),
            "%lanemask_le" => (7, SlotInit::LanemaskLe),
            "%lanemask_eq" => (8, SlotInit::LanemaskEq),
            "%lanemask_ge" => (9, SlotInit::LanemaskGe),
            "%lanemask_gt" => (10, SlotInit::LanemaskGt),
            "%smid" | "%gridid" => (11, SlotInit::Const(0)),
            "%nsmid" => (12, SlotInit::Const(1)),
            "%nwarpid" => (13, SlotInit::Const(32)),
            "WARP_SZ" => (14, SlotInit::Const(32)),
            _ => return Ok(None),
        };
        Ok(Some(self.init_slot(SlotKey::Special(code, comp), init)?))
    }

    fn reg(&self, name: &str) -> Result<R, LoadError> {
        match self.regs.get(name) {
            Some((s, false)) => Ok(*s),
            Some((_, true)) => Err(self.err(format!("predicate `{name}` used where a value register is expected"))),
            None => Err(self.err(format!("undeclared register `{name}`"))),
        }
    }

    fn pred(&self, name: &str) -> Result<Pr, LoadError> {
        match self.regs.get(name) {
            Some((s, true)) => Ok(*s),
            Some((_, false)) => Err(self.err(format!("`{name}` is not a predicate register"))),
            None => Err(self.err(format!("undeclared register `{name}`"))),
        }
    }

    fn sym_addr(&mut self, name: &str) -> Result<R, LoadError> {
        match self.syms.get(name).copied() {
            Some(Sym::Shared(o) | Sym::Const(o) | Sym::Local(o) | Sym::Param(o) | Sym::Frame(o)) => self.konst(o),
            Some(Sym::Global(i)) => self.init_slot(SlotKey::GlobalVar(i), SlotInit::GlobalVar(i)),
            None => Err(self.err(format!("unknown symbol `{name}`"))),
        }
    }

    /// A source operand of an instruction whose type is `ty`.
    fn src(&mut self, op: &Operand, ty: Ty) -> Result<R, LoadError> {
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

    fn dst(&mut self, op: &Operand) -> Result<R, LoadError> {
        match op {
            Operand::Reg(n) => self.reg(n),
            Operand::Sym(n) if self.regs.contains_key(n.as_str()) => self.reg(n),
            Operand::Sink => self.new_slot(),
            o => Err(self.err(format!("unsupported destination operand {o:?}"))),
        }
    }

    fn pred_src(&self, op: &Operand) -> Result<(Pr, bool), LoadError> {
        match op {
            Operand::Reg(n) => Ok((self.pred(n)?, false)),
            Operand::NotReg(n) => Ok((self.pred(n)?, true)),
            o => Err(self.err(format!("expected a predicate, found {o:?}"))),
        }
    }

    fn addr(&mut self, op: &Operand) -> Result<(R, i64), LoadError> {
        match op {
            Operand::Addr(AddrBase::Reg(n), off) => Ok((self.reg(n)?, *off)),
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
    consts: &[(String, u64, u64)],
    global_vars: &[GlobalVar],
    module_shared: &[VarDecl],
) -> Result<Kernel, LoadError> {
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
    };
    // Parameters.
    let mut params = Vec::new();
    let mut poff = 0u64;
    for p in &f.params {
        let size = var_size(p).map_err(|m| cx.err(m))?;
        let al = p.align.max(elem_size(&p.ty)).max(1);
        poff = align_up(poff, al);
        params.push((poff as usize, size as usize));
        cx.syms.insert(p.name.clone(), Sym::Param(poff));
        poff += size;
    }
    // CUDA's limit on kernel parameters (32 KiB since 12.1).
    if poff > 32 * 1024 {
        return Err(cx.err(format!("kernel `{}` has {poff} bytes of parameters: at most 32768", f.name)));
    }
    let param_bytes = poff as usize;
    for (name, off, _) in consts {
        cx.syms.insert(name.clone(), Sym::Const(*off));
    }
    for (i, g) in global_vars.iter().enumerate() {
        cx.syms.insert(g.name.clone(), Sym::Global(i));
    }
    // Shared layout: static variables in declaration order, then dynamic memory.
    let mut shared_end = 0u64;
    let mut static_shared_bytes = 0u64;
    let mut extern_align = 16u64;
    let mut externs = Vec::new();
    let mut local_end = 0u64;
    let body_vars = body.iter().filter_map(|s| if let Statement::Var(v) = s { Some(v) } else { None });
    let mut frame_end = 0u64;
    for v in module_shared.iter().chain(body_vars) {
        cx.line = v.line;
        let size = var_size(v).map_err(|m| cx.err(m))?;
        let al = v.align.max(elem_size(&v.ty)).max(1);
        match v.space.as_str() {
            "shared" if v.extern_ || v.unsized_array => {
                extern_align = extern_align.max(al);
                externs.push(v.name.clone());
            }
            "shared" => {
                shared_end = align_up(shared_end, al);
                cx.syms.insert(v.name.clone(), Sym::Shared(shared_end));
                shared_end += size;
                static_shared_bytes += size;
            }
            "local" => {
                local_end = align_up(local_end, al);
                cx.syms.insert(v.name.clone(), Sym::Local(local_end));
                local_end += size;
            }
            "param" => {
                // A call sequence's arguments and return values (see `Space::Frame`).
                frame_end = align_up(frame_end, al);
                cx.syms.insert(v.name.clone(), Sym::Frame(frame_end));
                frame_end += size;
            }
            s => return Err(cx.err(format!(".{s} variables inside a kernel are not supported"))),
        }
    }
    // Bounded so that a typo cannot make the emulator allocate absurd amounts.
    if local_end > 512 * 1024 {
        return Err(
            cx.err(format!("kernel `{}` uses {local_end} bytes of local memory per thread: at most 524288", f.name))
        );
    }
    if shared_end > 228 * 1024 {
        return Err(cx.err(format!("kernel `{}` declares {shared_end} bytes of shared memory: at most 233472", f.name)));
    }
    let dynamic_shared_offset = align_up(shared_end, extern_align);
    let uses_dynamic_shared = !externs.is_empty();
    for n in externs {
        cx.syms.insert(n, Sym::Shared(dynamic_shared_offset));
    }
    // Registers.
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
                    if cx.npreds >= NO_PRED as usize {
                        return Err(cx.err("too many predicate registers"));
                    }
                    (cx.npreds - 1) as u16
                } else {
                    cx.new_slot()?
                };
                cx.regs.insert(n, (idx, is_pred));
            }
        }
    }
    // Labels → instruction indices.
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
    let mut code = Vec::new();
    let mut locs = Vec::new();
    for s in body {
        if let Statement::Inst(i) = s {
            cx.line = i.ptx_line;
            cx.loc = i.loc;
            let inst = decode_inst(&mut cx, i)?;
            code.push(inst);
            let source_of = |(fi, l): (u32, u32)| SourceLocation {
                file: files.get(&fi).cloned().unwrap_or_else(|| format!("file{fi}")),
                line: l,
            };
            locs.push(Loc {
                source: i.loc.map(source_of),
                ptx_line: i.ptx_line,
                called_from: i.called_from.iter().copied().map(source_of).collect(),
            });
        }
    }
    // Falling off the end of a kernel is an implicit exit.
    code.push(Inst { op: Op::Exit, guard: NO_PRED, guard_neg: false, flops: 0, other_float: 0 });
    locs.push(locs.last().cloned().unwrap_or(Loc { source: None, ptx_line: f.line, called_from: Vec::new() }));
    let global_atomics = code.iter().any(|i| matches!(i.op, Op::Atom { space: Space::Global | Space::Generic, .. }));
    let copy_load = find_copy_loads(&code, cx.nslots);
    let mut uniform = vec![false; cx.nslots];
    for (slot, init) in &cx.slot_init {
        uniform[*slot as usize] = matches!(
            init,
            SlotInit::Const(_) | SlotInit::Ntid(_) | SlotInit::Ctaid(_) | SlotInit::Nctaid(_) | SlotInit::GlobalVar(_)
        );
    }
    Ok(Kernel {
        name: f.name.clone(),
        params,
        param_bytes,
        code,
        locs,
        nslots: cx.nslots,
        npreds: cx.npreds,
        slot_init: cx.slot_init,
        static_shared_bytes,
        dynamic_shared_offset,
        local_bytes: local_end,
        frame_bytes: align_up(frame_end, 8),
        uses_dynamic_shared,
        global_atomics,
        copy_load,
        uniform,
    })
}

/// The register slots an instruction reads and writes (predicates aside). No wildcard arm: a new
/// `Op` must say what it touches, or a copy load could be misjudged.
fn reg_uses(op: &Op, reads: &mut Vec<R>, writes: &mut Vec<R>) {
    match *op {
        Op::Mov { d, a } | Op::Un { d, a, .. } | Op::Cvt { d, a, .. } | Op::Cvta { d, a, .. } => {
            writes.push(d);
            reads.push(a);
        }
        Op::Bin { d, a, b, .. } | Op::Set { d, a, b, .. } | Op::Selp { d, a, b, .. } => {
            writes.push(d);
            reads.extend([a, b]);
        }
        Op::Mad { d, a, b, c, .. }
        | Op::Slct { d, a, b, c, .. }
        | Op::Bfe { d, a, b, c, .. }
        | Op::Prmt { d, a, b, c } => {
            writes.push(d);
            reads.extend([a, b, c]);
        }
        Op::Setp { a, b, .. } => reads.extend([a, b]),
        Op::Pred { .. } | Op::PredConst { .. } | Op::Bra { .. } | Op::Bar | Op::WarpSync | Op::Exit | Op::Nop => {}
        // These read and write call-parameter memory only.
        Op::Printf { .. } | Op::AssertFail { .. } | Op::CallTooDeep { .. } => {}
        Op::Ld { n, d, base, .. } => {
            writes.extend(&d[..n as usize]);
            reads.push(base);
        }
        Op::St { n, s, base, .. } => {
            reads.extend(&s[..n as usize]);
            reads.push(base);
        }
        Op::Atom { d, base, b, c, .. } => {
            writes.push(d);
            reads.extend([base, b, c]);
        }
        Op::Shfl { d, a, b, c, .. } => {
            writes.push(d);
            reads.extend([a, b, c]);
        }
        Op::Vote { d, .. } => writes.push(d),
        Op::Bfi { d, f, a, b, c, .. } => {
            writes.push(d);
            reads.extend([f, a, b, c]);
        }
        Op::Pack { d, parts, n, .. } => {
            writes.push(d);
            reads.extend(&parts[..n as usize]);
        }
        Op::Unpack { parts, n, a, .. } => {
            writes.extend(&parts[..n as usize]);
            reads.push(a);
        }
    }
}

/// Marks the copy loads: scalar `ld.shared` (or generic) loads whose destination register is
/// written by that load alone and read only (at least once) as the value of scalar `st.shared`
/// stores, as in
/// `a_s[i] = b_s[i]`. Copying an unwritten slot is harmless (fig. 8.10 rotates planes whose
/// out-of-grid slots were never written); using the copy later is what gets reported.
fn find_copy_loads(code: &[Inst], nslots: usize) -> Vec<bool> {
    let mut writers = vec![0u32; nslots];
    let mut only_stored = vec![true; nslots];
    let mut stores = vec![0u32; nslots];
    let (mut reads, mut writes) = (Vec::new(), Vec::new());
    for inst in code {
        reads.clear();
        writes.clear();
        reg_uses(&inst.op, &mut reads, &mut writes);
        for &r in &writes {
            if let Some(c) = writers.get_mut(r as usize) {
                *c += 1;
            }
        }
        let stored = match inst.op {
            Op::St { space: Space::Shared, n: 1, s, base, .. } if s[0] != base => s[0],
            _ => NO_REG,
        };
        // The stored value is read once (as `s[0]`); its address register is read too, which
        // `reads` lists separately, so only the first occurrence of `stored` is allowed.
        let mut stored_seen = false;
        for &r in &reads {
            if r == stored && r != NO_REG && !stored_seen {
                stored_seen = true;
                stores[r as usize] += 1;
                continue;
            }
            if let Some(f) = only_stored.get_mut(r as usize) {
                *f = false;
            }
        }
    }
    code.iter()
        .map(|inst| match inst.op {
            Op::Ld { space: Space::Shared | Space::Generic, n: 1, d, .. } => {
                let r = d[0] as usize;
                // A load nobody reads is not a copy: it keeps being reported as before.
                r < nslots && writers[r] == 1 && only_stored[r] && stores[r] > 0
            }
            _ => false,
        })
        .collect()
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
    let mut parts = i.opcode.split('.');
    let base = parts.next().unwrap_or("");
    let mods: Vec<&str> = parts.collect();
    let types: Vec<Ty> = mods.iter().filter_map(|m| Ty::parse(m)).collect();
    let has = |m: &str| mods.contains(&m);
    let ops = &i.operands;
    let (guard, guard_neg) = match &i.guard {
        Some((p, neg)) => (cx.pred(p)?, *neg),
        None => (NO_PRED, false),
    };
    let unknown = |cx: &Ctx| cx.err(format!("unsupported PTX instruction `{}`", i.opcode));
    let want = |cx: &Ctx, n: usize| -> Result<(), LoadError> {
        if ops.len() < n {
            Err(cx.err(format!("`{}` needs {n} operands, found {}", i.opcode, ops.len())))
        } else {
            Ok(())
        }
    };
    let ty0 = types.first().copied();
    let ty = |cx: &Ctx| ty0.ok_or_else(|| cx.err(format!("`{}` has no type", i.opcode)));
    let mut flops = 0u8;
    let mut other = 0u8;
    let op = match base {
        "mov" => {
            want(cx, 2)?;
            let t = ty(cx)?;
            if t == Ty::Pred {
                let d = cx.pred_src(&ops[0])?.0;
                match &ops[1] {
                    Operand::Int(v) => Op::PredConst { d, v: *v != 0 },
                    o => {
                        let (a, aneg) = cx.pred_src(o)?;
                        Op::Pred { op: PredOp::Mov, d, a, aneg, b: NO_PRED, bneg: false }
                    }
                }
            } else {
                match (&ops[0], &ops[1]) {
                    (Operand::Vector(v), src) => {
                        let a = cx.src(src, t)?;
                        let (parts, n) = vec_regs(cx, v, true)?;
                        Op::Unpack { parts, n, bits: (t.size() * 8 / n as u32) as u8, a }
                    }
                    (d, Operand::Vector(v)) => {
                        let d = cx.dst(d)?;
                        let (parts, n) = vec_regs(cx, v, false)?;
                        Op::Pack { d, parts, n, bits: (t.size() * 8 / n as u32) as u8 }
                    }
                    (d, s) => {
                        let d = cx.dst(d)?;
                        let a = cx.src(s, t)?;
                        Op::Mov { d, a }
                    }
                }
            }
        }
        "add" | "sub" | "mul" | "min" | "max" | "div" | "rem" | "and" | "or" | "xor" | "shl" | "shr" | "copysign" => {
            want(cx, 3)?;
            let t = ty(cx)?;
            if t == Ty::Pred {
                let d = cx.pred_src(&ops[0])?.0;
                let (a, aneg) = cx.pred_src(&ops[1])?;
                let (b, bneg) = cx.pred_src(&ops[2])?;
                let op = match base {
                    "and" => PredOp::And,
                    "or" => PredOp::Or,
                    "xor" => PredOp::Xor,
                    _ => return Err(unknown(cx)),
                };
                Op::Pred { op, d, a, aneg, b, bneg }
            } else {
                let op = match base {
                    "add" if has("sat") && !t.is_float() => BinOp::AddSat,
                    "sub" if has("sat") && !t.is_float() => BinOp::SubSat,
                    "add" => BinOp::Add,
                    "sub" => BinOp::Sub,
                    "mul" if has("hi") => BinOp::MulHi,
                    "mul" if has("wide") => BinOp::MulWide,
                    "mul" => BinOp::MulLo,
                    "min" => BinOp::Min,
                    "max" => BinOp::Max,
                    "div" => BinOp::Div,
                    "rem" => BinOp::Rem,
                    "and" => BinOp::And,
                    "or" => BinOp::Or,
                    "xor" => BinOp::Xor,
                    "shl" => BinOp::Shl,
                    "shr" => BinOp::Shr,
                    _ => BinOp::Copysign,
                };
                if t.is_float() {
                    if matches!(op, BinOp::Add | BinOp::Sub | BinOp::MulLo) {
                        flops = 1;
                    } else {
                        other = 1;
                    }
                    if t == Ty::F16 {
                        return Err(cx.err(format!("half-precision arithmetic (`{}`) is not supported", i.opcode)));
                    }
                }
                if op == BinOp::MulWide && t.size() == 8 {
                    return Err(cx.err(format!("`{}`: .wide needs a 16- or 32-bit type", i.opcode)));
                }
                if has("sat") && t.is_float() {
                    return Err(cx.err(format!("`{}` (.sat on floats) is not supported", i.opcode)));
                }
                let d = cx.dst(&ops[0])?;
                let a = cx.src(&ops[1], t)?;
                let bt = if matches!(op, BinOp::Shl | BinOp::Shr) { Ty::U32 } else { t };
                let b = cx.src(&ops[2], bt)?;
                Op::Bin { op, ty: t, d, a, b }
            }
        }
        "neg" | "abs" | "not" | "cnot" | "popc" | "clz" | "brev" | "bfind" | "rcp" | "sqrt" | "rsqrt" | "ex2"
        | "lg2" | "sin" | "cos" | "tanh" => {
            want(cx, 2)?;
            let t = ty(cx)?;
            if t == Ty::Pred {
                if base != "not" {
                    return Err(unknown(cx));
                }
                let d = cx.pred_src(&ops[0])?.0;
                let (a, aneg) = cx.pred_src(&ops[1])?;
                Op::Pred { op: PredOp::Not, d, a, aneg, b: NO_PRED, bneg: false }
            } else {
                let op = match base {
                    "neg" => UnOp::Neg,
                    "abs" => UnOp::Abs,
                    "not" => UnOp::Not,
                    "cnot" => UnOp::Cnot,
                    "popc" => UnOp::Popc,
                    "clz" => UnOp::Clz,
                    "brev" => UnOp::Brev,
                    "bfind" if has("shiftamt") => UnOp::BfindShift,
                    "bfind" => UnOp::Bfind,
                    "rcp" => UnOp::Rcp,
                    "sqrt" => UnOp::Sqrt,
                    "rsqrt" => UnOp::Rsqrt,
                    "ex2" => UnOp::Ex2,
                    "lg2" => UnOp::Lg2,
                    "sin" => UnOp::Sin,
                    "cos" => UnOp::Cos,
                    _ => UnOp::Tanh,
                };
                if t.is_float() {
                    other = 1;
                    if t == Ty::F16 {
                        return Err(cx.err(format!("half-precision arithmetic (`{}`) is not supported", i.opcode)));
                    }
                } else if !matches!(
                    op,
                    UnOp::Neg
                        | UnOp::Abs
                        | UnOp::Not
                        | UnOp::Cnot
                        | UnOp::Popc
                        | UnOp::Clz
                        | UnOp::Brev
                        | UnOp::Bfind
                        | UnOp::BfindShift
                ) {
                    return Err(unknown(cx));
                }
                let d = cx.dst(&ops[0])?;
                let a = cx.src(&ops[1], t)?;
                Op::Un { op, ty: t, d, a }
            }
        }
        "mad" | "fma" => {
            want(cx, 4)?;
            let t = ty(cx)?;
            let kind = if t.is_float() {
                flops = 2;
                if t == Ty::F16 {
                    return Err(cx.err(format!("half-precision arithmetic (`{}`) is not supported", i.opcode)));
                }
                MadKind::Float
            } else if has("hi") {
                MadKind::Hi
            } else if has("wide") {
                MadKind::Wide
            } else if has("lo") {
                MadKind::Lo
            } else {
                return Err(cx.err(format!("`{}` needs .lo, .hi or .wide", i.opcode)));
            };
            if kind == MadKind::Wide && t.size() == 8 {
                return Err(cx.err(format!("`{}`: .wide needs a 16- or 32-bit type", i.opcode)));
            }
            let ct = if kind == MadKind::Wide { wide(t) } else { t };
            let d = cx.dst(&ops[0])?;
            let a = cx.src(&ops[1], t)?;
            let b = cx.src(&ops[2], t)?;
            let c = cx.src(&ops[3], ct)?;
            Op::Mad { kind, ty: t, d, a, b, c }
        }
        "setp" | "set" => {
            want(cx, 3)?;
            let cmp = mods
                .iter()
                .find_map(|m| parse_cmp(m))
                .ok_or_else(|| cx.err(format!("`{}` has no comparison", i.opcode)))?;
            let comb = mods.iter().find_map(|m| match *m {
                "and" => Some(BoolOp::And),
                "or" => Some(BoolOp::Or),
                "xor" => Some(BoolOp::Xor),
                _ => None,
            });
            let (st, dty) = if base == "set" {
                if types.len() < 2 {
                    return Err(cx.err(format!("`{}` needs two types", i.opcode)));
                }
                (types[1], Some(types[0]))
            } else {
                (ty(cx)?, None)
            };
            if st.is_float() {
                other = 1;
            }
            let a = cx.src(&ops[1], st)?;
            let b = cx.src(&ops[2], st)?;
            if let Some(dty) = dty {
                if comb.is_some() {
                    return Err(unknown(cx));
                }
                let d = cx.dst(&ops[0])?;
                Op::Set { cmp, ty: st, dty, d, a, b }
            } else {
                let (d, dn) = match &ops[0] {
                    Operand::Pair(p, q) => (cx.pred(p)?, cx.pred(q)?),
                    Operand::Reg(p) => (cx.pred(p)?, NO_PRED),
                    o => return Err(cx.err(format!("bad setp destination {o:?}"))),
                };
                let (c, cneg) = match comb {
                    Some(_) => {
                        want(cx, 4)?;
                        cx.pred_src(&ops[3])?
                    }
                    None => (NO_PRED, false),
                };
                Op::Setp { cmp, ty: st, d, dn, a, b, comb, c, cneg }
            }
        }
        "selp" => {
            want(cx, 4)?;
            let t = ty(cx)?;
            let d = cx.dst(&ops[0])?;
            let a = cx.src(&ops[1], t)?;
            let b = cx.src(&ops[2], t)?;
            let (p, neg) = cx.pred_src(&ops[3])?;
            if neg {
                Op::Selp { d, a: b, b: a, p }
            } else {
                Op::Selp { d, a, b, p }
            }
        }
        "slct" => {
            want(cx, 4)?;
            if types.len() < 2 {
                return Err(cx.err("slct needs two types"));
            }
            let d = cx.dst(&ops[0])?;
            let a = cx.src(&ops[1], types[0])?;
            let b = cx.src(&ops[2], types[0])?;
            let c = cx.src(&ops[3], types[1])?;
            Op::Slct { ty: types[1], d, a, b, c }
        }
        "cvt" => {
            want(cx, 2)?;
            if types.len() < 2 {
                return Err(cx.err(format!("`{}` needs two types", i.opcode)));
            }
            let (dty, sty) = (types[0], types[1]);
            if (dty == Ty::F16 || sty == Ty::F16) && !(dty == Ty::F32 || sty == Ty::F32) {
                return Err(unknown(cx));
            }
            let rnd = mods.iter().find_map(|m| parse_rnd(m)).unwrap_or(Rnd::Default);
            if dty.is_float() || sty.is_float() {
                other = 1;
            }
            let d = cx.dst(&ops[0])?;
            let a = cx.src(&ops[1], sty)?;
            Op::Cvt { dty, sty, rnd, sat: has("sat"), d, a }
        }
        "cvta" => {
            want(cx, 2)?;
            let to = has("to");
            let space = mods.iter().find_map(|m| parse_space(m)).ok_or_else(|| unknown(cx))?;
            let d = cx.dst(&ops[0])?;
            let a = cx.src(&ops[1], Ty::U64)?;
            Op::Cvta { to, space, d, a }
        }
        "ld" | "ldu" | "st" => {
            want(cx, 2)?;
            let space = mods.iter().find_map(|m| parse_space(m)).unwrap_or(Space::Generic);
            let t = ty(cx)?;
            let n: u8 = if has("v2") {
                2
            } else if has("v4") {
                4
            } else {
                1
            };
            let (regs_op, addr_op) = if base == "st" { (&ops[1], &ops[0]) } else { (&ops[0], &ops[1]) };
            let (base_r, off) = cx.addr(addr_op)?;
            let space = match (space, addr_op) {
                (Space::Param, Operand::Addr(AddrBase::Sym(n), _))
                    if matches!(cx.syms.get(n.as_str()), Some(Sym::Frame(_))) =>
                {
                    Space::Frame
                }
                (Space::Param, _) if base == "st" => {
                    return Err(cx.err("stores to kernel parameters are not supported"))
                }
                _ => space,
            };
            let mut rs = [NO_REG; 4];
            match regs_op {
                Operand::Vector(v) => {
                    if v.len() != n as usize {
                        return Err(cx.err(format!("`{}` with {} registers", i.opcode, v.len())));
                    }
                    for (k, o) in v.iter().enumerate() {
                        rs[k] = if base == "st" { cx.src(o, t)? } else { cx.dst(o)? };
                    }
                }
                o if n == 1 => rs[0] = if base == "st" { cx.src(o, t)? } else { cx.dst(o)? },
                o => return Err(cx.err(format!("`{}` expects a vector, found {o:?}", i.opcode))),
            }
            if base == "st" {
                if space == Space::Const {
                    return Err(cx.err("stores to constant memory are not allowed"));
                }
                Op::St { space, ty: t, n, s: rs, base: base_r, off }
            } else {
                Op::Ld { space, ty: t, n, d: rs, base: base_r, off }
            }
        }
        "atom" | "red" => {
            let space = mods.iter().find_map(|m| parse_space(m)).unwrap_or(Space::Generic);
            let t = ty(cx)?;
            let op = mods
                .iter()
                .find_map(|m| {
                    Some(match *m {
                        "add" => AtomOp::Add,
                        "min" => AtomOp::Min,
                        "max" => AtomOp::Max,
                        "exch" => AtomOp::Exch,
                        "cas" => AtomOp::Cas,
                        "and" => AtomOp::And,
                        "or" => AtomOp::Or,
                        "xor" => AtomOp::Xor,
                        "inc" => AtomOp::Inc,
                        "dec" => AtomOp::Dec,
                        _ => return None,
                    })
                })
                .ok_or_else(|| unknown(cx))?;
            if t.size() < 4 || (t.is_float() && op != AtomOp::Add) || t == Ty::F16 {
                return Err(unknown(cx));
            }
            if t.is_float() {
                flops = 1;
            }
            let (d, rest) = if base == "atom" {
                want(cx, 3)?;
                (cx.dst(&ops[0])?, &ops[1..])
            } else {
                want(cx, 2)?;
                (NO_REG, &ops[..])
            };
            let (base_r, off) = cx.addr(&rest[0])?;
            let b = cx.src(&rest[1], t)?;
            let c = if op == AtomOp::Cas {
                if rest.len() < 3 {
                    return Err(cx.err("atom.cas needs a compare and a swap value"));
                }
                cx.src(&rest[2], t)?
            } else {
                NO_REG
            };
            Op::Atom { space, op, ty: t, d, base: base_r, off, b, c }
        }
        "bra" | "brx" => {
            want(cx, 1)?;
            if base == "brx" {
                return Err(unknown(cx));
            }
            let target = match &ops[0] {
                Operand::Sym(l) => *cx.labels.get(l).ok_or_else(|| cx.err(format!("unknown label `{l}`")))?,
                o => return Err(cx.err(format!("bad branch target {o:?}"))),
            };
            Op::Bra { target }
        }
        "bar" | "barrier" => {
            if has("warp") {
                Op::WarpSync
            } else if has("sync") || has("aligned") || mods.is_empty() {
                if ops.len() > 1 {
                    return Err(cx.err("barriers with a thread count are not supported"));
                }
                if let Some(Operand::Int(id)) = ops.first() {
                    if *id != 0 {
                        return Err(cx.err("named barriers other than 0 are not supported"));
                    }
                }
                Op::Bar
            } else {
                return Err(unknown(cx));
            }
        }
        "ret" | "exit" | "trap" => {
            if base == "trap" {
                return Err(unknown(cx));
            }
            Op::Exit
        }
        "membar" | "fence" | "prefetch" | "prefetchu" | "griddepcontrol" | "nanosleep" | "pmevent" => Op::Nop,
        "shfl" => {
            want(cx, 4)?;
            let mode = if has("up") {
                ShflMode::Up
            } else if has("down") {
                ShflMode::Down
            } else if has("bfly") {
                ShflMode::Bfly
            } else if has("idx") {
                ShflMode::Idx
            } else {
                return Err(unknown(cx));
            };
            let (d, dp) = match &ops[0] {
                Operand::Pair(r, p) => (cx.reg(r)?, cx.pred(p)?),
                o => (cx.dst(o)?, NO_PRED),
            };
            let a = cx.src(&ops[1], Ty::U32)?;
            let b = cx.src(&ops[2], Ty::U32)?;
            let c = cx.src(&ops[3], Ty::U32)?;
            Op::Shfl { mode, d, dp, a, b, c }
        }
        "vote" => {
            want(cx, 2)?;
            let mode = if has("all") {
                VoteMode::All
            } else if has("any") {
                VoteMode::Any
            } else if has("uni") {
                VoteMode::Uni
            } else if has("ballot") {
                VoteMode::Ballot
            } else {
                return Err(unknown(cx));
            };
            let (a, aneg) = cx.pred_src(&ops[1])?;
            if mode == VoteMode::Ballot {
                Op::Vote { mode, d: cx.dst(&ops[0])?, dp: NO_PRED, a, aneg }
            } else {
                Op::Vote { mode, d: NO_REG, dp: cx.pred_src(&ops[0])?.0, a, aneg }
            }
        }
        "bfe" => {
            want(cx, 4)?;
            let t = ty(cx)?;
            let d = cx.dst(&ops[0])?;
            let a = cx.src(&ops[1], t)?;
            let b = cx.src(&ops[2], Ty::U32)?;
            let c = cx.src(&ops[3], Ty::U32)?;
            Op::Bfe { ty: t, d, a, b, c }
        }
        "bfi" => {
            want(cx, 5)?;
            let t = ty(cx)?;
            let d = cx.dst(&ops[0])?;
            let f = cx.src(&ops[1], t)?;
            let a = cx.src(&ops[2], t)?;
            let b = cx.src(&ops[3], Ty::U32)?;
            let c = cx.src(&ops[4], Ty::U32)?;
            Op::Bfi { ty: t, d, f, a, b, c }
        }
        "prmt" => {
            want(cx, 4)?;
            if mods.iter().any(|m| matches!(*m, "f4e" | "b4e" | "rc8" | "ecl" | "ecr" | "rc16")) {
                return Err(unknown(cx));
            }
            let d = cx.dst(&ops[0])?;
            let a = cx.src(&ops[1], Ty::U32)?;
            let b = cx.src(&ops[2], Ty::U32)?;
            let c = cx.src(&ops[3], Ty::U32)?;
            Op::Prmt { d, a, b, c }
        }
        "call" => decode_call(cx, i)?,
        _ if i.opcode == CALL_TOO_DEEP => Op::CallTooDeep { too_large: false },
        _ if i.opcode == CALL_TOO_LARGE => Op::CallTooDeep { too_large: true },
        _ => return Err(unknown(cx)),
    };
    Ok(Inst { op, guard, guard_neg, flops, other_float: other })
}

/// Calls left after inlining: those to functions the module only declares. `vprintf` and
/// `__assertfail` (what `printf` and a failed `assert` call) are built in.
fn decode_call(cx: &mut Ctx, i: &Instruction) -> Result<Op, LoadError> {
    let site = call_site(i).ok_or_else(|| cx.err("malformed `call`"))?;
    let name = match site.callee {
        Operand::Sym(n) => n.as_str(),
        _ => return Err(cx.err("calls through a function pointer are not supported")),
    };
    let frame_offset = |cx: &Ctx, o: &Operand| -> Result<u32, LoadError> {
        match o {
            Operand::Sym(n) => match cx.syms.get(n.as_str()) {
                Some(Sym::Frame(off)) => Ok(*off as u32),
                _ => Err(cx.err(format!("`call {name}`: argument `{n}` is not a call parameter"))),
            },
            o => Err(cx.err(format!("`call {name}`: unsupported argument {o:?}"))),
        }
    };
    let arg = |cx: &Ctx, k: usize| -> Result<u32, LoadError> {
        let o = site.args.get(k).ok_or_else(|| cx.err(format!("`call {name}` with too few arguments")))?;
        frame_offset(cx, o)
    };
    match name {
        "vprintf" => Ok(Op::Printf {
            fmt: arg(cx, 0)?,
            args: arg(cx, 1)?,
            ret: match site.returns.first() {
                Some(o) => frame_offset(cx, o)?,
                None => u32::MAX,
            },
        }),
        "__assertfail" => Ok(Op::AssertFail { message: arg(cx, 0)?, file: arg(cx, 1)?, line: arg(cx, 2)?, function: arg(cx, 3)? }),
        _ => Err(cx.err(format!(
            "calls to `{name}` are not supported: the module declares it without a body (the emulator runs `printf`, `assert` and the kernel's own functions, followed {MAX_CALL_DEPTH} calls deep)"
        ))),
    }
}

fn wide(t: Ty) -> Ty {
    match t {
        Ty::S16 => Ty::S32,
        Ty::U16 => Ty::U32,
        Ty::S32 => Ty::S64,
        _ => Ty::U64,
    }
}

fn vec_regs(cx: &mut Ctx, v: &[Operand], dst: bool) -> Result<([R; 4], u8), LoadError> {
    if v.is_empty() || v.len() > 4 {
        return Err(cx.err("vector of 1 to 4 registers expected"));
    }
    let mut parts = [NO_REG; 4];
    for (k, o) in v.iter().enumerate() {
        parts[k] = if dst { cx.dst(o)? } else { cx.src(o, Ty::U32)? };
    }
    Ok((parts, v.len() as u8))
}
