//! The catalogues kept true: every message in every language, with the same arguments; every id
//! the code says is in the catalogue; no Chinese outside it; the locale mapping.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

use super::*;

/// Per message: the variables its value uses, its English-looking text, and whether its comment
/// says it is the same in every language.
pub(super) struct Message {
    variables: BTreeSet<String>,
    pub(super) text: String,
    verbatim: bool,
}

fn variables_of(p: &Pattern<&str>, out: &mut BTreeSet<String>, text: &mut String) {
    for e in &p.elements {
        match e {
            PatternElement::TextElement { value } => text.push_str(value),
            PatternElement::Placeable { expression } => expression_variables(expression, out, text),
        }
    }
}

fn expression_variables(e: &Expression<&str>, out: &mut BTreeSet<String>, text: &mut String) {
    match e {
        Expression::Inline(i) => inline_variables(i, out, text),
        Expression::Select { selector, variants } => {
            inline_variables(selector, out, text);
            for v in variants {
                variables_of(&v.value, out, text);
            }
        }
    }
}

fn inline_variables(i: &InlineExpression<&str>, out: &mut BTreeSet<String>, text: &mut String) {
    match i {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, out, text),
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_variables(a, out, text);
            }
        }
        InlineExpression::StringLiteral { value } => text.push_str(value),
        _ => {}
    }
}

/// A language's messages by id, or the problems found reading its files.
pub(super) fn messages(lang: Lang) -> Result<BTreeMap<String, Message>, Vec<String>> {
    let mut all = BTreeMap::new();
    let mut problems = Vec::new();
    for (file, source) in sources(lang) {
        let res = match fluent_syntax::parser::parse(source) {
            Ok(r) => r,
            Err((r, errors)) => {
                problems.extend(errors.iter().map(|e| format!("{lang}/{file}.ftl: {e:?}")));
                r
            }
        };
        for entry in &res.body {
            match entry {
                Entry::Message(m) => {
                    let mut variables = BTreeSet::new();
                    let mut text = String::new();
                    match &m.value {
                        Some(v) => variables_of(v, &mut variables, &mut text),
                        None => problems.push(format!("{lang}/{file}.ftl: {} has no value", m.id.name)),
                    }
                    let verbatim = m.comment.as_ref().is_some_and(|c| c.content.iter().any(|l| l.contains("verbatim")));
                    let id = m.id.name.to_string();
                    if all.insert(id.clone(), Message { variables, text, verbatim }).is_some() {
                        problems.push(format!("{lang}/{file}.ftl: {id} is defined twice"));
                    }
                }
                Entry::Junk { content } => problems.push(format!("{lang}/{file}.ftl: does not parse: {content}")),
                _ => {}
            }
        }
    }
    if problems.is_empty() {
        Ok(all)
    } else {
        Err(problems)
    }
}

/// What is wrong with `lang`'s catalogue against the English one.
fn differences(en: &BTreeMap<String, Message>, other: &BTreeMap<String, Message>, lang: Lang) -> Vec<String> {
    let mut wrong = Vec::new();
    for (id, m) in en {
        match other.get(id) {
            None => wrong.push(format!("{lang}: {id} is missing")),
            Some(o) if o.variables != m.variables => {
                wrong.push(format!("{lang}: {id} takes {:?}, English {:?}", o.variables, m.variables))
            }
            // Words of the same letters as English: not translated, unless marked verbatim.
            Some(o)
                if !m.verbatim && o.text == m.text && m.text.split_whitespace().filter(|w| w.len() > 2).count() > 1 =>
            {
                wrong.push(format!("{lang}: {id} is English: {:?}", o.text))
            }
            _ => {}
        }
    }
    for id in other.keys().filter(|id| !en.contains_key(*id)) {
        wrong.push(format!("{lang}: {id} is not an English message (renamed or removed?)"));
    }
    wrong
}

