//! Advice for a read of unwritten shared memory that fits its evidence: where the read lies in
//! its array (the emulator names the array and the offset; the element size is the read's),
//! whose slot that is when the array has one slot per thread of the block, and whether the
//! block is on the edge of the grid, where ghost cells are. The layout is guessed from sizes
//! only (a tile of one slot per thread is taken as indexed `[threadIdx.z][threadIdx.y][threadIdx.x]`),
//! so where the evidence cannot tell the causes apart, the advice names both.

use ::emulator::Finding;
use kernels::exercise::Geometry;

use crate::i18n::Text;
use crate::text;

/// The advice for an `uninitialized_shared` finding of a launch of `geometry`; `None` for
/// another kind, or without the emulator's evidence.
pub fn unwritten_shared(f: &Finding, geometry: &Geometry) -> Option<Text> {
    let read = f.unwritten.as_deref()?;
    // Part of the tile never loaded, in general words (the causes of the halo and ghost cells),
    // and a read past what was loaded.
    let never_loaded = || text!("judge-tile-never-loaded");
    let beyond = || text!("judge-read-beyond-loaded");
    let Some(array) = &read.array else {
        return Some(text!("judge-unwritten-outside-arrays", offset = read.offset.to_string(), beyond = beyond()));
    };
    let size = read.bytes.max(1);
    let (index, len) = ((read.offset - array.offset) / size, array.bytes / size);
    let unwritten = read.unwritten_bytes.div_ceil(size);
    let name = &array.name;
    let [bx, by, bz] = geometry.block;
    let threads = bx * by * bz;
    let read_at = text!("judge-unwritten-read", name = name, index = index.to_string());
    if unwritten >= len {
        return Some(text!("judge-unwritten-none-written", read = read_at, name = name));
    }
    let count = text!("judge-unwritten-count", unwritten = unwritten.to_string(), len = len.to_string());
    let edge = on_grid_edge(f.block, geometry);
    Some(if len == threads {
        // One slot per thread: the slot of the thread at the same place in the block.
        let owner = [index % bx, index / bx % by, index / (bx * by)];
        let slot = shape_index(owner, geometry.block);
        let whose = if owner == f.thread {
            text!("judge-slot-own", slot = slot)
        } else {
            text!(
                "judge-slot-of-thread",
                x = owner[0].to_string(),
                y = owner[1].to_string(),
                z = owner[2].to_string(),
                slot = slot
            )
        };
        let why = if edge { text!("judge-slot-on-edge") } else { text!("judge-slot-inside") };
        text!("judge-unwritten-slot", read = read_at, whose = whose, count = count, why = why)
    } else if len > threads && index >= threads {
        text!(
            "judge-unwritten-past-threads",
            read = read_at,
            count = count,
            len = len.to_string(),
            threads = threads.to_string()
        )
    } else {
        let where_ = if edge { text!("judge-block-on-edge") } else { text!("judge-block-inside") };
        text!(
            "judge-unwritten-either",
            read = read_at,
            count = count,
            never_loaded = never_loaded(),
            beyond = beyond(),
            block_place = where_
        )
    })
}

/// Whether block `block` is the first or the last of the launch in a dimension the launch
/// uses (of more than one thread or block).
fn on_grid_edge(block: [u32; 3], g: &Geometry) -> bool {
    (0..3).any(|d| (g.block[d] > 1 || g.grid[d] > 1) && (block[d] == 0 || block[d] + 1 == g.grid[d]))
}

