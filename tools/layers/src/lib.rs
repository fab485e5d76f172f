//! A crate's shape, checked by its own tests (`emulator` and `grader` each have a `layers` test):
//! the graph of its top-level modules as their code names them — `crate::x::…` paths, `use
//! crate::{x, …}` lists, and names the crate root re-exports (`crate::Metrics` is a use of the
//! module it comes from) — with unit tests and comment lines left out; a cycle in it; and the
//! files and functions that are too long.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Module → the modules its code uses.
pub type Graph = BTreeMap<String, BTreeSet<String>>;

/// `foo.rs` and `foo/mod.rs` are module `foo`; `foo/bar.rs` belongs to `foo` too.
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap_or(file);
    let first = rel.components().next().map(|c| c.as_os_str().to_string_lossy().into_owned()).unwrap_or_default();
    first.trim_end_matches(".rs").to_string()
}

/// Every `.rs` file under `src`, in name order.
pub fn rust_files(src: &Path) -> Vec<std::path::PathBuf> {
    walkdir::WalkDir::new(src)
        .sort_by_file_name()
        .into_iter()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "rs"))
        .map(|e| e.into_path())
        .collect()
}

/// The first segment of each path a text names after `crate::`: a module (`exec`) or a name
/// the crate root re-exports (`Metrics`).
pub fn uses(text: &str) -> BTreeSet<String> {
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
                        found.insert(item.trim().split("::").next().unwrap_or("").to_string());
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                if depth == 0 {
                    item.push(c);
                }
            }
            found.insert(item.trim().split("::").next().unwrap_or("").to_string());
        } else {
            found.insert(rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect());
        }
    }
    found.retain(|m| !m.is_empty());
    found
}

/// What `lib.rs` re-exports, name → module: `pub use x::…::Name;` lines, and for `pub use
/// x::*;` every `pub` item declared in `x`'s own file (`own`: module → the text of its file).
pub fn re_exports(lib: &str, own: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    for line in lib.lines() {
        let Some(path) = line.trim().strip_prefix("pub use ").and_then(|p| p.strip_suffix(';')) else {
            continue;
        };
        let module = path.split("::").next().unwrap_or("").to_string();
        let last = path.rsplit("::").next().unwrap_or("");
        if last != "*" {
            names.insert(last.to_string(), module);
            continue;
        }
        for l in own.get(&module).into_iter().flat_map(|t| t.lines()) {
            let kinds = ["pub struct ", "pub enum ", "pub fn ", "pub const ", "pub trait ", "pub type "];
            if let Some(rest) = kinds.iter().find_map(|k| l.strip_prefix(k)) {
                let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                names.insert(name, module.clone());
            }
        }
    }
    names
}

/// The code of a file as the graph reads it: its unit-test module and comment lines left out
/// (a `#[cfg(test)]` on an item inside the code is not where the code ends).
pub fn code_of(text: &str) -> String {
    let code = text.split("#[cfg(test)]\nmod ").next().unwrap_or(text);
    code.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// The modules `module`'s code uses: those it names, and those of the re-exported names it uses.
pub fn deps(
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

/// The graph of the crate whose sources are in `src` (`lib.rs` at its root).
pub fn graph(src: &Path) -> Graph {
    // Each module's code, its files together, and the text of its own file (`x.rs`, `x/mod.rs`).
    let mut code: BTreeMap<String, String> = BTreeMap::new();
    let mut own: BTreeMap<String, String> = BTreeMap::new();
    for f in rust_files(src) {
        let module = module_of(src, &f);
        if matches!(module.as_str(), "lib" | "main" | "tests" | "bin") {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        if f.parent() == Some(src) || f.ends_with(format!("{module}/mod.rs")) {
            own.insert(module.clone(), text.clone());
        }
        let entry = code.entry(module).or_default();
        entry.push_str(&code_of(&text));
        entry.push('\n');
    }
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap_or_default();
    let names = re_exports(&lib, &own);
    code.iter().map(|(module, text)| (module.clone(), deps(module, text, &code, &names))).collect()
}

/// A cycle through the last module of `path`, if any (depth-first), as the modules in order.
pub fn cycle(g: &Graph, path: &mut Vec<String>) -> Option<Vec<String>> {
    let last = path.last()?.clone();
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

/// Every cycle's first sighting, "a → b → a", from each module in turn.
pub fn cycles(g: &Graph) -> Vec<String> {
    g.keys().filter_map(|start| cycle(g, &mut vec![start.clone()])).map(|c| c.join(" → ")).collect()
}

/// Lines of each function of `text` longer than `limit` (a `fn` line to the `}` at its indent).
pub fn long_functions(text: &str, limit: usize) -> Vec<(String, usize)> {
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

/// Files under `src` over `max_lines` lines, and functions over `max_fn_lines`, one line each.
pub fn too_long(src: &Path, max_lines: usize, max_fn_lines: usize) -> Vec<String> {
    let mut problems = Vec::new();
    for f in rust_files(src) {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let rel = f.strip_prefix(src).unwrap_or(&f).display().to_string();
        if text.lines().count() > max_lines {
            problems.push(format!("{rel}: {} lines", text.lines().count()));
        }
        for (name, n) in long_functions(&text, max_fn_lines) {
            problems.push(format!("{rel}: {name} is {n} lines"));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let mut g = Graph::from([
            ("types".to_string(), deps("types", &code, &modules, &names)),
            ("probe".to_string(), deps("probe", "use crate::types::Metrics;", &modules, &names)),
        ]);
        assert_eq!(cycles(&g).first().map(String::as_str), Some("probe → types → probe"));
        g.get_mut("types").unwrap().clear();
        assert!(cycles(&g).is_empty());
    }

    #[test]
    fn the_unit_tests_and_comments_are_not_code() {
        let text = "use crate::a::X;\n#[cfg(test)]\nfn only_in_tests() { crate::b::f() }\n// crate::c::g\n\
                    fn f() { crate::d::h() }\n#[cfg(test)]\nmod tests { use crate::e::Y; }\n";
        assert_eq!(uses(&code_of(text)).into_iter().collect::<Vec<_>>(), ["a", "b", "d"]);
    }

    #[test]
    fn a_long_function_is_found() {
        let body = "    let x = 1;\n".repeat(130);
        let text = format!("fn short() {{\n}}\n\nfn long() {{\n{body}}}\n");
        assert_eq!(long_functions(&text, 125), vec![("fn long".to_string(), 132)]);
    }
}
