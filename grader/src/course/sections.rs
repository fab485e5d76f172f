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

/// A section's title in the current language (the English one is its `title()`, translated
/// through the catalogue's memory of the exercises' words: `i18n::Text::english`).
pub fn title_in_language(section: &dyn Section) -> String {
    crate::i18n::Text::english(section.title()).render()
}

/// A section's hints in the current language (the English ones are its `hints()`).
pub fn hints_in_language(section: &dyn Section) -> Vec<String> {
    section.hints().iter().map(|h| crate::i18n::Text::english(*h).render()).collect()
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

    /// The English words a section's code says to the student: its title, its hints, each
    /// target's advice and the name of each classic mistake its visible, hidden (at a few seeds)
    /// and metrics cases carry.
    fn exercise_texts(s: &dyn Section) -> Vec<String> {
        use kernels::exercise::CaseRng;
        use rand::SeedableRng;
        let mut texts: Vec<String> =
            std::iter::once(s.title()).chain(s.hints().iter().copied()).map(str::to_string).collect();
        texts.extend(s.targets().iter().map(|t| t.advice.to_string()));
        let mut cases = s.visible_cases();
        for seed in 1..=3 {
            cases.extend(s.hidden_cases(&mut CaseRng::seed_from_u64(seed)));
        }
        let rng = &mut CaseRng::seed_from_u64(1);
        cases.push(s.metrics_case(rng));
        cases.push(s.second_metrics_case(rng));
        texts.extend(cases.iter().flat_map(|c| c.mistakes.iter().map(|m| m.what.clone())));
        texts
    }

    /// A section's title, hints, target advice and mistakes' names are translated by their
    /// English words (the translation memory: sections.ftl, hints.ftl, exercises.ftl): every text
    /// a section says must be there word for word,
    /// so that a new or edited English text fails here until the catalogue (and a translator)
    /// has it; and the memory keeps no text that no section says.
    #[test]
    fn every_advice_and_mistake_is_in_the_translation_memory() {
        let mut said = std::collections::BTreeSet::new();
        let mut wrong = Vec::new();
        for s in all() {
            for text in exercise_texts(s) {
                if crate::i18n::memory_id(&text).is_none() && said.insert(text.clone()) {
                    wrong.push(format!(
                        "section {}: {text:?} is not in grader/locales/en/ (sections.ftl, hints.ftl or \
                         exercises.ftl): add it there, word for word, and its translations",
                        s.id()
                    ));
                }
                said.insert(text);
            }
        }
        let memory = crate::i18n::english_messages();
        for (id, english) in &memory {
            if !said.contains(english) {
                wrong.push(format!("en: {id} ({english:?}) is said by no section: remove it, or update it"));
            }
        }
        let mut seen = std::collections::BTreeMap::new();
        for (id, english) in &memory {
            if let Some(other) = seen.insert(english, id) {
                wrong.push(format!("en: {id} and {other} say the same words: keep one"));
            }
        }
        assert_eq!(wrong, Vec::<String>::new());
        assert!(memory.len() > 20, "the memory is read: {} messages", memory.len());
        // Said in the student's language, and as they are where the memory lacks them.
        for english in [
            "the filter is flipped end to end (F[2r-fRow][2r-fCol] instead of F[fRow][fCol])",
            find("7.4").unwrap().targets()[0].advice,
        ] {
            let text = crate::i18n::Text::english(english);
            assert_eq!(with_lang(Lang::En, || text.render()), english);
            let hans = with_lang(Lang::ZhHans, || text.render());
            assert_ne!(hans, english);
            assert_ne!(with_lang(Lang::ZhHant, || text.render()), hans);
        }
        let zh = with_lang(Lang::ZhHans, || crate::i18n::Text::english(memory[0].1.clone()).render());
        assert_ne!(zh, memory[0].1);
        let unknown = crate::i18n::Text::english("words no catalogue has");
        assert_eq!(with_lang(Lang::ZhHans, || unknown.render()), "words no catalogue has");
        let s = find("7.4").unwrap();
        assert_eq!(with_lang(Lang::En, || title_in_language(s)), s.title());
        assert_ne!(with_lang(Lang::ZhHans, || title_in_language(s)), s.title());
        assert_ne!(with_lang(Lang::ZhHant, || hints_in_language(s)), with_lang(Lang::ZhHans, || hints_in_language(s)));
    }
}
