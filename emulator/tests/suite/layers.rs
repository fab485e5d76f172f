//! The crate's shape: no module of `emulator/src` reaches back to a module that reaches it
//! (`crate::x` paths and `use crate::{x, …}` lists, tests excepted; a cycle is printed), no
//! file is over 700 lines and no function over 125.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// `foo.rs` and `foo/mod.rs` are module `foo`; `foo/bar.rs` belongs to `foo` too.
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap();
    let first = rel.components().next().unwrap().as_os_str().to_string_lossy().into_owned();
    first.trim_end_matches(".rs").to_string()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The modules a file names after `crate::`.
fn uses(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (i, _) in text.match_indices("crate::") {
        let rest = &text[i + "crate::".len()..];
        if let Some(list) = rest.strip_prefix('{') {
            // use crate::{a::X, b, c::{…}}: the first segment of each item.
            let mut depth = 0;
            let mut item = String::new();
            for c in list.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        found.insert(item.trim().split("::").next().unwrap().to_string());
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                if depth == 0 {
                    item.push(c);
                }
            }
            found.insert(item.trim().split("::").next().unwrap().to_string());
        } else {
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            found.insert(name);
        }
    }
    found.retain(|m| !m.is_empty() && m.chars().next().unwrap().is_lowercase());
    found
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in files {
        let module = module_of(&src, &f);
        if matches!(module.as_str(), "lib" | "tests" | "bin") {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        // Unit tests may reach anywhere.
        let code = text.split("#[cfg(test)]").next().unwrap();
        let deps = g.entry(module.clone()).or_default();
        deps.extend(uses(code).into_iter().filter(|d| *d != module));
    }
    g
}

/// A cycle through `start`, if any (depth-first).
fn cycle(g: &BTreeMap<String, BTreeSet<String>>, path: &mut Vec<String>) -> Option<Vec<String>> {
    let last = path.last().unwrap().clone();
    for next in g.get(&last).into_iter().flatten() {
        if let Some(i) = path.iter().position(|p| p == next) {
            let mut c = path[i..].to_vec();
            c.push(next.clone());
            return Some(c);
        }
        path.push(next.clone());
        if let Some(c) = cycle(g, path) {
            return Some(c);
        }
        path.pop();
    }
    None
}

#[test]
fn the_module_graph_has_no_cycle() {
    let g = graph();
    assert!(g.contains_key("exec") && g["exec"].contains("ir"), "the graph is read: {g:?}");
    for start in g.keys() {
        if let Some(c) = cycle(&g, &mut vec![start.clone()]) {
            panic!("import cycle: {}", c.join(" → "));
        }
    }
}

#[test]
fn a_cycle_would_be_found() {
    let mut g = graph();
    g.get_mut("types").unwrap().insert("exec".into());
    assert!(cycle(&g, &mut vec!["exec".into()]).is_some());
}

#[test]
fn use_lists_are_read() {
    let u = uses("use crate::{decode::{Op, Space}, ops, types::X};\nlet a = crate::shadow::f();");
    assert_eq!(u.into_iter().collect::<Vec<_>>(), ["decode", "ops", "shadow", "types"]);
}

/// Lines of each function of `text` longer than `limit` (a `fn` line to the `}` at its indent).
fn long_functions(text: &str, limit: usize) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut long = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        let is_fn =
            ["fn ", "pub fn ", "pub(crate) fn ", "pub(super) fn ", "unsafe fn "].iter().any(|p| trimmed.starts_with(p));
        if !is_fn || trimmed.ends_with(';') {
            continue;
        }
        let close = format!("{indent}}}");
        if let Some(end) = lines[i..].iter().position(|l| *l == close) {
            if end + 1 > limit {
                let name = trimmed.split('(').next().unwrap_or(trimmed).to_string();
                long.push((name, end + 1));
            }
        }
    }
    long
}

#[test]
fn files_and_functions_stay_short() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut problems = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let rel = f.strip_prefix(&src).unwrap().display().to_string();
        if text.lines().count() > 700 {
            problems.push(format!("{rel}: {} lines", text.lines().count()));
        }
        for (name, n) in long_functions(&text, 125) {
            problems.push(format!("{rel}: {name} is {n} lines"));
        }
    }
    assert!(problems.is_empty(), "split these: {problems:#?}");
}

#[test]
fn a_long_function_is_found() {
    let body = "    let x = 1;\n".repeat(130);
    let text = format!("fn short() {{\n}}\n\nfn long() {{\n{body}}}\n");
    assert_eq!(long_functions(&text, 125), vec![("fn long".to_string(), 132)]);
}