#[test]
fn every_message_is_in_every_language_with_the_same_arguments() {
    let en = messages(Lang::En).unwrap_or_else(|p| panic!("{p:#?}"));
    assert!(en.len() > 2, "the English catalogue is read: {} messages", en.len());
    let mut wrong = Vec::new();
    for lang in [Lang::ZhHans, Lang::ZhHant] {
        match messages(lang) {
            Ok(m) => wrong.extend(differences(&en, &m, lang)),
            Err(p) => wrong.extend(p),
        }
    }
    assert_eq!(wrong, Vec::<String>::new());
}

/// Each translated message's variables that its English message lacks (those of the messages it
/// names included): Fluent could not say them, as English decides the arguments (`msg`).
fn variables_english_lacks(lang: Lang, sources: &[(&str, &str)]) -> Vec<String> {
    let variables = |sources: &[(&str, &str)]| {
        let resources: Vec<_> =
            sources.iter().map(|(_, s)| fluent_syntax::parser::parse(*s).unwrap_or_else(|(res, _)| res)).collect();
        super::variables::message_variables(&resources)
    };
    let en = variables(&super::sources(Lang::En));
    let mut wrong = Vec::new();
    for (id, vars) in variables(sources) {
        let english = en.get(&id).cloned().unwrap_or_default();
        for v in vars.difference(&english) {
            wrong.push(format!("{lang}: {id} uses ${v}, which English does not pass"));
        }
    }
    wrong
}

#[test]
fn every_translation_uses_only_the_variables_its_english_message_has() {
    for lang in [Lang::ZhHans, Lang::ZhHant] {
        assert_eq!(variables_english_lacks(lang, &sources(lang)), Vec::<String>::new());
    }
    // A planted one: a message that names another whose words use a variable English lacks.
    let planted = "lang-name = { planted-inner }\nplanted-inner = 简体 { $dialect }\n";
    assert_eq!(
        variables_english_lacks(Lang::ZhHans, &[("planted", planted)]),
        vec![
            "zh-Hans: lang-name uses $dialect, which English does not pass",
            "zh-Hans: planted-inner uses $dialect, which English does not pass"
        ]
    );
}

/// Fluent's errors are not dropped: a variable a message uses and is not given.
#[test]
fn a_message_said_without_its_variable_is_an_error() {
    let en = &bundles()[Lang::En as usize];
    let said = super::format(en, "report-findings-more", None);
    assert!(matches!(&said, Some(Err(e)) if e.contains("more")), "{said:?}");
    assert_eq!(super::format(en, "lang-name", None), Some(Ok("English".to_string())));
    assert_eq!(super::format(en, "no-such-message", None), None);
}

/// ... and a debug build stops on one rather than show `{$more}`.
#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "report-findings-more")]
fn a_debug_build_stops_on_a_message_it_cannot_say() {
    with_lang(Lang::ZhHans, || say("report-findings-more", None));
}

#[test]
fn integers_keep_every_digit_grouped_and_still_choose_a_plural() {
    let more = |n: u64| with_lang(Lang::En, || crate::t!(report_findings_more, more = n));
    let sentence = |n: &str| format!("… the first occurrence of each is listed; {n} more occurrences not listed");
    assert_eq!(more(1_234_567), sentence("1,234,567"));
    // Past 2^53 an f64 would say 18,446,744,073,709,551,616.
    assert_eq!(more(u64::MAX), sentence("18,446,744,073,709,551,615"));
    let findings = |n: usize| with_lang(Lang::En, || crate::t!(judge_findings, count = n));
    assert_eq!((findings(1), findings(1_234)), ("1 finding".to_string(), "1,234 findings".to_string()));
    assert_eq!(with_lang(Lang::ZhHans, || crate::t!(judge_findings, count = 1_234usize)), "1,234 条发现");
    assert_eq!(group_digits(-1_000), "-1,000");
    assert_eq!(group_digits(999), "999");
}

