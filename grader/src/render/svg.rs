//! The reuse maps as SVG (`traffic --svg DIR`, and the book's figures): one plane of a buffer's
//! loads per element, the whole plane downsampled beside its first elements one cell each, with
//! a legend. Written by hand: rectangles and text, runs of equal cells merged.

use std::fmt::Write as _;

use super::block::{self, Drawn};
use crate::backend::BlockView;
use crate::model::BufferReuse;
use crate::t;

/// Pixels of the downsampled panel's longer side.
const OVERVIEW_PX: f64 = 320.0;
/// Cells per side of the downsampled panel, at most.
const OVERVIEW_CELLS: usize = 64;
/// Elements per side of the full-resolution panel, and its cell size.
const DETAIL_CELLS: usize = 32;
const DETAIL_PX: f64 = 11.0;
/// The block view's width at least: its captions' longest line, drawn in DejaVu Sans at 12 px.
const CAPTIONS_PX: f64 = 780.0;
/// A 1D buffer is drawn in rows of this many elements.
const ROW_1D: usize = 32;

/// The plane as drawn: width, height and counts (a long 1D buffer wrapped into rows).
fn drawn(b: &BufferReuse) -> (usize, usize, Vec<u32>) {
    let [w, h, _] = b.shape;
    let counts = b.plane_counts().to_vec();
    if h == 1 && w > ROW_1D {
        let rows = w.div_ceil(ROW_1D);
        let mut wrapped = counts;
        wrapped.resize(rows * ROW_1D, 0);
        return (ROW_1D, rows, wrapped);
    }
    (w, h, counts)
}

