//! Calls to `.func` functions, inlined into the kernel before it is decoded.
//!
//! NVRTC passes arguments through `.param` variables of a call sequence:
//!
//! ```text
//! { .param .b32 param0; st.param.b32 [param0+0], %r7; .param .b32 retval0;
//!   call.uni (retval0), _Z3tapPKfii, (param0); ld.param.f32 %f2, [retval0+0]; }
//! ```
//!
//! Inlining puts the callee's body at the call site with its registers, labels and variables
//! renamed for that call, its parameters renamed to the caller's argument variables (so the
//! callee's `ld.param [f_param_0]` reads what the caller stored in `param0`), and each `ret`
//! turned into a branch to the end of the body. The executor then sees one straight kernel:
//! the SIMT rules, the counts and the sanitizer work inside helpers as anywhere else, and every
//! inlined instruction remembers the call sites it came through, for the report.
//!
//! A call through a function pointer (`call (retval0), %rd6, (param0), prototype_0;`) becomes a
//! dispatch: the pointer is compared with the address of each function the module takes the
//! address of (`mov.u64 %rd6, _Z7mul_tapff;`, a table in a `.global`) that has the call's
//! numbers of parameters and return values, and a branch goes to that function inlined there.
//! A pointer that is none of them reaches an instruction that stops the launch with a finding,
//! as a GPU stops at a jump to something that is not a function.
//!
//! Recursion is followed [`MAX_CALL_DEPTH`] calls deep (and within [`MAX_INLINED`]
//! instructions); a call past that becomes an instruction that stops the launch with a finding
//! when a thread reaches it, as a GPU's call stack would overflow.

use std::collections::{HashMap, HashSet};

use crate::parse::{Ast, Function, Instruction, Operand, Renamer, Statement};
use crate::types::LoadError;

/// Calls nested deeper than this are not followed (the finding says so).
pub(crate) const MAX_CALL_DEPTH: usize = 16;
/// Instructions inlining may add to one kernel.
pub(crate) const MAX_INLINED: usize = 20_000;
/// The opcodes a call past the limits becomes (decoded into `Op::CallTooDeep`): nested too
/// deep, or more inlined code than the emulator takes.
pub(crate) const CALL_TOO_DEEP: &str = "emulator.call_too_deep";
pub(crate) const CALL_TOO_LARGE: &str = "emulator.call_too_large";
/// The opcode an indirect call ends in when its pointer is none of the functions it may call
/// (decoded into `Op::BadCall`; its operand is the pointer).
pub(crate) const BAD_CALL: &str = "emulator.bad_call";

/// The parts of a `call` instruction.
pub(crate) struct CallSite<'a> {
    pub returns: Vec<&'a Operand>,
    pub callee: &'a Operand,
    pub args: Vec<&'a Operand>,
}

/// `call{.uni} [(ret, …),] callee [, (arg, …)] [, prototype]`.
pub(crate) fn call_site(i: &Instruction) -> Option<CallSite<'_>> {
    let mut ops = i.operands.iter().peekable();
    let returns = match ops.peek() {
        Some(Operand::List(v)) => {
            ops.next();
            v.iter().collect()
        }
        _ => Vec::new(),
    };
    let callee = ops.next()?;
    let args = match ops.next() {
        Some(Operand::List(v)) => v.iter().collect(),
        _ => Vec::new(),
    };
    Some(CallSite { returns, callee, args })
}

fn is_call(i: &Instruction) -> bool {
    i.opcode == "call" || i.opcode.starts_with("call.")
}

struct Inliner<'a> {
    functions: HashMap<&'a str, &'a Function>,
    /// The functions whose address the module takes: those an indirect call may reach.
    pointed_to: Vec<&'a Function>,
    calls: usize,
    added: usize,
}

/// What a `call` reaches: one function, or whichever a function pointer holds.
enum Callee<'a> {
    Direct(&'a Function),
    Indirect,
}

