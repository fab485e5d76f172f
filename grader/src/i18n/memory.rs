//! The translation memory of the words the exercises write in English: a section's title, its
//! hints, its target advice and the names of its classic mistakes live in the exercises' code
//! (`Section::title`, `hints`, `Target::advice`, `Mistake::what`), not in the grader, so the
//! catalogue's `sections.ftl`, `hints.ftl` and `exercises.ftl` hold each of them under an id whose
//! English message is the text itself, and a text is found by its words. A
//! text the memory lacks (a section edited without the catalogue: a course test fails on it) is
//! said in English.

use std::collections::HashMap;
use std::sync::OnceLock;

use fluent_syntax::ast::Entry;

use super::{bundles, sources, Lang};

/// The catalogue files that hold the memory.
pub const FILES: &[&str] = &["sections", "hints", "exercises"];

/// English words → the id of their message, from the English memory files.
fn memory() -> &'static HashMap<String, &'static str> {
    static MEMORY: OnceLock<HashMap<String, &'static str>> = OnceLock::new();
    MEMORY.get_or_init(|| english_messages().into_iter().map(|(id, words)| (words, id)).collect())
}

/// Each message of the English memory files: its id and its words as the bundle says them
/// (escapes resolved), in the files' order.
pub fn english_messages() -> Vec<(&'static str, String)> {
    let en = &bundles()[Lang::En as usize];
    sources(Lang::En)
        .into_iter()
        .filter(|(f, _)| FILES.contains(f))
        .map(|(_, source)| fluent_syntax::parser::parse(source).unwrap_or_else(|(res, _)| res))
        .flat_map(|res| res.body)
        .filter_map(|entry| match entry {
            Entry::Message(m) => Some(m.id.name),
            _ => None,
        })
        .filter_map(|id| {
            let pattern = en.get_message(id)?.value()?;
            let mut errors = Vec::new();
            Some((id, en.format_pattern(pattern, None, &mut errors).into_owned()))
        })
        .collect()
}

/// The id of the message whose English is exactly `english`, if the memory holds it.
pub fn memory_id(english: &str) -> Option<&'static str> {
    memory().get(english).copied()
}
