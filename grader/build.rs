//! One typed constructor per English message (`i18n::msg`), as rustc's message macros do: a
//! struct named by the message's id (`report-block-loaded` → `report_block_loaded`) whose fields
//! are the variables the English message uses, so that `t!`/`text!` with an unknown id, a
//! missing argument or a misnamed one does not compile.

use std::fmt::Write;
use std::path::Path;

#[path = "src/i18n/variables.rs"]
mod variables;

fn main() {
    let dir = Path::new("locales/en");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("grader/locales/en")
        .map(|e| e.expect("grader/locales/en").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    files.sort();
    let sources: Vec<String> = files
        .iter()
        .map(|p| {
            println!("cargo:rerun-if-changed={}", p.display());
            std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        })
        .collect();
    // A file that does not parse keeps its good messages; the catalogue test names the error.
    let resources: Vec<_> =
        sources.iter().map(|s| fluent_syntax::parser::parse(s.as_str()).unwrap_or_else(|(res, _)| res)).collect();
    let mut out = String::new();
    let mut names = std::collections::BTreeMap::new();
    for (id, vars) in variables::message_variables(&resources) {
        let name = id.replace('-', "_");
        if let Some(other) = names.insert(name.clone(), id.clone()) {
            panic!("messages {other} and {id} both make the constructor {name}: rename one");
        }
        let fields: String = vars.iter().map(|v| format!("pub {v}: Arg, ")).collect();
        let args: String = vars.iter().map(|v| format!("({v:?}, m.{v}), ")).collect();
        let _ = writeln!(
            out,
            "/// `{id}`\npub struct {name} {{ {fields}}}\n\
             impl From<{name}> for Text {{ fn from({m}: {name}) -> Text {{ Text::message({id:?}, vec![{args}]) }} }}",
            m = if vars.is_empty() { "_" } else { "m" },
        );
    }
    let path = Path::new(&std::env::var("OUT_DIR").unwrap()).join("msg.rs");
    std::fs::write(path, out).expect("OUT_DIR/msg.rs");
}
