//! Keeps the book's generated tables and charts (docs/generated/) in step with the code.
//!
//! * `textbook_chart_is_current` draws the textbook's OP/B formula for tiled 2D convolution
//!   against tile size and filter radius (no grader needed).
//! * `measured_figures_are_current` runs the real grader on every reference solution
//!   (`all --solutions --format json --seed 1`), and renders the measured table
//!   (docs/generated/measured.md) and the same chart with the measured points on it.
//!
//! * `pages_carry_the_measured_figures` checks that the pages hold measured.md's blocks where
//!   they show them, copied between marker comments (no mdBook `{{#include}}`, which shows as a raw
//!   directive where the pages are read as Markdown: in a clone, on GitHub).
//!
//! * `the_chinese_books_show_their_own_figures` checks that the Chinese books (po/zh-Hans.po,
//!   po/zh-Hant.po) show the figures drawn in their language.
//!
//! The figures the course draws (the charts, the reuse maps) are drawn in each language: English
//! at docs/generated/…, Chinese at docs/generated/zh-Hans/… and docs/generated/zh-Hant/…, their
//! words from the grader's catalogue (figures.ftl), their numbers the same.
//!
//! They FAIL when the committed file differs from what they render; run them with
//! `UPDATE_BOOK_FIGURES=1` to rewrite the files instead. The renderers are deterministic (fixed
//! seed, fixed number formatting), so a difference means the grader or a solution changed.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use grader::i18n::{with_lang, Lang};
use grader::render::opb::{self, textbook_tiled_op_per_byte, ChartPoint};

const UPDATE_VAR: &str = "UPDATE_BOOK_FIGURES";

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("grader/ has a parent").to_path_buf()
}

/// Compare `rendered` with the committed file, or rewrite it when UPDATE_BOOK_FIGURES=1 (the
/// book's figures and pages here, the speed model's in `speed`).
pub(crate) fn check_or_update(relative: &str, rendered: &str) {
    let path = workspace_root().join(relative);
    if std::env::var(UPDATE_VAR).map(|v| v == "1").unwrap_or(false) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, rendered).unwrap_or_else(|e| panic!("cannot write {relative}: {e}"));
        eprintln!("rewrote {relative}");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != rendered {
        let first_diff = committed
            .lines()
            .zip(rendered.lines())
            .position(|(a, b)| a != b)
            .map(|i| format!("first difference at line {}", i + 1))
            .unwrap_or_else(|| "the files differ in length".to_string());
        panic!(
            "{relative} is out of date ({first_diff}).\n\
             Regenerate the book's figures with:\n    \
             {UPDATE_VAR}=1 cargo test -p grader --test suite\n\
             and commit the result."
        );
    }
}

/// Where a generated figure is kept in `lang`'s book: English at `relative`
/// (`docs/generated/…`), Chinese under `docs/generated/<tag>/…` at the same relative path.
pub(crate) fn figure_path(lang: Lang, relative: &str) -> String {
    let inside = relative.strip_prefix("docs/generated/").expect("a figure of docs/generated/");
    match lang {
        Lang::En => relative.to_string(),
        _ => format!("docs/generated/{}/{inside}", lang.tag()),
    }
}

/// A figure the course draws, in each language's words: `check_or_update` for each of them.
pub(crate) fn check_or_update_figure(relative: &str, render: impl Fn() -> String) {
    for lang in Lang::ALL {
        check_or_update(&figure_path(lang, relative), &with_lang(lang, &render));
    }
}

// ------------------------------------------------------------------------------------------
// The grader's report, read with serde_json into a `Value`, and read from it by field.

type Json = serde_json::Value;

/// A report's fields by name: `None` (or no items) where the field is missing or of another type.
trait Fields {
    fn str(&self, key: &str) -> Option<&str>;
    fn num(&self, key: &str) -> Option<f64>;
    fn bool(&self, key: &str) -> Option<bool>;
    fn arr(&self, key: &str) -> &[Json];
}

