//! The crate's shape: no module of `emulator/src` reaches back to a module that reaches it
//! (`crate::x` paths and `use crate::{x, …}` lists, tests and comments excepted; a cycle is
//! printed), no file is over 700 lines and no function over 125. A name the crate root
//! re-exports (`crate::Metrics`) counts as a use of the module it comes from, or `types` could
//! reach `probe` through `lib.rs` unseen.

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

/// The first segment of each path a file names after `crate::`: a module (`exec`) or a name
/// the crate root re-exports (`Metrics`).
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
    found.retain(|m| !m.is_empty());
    found
}

/// What `lib.rs` re-exports, name → module: `pub use x::…::Name;` lines, and for `pub use
/// x::*;` every `pub` item declared in `x`'s own file (`files`: module → its text).
fn re_exports(lib: &str, files: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    for line in lib.lines() {
        let Some(path) = line.trim().strip_prefix("pub use ").and_then(|p| p.strip_suffix(';')) else {
            continue;
        };
        let module = path.split("::").next().unwrap().to_string();
        let last = path.rsplit("::").next().unwrap();
        if last != "*" {
            names.insert(last.to_string(), module);
            continue;
        }
        for l in files.get(&module).into_iter().flat_map(|t| t.lines()) {
            let kinds = ["pub struct ", "pub enum ", "pub fn ", "pub const ", "pub trait ", "pub type "];
            if let Some(rest) = kinds.iter().find_map(|k| l.strip_prefix(k)) {
                let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                names.insert(name, module.clone());
            }
        }
    }
    names
}

/// The code of a file as the graph reads it: unit tests and comment lines left out.
fn code_of(text: &str) -> String {
    let code = text.split("#[cfg(test)]").next().unwrap();
    code.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    // Each module's code, its files together, and the text of its own file (`x.rs`, `x/mod.rs`).
    let mut code: BTreeMap<String, String> = BTreeMap::new();
    let mut own: BTreeMap<String, String> = BTreeMap::new();
    for f in files {
        let module = module_of(&src, &f);
        if matches!(module.as_str(), "lib" | "tests" | "bin") {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        if f.parent() == Some(&src) || f.ends_with(format!("{module}/mod.rs")) {
            own.insert(module.clone(), text.clone());
        }
        code.entry(module).or_default().push_str(&code_of(&text));
    }
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let names = re_exports(&lib, &own);
    code.iter().map(|(module, text)| (module.clone(), deps(module, text, &code, &names))).collect()
}

/// The modules `module`'s code uses: those it names, and those of the re-exported names it uses.
fn deps(
    module: &str,
    text: &str,
    modules: &BTreeMap<String, String>,
    names: &BTreeMap<String, String>,
) -> BTreeSet<String> {
    uses(text)
        .into_iter()
        .filter_map(|u| if modules.contains_key(&u) { Some(u) } else { names.get(&u).cloned() })
        .filter(|d| d != module)
        .collect()
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

#[test]
fn a_re_exported_name_is_its_module() {
    let lib = "mod probe;\nmod types;\npub use probe::lines::LineCounts;\npub use types::*;\n";
    let own = BTreeMap::from([("types".to_string(), "pub struct Metrics {}\nstruct Hidden;\n".to_string())]);
    let names = re_exports(lib, &own);
    assert_eq!(names.get("LineCounts").map(String::as_str), Some("probe"));
    assert_eq!(names.get("Metrics").map(String::as_str), Some("types"));
    assert_eq!(names.get("Hidden"), None);
    // `types` naming `crate::LineCounts` depends on `probe`: with `probe` using `types`, a cycle.
    let modules = BTreeMap::from([("probe".to_string(), String::new()), ("types".to_string(), String::new())]);
    let code = code_of("/// See [`Metrics`](crate::Metrics).\npub lines: Vec<crate::LineCounts>,");
    assert_eq!(deps("types", &code, &modules, &names), BTreeSet::from(["probe".to_string()]));
    let mut g = BTreeMap::from([
        ("types".to_string(), deps("types", &code, &modules, &names)),
        ("probe".to_string(), deps("probe", "use crate::types::Metrics;", &modules, &names)),
    ]);
    assert!(cycle(&g, &mut vec!["types".into()]).is_some());
    g.get_mut("types").unwrap().clear();
    assert!(cycle(&g, &mut vec!["types".into()]).is_none());
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
