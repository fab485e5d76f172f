//! One term per concept across the book and the grader: grader/locales/terms.toml read with the
//! book's PO files (po/zh-Hans.po, po/zh-Hant.po, read at test time), the grader's catalogues and
//! the glossary (docs/glossary.md). See terms.toml's header for what fails.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::tests::messages;
use super::*;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

const LANGS: [(Lang, &str); 2] = [(Lang::ZhHans, "zh-Hans"), (Lang::ZhHant, "zh-Hant")];

/// One translated text: where it is, its English, the translation, and whether it is the book's.
struct Said {
    place: String,
    english: String,
    text: String,
    book: bool,
}

/// A PO file's entries: (msgid, msgstr, fuzzy), the header and obsolete (`#~`) entries left out.
fn po_entries(text: &str) -> Vec<(String, String, bool)> {
    fn unquote(s: &str) -> String {
        let s = s.trim();
        let s = s.strip_prefix('"').and_then(|s| s.strip_suffix('"')).unwrap_or(s);
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                match chars.next() {
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some(o) => out.push(o),
                    None => {}
                }
            } else {
                out.push(c);
            }
        }
        out
    }
    let mut out = Vec::new();
    let (mut id, mut str_, mut fuzzy, mut field) = (String::new(), String::new(), false, 0);
    let mut flush = |id: &mut String, str_: &mut String, fuzzy: &mut bool| {
        if !id.is_empty() {
            out.push((std::mem::take(id), std::mem::take(str_), *fuzzy));
        }
        id.clear();
        str_.clear();
        *fuzzy = false;
    };
    for line in text.lines() {
        if line.trim().is_empty() {
            flush(&mut id, &mut str_, &mut fuzzy);
            field = 0;
        } else if line.starts_with("#,") {
            fuzzy |= line.contains("fuzzy");
        } else if line.starts_with('#') {
            // a comment, a reference, or an obsolete (#~) entry
            continue;
        } else if let Some(rest) = line.strip_prefix("msgid ") {
            (id, field) = (unquote(rest), 1);
        } else if let Some(rest) = line.strip_prefix("msgstr ") {
            (str_, field) = (unquote(rest), 2);
        } else if line.starts_with('"') {
            match field {
                1 => id.push_str(&unquote(line)),
                2 => str_.push_str(&unquote(line)),
                _ => {}
            }
        }
    }
    flush(&mut id, &mut str_, &mut fuzzy);
    out
}

fn po(lang: &str) -> Vec<(String, String, bool)> {
    let path = root().join("po").join(format!("{lang}.po"));
    po_entries(&std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

fn chinese(s: &str) -> bool {
    s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

/// What a language says, in the book and in the grader, with the English of each text. A book
/// message whose English quotes Chinese (the notes on the terms themselves) is left out.
fn said(lang: Lang, name: &str) -> Vec<Said> {
    let mut out = Vec::new();
    for (i, (id, text, _)) in po(name).into_iter().enumerate() {
        if !text.is_empty() && !chinese(&id) {
            let first = id.lines().next().unwrap_or("").chars().take(50).collect::<String>();
            out.push(Said { place: format!("po/{name}.po message {i} ({first:?})"), english: id, text, book: true });
        }
    }
    let en = messages(Lang::En).expect("the English catalogue reads");
    for (id, m) in messages(lang).expect("the catalogue reads") {
        let english = en.get(&id).map(|m| m.text.clone()).unwrap_or_default();
        out.push(Said { place: format!("grader/locales/{name} {id}"), english, text: m.text, book: false });
    }
    out
}

/// Whether `english` has a word starting with `word` (case aside): "pass" is in "passes", not in
/// "bypass".
fn says(english: &str, word: &str) -> bool {
    let (english, word) = (english.to_lowercase(), word.to_lowercase());
    english.match_indices(&word).any(|(i, _)| !english[..i].chars().next_back().is_some_and(|c| c.is_alphanumeric()))
}

/// The places of `word` in `text` that no `except` phrase covers.
fn bare(text: &str, word: &str, except: &[String]) -> usize {
    text.match_indices(word)
        .filter(|&(i, _)| {
            !except.iter().any(|p| {
                p.match_indices(word)
                    .any(|(k, _)| i >= k && text.get(i - k..).is_some_and(|t| t.starts_with(p.as_str())))
            })
        })
        .count()
}

struct Forbid {
    lang: String,
    word: String,
    english: Option<String>,
    except: Vec<String>,
    why: String,
}

struct Term {
    en: String,
    words: Vec<(String, String)>,
    shared: bool,
    forbid: Vec<Forbid>,
}

fn forbid_of(v: &toml::Value) -> Forbid {
    let s = |k: &str| v.get(k).and_then(|x| x.as_str()).map(str::to_string);
    Forbid {
        lang: s("lang").expect("a forbidden word names its lang"),
        word: s("word").expect("a forbidden word has its word"),
        english: s("english"),
        except: v
            .get("except")
            .and_then(|x| x.as_array())
            .map_or(vec![], |a| a.iter().map(|x| x.as_str().unwrap().to_string()).collect()),
        why: s("why").unwrap_or_default(),
    }
}

/// grader/locales/terms.toml: its terms, and the conversion errors that belong to none.
fn terms_from(text: &str) -> (Vec<Term>, Vec<Forbid>) {
    let doc: toml::Table = toml::from_str(text).expect("terms.toml is TOML");
    let terms = doc.get("term").and_then(|t| t.as_array()).expect("terms.toml has [[term]]s");
    let terms = terms
        .iter()
        .map(|t| {
            let s =
                |k: &str| t.get(k).and_then(|x| x.as_str()).unwrap_or_else(|| panic!("a term lacks {k}")).to_string();
            Term {
                en: s("en"),
                words: LANGS.iter().map(|(_, l)| (l.to_string(), s(l))).collect(),
                shared: t.get("shared").and_then(|x| x.as_bool()).unwrap_or(false),
                forbid: t
                    .get("forbid")
                    .and_then(|x| x.as_array())
                    .map_or(vec![], |a| a.iter().map(forbid_of).collect()),
            }
        })
        .collect();
    let wrong = doc.get("wrong").and_then(|t| t.as_array()).map_or(vec![], |a| a.iter().map(forbid_of).collect());
    (terms, wrong)
}

/// The glossary's entries: (term, meaning), from docs/glossary.md's table.
fn glossary() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(root().join("docs/glossary.md")).unwrap();
    text.lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.strip_prefix('|')?.strip_suffix('|')?.split('|').map(str::trim).collect();
            (cells.len() == 2 && cells[0] != "Term" && !cells[0].starts_with('-'))
                .then(|| (cells[0].to_string(), cells[1].to_string()))
        })
        .collect()
}

