//! The course's sections in course order: the one list the grader, its help text, `progress`,
//! `reset`, `bundle` and the tests read. A section is its crate (a dependency in
//! grader/Cargo.toml) and its directory, whose stub is built into the grader from
//! `grader/bundle/stubs/<dir>/kernel.cu`. [`layout_problems`] checks that `exercises/`,
//! `solutions/` and the stub copies hold exactly these directories.

use std::path::Path;

use kernels::exercise::Section;

/// One line per section: its crate and its directory.
macro_rules! registry {
    ($($krate:ident => $dir:literal,)*) => {
        /// Every section, in course order.
        pub fn all() -> Vec<&'static dyn Section> {
            vec![$($krate::section(),)*]
        }

        /// Each section's directory and its stub as shipped, built into the grader so that
        /// `reset` works without git and after the student has committed over it.
        pub const STUBS: &[(&str, &str)] = &[
            $(($dir, include_str!(concat!("../../bundle/stubs/", $dir, "/kernel.cu"))),)*
        ];
    };
}

registry! {
    section_7_2 => "7.2-basic",
    section_7_3 => "7.3-constant-memory",
    section_7_4 => "7.4-halo-tiling",
    section_7_5 => "7.5-cached-halo",
    section_1d => "1d-shared-stencil",
    section_8_2 => "8.2-stencil-basic",
    section_8_3 => "8.3-stencil-tiling",
    section_8_4 => "8.4-coarsening",
    section_8_5 => "8.5-register-tiling",
    section_challenge_2d => "challenge-2d",
    section_challenge_3d => "challenge-3d",
}

/// The course's reference kernels of the timed challenges, built in: a challenge's speed target
/// is met at 80% of copy, or within [`crate::speed::PACE_TOLERANCE`] of this kernel timed in the
/// same run on the same card (so that the target means the same on every card).
pub const PACE_SETTERS: &[(&str, &str)] = &[
    ("challenge-2d", include_str!("../../../solutions/challenge-2d/kernel.cu")),
    ("challenge-3d", include_str!("../../../solutions/challenge-3d/kernel.cu")),
];

/// The reference kernel a section's speed target is also measured against, if it has one.
pub fn pace_setter(section: &dyn Section) -> Option<&'static str> {
    PACE_SETTERS.iter().find(|(dir, _)| *dir == section.dir()).map(|(_, text)| *text)
}

/// The section with this id (as typed on the command line; case-insensitive).
pub fn find(id: &str) -> Option<&'static dyn Section> {
    all().into_iter().find(|s| s.id().eq_ignore_ascii_case(id))
}

pub fn ids() -> Vec<&'static str> {
    all().iter().map(|s| s.id()).collect()
}

/// The stub of a section as shipped.
pub fn stub(section: &dyn Section) -> Option<&'static str> {
    STUBS.iter().find(|(dir, _)| *dir == section.dir()).map(|(_, text)| *text)
}

/// "unknown section `9.9`. Sections: 7.2, 7.3, …"
pub fn unknown(id: &str) -> String {
    crate::t!(cmd_unknown_section, id = id, sections = ids().join(", "))
}

/// A section's title in the current language (`title()` names its message).
pub fn title_in_language(section: &dyn Section) -> String {
    crate::i18n::Text::message(section.title(), Vec::new()).render()
}

/// A section's hints in the current language (`hints()` names their messages).
pub fn hints_in_language(section: &dyn Section) -> Vec<String> {
    section.hints().iter().map(|h| crate::i18n::Text::message(h, Vec::new()).render()).collect()
}

/// Where a course tree and this registry disagree: a directory under `exercises/`,
/// `solutions/` or `grader/bundle/stubs/` that is not a registered section (a crate that would
/// compile and pass its own tests but never be graded), a registered section missing one of
/// them, or a registry line whose directory is not its crate's.
pub fn layout_problems(root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    for (s, (dir, _)) in all().iter().zip(STUBS) {
        if s.dir() != *dir {
            problems.push(format!(
                "the registry gives section {} the directory {dir}, its crate says {}",
                s.id(),
                s.dir()
            ));
        }
    }
    if all().len() != STUBS.len() {
        problems.push(format!("{} sections but {} stubs in the registry", all().len(), STUBS.len()));
    }
    for place in ["exercises", "solutions", "grader/bundle/stubs"] {
        let found = section_dirs(&root.join(place));
        for (dir, _) in STUBS {
            if !found.iter().any(|f| f == dir) {
                problems.push(format!("{place}/{dir}/kernel.cu is missing"));
            }
        }
        for f in &found {
            if !STUBS.iter().any(|(dir, _)| dir == f) {
                problems.push(format!("{place}/{f} is not a registered section (grader/src/course/sections.rs)"));
            }
        }
    }
    problems
}

