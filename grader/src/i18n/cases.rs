//! The course's test cases named in the student's language: a case's label (its id in
//! `cases.ftl` and its sizes) said from the catalogue; a private case's name as written. The
//! case's English `name` stays its identifier (the JSON, the platforms' test names).

use kernels::exercise::Case;

use super::Text;

/// How the text report names `case`.
pub fn case_text(case: &Case) -> Text {
    match &case.label {
        Some(label) => Text::message(label.id, label.args.iter().map(|(name, value)| (*name, value.into())).collect()),
        None => Text::plain(&case.name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{with_lang, Lang};

    /// Every case the course makes (visible, hidden, metrics, second metrics) at a few seeds.
    fn course_cases() -> Vec<(&'static str, Case)> {
        let mut all = Vec::new();
        for section in crate::course::sections::all() {
            for seed in [0, 1, 20_240_917] {
                let cases = crate::plan::cases(section, seed, false, &[]);
                all.extend(cases.into_iter().map(|(c, _)| (section.id(), c)));
            }
        }
        all
    }

    #[test]
    fn every_course_case_is_labelled_and_its_english_label_is_its_name() {
        let mut wrong = Vec::new();
        let mut checked = 0;
        for (section, case) in course_cases() {
            let Some(label) = &case.label else {
                wrong.push(format!("{section}: {:?} has no label", case.name));
                continue;
            };
            checked += 1;
            let text = case_text(&case);
            let en = with_lang(Lang::En, || text.render());
            if en != case.name {
                wrong.push(format!("{section}: {} says {en:?}, the case is named {:?}", label.id, case.name));
            }
            for lang in [Lang::ZhHans, Lang::ZhHant] {
                let said = with_lang(lang, || text.render());
                if said == case.name || said.contains(label.id) || !crate::i18n::english_runs(&said).is_empty() {
                    wrong.push(format!("{section}: {} is not said in {lang}: {said:?}", label.id));
                }
                for (_, value) in &label.args {
                    // A size the message should say, not just take.
                    if en.contains(value.as_str()) && !said.contains(value.as_str()) {
                        wrong.push(format!("{section}: {} in {lang} leaves out {value}: {said:?}", label.id));
                    }
                }
            }
        }
        assert!(checked > 100, "the cases are read: {checked}");
        assert_eq!(wrong, Vec::<String>::new());
    }

    #[test]
    fn a_private_case_is_shown_as_written() {
        let spec = kernels::exercise::CaseSpec { name: Some("odd".into()), n: Some(33), ..Default::default() };
        let section = crate::course::sections::find("8.2").unwrap();
        let case = section.custom_case(&spec, &mut crate::plan::case_rng(0)).unwrap();
        assert_eq!(case.label, None);
        assert_eq!(with_lang(Lang::ZhHans, || case_text(&case).render()), case.name);
    }
}