/// Every problem of the terms: forbidden words, a shared concept one side does not say with its
/// word, glossary entries missing or translated without the term.
fn problems(terms: &[Term], wrong: &[Forbid]) -> Vec<String> {
    let mut out = Vec::new();
    let glossary = glossary();
    for (lang, name) in LANGS {
        let said = said(lang, name);
        let forbidden = terms
            .iter()
            .flat_map(|t| t.forbid.iter().map(move |f| (Some(t), f)))
            .chain(wrong.iter().map(|f| (None, f)));
        for (term, f) in forbidden.filter(|(_, f)| f.lang == name) {
            for s in &said {
                if f.english.as_ref().is_some_and(|w| !says(&s.english, w)) {
                    continue;
                }
                if bare(&s.text, &f.word, &f.except) > 0 {
                    let instead = term.map_or(String::new(), |t| {
                        let word = &t.words.iter().find(|(l, _)| l == name).unwrap().1;
                        format!(" ({}: the course writes {word})", t.en)
                    });
                    out.push(format!("{}: {}{instead} {}", s.place, f.word, f.why));
                }
            }
        }
        for t in terms.iter().filter(|t| t.shared) {
            let word = &t.words.iter().find(|(l, _)| l == name).unwrap().1;
            for (book, side) in [(true, "the book"), (false, "the grader")] {
                let side_said: Vec<&Said> = said.iter().filter(|s| s.book == book).collect();
                if side_said.iter().any(|s| says(&s.english, &t.en))
                    && !side_said.iter().any(|s| s.text.contains(word.as_str()))
                {
                    out.push(format!("{name}: {side} says {:?} in English but never {word}", t.en));
                }
            }
        }
        let po: BTreeMap<String, (String, bool)> = po(name).into_iter().map(|(i, s, f)| (i, (s, f))).collect();
        for (term, meaning) in &glossary {
            for msgid in [term, meaning] {
                match po.get(msgid) {
                    None => {
                        out.push(format!("po/{name}.po: the glossary's {msgid:?} is missing (run tools/book-i18n)"))
                    }
                    Some((s, fuzzy)) if s.is_empty() || *fuzzy => {
                        out.push(format!("po/{name}.po: the glossary's {msgid:?} is not translated"))
                    }
                    Some(_) => {}
                }
            }
            if let (Some(t), Some((s, _))) = (terms.iter().find(|t| &t.en == term), po.get(term)) {
                let word = &t.words.iter().find(|(l, _)| l == name).unwrap().1;
                if !s.contains(word.as_str()) {
                    out.push(format!("po/{name}.po: the glossary translates {term:?} as {s:?}, not {word}"));
                }
            }
        }
    }
    out
}

fn the_terms() -> (Vec<Term>, Vec<Forbid>) {
    terms_from(include_str!("../../locales/terms.toml"))
}

#[test]
fn the_book_and_the_grader_use_one_term_per_concept() {
    let (terms, wrong) = the_terms();
    assert!(terms.len() >= 10 && glossary().len() >= 25, "terms.toml and the glossary are read");
    assert_eq!(problems(&terms, &wrong), Vec::<String>::new());
}

#[test]
fn every_glossary_term_with_a_course_word_is_in_terms_toml() {
    // The four added for issue 40 at least: their words are pinned, not just translated.
    let (terms, _) = the_terms();
    for en in [
        "kernel",
        "ghost cell",
        "halo cell",
        "metrics case",
        "wavefront",
        "bank conflict",
        "coalescing",
        "sector",
        "bound",
        "estimate",
        "copy",
    ] {
        assert!(terms.iter().any(|t| t.en == en), "{en} is in terms.toml");
        assert!(glossary().iter().any(|(t, _)| t == en), "{en} is in docs/glossary.md");
    }
}

#[test]
fn a_forbidden_word_is_found_unless_an_exception_covers_it() {
    let except = vec!["系统内核".to_string()];
    assert_eq!(bare("由系统内核杀掉", "内核", &except), 0);
    assert_eq!(bare("系统内核与内核", "内核", &except), 1);
    assert!(says("A section passes", "pass") && !says("bypassed", "pass"));
    let po =
        po_entries("msgid \"\"\nmsgstr \"x\"\n\n#, fuzzy\nmsgid \"a \"\n\"b\"\nmsgstr \"c\\\"\"\n\n#~ msgid \"old\"\n");
    assert_eq!(po, vec![("a b".to_string(), "c\"".to_string(), true)]);
}
