//! The book's samples of `traffic` (how-the-grader-measures.md): the reference solutions' tables,
//! 7.4's loads per element and the shared-memory map of one of its blocks, cut from what
//! `traffic <section> --solutions --seed 1` prints in each language (`commands::traffic::text`,
//! on one grading of the section, rendered in each language). Checked or rewritten, as the
//! report samples are, by `book_samples::traffic_samples_are_current`.

use grader::backend::{Views, Watch};
use grader::course::{sections, KernelFile};
use grader::grade::Grader;
use grader::i18n::{with_lang, Lang};
use grader::render::buffers::{kernel_parameter_names, Launched};

/// What a sample shows of `traffic`'s text.
#[derive(Clone, Copy)]
pub(crate) enum TrafficCut {
    /// The heading, the OP/B line and the per-line table.
    Table,
    /// The first input's loads per element, then these rows of its first elements' digits.
    Loads(usize, usize),
    /// The watched block's shared-memory map: its heading, its legend, then these rows.
    Shared(usize, usize),
}

/// A solution's `traffic` run and the samples cut from it.
pub(crate) struct TrafficRun {
    pub section: &'static str,
    /// `--block X,Y`: the watched block (`None`: the middle one), or `None` where the samples
    /// show the table alone (graded without the views, which cost as much as the grading).
    pub views: Option<Watch>,
    pub samples: &'static [(&'static str, TrafficCut)],
}

/// `traffic`'s seed where none is given.
const SEED: u64 = 1;

pub(crate) const TRAFFIC_RUNS: &[TrafficRun] = &[
    TrafficRun { section: "7.2", views: None, samples: &[("traffic-7.2", TrafficCut::Table)] },
    TrafficRun {
        section: "7.4",
        views: Some(Watch { block: Some([2, 3, 0]), thread: None }),
        samples: &[
            ("traffic-7.4", TrafficCut::Table),
            // The first band where neighbouring tiles overlap, and its crossing.
            ("traffic-7.4-loads", TrafficCut::Loads(23, 31)),
            // The rows of thread (16, 16)'s 5 × 5 window, and one either side.
            ("traffic-7.4-shared", TrafficCut::Shared(13, 20)),
        ],
    },
];

/// The paragraphs of `text` (runs of lines between blank ones).
fn paragraphs(text: &str) -> Vec<Vec<&str>> {
    let mut out = vec![Vec::new()];
    for line in text.lines() {
        match out.last_mut() {
            Some(p) if line.trim().is_empty() => {
                if !p.is_empty() {
                    out.push(Vec::new());
                }
            }
            Some(p) => p.push(line),
            None => unreachable!(),
        }
    }
    out.retain(|p| !p.is_empty());
    out
}

/// Whether `line` is a row of digits (a map of loads per element).
fn digits(line: &str) -> bool {
    let row = line.trim();
    !row.is_empty() && row.chars().all(|c| c.is_ascii_digit() || c == '+')
}

/// The lines of `traffic`'s `text` that `cut` shows.
pub(crate) fn cut_traffic(text: &str, cut: TrafficCut) -> Result<Vec<&str>, String> {
    let paragraphs = paragraphs(text);
    match cut {
        TrafficCut::Table => {
            let [heading, table, ..] = paragraphs.as_slice() else { return Err("no table".into()) };
            Ok(heading.iter().copied().chain([""]).chain(table.iter().copied()).collect())
        }
        TrafficCut::Loads(from, to) => {
            // The first paragraph with a row of digits: the first input's maps.
            let map = paragraphs.iter().find(|p| p.iter().any(|l| digits(l))).ok_or("no map of loads")?;
            let first = map.iter().position(|l| digits(l)).expect("a row of digits");
            let rows = map[first..].get(from..to).ok_or(format!("no rows {from}..{to}"))?;
            Ok([map[0], "  …", map[first - 1], "  …"].into_iter().chain(rows.iter().copied()).chain(["  …"]).collect())
        }
        TrafficCut::Shared(from, to) => {
            // The block view's last paragraph: its shared memory.
            let shared = paragraphs.last().ok_or("no block view")?;
            let rows = shared.get(2 + from..2 + to).ok_or(format!("no shared rows {from}..{to}"))?;
            Ok(shared[..2].iter().copied().chain(["  …"]).chain(rows.iter().copied()).chain(["  …"]).collect())
        }
    }
}

/// What `traffic <section> --solutions --seed 1 [--block X,Y]` prints, in each language.
pub(crate) fn traffic_texts(run: &TrafficRun, grader: &Grader) -> Vec<(Lang, String)> {
    let section = sections::all().iter().copied().find(|s| s.id() == run.section).expect("a section of the course");
    let display = format!("solutions/{}/kernel.cu", section.dir());
    let file = KernelFile { path: crate::book_samples::workspace_root().join(&display), display };
    let views = Views { loads_per_element: run.views.is_some(), block: run.views };
    let graded = grader.grade_with_views(section, &file, SEED, false, views).expect("the grader runs");
    let metrics = graded.report.metrics.as_ref().expect("metrics");
    let Some(watch) = run.views else {
        return Lang::ALL
            .into_iter()
            .map(|lang| (lang, with_lang(lang, || grader::render::traffic::table(&graded.report, metrics))))
            .collect();
    };
    let (case, outcome) = graded.metrics_run.as_ref().expect("the metrics case ran");
    let launched = Launched { case, names: kernel_parameter_names(&file, section).expect("the kernel's parameters") };
    let loads = outcome.views.loads_per_element.clone().unwrap_or_default();
    let buffers = launched.reuse(section, loads, None).expect("the buffers' loads");
    let view = outcome.views.block.as_ref().expect("the watched block ran");
    let drawn = launched.drawn(view);
    let block_x = case.geometry.block[0];
    Lang::ALL
        .into_iter()
        .map(|lang| {
            let text = with_lang(lang, || {
                grader::commands::traffic::text(&graded.report, metrics, &buffers, view, &drawn, block_x, watch)
            });
            (lang, text)
        })
        .collect()
}

#[test]
fn the_traffic_cuts_find_their_lines() {
    let text = "7.4  title\nOP/B 9\n\n line  source\n   24  N_s\n  all\n\nlegend\n\nN (4 elements): loads\n  map\n  \
                first 4×3:\n  1121\n  2242\n  1121\n\nblock (0, 0, 0)\n\n  shared memory: 4 words\n  #: legend\n  \
                ####\n  #oo#\n  ####\n";
    assert_eq!(
        cut_traffic(text, TrafficCut::Table).unwrap(),
        ["7.4  title", "OP/B 9", "", " line  source", "   24  N_s", "  all"]
    );
    assert_eq!(
        cut_traffic(text, TrafficCut::Loads(1, 2)).unwrap(),
        ["N (4 elements): loads", "  …", "  first 4×3:", "  …", "  2242", "  …"]
    );
    assert_eq!(
        cut_traffic(text, TrafficCut::Shared(1, 2)).unwrap(),
        ["  shared memory: 4 words", "  #: legend", "  …", "  #oo#", "  …"]
    );
    assert!(cut_traffic(text, TrafficCut::Shared(2, 4)).is_err());
}
