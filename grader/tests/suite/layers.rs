//! The grader's shape (lib.rs lists the layers): each module uses only modules of the layers
//! below its own, so the graph has no cycle; a command never reaches `cli` or another command;
//! no file is over 700 lines and no function over 125.

use std::path::PathBuf;

/// The layers, from the bottom.
const LAYERS: &[&[&str]] = &[
    &["i18n"],
    &["error", "compare", "plan", "speed"],
    &["model"],
    &["course"],
    &["toolchain"],
    &["backend"],
    &["build", "judge"],
    &["grade"],
    &["render"],
    &["commands"],
    &["cli"],
];

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// Each use of a module at or above the user's own layer, "a → b".
fn upward_uses(g: &layers::Graph) -> Vec<String> {
    let mut wrong = Vec::new();
    for (module, deps) in g {
        let Some(at) = layer_of(module) else {
            wrong.push(format!("{module} is in no layer (add it to LAYERS and to lib.rs's list)"));
            continue;
        };
        for d in deps {
            if layer_of(d).is_none_or(|l| l >= at) {
                wrong.push(format!("{module} → {d}"));
            }
        }
    }
    wrong
}

#[test]
fn each_module_uses_only_the_layers_below_it() {
    let g = layers::graph(&src());
    assert!(g.get("grade").is_some_and(|d| d.contains("build") && d.contains("judge")), "the graph is read: {g:?}");
    assert_eq!(upward_uses(&g), Vec::<String>::new());
    assert_eq!(layers::cycles(&g), Vec::<String>::new());
}

#[test]
fn a_use_reaching_up_would_be_found() {
    let mut g = layers::graph(&src());
    g.get_mut("model").unwrap().insert("render".into());
    assert_eq!(upward_uses(&g), ["model → render"]);
    g.get_mut("render").unwrap().insert("model".into());
    assert!(!layers::cycles(&g).is_empty());
}

/// A command's file may use what `commands/mod.rs` shares, never `cli` or another command.
#[test]
fn commands_are_leaves() {
    let dir = src().join("commands");
    let commands: Vec<String> = layers::rust_files(&dir)
        .iter()
        .filter_map(|f| f.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .filter(|n| n != "mod")
        .collect();
    assert!(commands.len() >= 12, "{commands:?}");
    let mut wrong = Vec::new();
    for name in &commands {
        let code = layers::code_of(&std::fs::read_to_string(dir.join(format!("{name}.rs"))).unwrap());
        for other in commands.iter().filter(|c| *c != name) {
            for path in [format!("super::{other}::"), format!("commands::{other}::"), format!("super::{{{other}")] {
                if code.contains(&path) {
                    wrong.push(format!("{name} uses {other}"));
                }
            }
        }
        if code.contains("crate::cli") {
            wrong.push(format!("{name} uses cli"));
        }
    }
    assert_eq!(wrong, Vec::<String>::new());
}

#[test]
fn files_and_functions_stay_short() {
    assert_eq!(layers::too_long(&src(), 700, 125), Vec::<String>::new(), "split these");
}