impl Fields for Json {
    fn str(&self, key: &str) -> Option<&str> {
        self.get(key)?.as_str()
    }
    fn num(&self, key: &str) -> Option<f64> {
        self.get(key)?.as_f64()
    }
    fn bool(&self, key: &str) -> Option<bool> {
        self.get(key)?.as_bool()
    }
    fn arr(&self, key: &str) -> &[Json] {
        self.get(key).and_then(Json::as_array).map_or(&[], Vec::as_slice)
    }
}

fn parse(text: &str) -> Result<Json, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

#[test]
fn reports_are_read_by_field() {
    let doc = r#"{ "sections": [ { "section": "7.4", "passed": true, "seed": 1,
        "metrics": { "case": "1024x1024 r=2", "flops": 51380000, "op_per_byte": 9.2e0 },
        "targets": [ { "name": "op_per_byte", "op": ">=", "target": 8.0, "textbook": null } ],
        "note": "tab\tquote\" \u00e9" } ] }"#;
    let json = parse(doc).unwrap();
    let s = &json.arr("sections")[0];
    assert_eq!(s.str("section"), Some("7.4"));
    assert_eq!(s.bool("passed"), Some(true));
    assert_eq!(s.get("metrics").unwrap().num("flops"), Some(51_380_000.0));
    assert_eq!(s.get("metrics").unwrap().num("op_per_byte"), Some(9.2));
    assert_eq!(s.arr("targets")[0].get("textbook"), Some(&Json::Null));
    assert_eq!(s.str("note"), Some("tab\tquote\" é"));
    assert_eq!(s.num("section"), None, "a field of another type");
    assert!(s.arr("missing").is_empty());
}

// ------------------------------------------------------------------------------------------
// The textbook's model of tiled 2D convolution, which its chart draws (grader::render::opb).

#[test]
fn formula_gives_the_textbooks_numbers() {
    let two_places = |v: f64| (v * 100.0).round() / 100.0;
    assert_eq!(two_places(textbook_tiled_op_per_byte(32, 2)), 9.57);
    assert_eq!(two_places(textbook_tiled_op_per_byte(32, 4)), 22.78);
    assert_eq!(textbook_tiled_op_per_byte(8, 2), 3.125);
    assert_eq!(textbook_tiled_op_per_byte(4, 2), 0.0);
}

#[test]
fn textbook_chart_is_current() {
    check_or_update_figure("docs/generated/opb-textbook.svg", || opb::chart(&[]));
}

// ------------------------------------------------------------------------------------------
// The measured figures.

/// The textbook's ratio for each section's own configuration, as the book prints it.
fn textbook_ratio(section: &str) -> Option<&'static str> {
    Some(match section {
        "7.2" => "0.25",
        "7.3" => "0.5",
        "7.4" => "9.57",
        "8.2" => "0.46",
        "8.3" => "1.37",
        "8.4" | "8.5" => "2.68",
        _ => return None,
    })
}

/// "1234567" → "1,234,567" so the counts read at a glance.
fn thousands(value: f64) -> String {
    let digits = format!("{}", value.round() as i128);
    let (sign, digits) = digits.strip_prefix('-').map(|d| ("-", d)).unwrap_or(("", &digits));
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    format!("{sign}{out}")
}

#[test]
fn thousands_groups_digits() {
    assert_eq!(thousands(0.0), "0");
    assert_eq!(thousands(999.0), "999");
    assert_eq!(thousands(1000.0), "1,000");
    assert_eq!(thousands(51_380_000.0), "51,380,000");
    assert_eq!(thousands(-1234.0), "-1,234");
}

/// Counts with thousands separators; ratios with up to three decimals, trailing zeros dropped
/// ("0.24", "8", "4.031").
fn format_measured(name: &str, value: f64) -> String {
    match name {
        "shared_bytes_per_block" | "threads_per_block" => thousands(value),
        _ => {
            let text = format!("{value:.3}");
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        }
    }
}

#[test]
fn ratios_drop_trailing_zeros() {
    assert_eq!(format_measured("op_per_byte", 0.24), "0.24");
    assert_eq!(format_measured("op_per_byte", 8.0), "8");
    assert_eq!(format_measured("op_per_byte", 9.6123), "9.612");
    assert_eq!(format_measured("shared_bytes_per_block", 12288.0), "12,288");
}

