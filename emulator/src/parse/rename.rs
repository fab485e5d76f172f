//! Renaming registers and labels per nested block and per inlined call: the names a scope
//! declares get a suffix of their own, so scopes never collide once flattened.

use super::*;

/// Give the registers and variables a nested block declares a suffix of their own, in the
/// block's declarations and in its instructions (labels are unique in a function already).
pub(super) fn rename_block(stmts: Vec<Statement>, suffix: &str) -> Vec<Statement> {
    let renamer = Renamer::declared_in(&stmts, suffix, false);
    renamer.apply(stmts)
}

/// Renames what a list of statements declares (registers, variables and, for an inlined
/// function body, labels) by appending a suffix, plus names given one by one (a callee's
/// parameters become the caller's argument variables).
pub(crate) struct Renamer {
    suffix: String,
    /// Declared names; `Some(n)` for `%r<n>`-style declarations of `%r0` … `%r{n-1}`.
    declared: Vec<(String, Option<u32>)>,
    pub fixed: std::collections::HashMap<String, String>,
}

impl Renamer {
    pub(crate) fn declared_in(stmts: &[Statement], suffix: &str, labels: bool) -> Renamer {
        let mut declared = Vec::new();
        for s in stmts {
            match s {
                Statement::Reg { name, count, .. } => declared.push((name.clone(), *count)),
                Statement::Var(v) => declared.push((v.name.clone(), None)),
                Statement::Label(l) if labels => declared.push((l.clone(), None)),
                _ => {}
            }
        }
        Renamer { suffix: suffix.to_string(), declared, fixed: Default::default() }
    }

    /// The new name of a use of `n`, if it changes.
    pub(crate) fn name(&self, n: &str) -> Option<String> {
        if let Some(f) = self.fixed.get(n) {
            return Some(f.clone());
        }
        let suffix = &self.suffix;
        self.declared.iter().find_map(|(d, count)| match count {
            None if d == n => Some(format!("{n}{suffix}")),
            Some(c) => n
                .strip_prefix(d.as_str())
                .and_then(|i| i.parse::<u32>().ok())
                .filter(|i| i < c)
                .map(|i| format!("{d}{suffix}{i}")),
            None => None,
        })
    }

    pub(crate) fn apply(&self, stmts: Vec<Statement>) -> Vec<Statement> {
        let rename = |n: &str| self.name(n);
        stmts
            .into_iter()
            .map(|s| match s {
                Statement::Reg { ty, name, count, line } => {
                    // A counted declaration renames its stem: `%r<4>` → `%r$sfx<4>`.
                    let name = match count {
                        Some(_) => format!("{name}{}", self.suffix),
                        None => rename(&name).unwrap_or(name),
                    };
                    Statement::Reg { ty, name, count, line }
                }
                Statement::Var(mut v) => {
                    v.name = rename(&v.name).unwrap_or(v.name);
                    Statement::Var(v)
                }
                Statement::Label(l) => Statement::Label(rename(&l).unwrap_or(l)),
                Statement::Inst(mut i) => {
                    if let Some((p, _)) = &mut i.guard {
                        if let Some(n) = rename(p) {
                            *p = n;
                        }
                    }
                    for o in &mut i.operands {
                        o.rename(&rename);
                    }
                    Statement::Inst(i)
                }
            })
            .collect()
    }
}

impl Operand {
    /// Rename every register or symbol name in the operand that `f` renames.
    pub(crate) fn rename(&mut self, f: &dyn Fn(&str) -> Option<String>) {
        let swap = |n: &mut String| {
            if let Some(m) = f(n) {
                *n = m;
            }
        };
        match self {
            Operand::Reg(n) | Operand::Sym(n) | Operand::NotReg(n) => swap(n),
            Operand::Addr(AddrBase::Reg(n) | AddrBase::Sym(n), _) => swap(n),
            Operand::Pair(a, b) => {
                swap(a);
                swap(b);
            }
            Operand::Vector(v) | Operand::List(v) => v.iter_mut().for_each(|o| o.rename(f)),
            Operand::Int(_) | Operand::F32(_) | Operand::F64(_) | Operand::Addr(AddrBase::None, _) | Operand::Sink => {}
        }
    }
}