/// "[y][x]": the slot as a tile of the block's shape indexes it (the dimensions the block has).
fn shape_index(at: [u32; 3], block: [u32; 3]) -> String {
    match block {
        [_, 1, 1] => format!("[{}]", at[0]),
        [_, _, 1] => format!("[{}][{}]", at[1], at[0]),
        _ => format!("[{}][{}][{}]", at[2], at[1], at[0]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::emulator::{FindingKind, SharedArray, UnwrittenRead, ValueUse};

    fn finding(block: [u32; 3], thread: [u32; 3], offset: u32, array: Option<(u32, u32)>, unwritten: u32) -> Finding {
        Finding {
            kind: FindingKind::UninitializedShared,
            detail: ::emulator::Detail::UnwrittenRead {
                offset,
                array: array.map(|_| "N_s".into()),
                copy: false,
                used: ValueUse::GlobalStore,
                at: ::emulator::UsePlace::Line(1),
            },
            message: String::new(),
            source: None,
            called_from: vec![],
            block,
            thread,
            ptx_line: 0,
            loops_inside: 0,
            line_inferred: false,
            unwritten: Some(Box::new(UnwrittenRead {
                offset,
                bytes: 4,
                array: array.map(|(offset, bytes)| SharedArray { name: "N_s".into(), offset, bytes }),
                unwritten_bytes: unwritten,
                copy: false,
                used: ValueUse::GlobalStore,
                used_at: None,
                used_ptx_line: 0,
            })),
        }
    }

    fn geometry(grid: [u32; 3], block: [u32; 3]) -> Geometry {
        Geometry { grid, block, dynamic_shared_bytes: 0 }
    }

    #[test]
    fn a_tile_of_one_slot_per_thread_names_the_thread_that_never_stored() {
        let g = geometry([4, 4, 1], [32, 32, 1]);
        // Thread (2, 2) of block (0, 0) reads N_s[0][1]: thread (1, 0)'s slot, on the grid's edge.
        let a = unwritten_shared(&finding([0, 0, 0], [2, 2, 0], 4, Some((0, 4096)), 400), &g).unwrap().to_string();
        assert!(
            a.contains("`N_s` element 1, which in a tile of one slot per thread is thread (1, 0, 0)'s slot [0][1]"),
            "{a}"
        );
        assert!(a.contains("(100 of its 1024 elements are unwritten)"), "{a}");
        assert!(a.contains("on the edge of the grid") && a.contains("store 0 in it"), "{a}");
        // Inside the grid: the halo, no ghost cell.
        let a = unwritten_shared(&finding([1, 2, 0], [2, 2, 0], 4, Some((0, 4096)), 400), &g).unwrap().to_string();
        assert!(a.contains("inside the grid, so its tile has no ghost") && a.ends_with("(the halo left out?)"), "{a}");
        // Its own slot.
        let a = unwritten_shared(&finding([1, 2, 0], [1, 0, 0], 4, Some((0, 4096)), 400), &g).unwrap().to_string();
        assert!(a.contains("the reading thread's own slot [0][1]"), "{a}");
    }

    #[test]
    fn a_tile_larger_than_the_block_or_a_read_outside_every_array() {
        // 1D: 256 threads, a tile of 258 slots; slot 257 is past what one store per thread fills.
        let g = geometry([4, 1, 1], [256, 1, 1]);
        let a = unwritten_shared(&finding([1, 0, 0], [255, 0, 0], 1028, Some((0, 1032)), 8), &g).unwrap().to_string();
        assert!(a.contains("258 slots for the block's 256 threads") && a.contains("second step or a loop"), "{a}");
        // Before the first 256: either cause.
        let a = unwritten_shared(&finding([1, 0, 0], [0, 0, 0], 0, Some((0, 1032)), 8), &g).unwrap().to_string();
        assert!(
            a.contains("either part of the tile is never loaded") && a.contains("or the thread reads beyond"),
            "{a}"
        );
        let a = unwritten_shared(&finding([1, 0, 0], [0, 0, 0], 2000, None, 8), &g).unwrap().to_string();
        assert!(a.contains("outside every shared array") && a.contains("beyond what was loaded"), "{a}");
        let a = unwritten_shared(&finding([1, 0, 0], [0, 0, 0], 0, Some((0, 1032)), 1032), &g).unwrap().to_string();
        assert!(a.contains("no element of `N_s` had been written yet"), "{a}");
    }

    #[test]
    fn the_advice_is_said_in_the_students_language() {
        use crate::i18n::{with_lang, Lang};
        let han = |s: &str| s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
        let g = geometry([4, 4, 1], [32, 32, 1]);
        let advice = unwritten_shared(&finding([0, 0, 0], [2, 2, 0], 4, Some((0, 4096)), 400), &g).unwrap();
        let en = with_lang(Lang::En, || advice.to_string());
        let hans = with_lang(Lang::ZhHans, || advice.to_string());
        let hant = with_lang(Lang::ZhHant, || advice.to_string());
        assert!(en.starts_with("shared memory read before any thread of the block wrote it: `N_s` element 1"), "{en}");
        assert!(han(&hans) && hans != en && hant != hans, "{hans} / {hant}");
        // The nested parts are said in the same language, the code and the numbers kept.
        assert!(!hans.contains("slot") && !hans.contains("unwritten") && !hans.contains("ghost"), "{hans}");
        for kept in ["`N_s`", "(1, 0, 0)", "[0][1]", "100", "1024"] {
            assert!(hans.contains(kept), "{kept} in {hans}");
        }
        // The JSON follows the language.
        let json = |lang| with_lang(lang, || serde_json::to_string(&advice).unwrap());
        assert_eq!(json(Lang::En), serde_json::to_string(&en).unwrap());
        assert_eq!(json(Lang::ZhHans), serde_json::to_string(&hans).unwrap());
    }

    #[test]
    fn the_grid_edge_is_where_a_block_touches_it() {
        let plane = geometry([8, 8, 1], [16, 16, 1]);
        assert!(on_grid_edge([0, 3, 0], &plane));
        assert!(on_grid_edge([3, 7, 0], &plane));
        assert!(!on_grid_edge([3, 3, 0], &plane), "z is not used");
        let cube = geometry([8, 8, 8], [32, 32, 1]);
        assert!(on_grid_edge([3, 3, 0], &cube), "z = 0 of several planes of blocks");
        assert!(!on_grid_edge([3, 3, 2], &cube));
        // One row of blocks in y, of 2D blocks: its tiles reach past the grid's top and bottom.
        assert!(on_grid_edge([2, 0, 0], &geometry([4, 1, 1], [16, 16, 1])));
        assert!(!on_grid_edge([2, 0, 0], &geometry([4, 1, 1], [256, 1, 1])), "a 1D launch");
    }
}