/// OP/B for the table: integer-only kernels (no FLOPs) have no meaningful ratio.
fn format_op_per_byte(section: &Json) -> String {
    if metric(section, "flops") == 0.0 {
        "—".to_string()
    } else {
        format!("{:.2}", metric(section, "op_per_byte"))
    }
}

fn op_symbol(op: &str) -> &str {
    match op {
        ">=" => "≥",
        "<=" => "≤",
        "==" => "=",
        other => other,
    }
}

/// Short names for the summary table, which must fit the book's column.
fn short_target_name(name: &str) -> &str {
    match name {
        "op_per_byte" => "OP/B",
        "shared_bytes_per_block" => "shared",
        "global_load_bytes_per_output" => "bytes/output",
        "threads_per_block" => "threads",
        "global_load_sectors_per_request" => "sectors/request",
        "shared_bank_conflicts_per_request" => "conflicts/request",
        "global_load_uncoalesced_sectors_per_output" => "uncoalesced sectors/output",
        "shared_bank_conflicts_per_output" => "conflicts/output",
        "global_loads_per_element" => "loads/element",
        "local_memory_bytes" => "local bytes",
        "percent_of_copy" => "% of copy",
        other => other,
    }
}

fn target_summary(targets: &[Json]) -> String {
    let parts: Vec<String> = targets
        .iter()
        .map(|t| {
            let name = t.str("name").unwrap_or("?");
            let label = short_target_name(name);
            let op = op_symbol(t.str("op").unwrap_or("?"));
            let target = t.num("target").map(|v| format_measured(name, v)).unwrap_or_default();
            let mark = match (t.str("skipped"), t.bool("passed")) {
                (Some(_), _) => "(GPU)",
                (None, Some(true)) => "✓",
                _ => "✗",
            };
            format!("{label} {op} {target} {mark}")
        })
        .collect();
    if parts.is_empty() {
        "—".to_string()
    } else {
        parts.join("<br>")
    }
}

fn anchor_name(section: &str) -> String {
    format!("s{}", section.replace('.', "_"))
}

fn metric(section: &Json, key: &str) -> f64 {
    section
        .get("metrics")
        .and_then(|m| m.num(key))
        .unwrap_or_else(|| panic!("section {:?}: metrics.{key} missing in the JSON", section.str("section")))
}

