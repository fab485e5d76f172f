//! One block's view (`traffic --block X,Y[,Z] --thread X,Y[,Z]`): the input elements the block
//! loaded from global memory, the shared cells it wrote and read, and one thread's window in
//! both — the textbook's tile figure, drawn from the student's own run.

use std::fmt::Write as _;

use serde::Serialize;

use crate::backend::BlockView;
use crate::t;

/// "3,4" or "3,4,1" → [3, 4, 0] / [3, 4, 1].
pub fn parse_coords(text: &str) -> Result<[u32; 3], String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if !(2..=3).contains(&parts.len()) {
        return Err(t!(report_coords_count, text = text));
    }
    let mut c = [0u32; 3];
    for (i, p) in parts.iter().enumerate() {
        c[i] = p.parse().map_err(|_| t!(report_coords_not_integer, text = text, part = *p))?;
    }
    Ok(c)
}

/// The JSON summary of a block's view.
#[derive(Clone, Debug, Serialize)]
pub struct BlockSummary {
    pub block: [u32; 3],
    pub thread: [u32; 3],
    pub buffers: Vec<BufferFootprint>,
    pub shared_words_written: usize,
    pub shared_words_read: usize,
    pub thread_shared_words_read: usize,
}

/// What the block loaded of one buffer.
#[derive(Clone, Debug, Serialize)]
pub struct BufferFootprint {
    pub name: String,
    pub elements_loaded: usize,
    pub loads: u64,
    pub thread_elements_loaded: usize,
    /// [x0, y0, z0, x1, y1, z1], inclusive: the box around what the block loaded.
    pub bounding_box: [usize; 6],
}

/// One buffer as the view draws it: its name and shape.
pub struct Drawn<'a> {
    pub name: String,
    pub shape: [usize; 3],
    /// (element, loads by the block, loads by the thread).
    pub loads: &'a [(usize, u32, u32)],
}

fn coords(e: usize, [w, h, _]: [usize; 3]) -> [usize; 3] {
    [e % w, (e / w) % h, e / (w * h)]
}

pub fn footprint(d: &Drawn) -> BufferFootprint {
    let mut bb = [usize::MAX, usize::MAX, usize::MAX, 0, 0, 0];
    for &(e, _, _) in d.loads {
        let c = coords(e, d.shape);
        for k in 0..3 {
            bb[k] = bb[k].min(c[k]);
            bb[3 + k] = bb[3 + k].max(c[k]);
        }
    }
    BufferFootprint {
        name: d.name.clone(),
        elements_loaded: d.loads.len(),
        loads: d.loads.iter().map(|l| l.1 as u64).sum(),
        thread_elements_loaded: d.loads.iter().filter(|l| l.2 > 0).count(),
        bounding_box: if d.loads.is_empty() { [0; 6] } else { bb },
    }
}

pub fn summary(view: &BlockView, drawn: &[Drawn]) -> BlockSummary {
    BlockSummary {
        block: view.block,
        thread: view.thread,
        buffers: drawn.iter().map(footprint).collect(),
        shared_words_written: view.shared.iter().filter(|s| s.1 > 0).count(),
        shared_words_read: view.shared.iter().filter(|s| s.2 > 0).count(),
        thread_shared_words_read: view.shared.iter().filter(|s| s.3 > 0).count(),
    }
}

/// The plane of a 3D buffer the view shows: the one of the thread's first load, else the one
/// the block loaded most of.
pub fn plane(d: &Drawn) -> usize {
    if let Some(&(e, _, _)) = d.loads.iter().find(|l| l.2 > 0) {
        return coords(e, d.shape)[2];
    }
    let mut per_plane = std::collections::BTreeMap::new();
    for &(e, _, _) in d.loads {
        *per_plane.entry(coords(e, d.shape)[2]).or_insert(0usize) += 1;
    }
    per_plane.into_iter().max_by_key(|&(z, n)| (n, std::cmp::Reverse(z))).map_or(0, |(z, _)| z)
}

