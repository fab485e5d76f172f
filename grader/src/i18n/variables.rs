//! The variables a Fluent message uses, read from its syntax tree: shared by `build.rs` (each
//! English message's typed constructor takes exactly these) and the catalogue tests (every
//! translation uses no other).

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement, Resource};

/// Each message of `resources` with a value: its id and the variables its value uses, those of
/// the messages it names (`{ other-id }`, said with the same arguments) included.
pub fn message_variables(resources: &[Resource<&str>]) -> BTreeMap<String, BTreeSet<String>> {
    let mut own = BTreeMap::new();
    for res in resources {
        for entry in &res.body {
            if let Entry::Message(m) = entry {
                if let Some(value) = &m.value {
                    let mut found = Found::default();
                    pattern(value, &mut found);
                    own.entry(m.id.name.to_string()).or_insert(found);
                }
            }
        }
    }
    own.keys()
        .map(|id| {
            let mut vars = BTreeSet::new();
            let mut seen = BTreeSet::new();
            gather(id, &own, &mut vars, &mut seen);
            (id.clone(), vars)
        })
        .collect()
}

#[derive(Default)]
struct Found {
    variables: BTreeSet<String>,
    messages: BTreeSet<String>,
}

fn gather(id: &str, own: &BTreeMap<String, Found>, vars: &mut BTreeSet<String>, seen: &mut BTreeSet<String>) {
    if !seen.insert(id.to_string()) {
        return;
    }
    if let Some(f) = own.get(id) {
        vars.extend(f.variables.iter().cloned());
        for m in &f.messages {
            gather(m, own, vars, seen);
        }
    }
}

fn pattern(p: &Pattern<&str>, out: &mut Found) {
    for e in &p.elements {
        if let PatternElement::Placeable { expression } = e {
            expr(expression, out);
        }
    }
}

fn expr(e: &Expression<&str>, out: &mut Found) {
    match e {
        Expression::Inline(i) => inline(i, out),
        Expression::Select { selector, variants } => {
            inline(selector, out);
            for v in variants {
                pattern(&v.value, out);
            }
        }
    }
}

fn inline(i: &InlineExpression<&str>, out: &mut Found) {
    match i {
        InlineExpression::VariableReference { id } => {
            out.variables.insert(id.name.to_string());
        }
        InlineExpression::MessageReference { id, .. } => {
            out.messages.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expr(expression, out),
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in arguments.positional.iter().chain(arguments.named.iter().map(|n| &n.value)) {
                inline(a, out);
            }
        }
        // A term's arguments are its own (`-term(x: 1)`), literals, never the caller's.
        _ => {}
    }
}