/// docs/generated/measured.md: the whole course in one table, the textbook's ratios beside the
/// measured ones, then one block per section (between mdBook ANCHOR lines) for its chapter.
fn render_measured(report: &Json, seed_note: &str) -> String {
    let sections = report.arr("sections");
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<!-- Generated by grader/tests/suite/book_figures.rs from `grader all --solutions --format json \
         --seed 1`; do not edit by hand. -->"
    );
    let _ = writeln!(s, "<!-- ANCHOR: all -->");
    let _ = writeln!(
        s,
        "| section | metrics case | FLOPs | global load bytes | OP/B | textbook | shared B / block | targets |"
    );
    let _ = writeln!(s, "|---|---|--:|--:|--:|--:|--:|---|");
    for sec in sections {
        let id = sec.str("section").unwrap_or("?");
        let case = sec.get("metrics").and_then(|m| m.str("case")).unwrap_or("?");
        let _ = writeln!(
            s,
            "| {id} | {case} | {} | {} | {} | {} | {} | {} |",
            thousands(metric(sec, "flops")),
            thousands(metric(sec, "global_load_bytes")),
            format_op_per_byte(sec),
            textbook_ratio(id).unwrap_or("—"),
            thousands(metric(sec, "shared_bytes_per_block")),
            target_summary(sec.arr("targets")),
        );
    }
    let _ = writeln!(s, "<!-- ANCHOR_END: all -->");
    let _ = writeln!(s);

    // The textbook's quoted ratios beside the grader's.
    let measured_opb = |id: &str| {
        sections
            .iter()
            .find(|sec| sec.str("section") == Some(id))
            .map(|sec| format!("{:.2}", metric(sec, "op_per_byte")))
            .unwrap_or_else(|| "—".into())
    };
    let _ = writeln!(s, "<!-- ANCHOR: textbook -->");
    let _ = writeln!(s, "| configuration | textbook OP/B | measured OP/B | measured on |");
    let _ = writeln!(s, "|---|--:|--:|---|");
    // A `--variants` configuration's OP/B, by its label in the section's report.
    let measured_variant = |id: &str, label: &str| {
        sections
            .iter()
            .find(|sec| sec.str("section") == Some(id))
            .and_then(|sec| {
                sec.arr("variants").iter().find(|v| v.str("label") == Some(label)).and_then(|v| v.num("op_per_byte"))
            })
            .map(|v| format!("{v:.2}"))
            .unwrap_or_else(|| "—".into())
    };
    // (configuration, textbook, section measured on, its variant's label and how the row says it).
    type Row<'a> = (&'a str, &'a str, Option<&'a str>, Option<(&'a str, &'a str)>);
    let rows: [Row; 10] = [
        ("7.2 basic kernel, F in global memory", "0.25", Some("7.2"), None),
        ("7.3 F in constant memory", "0.5", Some("7.3"), None),
        ("7.4 32×32 input tiles, 5×5 filter", "9.57", Some("7.4"), None),
        (
            "7.4 32×32 input tiles, 9×9 filter",
            "22.78",
            Some("7.4"),
            Some(("1024x1024 r=4 IN_TILE_DIM=32", "FILTER_RADIUS=4")),
        ),
        (
            "7.4 8×8 input tiles, 5×5 filter",
            "3.13",
            Some("7.4"),
            Some(("1024x1024 r=2 IN_TILE_DIM=8", "IN_TILE_DIM=8")),
        ),
        ("7.5 32×32 tiles, halo from the caches, 5×5", "—", Some("7.5"), None),
        ("8.2 basic seven-point stencil", "0.46", Some("8.2"), None),
        ("8.3 shared tiling, T = 8", "1.37", Some("8.3"), None),
        ("8.4 coarsening in z, T = 32", "2.68", Some("8.4"), None),
        ("8.5 register tiling, T = 32", "2.68", Some("8.5"), None),
    ];
    for (config, book, id, variant) in rows {
        let (got, on) = match (id, variant) {
            (Some(id), Some((label, how))) => {
                (measured_variant(id, label), format!("the {id} reference solution, {how} (`--variants`)"))
            }
            (Some(id), None) => (measured_opb(id), format!("the {id} reference solution")),
            (None, _) => ("—".to_string(), "not a course configuration".to_string()),
        };
        let _ = writeln!(s, "| {config} | {book} | {got} | {on} |");
    }
    let _ = writeln!(s, "<!-- ANCHOR_END: textbook -->");
    let _ = writeln!(s);

    // One block per section, for its chapter.
    for sec in sections {
        let id = sec.str("section").unwrap_or("?");
        let anchor = anchor_name(id);
        let requests = metric(sec, "global_load_requests");
        let sectors = metric(sec, "global_load_sectors");
        let _ = writeln!(s, "<!-- ANCHOR: {anchor} -->");
        let _ = writeln!(
            s,
            "Measured by the grader on the reference solution, metrics case `{}` ({seed_note}):",
            sec.get("metrics").and_then(|m| m.str("case")).unwrap_or("?")
        );
        let _ = writeln!(s);
        let _ = writeln!(s, "| count | value |");
        let _ = writeln!(s, "|---|--:|");
        let _ = writeln!(s, "| FLOPs | {} |", thousands(metric(sec, "flops")));
        let _ = writeln!(s, "| global load bytes | {} |", thousands(metric(sec, "global_load_bytes")));
        let _ = writeln!(s, "| OP/B | {} |", format_op_per_byte(sec));
        let _ = writeln!(s, "| global load requests (warp-level) | {} |", thousands(requests));
        let sectors_per_request = if requests > 0.0 { sectors / requests } else { 0.0 };
        let _ = writeln!(
            s,
            "| global load sectors (32 B) | {} ({sectors_per_request:.2} per request) |",
            thousands(sectors)
        );
        let _ = writeln!(s, "| global store bytes | {} |", thousands(metric(sec, "global_store_bytes")));
        let _ = writeln!(s, "| shared bytes per block | {} |", thousands(metric(sec, "shared_bytes_per_block")));
        let _ = writeln!(s);
        let targets = sec.arr("targets");
        if !targets.is_empty() {
            let _ = writeln!(s, "The section's targets on this case:");
            let _ = writeln!(s);
            let _ = writeln!(s, "| target | measured | needed | textbook | passed |");
            let _ = writeln!(s, "|---|--:|--:|--:|:-:|");
            for t in targets {
                let name = t.str("name").unwrap_or("?");
                let fmt = |key: &str| t.num(key).map(|v| format_measured(name, v)).unwrap_or_else(|| "—".into());
                let _ = writeln!(
                    s,
                    "| `{name}` | {} | {} {} | {} | {} |",
                    fmt("measured"),
                    op_symbol(t.str("op").unwrap_or("?")),
                    fmt("target"),
                    fmt("textbook"),
                    match (t.str("skipped"), t.bool("passed")) {
                        (Some(why), _) => why,
                        (None, Some(true)) => "✓",
                        _ => "✗",
                    }
                );
            }
        }
        let _ = writeln!(s, "<!-- ANCHOR_END: {anchor} -->");
        let _ = writeln!(s);
    }
    s
}