/// The names of functions the module takes the address of: every symbol an instruction or a
/// variable's initialiser names, other than the callee of a direct call.
fn address_taken(ast: &Ast) -> HashSet<&str> {
    let mut names = HashSet::new();
    for i in ast.functions.iter().flat_map(|f| f.body.iter().flatten()) {
        let Statement::Inst(i) = i else { continue };
        let callee = if is_call(i) { call_site(i).map(|c| c.callee as *const Operand) } else { None };
        for o in i.operands.iter().filter(|o| Some(*o as *const Operand) != callee) {
            if let Operand::Sym(n) = o {
                names.insert(n.as_str());
            }
        }
    }
    for o in ast.globals.iter().flat_map(|v| &v.init) {
        if let Operand::Sym(n) = o {
            names.insert(n.as_str());
        }
    }
    names
}

/// The body of `entry` with every call to a function defined in the module inlined.
/// Calls to declared-only functions (`vprintf`, `__assertfail`, …) are left for the decoder.
///
/// One pass per level of calls, so that a recursive function (two calls of itself, say) is
/// followed equally deep on every path before the size limit cuts it.
pub(crate) fn inline_calls(ast: &Ast, entry: &Function) -> Result<Vec<Statement>, LoadError> {
    let mut body = entry.body.clone().expect("entries have bodies");
    let functions = ast.functions.iter().filter(|f| f.body.is_some()).map(|f| (f.name.as_str(), f)).collect();
    let taken = address_taken(ast);
    let pointed_to =
        ast.functions.iter().filter(|f| !f.is_entry && f.body.is_some() && taken.contains(f.name.as_str())).collect();
    let mut inliner = Inliner { functions, pointed_to, calls: 0, added: 0 };
    for depth in 0..=MAX_CALL_DEPTH {
        let (next, expanded) = inliner.expand(body, depth)?;
        body = next;
        if !expanded {
            break;
        }
    }
    Ok(body)
}

impl<'a> Inliner<'a> {
    /// One level: each call to a defined function is replaced by its body, or, past the limits,
    /// by the instruction that reports it. Says whether anything was inlined.
    fn expand(&mut self, body: Vec<Statement>, depth: usize) -> Result<(Vec<Statement>, bool), LoadError> {
        let mut out = Vec::with_capacity(body.len());
        let mut expanded = false;
        for s in body {
            let callee = match &s {
                Statement::Inst(i) if is_call(i) => call_site(i).and_then(|c| match c.callee {
                    Operand::Sym(name) => self.functions.get(name.as_str()).map(|f| Callee::Direct(f)),
                    Operand::Reg(_) => Some(Callee::Indirect),
                    _ => None,
                }),
                _ => None,
            };
            let (Some(callee), Statement::Inst(i)) = (callee, s.clone()) else {
                out.push(s);
                continue;
            };
            let callees = match callee {
                Callee::Direct(f) => vec![f],
                Callee::Indirect => self.reachable_through_pointer(&i),
            };
            let size: usize = callees.iter().map(|f| f.body.as_ref().map_or(0, |b| b.len())).sum();
            if depth >= MAX_CALL_DEPTH || self.added + size > MAX_INLINED {
                let opcode = if depth >= MAX_CALL_DEPTH { CALL_TOO_DEEP } else { CALL_TOO_LARGE };
                out.push(Statement::Inst(Instruction { opcode: opcode.to_string(), operands: Vec::new(), ..i }));
                continue;
            }
            self.added += size;
            match callee {
                Callee::Direct(f) => out.extend(self.instantiate(f, &i)?),
                Callee::Indirect => out.extend(self.dispatch(&callees, &i)?),
            }
            expanded = true;
        }
        Ok((out, expanded))
    }

