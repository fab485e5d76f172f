//! PTX text → a small AST. Line numbers and the `.loc` in force are kept on every instruction
//! so that later errors and findings can name the student's `.cu` line.

use crate::types::LoadError;

mod chain;
mod lex;
mod rename;

use lex::{tokenize, Tok, Token};
use rename::rename_block;
pub(crate) use rename::Renamer;

fn err(line: usize, msg: impl Into<String>) -> LoadError {
    LoadError { message: msg.into(), ptx_line: line, source: None }
}

/// Where an address operand points: `[reg+off]`, `[sym+off]` or `[off]`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum AddrBase {
    Reg(String),
    Sym(String),
    None,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Operand {
    Reg(String),
    /// Integer immediate (kept as raw two's complement bits).
    Int(i64),
    /// `0fXXXXXXXX` (f32 bits) or `0dXXXXXXXXXXXXXXXX` (f64 bits).
    F32(u32),
    F64(u64),
    /// A symbol or label name.
    Sym(String),
    Addr(AddrBase, i64),
    Vector(Vec<Operand>),
    /// `!%p` as a source (predicate negation).
    NotReg(String),
    /// `%p|%q` (setp with two destinations).
    Pair(String, String),
    /// `(a, b)` in `call`.
    List(Vec<Operand>),
    /// `_`, the sink.
    Sink,
}

#[derive(Clone, Debug)]
pub(crate) struct Instruction {
    pub guard: Option<(String, bool)>, // (pred register, negated)
    pub opcode: String,
    pub operands: Vec<Operand>,
    pub ptx_line: usize,
    /// `.loc` in force: (file index, line).
    pub loc: Option<(u32, u32)>,
    /// Where NVRTC inlined the function this instruction came from (`.loc …, inlined_at F L C`),
    /// and, for instructions the emulator inlined itself, the call sites, innermost first.
    pub called_from: Vec<(u32, u32)>,
    /// The function the instruction's own line is in, when it was inlined: NVRTC's
    /// `function_name` label, or the callee's name where the emulator inlined it (two helpers
    /// called on one line have the same `called_from`).
    pub inlined: Option<String>,
}

#[derive(Clone, Debug)]
pub(crate) enum Statement {
    Label(String),
    Inst(Instruction),
    /// `.reg .type name` or `.reg .type name<N>`.
    Reg {
        ty: String,
        name: String,
        count: Option<u32>,
        line: usize,
    },
    Var(VarDecl),
}

#[derive(Clone, Debug)]
pub(crate) struct VarDecl {
    pub space: String, // "shared" "const" "global" "local" "param"
    pub extern_: bool,
    pub align: u64,
    pub ty: String,
    pub name: String,
    /// Element count for arrays (None for scalars, Some(0) for `[]`).
    pub dims: Vec<u64>,
    pub unsized_array: bool,
    pub init: Vec<Operand>,
    pub line: usize,
}

#[derive(Clone, Debug)]
pub(crate) struct Function {
    pub name: String,
    pub is_entry: bool,
    pub params: Vec<VarDecl>,
    /// A `.func`'s return parameters (`(.param .b32 func_retval0)`).
    pub returns: Vec<VarDecl>,
    pub body: Option<Vec<Statement>>,
    pub line: usize,
    pub bounds: crate::types::LaunchBounds,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Ast {
    pub files: Vec<(u32, String)>,
    pub globals: Vec<VarDecl>,
    pub functions: Vec<Function>,
}

struct P<'a> {
    toks: &'a [Token],
    pos: usize,
    loc: Option<(u32, u32)>,
    inlined_at: Option<(u32, u32)>,
    /// The `function_name` of the `.loc` in force.
    inlined: Option<String>,
    /// clang's call sites of the `.loc` in force, from its comment (`chain`), and the files
    /// they name; the PTX's lines.
    chain: Vec<(u32, u32)>,
    chain_files: Vec<String>,
    lines: Vec<&'a str>,
    /// Nested `{ }` blocks seen so far in the module: each one's declarations get a suffix of
    /// their own (see `rename_block`).
    blocks: u32,
}