#[test]
fn measured_figures_are_current() {
    let output = crate::common::all_solutions_with_nvrtc();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    // Exit 1 (a solution failed) still renders, so the table shows which; 2 means no report.
    let code = output.status.code();
    assert!(matches!(code, Some(0) | Some(1)), "the grader could not grade the solutions (exit {code:?}):\n{stderr}");
    let report = parse(stdout.trim())
        .unwrap_or_else(|e| panic!("the grader's --format json output is not JSON ({e}):\n{stdout}"));
    let sections = report.arr("sections");
    assert!(!sections.is_empty(), "the grader's report has no sections:\n{stdout}");
    for sec in sections {
        assert_eq!(sec.num("seed"), Some(1.0), "--seed 1 must reach every section");
    }

    let measured = render_measured(&report, "seed 1");
    {
        // measured.md and the pages' copies of it change together (see `PAGES`).
        let _pages = PAGES.lock().unwrap_or_else(|e| e.into_inner());
        check_or_update(MEASURED, &measured);
        check_or_update_pages(&measured);
    }

    // The measured points on the OP/B chart: the two 32×32-tile convolutions, r = 2.
    let points: Vec<ChartPoint> = ["7.4", "7.5"]
        .iter()
        .filter_map(|id| sections.iter().find(|sec| sec.str("section") == Some(id)))
        .map(|sec| ChartPoint {
            section: sec.str("section").unwrap_or("?").to_string(),
            in_tile: 32,
            op_per_byte: metric(sec, "op_per_byte"),
        })
        .collect();
    check_or_update_figure("docs/generated/opb-measured.svg", || opb::chart(&points));
    assert_eq!(code, Some(0), "a reference solution failed its section:\n{stdout}");
    // The 7.4 variants ran, on the reference solution, with right outputs.
    let variants = sections
        .iter()
        .find(|sec| sec.str("section") == Some("7.4"))
        .map(|sec| sec.arr("variants"))
        .unwrap_or_default();
    assert_eq!(variants.len(), 2, "--variants must measure 7.4's two other configurations:\n{stdout}");
    for v in variants {
        assert_eq!(v.bool("passed"), Some(true), "7.4 variant {:?} failed: {:?}", v.str("label"), v.str("message"));
    }
}

// ------------------------------------------------------------------------------------------
// The measured blocks inside the pages. Each page shows a block of measured.md (between its
// `ANCHOR: name` lines) as a copy between two marker comments, which Markdown hides both on
// GitHub and in the book:
//
//     <!-- generated from docs/generated/measured.md:s7_2; UPDATE_BOOK_FIGURES=1 cargo test … -->
//     …the block…
//     <!-- end generated -->

const MEASURED: &str = "docs/generated/measured.md";
const BLOCK_END: &str = "<!-- end generated -->";

