//! The hand-drawn figures (docs/figures/*.svg) in each language: every one the English book
//! shows has a zh-Hans copy in docs/figures/zh-Hans/ and a zh-Hant one in docs/figures/zh-Hant/
//! (`tools/book-i18n --hant` converts it), the same drawing with its words translated, and the
//! Chinese books show those copies.

use std::path::Path;

use grader::i18n::Lang;

fn workspace_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("grader/ has a parent")
}

/// The elements whose words a reader sees.
const WORDED: [&str; 2] = ["text", "title"];

/// The SVG with the words of its `<text>` and `<title>` elements cut out: what stays is the drawing.
fn drawing(svg: &str) -> String {
    let mut out = String::new();
    let mut rest = svg;
    while let Some((before, after)) = split_at_words(rest) {
        out.push_str(before);
        rest = after;
    }
    out.push_str(rest);
    out
}

/// The words of each `<text>` and `<title>` element, in order.
fn words(svg: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(open) = WORDED.iter().filter_map(|tag| rest.find(&format!("<{tag}")).map(|i| (i, tag))).min() {
        let (at, tag) = open;
        let Some(start) = rest[at..].find('>').map(|i| at + i + 1) else { break };
        let Some(end) = rest[start..].find(&format!("</{tag}>")).map(|i| start + i) else { break };
        out.push(rest[start..end].replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"));
        rest = &rest[end..];
    }
    out
}

/// `svg` split after the first worded element's opening tag and at its closing tag (its words
/// dropped): (what comes before the words, what comes after them).
fn split_at_words(svg: &str) -> Option<(&str, &str)> {
    let (at, tag) = WORDED.iter().filter_map(|tag| svg.find(&format!("<{tag}")).map(|i| (i, tag))).min()?;
    let start = svg[at..].find('>').map(|i| at + i + 1)?;
    let end = svg[start..].find(&format!("</{tag}>")).map(|i| start + i)?;
    Some((&svg[..start], &svg[end..]))
}

/// Words a Chinese figure may keep: the course's English term (halo, as in halo 单元; stencil)
/// and the kernels' variables in a formula (row, col).
const KEPT: [&str; 4] = ["halo", "stencil", "row", "col"];

/// The English words of a text: a word of letters, lower case after its first, of two letters
/// or more ("loads", "Shared"). Code stays: identifiers with capitals inside, digits or
/// underscores (TILE_DIM, threadIdx.x, inPrev_s, t0), single letters (r, z, N).
fn english_words(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || !c.is_ascii())
        .map(|token| token.trim_matches(|c: char| "()[]{},.;:!?\"'".contains(c)))
        .filter(|word| {
            let mut chars = word.chars();
            let first = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
            first && word.len() >= 2 && chars.all(|c| c.is_ascii_lowercase()) && !KEPT.contains(word)
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn english_words_are_told_from_code() {
    assert_eq!(english_words("halo 单元：线程把 N[row][col] 载入 N_s，等待"), Vec::<String>::new());
    assert_eq!(english_words("row = blockIdx.y·OUT_TILE_DIM + threadIdx.y − r"), Vec::<String>::new());
    assert_eq!(english_words("inCurr_s[ty][tx] ← inNext，t0 z A[15]"), Vec::<String>::new());
    assert_eq!(english_words("线程 loads N (Shared)"), vec!["loads", "Shared"]);
}

/// The hand-drawn figures the English book shows: `figures/<name>.svg` in its pages.
fn shown_figures() -> Vec<String> {
    let mut names = Vec::new();
    for entry in walkdir::WalkDir::new(workspace_root().join("docs")).into_iter().filter_map(Result::ok) {
        if entry.path().extension().is_none_or(|x| x != "md") {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).unwrap();
        for link in text.split("figures/").skip(1) {
            if let Some(name) = link.split(')').next().filter(|n| n.ends_with(".svg") && !n.contains('/')) {
                names.push(name.to_string());
            }
        }
    }
    names.sort();
    names.dedup();
    names
}

#[test]
fn every_hand_drawn_figure_is_drawn_in_chinese() {
    let root = workspace_root();
    let figures = shown_figures();
    assert!(figures.len() >= 4, "{figures:?}");
    for name in &figures {
        let english = std::fs::read_to_string(root.join("docs/figures").join(name)).unwrap();
        for lang in [Lang::ZhHans, Lang::ZhHant] {
            let path = format!("docs/figures/{}/{name}", lang.tag());
            let chinese = std::fs::read_to_string(root.join(&path))
                .unwrap_or_else(|e| panic!("{path}: {e} (draw the figure in {lang}: see docs/contributing.md)"));
            assert!(drawing(&chinese) == drawing(&english), "{path} is not the drawing of docs/figures/{name}");
            let english_left: Vec<String> = words(&chinese).iter().flat_map(|w| english_words(w)).collect();
            assert_eq!(english_left, Vec::<String>::new(), "{path} holds English words");
        }
    }
}

#[test]
fn a_figure_redrawn_or_with_english_words_is_caught() {
    let english = r#"<svg><title>7.4: tiles</title><rect x="1"/><text x="2" font-size="15">a block</text></svg>"#;
    let chinese = english.replace("7.4: tiles", "7.4：分块").replace("a block", "一个线程块");
    assert_eq!(drawing(&chinese), drawing(english));
    assert_eq!(words(&chinese), vec!["7.4：分块", "一个线程块"]);
    assert_ne!(drawing(&chinese.replace("x=\"1\"", "x=\"3\"")), drawing(english), "a moved rectangle");
    let half = chinese.replace("一个线程块", "一个 block");
    assert_eq!(words(&half).iter().flat_map(|w| english_words(w)).collect::<Vec<_>>(), vec!["block"]);
}

/// The image links of a PO file's translations to hand-drawn figures that are not the
/// language's copy (`figures/<tag>/<name>.svg`), and the number of such links.
fn figure_link_errors(lang: Lang, po: &str) -> (usize, Vec<String>) {
    let (mut links, mut errors) = (0, Vec::new());
    for (msgid, msgstr) in po_messages(po) {
        for english in msgid.split("figures/").skip(1).filter_map(|l| l.split(')').next()) {
            if !english.ends_with(".svg") || english.contains('/') {
                continue;
            }
            links += 1;
            let own = format!("figures/{}/{english}", lang.tag());
            if !msgstr.contains(&format!("{own})")) {
                errors.push(format!("{msgid:?} is translated {msgstr:?}, which does not show {own}"));
            }
        }
    }
    (links, errors)
}

#[test]
fn the_chinese_books_show_their_own_hand_drawn_figures() {
    let root = workspace_root();
    for lang in [Lang::ZhHans, Lang::ZhHant] {
        let po = std::fs::read_to_string(root.join(format!("po/{}.po", lang.tag()))).unwrap();
        let (links, errors) = figure_link_errors(lang, &po);
        assert_eq!(errors, Vec::<String>::new(), "po/{}.po", lang.tag());
        // 1d, 7.4, 7.5, and 8.4's (one message: 8.5's page shows it with the same words).
        assert!(links >= 4, "po/{}.po shows {links} hand-drawn figures", lang.tag());
    }
    let po = "msgid \"![Tiles](../figures/tile-7.4.svg)\"\nmsgstr \"![分块](../figures/tile-7.4.svg)\"\n";
    let (links, errors) = figure_link_errors(Lang::ZhHans, po);
    assert_eq!((links, errors.len()), (1, 1), "the English figure in a Chinese book: {errors:?}");
    let hans = "msgid \"![Tiles](../figures/tile-7.4.svg)\"\nmsgstr \"![分块](../figures/zh-Hans/tile-7.4.svg)\"\n";
    assert_eq!(figure_link_errors(Lang::ZhHans, hans), (1, vec![]));
    assert_eq!(figure_link_errors(Lang::ZhHant, hans).1.len(), 1, "zh-Hant shows its own copy");
}

/// The messages of a PO file: (msgid, msgstr), each with its lines joined. Obsolete (`#~`)
/// messages and the header are left out.
pub(crate) fn po_messages(text: &str) -> Vec<(String, String)> {
    let unquote = |line: &str| -> String {
        let quoted = line.trim().trim_start_matches("msgid ").trim_start_matches("msgstr ");
        // One quote off each end: an escaped quote before the last one stays.
        let inner = quoted.strip_prefix('"').and_then(|q| q.strip_suffix('"')).unwrap_or(quoted);
        inner.replace("\\\"", "\"").replace("\\n", "\n").replace("\\\\", "\\")
    };
    let mut out = Vec::new();
    let (mut msgid, mut msgstr) = (None::<String>, None::<String>);
    for line in text.lines().chain([""]) {
        if line.starts_with("msgid ") {
            msgid = Some(unquote(line));
        } else if line.starts_with("msgstr ") {
            msgstr = Some(unquote(line));
        } else if line.starts_with('"') {
            if let Some(s) = msgstr.as_mut().or(msgid.as_mut()) {
                s.push_str(&unquote(line));
            }
        } else if line.trim().is_empty() {
            if let (Some(id), Some(s)) = (msgid.take(), msgstr.take()) {
                if !id.is_empty() {
                    out.push((id, s));
                }
            }
        }
    }
    out
}

#[test]
fn po_messages_joins_the_lines() {
    let po = "msgid \"\"\nmsgstr \"\"\n\"Language: zh\\n\"\n\n#: a.md\nmsgid \"\"\n\"one \\\"two\\\"\"\n\"three\"\nmsgstr \"一\"\n\"二\"\n\n#~ msgid \"old\"\n#~ msgstr \"旧\"\n";
    assert_eq!(po_messages(po), vec![("one \"two\"three".to_string(), "一二".to_string())]);
}