/// Cells of one plane of a buffer around the block's footprint: `None` outside the buffer.
pub struct Grid {
    pub x0: usize,
    pub y0: usize,
    pub cols: usize,
    pub rows: usize,
    /// (loads by the block, loads by the thread), row by row.
    pub cells: Vec<(u32, u32)>,
}

/// The footprint of `d` on plane `z`, with a margin of 2, at most `max_cols` × `max_rows`.
pub fn grid(d: &Drawn, z: usize, max_cols: usize, max_rows: usize) -> Grid {
    let [w, h, _] = d.shape;
    let on_plane: Vec<(usize, usize, u32, u32)> = d
        .loads
        .iter()
        .filter_map(|&(e, b, t)| {
            let [x, y, pz] = coords(e, d.shape);
            (pz == z).then_some((x, y, b, t))
        })
        .collect();
    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
    for &(x, y, _, _) in &on_plane {
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    if on_plane.is_empty() {
        (x0, y0, x1, y1) = (0, 0, 0, 0);
    }
    let (x0, y0) = (x0.saturating_sub(2), y0.saturating_sub(2));
    let cols = (x1 + 3).min(w).saturating_sub(x0).min(max_cols);
    let rows = (y1 + 3).min(h).saturating_sub(y0).min(max_rows);
    let mut cells = vec![(0, 0); cols * rows];
    for (x, y, b, t) in on_plane {
        if (x0..x0 + cols).contains(&x) && (y0..y0 + rows).contains(&y) {
            cells[(y - y0) * cols + (x - x0)] = (b, t);
        }
    }
    Grid { x0, y0, cols, rows, cells }
}

/// Shared words as rows: the footprint's width when the shared array is a whole number of such
/// rows (a tile with its halo), else the block's width.
pub fn shared_row_words(view: &BlockView, footprint_cols: usize, block_x: u32) -> usize {
    let words = view.shared.iter().map(|s| s.0 as usize + 1).max().unwrap_or(0);
    if footprint_cols > 0 && words % footprint_cols == 0 {
        footprint_cols
    } else {
        block_x.max(1) as usize
    }
}

/// The terminal rendering: each drawn buffer's footprint, then the shared cells.
pub fn render(view: &BlockView, drawn: &[Drawn], block_x: u32) -> String {
    let mut s = String::new();
    let [bx, by, bz] = view.block;
    let [tx, ty, tz] = view.thread;
    let _ = writeln!(
        s,
        "{}",
        t!(report_block_title, block = format!("({bx}, {by}, {bz})"), thread = format!("({tx}, {ty}, {tz})"))
    );
    let mut footprint_cols = 0;
    for d in drawn {
        let f = footprint(d);
        let z = plane(d);
        let g = grid(d, z, 96, 48);
        footprint_cols = footprint_cols.max(f.bounding_box[3] + 1 - f.bounding_box[0]);
        let plane_note = if d.shape[2] > 1 { t!(report_block_plane, z = z.to_string()) } else { String::new() };
        let _ = writeln!(
            s,
            "\n  {}",
            t!(
                report_block_loaded,
                name = &d.name,
                elements = f.elements_loaded.to_string(),
                loads = f.loads.to_string(),
                thread = f.thread_elements_loaded.to_string(),
                plane = plane_note
            )
        );
        let _ = writeln!(
            s,
            "  {}",
            t!(
                report_block_columns,
                x0 = g.x0.to_string(),
                x1 = (g.x0 + g.cols.max(1) - 1).to_string(),
                y0 = g.y0.to_string(),
                y1 = (g.y0 + g.rows.max(1) - 1).to_string()
            )
        );
        for row in g.cells.chunks(g.cols.max(1)) {
            s.push_str("  ");
            for &(b, t) in row {
                s.push(match (b, t) {
                    (_, t) if t > 0 => 'o',
                    (0, _) => '·',
                    (b, _) if b > 9 => '+',
                    (b, _) => char::from(b'0' + b as u8),
                });
            }
            s.push('\n');
        }
    }
    if view.shared.is_empty() {
        s.push_str(&format!("\n  {}\n", t!(report_block_shared_unused)));
        return s;
    }
    let per_row = shared_row_words(view, footprint_cols, block_x);
    let words = view.shared.iter().map(|x| x.0 as usize + 1).max().unwrap_or(0);
    let rows = words.div_ceil(per_row);
    let shown = rows.min(48);
    let first = if shown < rows {
        t!(report_block_shared_first, shown = shown.to_string(), rows = rows.to_string())
    } else {
        String::new()
    };
    let _ = writeln!(
        s,
        "\n  {}",
        t!(
            report_block_shared,
            written = view.shared.iter().filter(|x| x.1 > 0).count().to_string(),
            read = view.shared.iter().filter(|x| x.2 > 0).count().to_string(),
            thread = view.shared.iter().filter(|x| x.3 > 0).count().to_string(),
            per_row = per_row.to_string(),
            first = first
        )
    );
    let _ = writeln!(s, "  {}", t!(report_block_shared_legend));
    let cells = shared_cells(view, shown * per_row);
    for row in cells.chunks(per_row) {
        let _ = writeln!(s, "  {}", row.iter().collect::<String>());
    }
    s
}

/// The first `n` shared words as the view marks them: '·' untouched, '#' written and read,
/// 'w' written only, 'r' read but never written, 'o' read by the thread.
pub fn shared_cells(view: &BlockView, n: usize) -> Vec<char> {
    let mut cells = vec!['·'; n];
    for &(word, stores, loads, mine) in &view.shared {
        let Some(cell) = cells.get_mut(word as usize) else { continue };
        *cell = match (stores, loads, mine) {
            (_, _, m) if m > 0 => 'o',
            (0, _, _) => 'r',
            (_, 0, _) => 'w',
            _ => '#',
        };
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_parse_or_say_why() {
        assert_eq!(parse_coords("3,4"), Ok([3, 4, 0]));
        assert_eq!(parse_coords(" 1, 2 ,3"), Ok([1, 2, 3]));
        assert!(parse_coords("3").unwrap_err().contains("X,Y"));
        assert!(parse_coords("3,-1").unwrap_err().contains("`-1` is not"));
    }

    #[test]
    fn the_view_draws_the_tile_and_the_window() {
        // A 6×4 buffer; the block loaded columns 1..4 of rows 1..2, the thread element (2, 1).
        let loads: Vec<(usize, u32, u32)> = [1, 2, 3, 4]
            .iter()
            .flat_map(|&x| [1, 2].map(|y| (y * 6 + x, 1 + (x == 4) as u32, (x == 2 && y == 1) as u32)))
            .collect();
        let mut loads = loads;
        loads.sort();
        let view = BlockView {
            block: [1, 0, 0],
            thread: [2, 1, 0],
            global: vec![loads.clone()],
            shared: vec![(0, 1, 1, 0), (1, 1, 1, 1), (2, 1, 0, 0), (3, 0, 1, 0)],
        };
        let drawn = [Drawn { name: "N".into(), shape: [6, 4, 1], loads: &loads }];
        let text = render(&view, &drawn, 4);
        assert!(
            text.contains("N: the block loaded 8 elements (10 loads) from global memory; the thread 1 of them"),
            "{text}"
        );
        assert!(text.contains("  ······\n  ·1o12·\n  ·1112·\n  ······\n"), "{text}");
        assert!(text.contains("  #owr\n"), "{text}");
        let s = summary(&view, &drawn);
        assert_eq!((s.shared_words_written, s.shared_words_read, s.thread_shared_words_read), (3, 3, 1));
        assert_eq!(s.buffers[0].bounding_box, [1, 1, 0, 4, 2, 0]);
    }
}
