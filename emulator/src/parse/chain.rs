//! Where clang inlined the code of a `.loc`. PTX before 7.2 (clang writes 7.0) has no
//! `inlined_at`: clang says it in the `.loc`'s comment only,
//! `.loc 2 77 37 // cooperative_groups.h:77:37 @[ kernel.cu:17:9 ]`, each `@[ … ]` a call
//! site, innermost first. Without it, a finding in a course header's helper would name the
//! header's line and not the student's line that called it. The comment names files by path,
//! and `.file` may come after the functions: the chain's files get placeholder numbers here,
//! numbered for real once the whole module is read ([`resolve`]).

use std::path::Path;

use super::{Ast, Statement};

/// Placeholder file numbers count down from here (real ones are small).
const PLACEHOLDER: u32 = u32::MAX;

/// The call sites in a `.loc` line's comment, innermost first, files numbered by their place
/// in `names` (see [`PLACEHOLDER`]); none where the comment has no `@[`.
pub(super) fn from_comment(line: &str, names: &mut Vec<String>) -> Vec<(u32, u32)> {
    let Some((_, comment)) = line.split_once("//") else { return Vec::new() };
    let mut chain = Vec::new();
    for site in comment.split("@[").skip(1) {
        let site = site.trim().trim_end_matches(|c: char| c == ']' || c.is_whitespace());
        let mut parts = site.rsplitn(3, ':');
        let (Some(_col), Some(l), Some(file)) = (parts.next(), parts.next(), parts.next()) else { break };
        let Ok(l) = l.parse::<u32>() else { break };
        let at = names.iter().position(|n| n == file).unwrap_or_else(|| {
            names.push(file.to_string());
            names.len() - 1
        });
        chain.push((PLACEHOLDER - at as u32, l));
    }
    chain
}

/// Number the call sites' files as `.file` does (a comment's path is the end of a `.file`'s,
/// or the same); a chain with a file `.file` does not name is dropped.
pub(super) fn resolve(ast: &mut Ast, names: &[String]) {
    if names.is_empty() {
        return;
    }
    let numbered: Vec<Option<u32>> = names
        .iter()
        .map(|n| ast.files.iter().find(|(_, f)| f == n || Path::new(f).ends_with(n)).map(|(i, _)| *i))
        .collect();
    let real = |file: u32| match PLACEHOLDER.checked_sub(file).map(|at| at as usize) {
        Some(at) if at < names.len() => numbered[at],
        _ => Some(file),
    };
    for f in &mut ast.functions {
        for s in f.body.iter_mut().flatten() {
            if let Statement::Inst(i) = s {
                let chain: Option<Vec<(u32, u32)>> = i.called_from.iter().map(|&(f, l)| Some((real(f)?, l))).collect();
                i.called_from = chain.unwrap_or_default();
            }
        }
    }
}