impl<'a> P<'a> {
    fn peek(&self) -> Option<&'a Tok> {
        self.toks.get(self.pos).map(|t| &t.tok)
    }
    fn line(&self) -> usize {
        self.toks.get(self.pos).or(self.toks.last()).map(|t| t.line).unwrap_or(0)
    }
    fn next(&mut self) -> Result<&'a Tok, LoadError> {
        let t = self.toks.get(self.pos).ok_or_else(|| err(self.line(), "unexpected end of PTX"))?;
        self.pos += 1;
        Ok(&t.tok)
    }
    fn is_punct(&self, c: char) -> bool {
        self.peek() == Some(&Tok::Punct(c))
    }
    fn expect_punct(&mut self, c: char) -> Result<(), LoadError> {
        let line = self.line();
        match self.next()? {
            Tok::Punct(x) if *x == c => Ok(()),
            t => Err(err(line, format!("expected `{c}`, found {}", show(t)))),
        }
    }
    fn word(&mut self) -> Result<String, LoadError> {
        let line = self.line();
        match self.next()? {
            Tok::Word(w) => Ok(w.clone()),
            t => Err(err(line, format!("expected a name, found {}", show(t)))),
        }
    }
    fn number(&mut self) -> Result<i64, LoadError> {
        let line = self.line();
        let neg = if self.is_punct('-') {
            self.pos += 1;
            true
        } else {
            false
        };
        match self.next()? {
            Tok::Num(n) => {
                let v = parse_int(n).ok_or_else(|| err(line, format!("bad number `{n}`")))?;
                Ok(if neg { v.wrapping_neg() } else { v })
            }
            t => Err(err(line, format!("expected a number, found {}", show(t)))),
        }
    }
    /// Skip to just after the next `;` (for directives we accept and ignore).
    fn skip_statement(&mut self) -> Result<(), LoadError> {
        while !self.is_punct(';') {
            self.next()?;
        }
        self.pos += 1;
        Ok(())
    }
}

fn show(t: &Tok) -> String {
    match t {
        Tok::Word(w) | Tok::Num(w) => format!("`{w}`"),
        Tok::Str(s) => format!("\"{s}\""),
        Tok::Punct(c) => format!("`{c}`"),
    }
}

pub(crate) fn parse_int(s: &str) -> Option<i64> {
    let s2 = s.trim_end_matches('U');
    if let Some(h) = s2.strip_prefix("0x").or_else(|| s2.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok().map(|v| v as i64)
    } else if let Some(b) = s2.strip_prefix("0b") {
        u64::from_str_radix(b, 2).ok().map(|v| v as i64)
    } else if s2.len() > 1 && s2.starts_with('0') && s2.bytes().all(|b| b.is_ascii_digit()) {
        u64::from_str_radix(&s2[1..], 8).ok().map(|v| v as i64)
    } else {
        s2.parse::<u64>().ok().map(|v| v as i64)
    }
}