#[test]
fn a_missing_or_changed_translation_would_be_found() {
    let en = messages(Lang::En).unwrap();
    let mut zh = messages(Lang::ZhHans).unwrap();
    let (id, _) = en.iter().find(|(_, m)| !m.variables.is_empty()).unwrap();
    zh.get_mut(id).unwrap().variables.insert("extra".into());
    // Another message than the one given an extra argument (which may sort first).
    let first = en.keys().find(|k| *k != id).unwrap().clone();
    zh.remove(&first);
    let wrong = differences(&en, &zh, Lang::ZhHans);
    assert!(wrong.iter().any(|w| w.contains(&format!("{first} is missing"))), "{wrong:?}");
    assert!(wrong.iter().any(|w| w.contains(&format!("{id} takes"))), "{wrong:?}");
    let mut untranslated = messages(Lang::ZhHans).unwrap();
    let (id, m) = en.iter().find(|(_, m)| !m.verbatim && m.text.split_whitespace().count() > 3).unwrap();
    untranslated.get_mut(id).unwrap().text = m.text.clone();
    assert!(differences(&en, &untranslated, Lang::ZhHans).iter().any(|w| w.contains("is English")));
}

fn rust_files(dir: &Path) -> Vec<(String, String)> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "rs"))
        .map(|e| (e.path().display().to_string(), std::fs::read_to_string(e.path()).unwrap()))
        .collect()
}

#[test]
fn no_chinese_outside_the_catalogues() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let mut found = Vec::new();
    for dir in [root.join("grader/src"), root.join("emulator/src"), root.join("kernels/src")] {
        for (path, code) in rust_files(&dir) {
            if Path::new(&path).ends_with(Path::new("i18n").join("tests.rs"))
                || Path::new(&path).ends_with(Path::new("i18n").join("terms.rs"))
            {
                continue;
            }
            for (n, line) in code.lines().enumerate() {
                if line.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)) {
                    found.push(format!("{path}:{}", n + 1));
                }
            }
        }
    }
    assert_eq!(found, Vec::<String>::new(), "translated words belong in grader/locales/");
}

/// The course's terms, as the reference notes and the book's glossary write them: a word a
/// translator might reach for first, and the one the course uses instead.
const NOT_THE_COURSE_TERMS: &[(&str, &str)] =
    &[("光环", "halo 单元"), ("寄存器分块", "寄存器平铺"), ("光暈", "halo 單元"), ("暫存器分塊", "暫存器平鋪")];

#[test]
fn the_catalogues_use_the_course_terms() {
    let mut wrong = Vec::new();
    for lang in [Lang::ZhHans, Lang::ZhHant] {
        for (file, text) in sources(lang) {
            for (n, line) in text.lines().enumerate() {
                for (not, term) in NOT_THE_COURSE_TERMS {
                    if line.contains(not) {
                        wrong.push(format!("{lang}/{file}.ftl:{}: {not} (the course writes {term})", n + 1));
                    }
                }
                // Ghost cell: 幽灵单元格 in zh-Hans, never the bare 单元; zh-Hant's 幽靈單元, as a
                // halo cell is a halo 單元 (單元格 is the mainland's word).
                let ghost = "幽灵单元";
                if line.match_indices(ghost).any(|(i, _)| !line[i + ghost.len()..].starts_with(['格'])) {
                    wrong.push(format!("{lang}/{file}.ftl:{}: {ghost} without 格", n + 1));
                }
                if line.contains("單元格") {
                    wrong.push(format!("{lang}/{file}.ftl:{}: 單元格 (Taiwan writes 幽靈單元)", n + 1));
                }
            }
        }
    }
    assert_eq!(wrong, Vec::<String>::new());
}

#[test]
fn locales_map_to_the_script_their_region_writes() {
    for (locale, lang) in [
        ("zh_CN.UTF-8", Lang::ZhHans),
        ("zh_SG.UTF-8", Lang::ZhHans),
        ("zh_CN.GB18030@pinyin", Lang::ZhHans),
        ("zh", Lang::ZhHans),
        ("zh_TW.UTF-8", Lang::ZhHant),
        ("zh_HK.UTF-8", Lang::ZhHant),
        ("zh_MO", Lang::ZhHant),
        ("zh-Hant", Lang::ZhHant),
        ("zh-Hans-HK", Lang::ZhHans),
        ("zh-Hant-CN", Lang::ZhHant),
        ("en_US.UTF-8", Lang::En),
        ("C.UTF-8", Lang::En),
    ] {
        assert_eq!(Lang::from_locale(locale), Some(lang), "{locale}");
    }
    assert_eq!(Lang::from_locale("fr_FR.UTF-8"), None);
}

