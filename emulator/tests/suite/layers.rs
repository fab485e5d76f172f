//! The crate's shape (checked with `tools/layers`): no module of `emulator/src` reaches back to a
//! module that reaches it — `crate::x` paths, `use crate::{x, …}` lists and names the crate root
//! re-exports (`crate::Metrics` is a use of `types`), tests and comments excepted; a cycle is
//! printed — no file is over 700 lines and no function over 125.

use std::path::PathBuf;

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn the_module_graph_has_no_cycle() {
    let g = layers::graph(&src());
    assert!(g.contains_key("exec") && g["exec"].contains("ir"), "the graph is read: {g:?}");
    assert_eq!(layers::cycles(&g), Vec::<String>::new());
}

#[test]
fn a_cycle_would_be_found() {
    let mut g = layers::graph(&src());
    g.get_mut("types").unwrap().insert("exec".into());
    assert!(!layers::cycles(&g).is_empty());
}

#[test]
fn files_and_functions_stay_short() {
    assert_eq!(layers::too_long(&src(), 700, 125), Vec::<String>::new(), "split these");
}