/// The directories under `dir` that hold a kernel.cu (or a section crate), sorted.
fn section_dirs(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.join("kernel.cu").is_file() || p.join("Cargo.toml").is_file())
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{with_lang, Lang};

    /// The message ids a section's code names: its title, its hints, each target's advice and
    /// each classic mistake its visible, hidden (at a few seeds) and metrics cases carry.
    fn exercise_ids(s: &dyn Section) -> Vec<&'static str> {
        use kernels::exercise::CaseRng;
        use rand::SeedableRng;
        let mut ids: Vec<&'static str> = std::iter::once(s.title()).chain(s.hints().iter().copied()).collect();
        ids.extend(s.targets().iter().map(|t| t.advice));
        let mut cases = s.visible_cases();
        for seed in 1..=3 {
            cases.extend(s.hidden_cases(&mut CaseRng::seed_from_u64(seed)));
        }
        let rng = &mut CaseRng::seed_from_u64(1);
        cases.push(s.metrics_case(rng));
        cases.push(s.second_metrics_case(rng));
        ids.extend(cases.iter().flat_map(|c| c.mistakes.iter().map(|m| m.what)));
        ids
    }

    /// The messages of the catalogue's files that hold the exercises' words.
    fn exercise_messages() -> Vec<String> {
        crate::i18n::sources(Lang::En)
            .into_iter()
            .filter(|(file, _)| ["sections", "hints", "exercises"].contains(file))
            .flat_map(|(_, text)| fluent_syntax::parser::parse(text).unwrap_or_else(|(res, _)| res).body)
            .filter_map(|entry| match entry {
                fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
                _ => None,
            })
            .collect()
    }

    /// A section's title, hints, target advice and mistakes name their messages (sections.ftl,
    /// hints.ftl, exercises.ftl) by id, as rustlings keys its exercises' data by name: every id
    /// a section names is in the catalogue, and the catalogue keeps no exercise message that no
    /// section names.
    #[test]
    fn every_exercise_text_names_a_message_and_every_exercise_message_is_named() {
        let mut named = std::collections::BTreeSet::new();
        let mut wrong = Vec::new();
        for s in all() {
            for id in exercise_ids(s) {
                if !crate::i18n::exists(id) && named.insert(id) {
                    wrong.push(format!("section {}: {id:?} is not in grader/locales/en/", s.id()));
                }
                named.insert(id);
            }
        }
        let messages = exercise_messages();
        assert!(messages.len() > 80, "the catalogue is read: {} messages", messages.len());
        for id in &messages {
            if !named.contains(id.as_str()) {
                wrong.push(format!("en: {id} is named by no section: remove it, or name it"));
            }
        }
        assert_eq!(wrong, Vec::<String>::new());
        // Said in the student's language.
        let advice = crate::i18n::Text::message(find("7.4").unwrap().targets()[0].advice, Vec::new());
        let en = with_lang(Lang::En, || advice.render());
        assert!(en.starts_with("each input pixel should be loaded"), "{en}");
        let hans = with_lang(Lang::ZhHans, || advice.render());
        assert_ne!(hans, en);
        assert_ne!(with_lang(Lang::ZhHant, || advice.render()), hans);
        let s = find("7.4").unwrap();
        assert_eq!(with_lang(Lang::En, || title_in_language(s)), "Tiled convolution with halo cells");
        assert_ne!(with_lang(Lang::ZhHans, || title_in_language(s)), with_lang(Lang::En, || title_in_language(s)));
        assert_ne!(with_lang(Lang::ZhHant, || hints_in_language(s)), with_lang(Lang::ZhHans, || hints_in_language(s)));
    }
}