#[test]
fn the_flag_wins_then_lc_all_lc_messages_lang() {
    let env = |vars: &'static [(&'static str, &'static str)]| {
        move |name: &str| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
    };
    let zh_tw = env(&[("LANG", "zh_TW.UTF-8")]);
    assert_eq!(negotiate(None, zh_tw), Ok(Lang::ZhHant));
    assert_eq!(negotiate(Some("en"), zh_tw), Ok(Lang::En));
    assert_eq!(negotiate(Some("zh-Hans"), zh_tw), Ok(Lang::ZhHans));
    assert!(negotiate(Some("klingon"), zh_tw).is_err());
    assert_eq!(negotiate(None, env(&[("LANG", "zh_TW.UTF-8"), ("LC_MESSAGES", "zh_CN.UTF-8")])), Ok(Lang::ZhHans));
    assert_eq!(negotiate(None, env(&[("LC_ALL", "en_US.UTF-8"), ("LC_MESSAGES", "zh_CN.UTF-8")])), Ok(Lang::En));
    assert_eq!(negotiate(None, env(&[("LANG", "fr_FR.UTF-8")])), Ok(Lang::En), "a language the course lacks: English");
    assert_eq!(negotiate(None, env(&[("LANGUAGE", "fr:zh_HK"), ("LANG", "en_US.UTF-8")])), Ok(Lang::ZhHant));
    assert_eq!(negotiate(None, env(&[("LANGUAGE", "zh_HK"), ("LANG", "C")])), Ok(Lang::En), "C ignores LANGUAGE");
}

#[test]
fn a_text_is_said_in_the_language_of_its_thread() {
    let en = with_lang(Lang::En, || crate::t!(lang_name));
    let hans = with_lang(Lang::ZhHans, || crate::t!(lang_name));
    let hant = with_lang(Lang::ZhHant, || crate::t!(lang_name));
    assert_eq!((en.as_str(), hans.as_str(), hant.as_str()), ("English", "简体中文", "繁體中文"));
    let t = crate::text!(lang_name);
    assert_eq!(with_lang(Lang::ZhHant, || serde_json::to_string(&t).unwrap()), "\"繁體中文\"");
    assert_eq!(with_lang(Lang::ZhHans, || Text::plain("nvrtc: error").render()), "nvrtc: error");
}

#[test]
fn widths_count_terminal_columns() {
    assert_eq!(width("race"), 4);
    assert_eq!(width("竞争"), 4);
    assert_eq!(width("\x1b[31m✗\x1b[0m"), 1);
    assert_eq!(pad("共享", 6), "共享  ");
    assert_eq!(pad_left("9.59", 6), "  9.59");
}

/// The check behind "nothing English in a Chinese run" (i18n/english.rs).
#[test]
fn english_pieces_are_found_and_code_names_and_paths_are_not() {
    assert_eq!(crate::i18n::english_runs("  -h, --help  Print help"), vec!["Print help"]);
    assert_eq!(crate::i18n::english_runs("    不计分（not graded）：x 1.5"), vec!["not graded"]);
    assert_eq!(crate::i18n::english_runs("平滑，6^3 网格，值为 index mod 11"), vec!["index mod"]);
    assert_eq!(crate::i18n::english_runs("with a GPU, the card found"), vec!["with a GPU", "the card found"]);
    for fine in [
        "没有 NVIDIA GPU：用 --backend emulator 运行",
        "为 Nsight Compute 启动一次度量用例，见 `cargo run -p grader -- time 7.4`",
        "  cargo run -p grader -- list",
        "  --kernel <FILE>  把这个文件当作核函数 exercises/challenge-2d/kernel.cu",
        "| challenge-2d | exercises/challenge-2d/kernel.cu | 124% | DRAM 流量 |",
        "用法：grader time [OPTIONS] [SECTION]...",
    ] {
        assert_eq!(crate::i18n::english_runs(fine), Vec::<String>::new(), "{fine}");
    }
}