/// measured.md and the pages are rewritten together under this lock: the quick check reads the
/// committed measured.md, which the measured test may be rewriting (the tests of one binary run
/// side by side).
static PAGES: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn block_start(anchor: &str) -> String {
    format!(
        "<!-- generated from {MEASURED}:{anchor}; {UPDATE_VAR}=1 cargo test -p grader --test suite book_figures -->"
    )
}

/// The lines of `measured` between `<!-- ANCHOR: name -->` and `<!-- ANCHOR_END: name -->`.
fn anchor_block(measured: &str, name: &str) -> Option<String> {
    let start = format!("<!-- ANCHOR: {name} -->\n");
    let end = format!("<!-- ANCHOR_END: {name} -->");
    let from = measured.find(&start)? + start.len();
    let len = measured[from..].find(&end)?;
    Some(measured[from..from + len].to_string())
}

/// `page` with each generated block's copy replaced by the block of `measured` its marker (a line
/// of its own) names.
/// Errors: a marker with no end, or naming a block measured.md does not have.
fn refresh_page(page: &str, measured: &str) -> Result<String, String> {
    let prefix = format!("<!-- generated from {MEASURED}:");
    let mut out = String::new();
    let mut rest = page;
    // A marker starts its line (the same text inside a sentence, quoted, is not one).
    let marker_at =
        |text: &str| text.match_indices(&prefix).map(|(i, _)| i).find(|&i| i == 0 || text[..i].ends_with('\n'));
    while let Some(at) = marker_at(rest) {
        let marker_end = rest[at..].find("-->").map(|i| at + i + 3).ok_or("a marker comment is not closed")?;
        let anchor = rest[at + prefix.len()..marker_end - 3].split(';').next().unwrap_or("").trim().to_string();
        let block = anchor_block(measured, &anchor).ok_or(format!("{MEASURED} has no block `{anchor}`"))?;
        let end = rest[marker_end..]
            .find(BLOCK_END)
            .map(|i| marker_end + i)
            .ok_or(format!("the copy of `{anchor}` has no `{BLOCK_END}` line"))?;
        out.push_str(&rest[..at]);
        out.push_str(&format!("{}\n\n{block}\n{BLOCK_END}", block_start(&anchor)));
        rest = &rest[end + BLOCK_END.len()..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The book's pages (every .md under docs/ but the generated ones), relative to the workspace.
fn book_pages() -> Vec<String> {
    let root = workspace_root();
    let mut pages: Vec<String> = walkdir::WalkDir::new(root.join("docs"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "md"))
        .filter(|e| !e.path().starts_with(root.join("docs").join("generated")))
        .map(|e| e.path().strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/"))
        .collect();
    pages.sort();
    pages
}

/// Each page's generated blocks checked against `measured` (or rewritten): see `check_or_update`.
fn check_or_update_pages(measured: &str) {
    for page in book_pages() {
        let text = std::fs::read_to_string(workspace_root().join(&page)).unwrap();
        let refreshed = refresh_page(&text, measured).unwrap_or_else(|e| panic!("{page}: {e}"));
        check_or_update(&page, &refreshed);
    }
}

/// Against the committed measured.md (no grader run): quick, and what a page edited by hand
/// fails. Also: no page holds an mdBook directive (`{{#include …}}` and the like), which reads
/// as raw text on GitHub, but the includes of the sample reports (`book_samples`): a text block
/// is no message of the PO files (unless it quotes a string), so a Chinese book shows its own
/// sample only through an include that its translation names.
#[test]
fn pages_carry_the_measured_figures() {
    let _pages = PAGES.lock().unwrap_or_else(|e| e.into_inner());
    let measured = std::fs::read_to_string(workspace_root().join(MEASURED)).unwrap();
    check_or_update_pages(&measured);
    let mut copies = 0;
    for page in book_pages() {
        let text = std::fs::read_to_string(workspace_root().join(&page)).unwrap();
        let sample = |l: &str| l.starts_with("{{#include ") && l.contains("generated/samples/");
        if let Some(line) = text.lines().find(|l| l.contains("{{#") && !sample(l)) {
            panic!("{page} holds an mdBook directive: copy the block in (see book_figures.rs): {line}");
        }
        copies += text.matches(&format!("<!-- generated from {MEASURED}:")).count();
    }
    assert!(copies >= 11, "the chapters and intensity.md show measured.md's blocks ({copies} found)");
}

#[test]
fn a_page_edited_by_hand_or_naming_no_block_is_caught() {
    let measured = "<!-- ANCHOR: s9 -->\n| FLOPs | 10 |\n<!-- ANCHOR_END: s9 -->\n";
    let page = format!("# 9\n\n{}\n\n| FLOPs | 10 |\n\n{BLOCK_END}\n\ntext\n", block_start("s9"));
    assert_eq!(refresh_page(&page, measured).unwrap(), page, "a current page is left as it is");
    let doctored = page.replace("| 10 |", "| 11 |");
    assert_eq!(refresh_page(&doctored, measured).unwrap(), page, "a doctored copy is put back (so the check fails)");
    let elsewhere = format!("<!-- generated from {MEASURED}:s9 -->\nold\n{BLOCK_END}\n");
    assert!(refresh_page(&elsewhere, measured).unwrap().contains("| FLOPs | 10 |"));
    let quoted = format!("Each copy follows `<!-- generated from {MEASURED}:s9; … -->`.\n");
    assert_eq!(refresh_page(&quoted, measured).unwrap(), quoted, "a marker quoted in a sentence is text");
    assert!(refresh_page(&page.replace("s9", "s8"), measured).unwrap_err().contains("no block `s8`"));
    assert!(refresh_page(&page.replace(BLOCK_END, ""), measured).unwrap_err().contains("no `<!-- end generated -->`"));
}

/// docs/generated/reuse/<section>-<buffer>.svg: every reference solution's reuse map (how many
/// times each input element was loaded from global memory), which the chapters show beside the
/// previous technique's. Image-sized buffers only (7.2's filter `F` is 25 elements).
#[test]
fn reuse_maps_are_current() {
    let compiler = grader::toolchain::Compiler::Nvrtc(grader::toolchain::nvrtc::get(true).expect("NVRTC"));
    let root = workspace_root();
    let mut drawn = Vec::new();
    for section in grader::course::sections::all() {
        let relative = format!("solutions/{}/kernel.cu", section.dir());
        let file = grader::course::KernelFile { path: root.join(&relative), display: relative };
        let buffers = grader::commands::traffic::reuse(section, &file, compiler, 1, None)
            .unwrap_or_else(|e| panic!("{}: {e}", section.id()));
        for b in buffers.iter().filter(|b| b.elements >= 1024) {
            let name = format!("docs/generated/reuse/{}-{}.svg", section.id(), b.name);
            check_or_update_figure(&name, || {
                let title = grader::course::sections::title_in_language(section);
                grader::render::svg::reuse_map(&grader::render::svg::reference_title(section.id(), &title), b)
            });
            drawn.push(name);
        }
    }
    // Every section has an input map, and the chapters link only maps that exist.
    assert_eq!(drawn.len(), grader::course::sections::all().len(), "{drawn:?}");
    for page in ["docs/ch7", "docs/ch8"] {
        for entry in std::fs::read_dir(root.join(page)).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            for link in text.split("](../generated/reuse/").skip(1) {
                let target = format!("docs/generated/reuse/{}", &link[..link.find(')').unwrap()]);
                assert!(drawn.contains(&target), "{} links {target}, which is not drawn", path.display());
            }
        }
    }
}

/// The messages of a PO file: each translation (its lines joined) with the pages its `#:` lines
/// name. Obsolete (`#~`) messages are left out.
fn po_translations(text: &str) -> Vec<(Vec<String>, String)> {
    let unquote = |line: &str| -> String {
        let inner = line.trim().trim_start_matches("msgstr ").trim_matches('"');
        inner.replace("\\\"", "\"").replace("\\n", "\n").replace("\\\\", "\\")
    };
    let mut out = Vec::new();
    let (mut pages, mut msgstr, mut in_msgstr) = (Vec::new(), None::<String>, false);
    for line in text.lines().chain([""]) {
        if let Some(refs) = line.strip_prefix("#: ") {
            pages.extend(refs.split_whitespace().map(|r| r.split(':').next().unwrap_or(r).to_string()));
        } else if line.starts_with("msgstr ") {
            msgstr = Some(unquote(line));
            in_msgstr = true;
        } else if in_msgstr && line.starts_with('"') {
            msgstr.as_mut().unwrap().push_str(&unquote(line));
        } else if line.trim().is_empty() {
            if let Some(s) = msgstr.take() {
                out.push((std::mem::take(&mut pages), s));
            }
            pages.clear();
            in_msgstr = false;
        } else {
            in_msgstr = false;
        }
    }
    out
}

/// The targets of a text's Markdown images (`![alt](target)`).
fn image_targets(text: &str) -> Vec<&str> {
    text.match_indices("![")
        .filter_map(|(i, _)| {
            let rest = &text[i..];
            let open = rest.find("](")? + 2;
            let close = rest[open..].find(')')?;
            Some(&rest[open..open + close])
        })
        .collect()
}

/// Errors in a language's translations: an image of docs/generated/ not in the language's folder
/// (`docs/generated/<tag>/…`), or missing from there, seen from each page that shows it.
fn figure_link_errors(lang: Lang, po: &str, exists: impl Fn(&Path) -> bool) -> (usize, Vec<String>) {
    let (mut links, mut errors) = (0, Vec::new());
    for (pages, msgstr) in po_translations(po) {
        for target in image_targets(&msgstr).into_iter().filter(|t| t.contains("generated/")) {
            links += 1;
            for page in &pages {
                // The target from the page's folder, `..` resolved.
                let mut path = Path::new(page).parent().unwrap_or(Path::new("")).to_path_buf();
                for part in target.split('/') {
                    match part {
                        ".." => {
                            path.pop();
                        }
                        "." => {}
                        _ => path.push(part),
                    }
                }
                let resolved = path.to_string_lossy().replace('\\', "/");
                let own = format!("docs/generated/{}/", lang.tag());
                if !resolved.starts_with(&own) {
                    errors.push(format!("{page}: `{target}` is not under {own} (the {lang} figure)"));
                } else if !exists(&path) {
                    errors.push(format!("{page}: `{target}` ({resolved}) does not exist"));
                }
            }
        }
    }
    (links, errors)
}

/// The Chinese books show the Chinese figures: every image of docs/generated/ that a translation
/// of po/zh-Hans.po or po/zh-Hant.po shows is its own language's copy, and exists.
#[test]
fn the_chinese_books_show_their_own_figures() {
    let root = workspace_root();
    for lang in [Lang::ZhHans, Lang::ZhHant] {
        let po = std::fs::read_to_string(root.join(format!("po/{}.po", lang.tag()))).unwrap();
        let (links, errors) = figure_link_errors(lang, &po, |p| root.join(p).is_file());
        assert_eq!(errors, Vec::<String>::new(), "po/{}.po", lang.tag());
        assert!(links >= 13, "po/{}.po shows {links} generated figures", lang.tag());
    }
}

#[test]
fn a_figure_translated_with_the_english_path_is_caught() {
    let po = "#: docs/ch7/7.2-basic.md:98\nmsgid \"![N](../generated/reuse/7.2-N.svg)\"\n\
              msgstr \"![N 的](../generated/reuse/7.2-N.svg)\"\n\n\
              #: docs/intensity.md:27 docs/ch7/x.md\nmsgid \"\"\n\"![OP/B](generated/opb-textbook.svg)\"\n\
              msgstr \"\"\n\"![OP/B](generated/zh-Hans/\"\n\"opb-textbook.svg)\"\n";
    let (links, errors) = figure_link_errors(Lang::ZhHans, po, |_| true);
    assert_eq!(links, 2);
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors[0].contains("docs/ch7/7.2-basic.md: `../generated/reuse/7.2-N.svg` is not under"), "{errors:?}");
    assert!(errors[1].starts_with("docs/ch7/x.md: `generated/zh-Hans/opb-textbook.svg`"), "{errors:?}");
    let (_, missing) = figure_link_errors(Lang::ZhHant, &po.replace("zh-Hans", "zh-Hant"), |_| false);
    assert!(missing.iter().any(|e| e.contains("does not exist")), "{missing:?}");
}