pub(crate) fn parse(text: &str) -> Result<Ast, LoadError> {
    let toks = tokenize(text)?;
    let (chain, chain_files, lines) = (Vec::new(), Vec::new(), text.lines().collect());
    let mut p =
        P { toks: &toks, pos: 0, loc: None, inlined_at: None, inlined: None, chain, chain_files, lines, blocks: 0 };
    let mut ast = Ast::default();
    while p.peek().is_some() {
        let line = p.line();
        let w = match p.next()? {
            Tok::Word(w) => w.clone(),
            Tok::Punct(';') => continue,
            t => return Err(err(line, format!("unexpected {} at top level", show(t)))),
        };
        match w.as_str() {
            ".version" | ".target" | ".address_size" => {
                // Runs to the end of the line (no `;`).
                while p.peek().is_some() && p.toks[p.pos].line == line {
                    p.pos += 1;
                }
            }
            ".file" => {
                let idx = p.number()? as u32;
                let name = match p.next()? {
                    Tok::Str(s) => s.clone(),
                    t => return Err(err(line, format!("expected a file name, found {}", show(t)))),
                };
                while p.is_punct(',') {
                    p.pos += 1;
                    p.number()?;
                }
                ast.files.push((idx, name));
            }
            ".pragma" => p.skip_statement()?,
            ".section" => {
                // Debug sections (-G): skip the braced block.
                while !p.is_punct('{') {
                    p.next()?;
                }
                let mut depth = 0;
                loop {
                    match p.next()? {
                        Tok::Punct('{') => depth += 1,
                        Tok::Punct('}') => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                }
            }
            _ => {
                // Linkage prefixes, then .entry/.func or a variable.
                let mut words = vec![w];
                let mut extern_ = false;
                loop {
                    let last = words.last().unwrap().as_str();
                    match last {
                        ".visible" | ".weak" | ".common" => {}
                        ".extern" => extern_ = true,
                        _ => break,
                    }
                    words.push(p.word()?);
                }
                let kind = words.last().unwrap().clone();
                match kind.as_str() {
                    ".entry" | ".func" => {
                        if let Some(f) = parse_function(&mut p, kind == ".entry", line)? {
                            ast.functions.push(f);
                        }
                    }
                    ".global" | ".const" | ".shared" | ".local" => {
                        let v = parse_var(&mut p, &kind[1..], extern_, line)?;
                        p.expect_punct(';')?;
                        ast.globals.push(v);
                    }
                    _ => return Err(err(line, format!("unsupported directive `{kind}`"))),
                }
            }
        }
    }
    chain::resolve(&mut ast, &p.chain_files);
    Ok(ast)
}

/// After `.shared` etc.: `[.align N] .type name[dims] [= {init}]` (no trailing `;`).
fn parse_var(p: &mut P, space: &str, extern_: bool, line: usize) -> Result<VarDecl, LoadError> {
    let mut align = 0;
    let mut ty = String::new();
    loop {
        let w = p.word()?;
        match w.as_str() {
            ".align" => align = p.number()? as u64,
            ".ptr" | ".volatile" => {}
            _ if w.starts_with(".ptr") => {}
            _ if w.starts_with('.') && ty.is_empty() && is_type(&w[1..]) => ty = w[1..].to_string(),
            _ if w.starts_with('.') => {
                // `.ptr.global.align 4` and similar param attributes.
                if w == ".global" || w == ".shared" || w == ".const" || w == ".local" {
                    continue;
                }
                return Err(err(line, format!("unsupported variable attribute `{w}`")));
            }
            _ => {
                if ty.is_empty() {
                    return Err(err(line, format!("variable `{w}` has no type")));
                }
                let mut v = VarDecl {
                    space: space.to_string(),
                    extern_,
                    align,
                    ty,
                    name: w,
                    dims: vec![],
                    unsized_array: false,
                    init: vec![],
                    line,
                };
                // `%r<4>` style is for .reg only; here only [dims].
                while p.is_punct('[') {
                    p.pos += 1;
                    if p.is_punct(']') {
                        v.unsized_array = true;
                    } else {
                        v.dims.push(p.number()? as u64);
                    }
                    p.expect_punct(']')?;
                }
                if p.is_punct('=') {
                    p.pos += 1;
                    v.init = parse_initializer(p)?;
                }
                return Ok(v);
            }
        }
    }
}

fn parse_initializer(p: &mut P) -> Result<Vec<Operand>, LoadError> {
    let mut out = Vec::new();
    if p.is_punct('{') {
        p.pos += 1;
        loop {
            if p.is_punct('}') {
                p.pos += 1;
                break;
            }
            if p.is_punct('{') {
                out.extend(parse_initializer(p)?);
            } else {
                out.push(parse_operand(p)?);
            }
            if p.is_punct(',') {
                p.pos += 1;
            }
        }
    } else {
        out.push(parse_operand(p)?);
    }
    Ok(out)
}

pub(crate) fn is_type(t: &str) -> bool {
    matches!(
        t,
        "b8" | "b16"
            | "b32"
            | "b64"
            | "b128"
            | "u8"
            | "u16"
            | "u32"
            | "u64"
            | "s8"
            | "s16"
            | "s32"
            | "s64"
            | "f16"
            | "f16x2"
            | "bf16"
            | "bf16x2"
            | "f32"
            | "f64"
            | "pred"
    )
}

fn parse_function(p: &mut P, is_entry: bool, line: usize) -> Result<Option<Function>, LoadError> {
    // Optional return list for .func: `(.param .b32 func_retval0)`.
    let mut returns = Vec::new();
    if !is_entry && p.is_punct('(') {
        returns = parse_param_list(p, "a function's return value")?;
    }
    let name = p.word()?;
    let params = if p.is_punct('(') { parse_param_list(p, &name)? } else { Vec::new() };
    // Performance directives until `{` or `;`.
    let mut bounds = crate::types::LaunchBounds::default();
    loop {
        if p.is_punct(';') {
            p.pos += 1;
            return Ok(None); // a declaration only
        }
        if p.is_punct('{') {
            break;
        }
        let l = p.line();
        match p.next()? {
            Tok::Word(w) if w.starts_with('.') => {
                // .maxntid 256, 1, 1 / .reqntid 128 / .minnctapersm 2 / .maxnreg 40 / .noreturn
                let mut values = Vec::new();
                while matches!(p.peek(), Some(Tok::Num(_))) || p.is_punct(',') {
                    if let Some(Tok::Num(n)) = p.peek() {
                        let v = n.parse::<u32>().map_err(|_| err(l, format!("bad number `{n}` after `{w}`")))?;
                        values.push(v);
                    }
                    p.pos += 1;
                }
                let dims = || [0, 1, 2].map(|i| values.get(i).copied().unwrap_or(1));
                match w.as_str() {
                    ".maxntid" => bounds.maxntid = Some(dims()),
                    ".reqntid" => bounds.reqntid = Some(dims()),
                    ".minnctapersm" => bounds.minnctapersm = values.first().copied(),
                    ".maxnreg" => bounds.maxnreg = values.first().copied(),
                    _ => {}
                }
            }
            t => return Err(err(l, format!("unexpected {} after the signature of `{name}`", show(t)))),
        }
    }
    p.pos += 1; // `{`
    p.loc = None;
    (p.inlined_at, p.inlined) = (None, None);
    p.chain.clear();
    let body = parse_body(p)?;
    Ok(Some(Function { name, is_entry, params, returns, body: Some(body), line, bounds }))
}

/// `( .param .type name, … )`; `.reg` parameters are kept with space "reg".
fn parse_param_list(p: &mut P, owner: &str) -> Result<Vec<VarDecl>, LoadError> {
    p.expect_punct('(')?;
    let mut params = Vec::new();
    while !p.is_punct(')') {
        let l = p.line();
        let w = p.word()?;
        if w != ".param" && w != ".reg" {
            return Err(err(l, format!("expected .param in the parameter list of `{owner}`, found `{w}`")));
        }
        params.push(parse_var(p, &w[1..], false, l)?);
        if p.is_punct(',') {
            p.pos += 1;
        }
    }
    p.pos += 1;
    Ok(params)
}

fn parse_body(p: &mut P) -> Result<Vec<Statement>, LoadError> {
    let mut out = Vec::new();
    loop {
        let line = p.line();
        let t = p.next()?;
        match t {
            Tok::Punct('}') => return Ok(out),
            Tok::Punct('{') => {
                // A nested scope, such as each call sequence's `{ .param .b64 param0; … }`:
                // the same names come back in every such block.
                let inner = parse_body(p)?;
                p.blocks += 1;
                out.extend(rename_block(inner, &format!("$blk{}$", p.blocks)));
            }
            Tok::Punct(';') => {}
            Tok::Punct('@') => {
                let neg = if p.is_punct('!') {
                    p.pos += 1;
                    true
                } else {
                    false
                };
                let pred = p.word()?;
                let opcode = p.word()?;
                out.push(Statement::Inst(parse_instruction(p, Some((pred, neg)), opcode, line)?));
            }
            Tok::Word(w) => {
                let w = w.clone();
                if p.is_punct(':') {
                    p.pos += 1;
                    // `prototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);` names the
                    // signature of an indirect call; the call's own lists say the same.
                    if matches!(p.peek(), Some(Tok::Word(d)) if d == ".callprototype") {
                        p.skip_statement()?;
                    } else {
                        out.push(Statement::Label(w));
                    }
                    continue;
                }
                match w.as_str() {
                    ".loc" => {
                        let file = p.number()? as u32;
                        let l = p.number()? as u32;
                        let _col = p.number()?;
                        // Newer PTX: `, function_name $L__info_stringN, inlined_at 1 2 3`.
                        p.inlined_at = None;
                        p.inlined = None;
                        while p.is_punct(',') {
                            p.pos += 1;
                            let key = p.word()?;
                            let mut nums = Vec::new();
                            let mut words = Vec::new();
                            while matches!(p.peek(), Some(Tok::Num(_)) | Some(Tok::Word(_)))
                                && p.toks[p.pos].line == line
                            {
                                match &p.toks[p.pos].tok {
                                    Tok::Num(n) => nums.push(parse_int(n).unwrap_or(0)),
                                    Tok::Word(w) => words.push(w.clone()),
                                    _ => {}
                                }
                                p.pos += 1;
                            }
                            if key == "inlined_at" && nums.len() >= 2 {
                                p.inlined_at = Some((nums[0] as u32, nums[1] as u32));
                            }
                            if key == "function_name" {
                                p.inlined = words.into_iter().next();
                            }
                        }
                        p.loc = Some((file, l));
                        let text = if p.inlined_at.is_none() { p.lines.get(line - 1).copied() } else { None };
                        p.chain = chain::from_comment(text.unwrap_or(""), &mut p.chain_files);
                    }
                    ".pragma" => p.skip_statement()?,
                    // `.reg .b32 f;`, or `.reg.b32 f;` as NVIDIA's cuda_fp16.hpp writes it.
                    r if r == ".reg" || r.starts_with(".reg.") => {
                        let mut ty = if r == ".reg" { p.word()? } else { r[".reg".len()..].to_string() };
                        if ty.starts_with(".v") {
                            ty = p.word()?;
                        }
                        let ty = ty.trim_start_matches('.').to_string();
                        loop {
                            let l = p.line();
                            let name = p.word()?;
                            let mut count = None;
                            if p.is_punct('<') {
                                p.pos += 1;
                                count = Some(p.number()? as u32);
                                p.expect_punct('>')?;
                            }
                            out.push(Statement::Reg { ty: ty.clone(), name, count, line: l });
                            if p.is_punct(',') {
                                p.pos += 1;
                                continue;
                            }
                            p.expect_punct(';')?;
                            break;
                        }
                    }
                    ".shared" | ".local" | ".const" | ".global" | ".param" => {
                        let v = parse_var(p, &w[1..], false, line)?;
                        p.expect_punct(';')?;
                        out.push(Statement::Var(v));
                    }
                    _ if w.starts_with('.') => {
                        return Err(err(line, format!("unsupported directive `{w}` in a function body")))
                    }
                    _ => out.push(Statement::Inst(parse_instruction(p, None, w, line)?)),
                }
            }
            t => return Err(err(line, format!("unexpected {} in a function body", show(t)))),
        }
    }
}

fn parse_instruction(
    p: &mut P,
    guard: Option<(String, bool)>,
    opcode: String,
    line: usize,
) -> Result<Instruction, LoadError> {
    let mut operands = Vec::new();
    let loc = p.loc;
    if !p.is_punct(';') {
        loop {
            operands.push(parse_operand(p).map_err(|mut e| {
                e.message = format!("{} (in `{opcode}`)", e.message);
                e
            })?);
            if p.is_punct(',') {
                p.pos += 1;
            } else {
                break;
            }
        }
    }
    if !p.is_punct(';') {
        let l = p.line();
        let t = p.next()?;
        return Err(err(l, format!("expected `;` after `{opcode}`, found {}", show(t))));
    }
    p.pos += 1;
    let called_from: Vec<(u32, u32)> = p.inlined_at.map_or_else(|| p.chain.clone(), |at| vec![at]);
    let inlined = if called_from.is_empty() { None } else { p.inlined.clone() };
    Ok(Instruction { guard, opcode, operands, ptx_line: line, loc, called_from, inlined })
}

fn parse_operand(p: &mut P) -> Result<Operand, LoadError> {
    let line = p.line();
    if p.is_punct('[') {
        p.pos += 1;
        let mut base = AddrBase::None;
        let mut off: i64 = 0;
        if let Some(Tok::Word(w)) = p.peek() {
            base = if w.starts_with('%') { AddrBase::Reg(w.clone()) } else { AddrBase::Sym(w.clone()) };
            p.pos += 1;
            if p.is_punct('+') {
                p.pos += 1;
                off = p.number()?;
            } else if p.is_punct('-') {
                off = p.number()?;
            }
        } else {
            off = p.number()?;
        }
        p.expect_punct(']')?;
        return Ok(Operand::Addr(base, off));
    }
    if p.is_punct('{') {
        p.pos += 1;
        let mut v = Vec::new();
        while !p.is_punct('}') {
            v.push(parse_operand(p)?);
            if p.is_punct(',') {
                p.pos += 1;
            }
        }
        p.pos += 1;
        return Ok(Operand::Vector(v));
    }
    if p.is_punct('(') {
        p.pos += 1;
        let mut v = Vec::new();
        while !p.is_punct(')') {
            v.push(parse_operand(p)?);
            if p.is_punct(',') {
                p.pos += 1;
            }
        }
        p.pos += 1;
        return Ok(Operand::List(v));
    }
    if p.is_punct('!') {
        p.pos += 1;
        return Ok(Operand::NotReg(p.word()?));
    }
    if p.is_punct('-') {
        // Negative immediates.
        return Ok(Operand::Int(p.number()?));
    }
    match p.next()? {
        Tok::Word(w) => {
            if w == "_" {
                return Ok(Operand::Sink);
            }
            if w.starts_with('%') {
                if p.is_punct('|') {
                    p.pos += 1;
                    let second = p.word()?;
                    return Ok(Operand::Pair(w.clone(), second));
                }
                return Ok(Operand::Reg(w.clone()));
            }
            // `sym+4` outside brackets (mov of a symbol address plus offset).
            if p.is_punct('+') {
                p.pos += 1;
                let off = p.number()?;
                return Ok(Operand::Addr(AddrBase::Sym(w.clone()), off));
            }
            Ok(Operand::Sym(w.clone()))
        }
        Tok::Num(n) => {
            let bad = || err(line, format!("bad number `{n}`"));
            if let Some(h) = n.strip_prefix("0f").or_else(|| n.strip_prefix("0F")) {
                return Ok(Operand::F32(u32::from_str_radix(h, 16).map_err(|_| bad())?));
            }
            if let Some(h) = n.strip_prefix("0d").or_else(|| n.strip_prefix("0D")) {
                return Ok(Operand::F64(u64::from_str_radix(h, 16).map_err(|_| bad())?));
            }
            if n.contains('.') || n.contains('e') && !n.starts_with("0x") {
                let f: f64 = n.parse().map_err(|_| bad())?;
                return Ok(Operand::F64(f.to_bits()));
            }
            Ok(Operand::Int(parse_int(n).ok_or_else(bad)?))
        }
        t => Err(err(line, format!("unexpected {} in operands", show(t)))),
    }
}
