//! The reuse maps in the terminal: a heat map of a buffer's loads per element, downsampled, and
//! its first elements digit by digit.

use std::fmt::Write as _;

use crate::model::BufferReuse;
use crate::t;

/// The loads of the first `cols` × `rows` elements (of the plane shown), one digit each
/// ('+' past 9): the pattern a tiling leaves, element by element.
pub fn corner(b: &BufferReuse, cols: usize, rows: usize) -> String {
    let [w, h, _] = b.shape;
    let counts = b.plane_counts();
    let mut s =
        format!("  {}\n", t!(report_map_corner, cols = cols.min(w).to_string(), rows = rows.min(h).to_string()));
    for y in 0..rows.min(h) {
        s.push_str("  ");
        for x in 0..cols.min(w) {
            let c = counts[y * w + x];
            s.push(if c > 9 { '+' } else { char::from(b'0' + c as u8) });
        }
        s.push('\n');
    }
    s
}

/// A heat map of one buffer's loads per element (one plane of a 3D one), downsampled to at most
/// `cols` × `rows` cells, each the mean of the elements it covers.
pub fn heat_map(b: &BufferReuse, cols: usize, rows: usize) -> String {
    const SHADES: &[char] = &[' ', '·', ':', '-', '=', '+', '*', '#', '%', '@'];
    let [w, h, d] = b.shape;
    let counts = b.plane_counts();
    let (cw, ch) = (w.div_ceil(cols).max(1), h.div_ceil(rows).max(1));
    let max = b.loads_per_element.max.max(1) as f64;
    let mut s = String::new();
    let stats = &b.loads_per_element;
    let plane = if d > 1 {
        t!(report_map_plane, plane = b.plane.to_string(), last = (d - 1).to_string())
    } else {
        String::new()
    };
    let _ = writeln!(
        s,
        "{}",
        t!(
            report_map_stats,
            label = b.label().to_string(),
            min = stats.min.to_string(),
            mean = format!("{:.2}", stats.mean),
            max = stats.max.to_string(),
            times = format!("{:.2}", stats.times_compulsory),
            plane = plane
        )
    );
    let _ = writeln!(
        s,
        "  {}",
        t!(report_map_cell, cw = cw.to_string(), ch = ch.to_string(), max = b.loads_per_element.max.to_string())
    );
    for y0 in (0..h).step_by(ch) {
        s.push_str("  ");
        for x0 in (0..w).step_by(cw) {
            let (mut sum, mut n) = (0u64, 0u64);
            for y in y0..(y0 + ch).min(h) {
                for x in x0..(x0 + cw).min(w) {
                    sum += counts[y * w + x] as u64;
                    n += 1;
                }
            }
            let mean = sum as f64 / n.max(1) as f64;
            let i = if mean == 0.0 { 0 } else { 1 + ((mean / max) * (SHADES.len() - 2) as f64).round() as usize };
            s.push(SHADES[i.min(SHADES.len() - 1)]);
        }
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::LoadStats;

    #[test]
    fn the_maps_show_loads_per_element() {
        let counts: Vec<u32> = (0..8 * 4).map(|i| if i % 8 >= 6 { 2 } else { 1 }).collect();
        let b = BufferReuse {
            name: "N".into(),
            elements: 32,
            shape: [8, 4, 1],
            plane: 0,
            loads_per_element: LoadStats::of(&counts),
            counts,
        };
        assert_eq!(b.loads_per_element, LoadStats { min: 1, mean: 1.25, max: 2, times_compulsory: 1.25 });
        let corner = corner(&b, 8, 2);
        assert!(corner.contains("  11111122\n  11111122\n"), "{corner}");
        let map = heat_map(&b, 4, 2);
        assert!(map.contains("min 1, mean 1.25, max 2 — 1.25× the compulsory traffic"), "{map}");
        assert_eq!(map.lines().filter(|l| l.starts_with("  ") && !l.contains("cell")).count(), 2, "{map}");
    }
}
