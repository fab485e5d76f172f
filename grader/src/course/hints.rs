//! `hint <id> [N]`: tiered hints. Each call shows the hints seen before plus one more (remembered
//! in `.progress.json`), ending with the idea of the solution; `N` shows exactly the first N.

use std::path::Path;

use kernels::exercise::Section;

use crate::course::progress::Progress;

/// The text for the first `shown` hints of a section (pure, for snapshot tests), in the current
/// language.
pub fn render(section: &dyn Section, shown: usize) -> String {
    let hints = crate::course::sections::hints_in_language(section);
    let mut s = format!("{}  {}\n", section.id(), crate::course::sections::title_in_language(section));
    if hints.is_empty() {
        s.push_str(&format!("  {}\n", crate::t!(hint_none)));
        return s;
    }
    let count = hints.len().to_string();
    for (i, h) in hints.iter().take(shown).enumerate() {
        let index = (i + 1).to_string();
        let line = if i + 1 == hints.len() {
            crate::t!(hint_number_last, index = &index, count = &count, hint = h)
        } else {
            crate::t!(hint_number, index = &index, count = &count, hint = h)
        };
        s.push_str(&format!("  {line}\n"));
    }
    if shown < hints.len() {
        let command = format!("cargo run -p grader -- hint {}", section.id());
        s.push_str(&format!("  {}\n", crate::t!(hint_another, command = command)));
    } else {
        s.push_str(&format!("  {}\n", crate::t!(hint_last, command = "cargo run -p grader -- book --open")));
    }
    s
}

/// One `hint` request: the number of hints to show, and the progress to save (if any).
pub fn request(progress: &mut Progress, section: &dyn Section, explicit: Option<usize>) -> usize {
    let available = section.hints().len();
    match explicit {
        Some(n) => {
            // Asking for N explicitly also counts them as seen.
            let st = progress.sections.entry(section.id().to_string()).or_default();
            st.hints_shown = st.hints_shown.max(n.min(available));
            n.min(available)
        }
        None => progress.next_hints(section.id(), available),
    }
}

/// The command. Progress that cannot be read or saved only costs the memory of hints shown.
pub fn run(root: &Path, section: &dyn Section, explicit: Option<usize>) -> String {
    let mut note = String::new();
    let mut progress = Progress::load(root).unwrap_or_else(|e| {
        note = format!("  {}\n", crate::t!(hint_note, message = e.to_string()));
        Progress::default()
    });
    let shown = request(&mut progress, section, explicit);
    if note.is_empty() {
        if let Err(e) = progress.save(root) {
            note = format!("  {}\n", crate::t!(hint_note, message = e.to_string()));
        }
    }
    render(section, shown) + &note
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_request_shows_one_more_hint_up_to_the_idea() {
        let s = section_7_4::section();
        let n = s.hints().len();
        assert!(n >= 2, "7.4 has tiered hints");
        let mut p = Progress::default();
        let seen: Vec<usize> = (0..n + 1).map(|_| request(&mut p, s, None)).collect();
        assert_eq!(seen, (1..=n).chain([n]).collect::<Vec<_>>());
        assert!(render(s, n).contains("(the idea of the solution)"));
        assert!(render(s, n).ends_with(
            "that was the last hint; the section's chapter in the book: cargo run -p grader -- book --open\n"
        ));
        assert!(render(s, 1).ends_with("another hint: cargo run -p grader -- hint 7.4\n"));
        assert_eq!(render(s, 1).matches("hint ").count(), 2, "one hint and the pointer to the next");
    }

    #[test]
    fn hints_and_their_frame_are_said_in_the_students_language() {
        use crate::i18n::{with_lang, Lang};
        let s = section_7_4::section();
        for lang in [Lang::ZhHans, Lang::ZhHant] {
            let all = with_lang(lang, || render(s, s.hints().len()));
            let one = with_lang(lang, || render(s, 1));
            let english = with_lang(Lang::En, || {
                let mut words = crate::course::sections::hints_in_language(s);
                words.push(crate::course::sections::title_in_language(s));
                words
            });
            assert!(english[0].starts_with("A block is one input tile"), "{english:?}");
            for english in
                english.iter().map(String::as_str).chain(["hint 1 of", "the idea of the solution", "another hint"])
            {
                assert!(!all.contains(english) && !one.contains(english), "{lang}: {english:?} in\n{all}{one}");
            }
            assert!(one.contains("cargo run -p grader -- hint 7.4"), "{one}");
        }
    }

    #[test]
    fn an_explicit_count_is_shown_and_remembered() {
        let s = section_7_2::section();
        let mut p = Progress::default();
        assert_eq!(request(&mut p, s, Some(2)), 2);
        assert_eq!(request(&mut p, s, None), 3.min(s.hints().len()));
        assert_eq!(request(&mut p, s, Some(99)), s.hints().len());
    }

    #[test]
    fn the_command_remembers_across_runs() {
        let dir = tempfile::tempdir().unwrap();
        let s = section_8_3::section();
        let first = run(dir.path(), s, None);
        let second = run(dir.path(), s, None);
        assert!(first.contains("hint 1 of") && !first.contains("hint 2 of"), "{first}");
        assert!(second.contains("hint 2 of"), "{second}");
        insta::assert_snapshot!("hint_8_3_second", second);
    }
}