/// The fill for `loads` (possibly a mean) on a scale up to `max`: light grey for none, then
/// light yellow (once, the ideal) through orange to dark red (the most).
pub fn colour(loads: f64, max: f64) -> String {
    if loads <= 0.0 {
        return "#eeeeee".into();
    }
    const RAMP: [(f64, [f64; 3]); 4] = [
        (0.0, [255.0, 255.0, 204.0]),
        (0.35, [254.0, 178.0, 76.0]),
        (0.7, [240.0, 59.0, 32.0]),
        (1.0, [128.0, 0.0, 38.0]),
    ];
    let t = if max <= 1.0 { 0.0 } else { ((loads - 1.0) / (max - 1.0)).clamp(0.0, 1.0) };
    let i = RAMP.iter().rposition(|(at, _)| *at <= t).unwrap_or(0).min(RAMP.len() - 2);
    let ((t0, c0), (t1, c1)) = (RAMP[i], RAMP[i + 1]);
    let f = (t - t0) / (t1 - t0);
    let c: Vec<u8> = (0..3).map(|k| (c0[k] + (c1[k] - c0[k]) * f).round() as u8).collect();
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Rows of cells as rectangles: equal neighbouring rows drawn once, taller, and runs of one
/// colour in a row merged into one rectangle (a tiling's map is mostly such runs).
fn cells(s: &mut String, x0: f64, y0: f64, cw: f64, ch: f64, fills: &[Vec<String>]) {
    let mut y = 0;
    while y < fills.len() {
        let row = &fills[y];
        let rows = fills[y..].iter().take_while(|r| *r == row).count();
        let mut x = 0;
        while x < row.len() {
            let run = row[x..].iter().take_while(|f| **f == row[x]).count();
            let _ = writeln!(
                s,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>"#,
                x0 + x as f64 * cw,
                y0 + y as f64 * ch,
                run as f64 * cw,
                rows as f64 * ch,
                row[x]
            );
            x += run;
        }
        y += rows;
    }
}

/// The book's title of a reference solution's reuse map: "7.2 Basic 2D convolution — the
/// reference solution" (`title` in the current language).
pub fn reference_title(section: &str, title: &str) -> String {
    t!(figures_reuse_title, section = section, title = title)
}

/// The SVG of one buffer's reuse map; `title` heads it (e.g. the section and kernel).
pub fn reuse_map(title: &str, b: &BufferReuse) -> String {
    let (w, h, counts) = drawn(b);
    let stats = &b.loads_per_element;
    let max = stats.max.max(1) as f64;

    // The whole plane, each cell the mean of the elements it covers.
    let (sx, sy) = (w.div_ceil(OVERVIEW_CELLS).max(1), h.div_ceil(OVERVIEW_CELLS).max(1));
    let (cols, rows) = (w.div_ceil(sx), h.div_ceil(sy));
    // Whole pixels per cell keep the coordinates short.
    let px = (OVERVIEW_PX / cols.max(rows) as f64).floor().max(1.0);
    let overview: Vec<Vec<String>> = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    let (mut sum, mut n) = (0u64, 0u64);
                    for y in r * sy..((r + 1) * sy).min(h) {
                        for x in c * sx..((c + 1) * sx).min(w) {
                            sum += counts[y * w + x] as u64;
                            n += 1;
                        }
                    }
                    colour(sum as f64 / n.max(1) as f64, max)
                })
                .collect()
        })
        .collect();

    // The first elements, one cell each, with their counts.
    let (dw, dh) = (w.min(DETAIL_CELLS), h.min(DETAIL_CELLS));
    let detail: Vec<Vec<String>> =
        (0..dh).map(|y| (0..dw).map(|x| colour(counts[y * w + x] as f64, max)).collect()).collect();

    let (left, top) = (20.0, 92.0);
    let detail_x = left + OVERVIEW_PX + 40.0;
    let width = detail_x + DETAIL_CELLS as f64 * DETAIL_PX + 20.0;
    let panel_h = OVERVIEW_PX.max(DETAIL_CELLS as f64 * DETAIL_PX);
    let legend_y = top + panel_h + 40.0;
    let height = legend_y + 50.0;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(s, r#"<text x="{left}" y="24" font-size="15">{}</text>"#, escape(title));
    let plane = if b.shape[2] > 1 {
        t!(report_svg_plane, plane = b.plane.to_string(), last = (b.shape[2] - 1).to_string())
    } else {
        String::new()
    };
    let _ = writeln!(
        s,
        r#"<text x="{left}" y="44">{}</text>"#,
        escape(&t!(report_svg_loads_title, label = b.label().to_string(), plane = plane))
    );
    let _ = writeln!(
        s,
        r#"<text x="{left}" y="62">{}</text>"#,
        escape(&t!(
            report_svg_stats,
            min = stats.min.to_string(),
            mean = format!("{:.2}", stats.mean),
            max = stats.max.to_string(),
            times = format!("{:.2}", stats.times_compulsory)
        ))
    );
    let wrapped = b.shape[1] == 1 && h > 1;
    let cell = format!("{sx}×{sy}");
    let whole = if !wrapped {
        t!(report_svg_all, size = format!("{w}×{h}"), cell = cell)
    } else {
        t!(report_svg_all_rows, elements = b.shape[0].to_string(), row = ROW_1D.to_string(), cell = cell)
    };
    let _ = writeln!(s, r#"<text x="{left}" y="{}">{}</text>"#, top - 8.0, escape(&whole));
    cells(&mut s, left, top, px, px, &overview);
    let first = t!(report_svg_first, size = format!("{dw}×{dh}"));
    let _ = writeln!(s, r#"<text x="{detail_x}" y="{}">{}</text>"#, top - 8.0, escape(&first));
    cells(&mut s, detail_x, top, DETAIL_PX, DETAIL_PX, &detail);
    let _ = writeln!(s, r#"<g font-size="7" text-anchor="middle">"#);
    for y in 0..dh {
        for x in 0..dw {
            let c = counts[y * w + x];
            let ink = if (c as f64) > max * 0.6 && c > 1 { r#" fill="white""# } else { "" };
            let _ = writeln!(
                s,
                r#"<text x="{:.0}" y="{:.0}"{ink}>{c}</text>"#,
                detail_x + (x as f64 + 0.5) * DETAIL_PX,
                top + (y as f64 + 0.75) * DETAIL_PX
            );
        }
    }
    s.push_str("</g>\n");

    // The legend: one swatch per count when there are few, else the two ends of the scale.
    let _ = writeln!(s, r#"<text x="{left}" y="{}">{}</text>"#, legend_y, escape(&t!(report_svg_legend)));
    let steps: Vec<u32> =
        if stats.max <= 12 { (0..=stats.max).collect() } else { vec![0, 1, stats.max / 2, stats.max] };
    for (i, v) in steps.iter().enumerate() {
        let x = left + 120.0 + i as f64 * 44.0;
        let _ = writeln!(
            s,
            r##"<rect x="{x}" y="{}" width="16" height="16" fill="{}" stroke="#999"/><text x="{}" y="{}">{v}</text>"##,
            legend_y - 12.0,
            colour(*v as f64, max),
            x + 20.0,
            legend_y
        );
    }
    s.push_str("</svg>\n");
    s
}

/// One block's view as SVG: each buffer's footprint (cells coloured by the block's loads, the
/// thread's outlined) beside the shared cells (the thread's reads in blue).
pub fn block_view(title: &str, view: &BlockView, drawn: &[Drawn], block_x: u32) -> String {
    const PANEL: f64 = 360.0;
    let (left, top) = (20.0, 92.0);
    // Each panel: its caption, its cells' fills row by row, and the cells to outline.
    struct Panel(String, Vec<Vec<String>>, Vec<(usize, usize)>);
    let mut panels: Vec<Panel> = Vec::new();
    let mut footprint_cols = 0;
    for d in drawn {
        let z = block::plane(d);
        let g = block::grid(d, z, 96, 96);
        footprint_cols = footprint_cols.max(g.cols.saturating_sub(4));
        let max = g.cells.iter().map(|c| c.0).max().unwrap_or(1).max(1) as f64;
        let fills =
            g.cells.chunks(g.cols.max(1)).map(|r| r.iter().map(|c| colour(c.0 as f64, max)).collect()).collect();
        let mine = (0..g.cells.len()).filter(|&i| g.cells[i].1 > 0).map(|i| (i % g.cols, i / g.cols)).collect();
        let plane = if d.shape[2] > 1 { t!(report_block_plane, z = z.to_string()) } else { String::new() };
        let caption =
            t!(report_svg_footprint, name = &d.name, x0 = g.x0.to_string(), y0 = g.y0.to_string(), plane = plane);
        panels.push(Panel(caption, fills, mine));
    }
    let per_row = block::shared_row_words(view, footprint_cols, block_x);
    let words = view.shared.iter().map(|x| x.0 as usize + 1).max().unwrap_or(0);
    if words > 0 {
        let rows = words.div_ceil(per_row).min(96);
        let cells = block::shared_cells(view, rows * per_row);
        let fill = |c: &char| {
            match c {
                '#' => "#c7e9c0",
                'w' => "#dddddd",
                'r' => "#fb6a4a",
                'o' => "#3182bd",
                _ => "#f7f7f7",
            }
            .to_string()
        };
        let fills = cells.chunks(per_row).map(|r| r.iter().map(fill).collect()).collect();
        panels.push(Panel(t!(report_svg_shared_caption, per_row = per_row.to_string()), fills, Vec::new()));
    }
    // Wide enough for the two lines of captions (about 110 characters at 12 px) with one panel.
    let width = (left + panels.len() as f64 * (PANEL + 40.0)).max(CAPTIONS_PX);
    let height = top + PANEL + 70.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(s, r#"<text x="{left}" y="24" font-size="15">{}</text>"#, escape(title));
    let [bx, by, bz] = view.block;
    let [tx, ty, tz] = view.thread;
    let caption = t!(report_svg_block, block = format!("({bx}, {by}, {bz})"), thread = format!("({tx}, {ty}, {tz})"));
    let _ = writeln!(s, r#"<text x="{left}" y="44">{}</text>"#, escape(&caption));
    let _ = writeln!(s, r#"<text x="{left}" y="62">{}</text>"#, escape(&t!(report_svg_shared_legend)));
    for (i, Panel(caption, fills, mine)) in panels.iter().enumerate() {
        let x0 = left + i as f64 * (PANEL + 40.0);
        let (cols, rows) = (fills.first().map_or(1, |r| r.len()), fills.len().max(1));
        let px = (PANEL / cols.max(rows) as f64).min(14.0);
        let _ = writeln!(s, r#"<text x="{x0}" y="{}">{}</text>"#, top - 8.0, escape(caption));
        cells(&mut s, x0, top, px, px, fills);
        for &(x, y) in mine {
            let _ = writeln!(
                s,
                r##"<rect x="{:.2}" y="{:.2}" width="{px:.2}" height="{px:.2}" fill="none" stroke="#08519c" stroke-width="1.5"/>"##,
                x0 + x as f64 * px,
                top + y as f64 * px
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::LoadStats;

    fn buffer(shape: [usize; 3], counts: Vec<u32>) -> BufferReuse {
        BufferReuse {
            name: "N".into(),
            elements: counts.len(),
            shape,
            plane: 0,
            loads_per_element: LoadStats::of(&counts),
            counts,
        }
    }

    #[test]
    fn the_scale_runs_from_once_to_the_most() {
        assert_eq!(colour(0.0, 4.0), "#eeeeee");
        assert_eq!(colour(1.0, 4.0), "#ffffcc");
        assert_eq!(colour(4.0, 4.0), "#800026");
        assert_eq!(colour(1.0, 1.0), "#ffffcc", "all loaded once is the ideal colour");
    }

    #[test]
    fn equal_cells_are_one_rectangle_and_every_element_is_labelled() {
        // 8×2: six 1s and two 2s per row.
        let counts: Vec<u32> = (0..16).map(|i| if i % 8 >= 6 { 2 } else { 1 }).collect();
        let svg = reuse_map("7.4 <test>", &buffer([8, 2, 1], counts));
        assert!(svg.contains("7.4 &lt;test&gt;"), "the title is escaped");
        // The two equal rows are one band of two runs in each panel, plus the legend's swatches.
        let runs = svg.matches("<rect x=").count() - 3;
        assert_eq!(runs, 4, "{svg}");
        assert_eq!(
            svg.matches("</text>").count(),
            16 + 5 + 1 + 3,
            "16 counts, 5 captions, the legend's title and 3 swatches"
        );
        assert!(svg.contains("min 1, mean 1.25, max 2: 1.25× the compulsory traffic"), "{svg}");
    }

    #[test]
    fn a_long_1d_buffer_is_drawn_in_rows() {
        let svg = reuse_map("1d", &buffer([200, 1, 1], vec![1; 200]));
        assert!(svg.contains("all 200, in rows of 32"), "{svg}");
    }
}