    /// The functions an indirect call may reach: those whose address is taken, with as many
    /// parameters and return values as the call passes.
    fn reachable_through_pointer(&self, call: &Instruction) -> Vec<&'a Function> {
        let Some(site) = call_site(call) else { return Vec::new() };
        let fits = |f: &&&Function| f.params.len() == site.args.len() && f.returns.len() == site.returns.len();
        self.pointed_to.iter().filter(fits).copied().collect()
    }

    /// An indirect call: the pointer compared with each function it may reach, a branch to
    /// that function inlined, and `BAD_CALL` for a pointer that is none of them.
    fn dispatch(&mut self, callees: &[&Function], call: &Instruction) -> Result<Vec<Statement>, LoadError> {
        let pointer = call_site(call).expect("an indirect call").callee.clone();
        self.calls += 1;
        let tag = format!("$icall{}$", self.calls);
        let (pred, end) = (format!("%p{tag}"), format!("$L__icall_end{tag}"));
        let entry = |k: usize| format!("$L__icall{tag}{k}");
        // Each instruction of the dispatch is at the call's place in the source.
        let inst = |opcode: &str, operands: Vec<Operand>, guard: Option<(String, bool)>| {
            Statement::Inst(Instruction { guard, opcode: opcode.to_string(), operands, ..call.clone() })
        };
        let mut out = vec![Statement::Reg { ty: "pred".into(), name: pred.clone(), count: None, line: call.ptx_line }];
        if let Some((p, negated)) = &call.guard {
            // The lanes whose guard fails make no call.
            out.push(inst("bra", vec![Operand::Sym(end.clone())], Some((p.clone(), !negated))));
        }
        for (k, f) in callees.iter().enumerate() {
            let operands = vec![Operand::Reg(pred.clone()), pointer.clone(), Operand::Sym(f.name.clone())];
            out.push(inst("setp.eq.u64", operands, None));
            out.push(inst("bra", vec![Operand::Sym(entry(k))], Some((pred.clone(), false))));
        }
        out.push(inst(BAD_CALL, vec![pointer], None));
        for (k, f) in callees.iter().enumerate() {
            out.push(Statement::Label(entry(k)));
            out.extend(self.instantiate(f, call)?);
            if k + 1 < callees.len() {
                out.push(inst("bra", vec![Operand::Sym(end.clone())], None));
            }
        }
        out.push(Statement::Label(end));
        Ok(out)
    }

    /// The callee's body renamed for this call, `ret` turned into a branch to its end.
    fn instantiate(&mut self, callee: &Function, call: &Instruction) -> Result<Vec<Statement>, LoadError> {
        let unsupported = |what: &str| LoadError {
            message: format!("calls to `{}` {what}", callee.name),
            ptx_line: call.ptx_line,
            source: None,
        };
        let site = call_site(call).ok_or_else(|| unsupported("are malformed"))?;
        self.calls += 1;
        let suffix = format!("$call{}$", self.calls);
        let body = callee.body.as_ref().expect("only defined functions are inlined");
        let mut renamer = Renamer::declared_in(body, &suffix, true);
        let formals = callee.params.iter().zip(&site.args).chain(callee.returns.iter().zip(&site.returns));
        for (formal, actual) in formals {
            match (formal.space.as_str(), actual) {
                ("param", Operand::Sym(var)) => {
                    renamer.fixed.insert(formal.name.clone(), var.clone());
                }
                _ => return Err(unsupported("pass parameters in registers, which the emulator does not support")),
            }
        }
        if site.args.len() != callee.params.len() || site.returns.len() != callee.returns.len() {
            return Err(unsupported("do not match its declaration"));
        }
        let end = format!("$L__return{suffix}");
        // The call site (and where NVRTC had inlined it) comes after the callee's own chain.
        let mut site_chain: Vec<(u32, u32)> = call.loc.into_iter().collect();
        site_chain.extend(&call.called_from);
        let mut inlined: Vec<Statement> = renamer
            .apply(body.clone())
            .into_iter()
            .map(|s| match s {
                Statement::Inst(mut i) => {
                    if i.opcode == "ret" || i.opcode.starts_with("ret.") {
                        i.opcode = "bra".to_string();
                        i.operands = vec![Operand::Sym(end.clone())];
                    }
                    i.called_from.extend(&site_chain);
                    if i.inlined.is_none() {
                        i.inlined = Some(callee.name.clone());
                    }
                    if i.loc.is_none() {
                        i.loc = call.loc;
                    }
                    Statement::Inst(i)
                }
                other => other,
            })
            .collect();
        inlined.push(Statement::Label(end));
        Ok(inlined)
    }
}
