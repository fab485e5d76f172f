//! Advice for a read of unwritten shared memory that fits its evidence: where the read lies in
//! its array (the emulator names the array and the offset; the element size is the read's),
//! whose slot that is when the array has one slot per thread of the block, and whether the
//! block is on the edge of the grid, where ghost cells are. The layout is guessed from sizes
//! only (a tile of one slot per thread is taken as indexed `[threadIdx.z][threadIdx.y][threadIdx.x]`),
//! so where the evidence cannot tell the causes apart, the advice names both.

use ::emulator::Finding;
use kernels::exercise::Geometry;

/// Part of the tile never loaded, in general words (the causes of the halo and ghost cells).
const NEVER_LOADED: &str = "part of the tile is never loaded (the halo, or ghost cells: slots for points outside the \
                            grid, which should hold 0 rather than be skipped)";
/// A read past what was loaded, in general words.
const BEYOND: &str = "the thread reads beyond what was loaded (an index past the loaded part of the tile)";

/// The advice for an `uninitialized_shared` finding of a launch of `geometry`; `None` for
/// another kind, or without the emulator's evidence.
pub fn unwritten_shared(f: &Finding, geometry: &Geometry) -> Option<String> {
    let read = f.unwritten.as_deref()?;
    let Some(array) = &read.array else {
        return Some(format!(
            "shared memory read before any thread of the block wrote it, outside every shared array the kernel \
             declares (offset {}): {BEYOND}",
            read.offset
        ));
    };
    let size = read.bytes.max(1);
    let (index, len) = ((read.offset - array.offset) / size, array.bytes / size);
    let unwritten = read.unwritten_bytes.div_ceil(size);
    let name = &array.name;
    let [bx, by, bz] = geometry.block;
    let threads = bx * by * bz;
    let mut s = format!("shared memory read before any thread of the block wrote it: `{name}` element {index}");
    if unwritten >= len {
        s.push_str(&format!(
            ", and no element of `{name}` had been written yet: its stores are missing, go to another array, or come after \
             this read"
        ));
        return Some(s);
    }
    let count = format!("{unwritten} of its {len} elements are unwritten");
    let edge = on_grid_edge(f.block, geometry);
    if len == threads {
        // One slot per thread: the slot of the thread at the same place in the block.
        let owner = [index % bx, index / bx % by, index / (bx * by)];
        let slot = shape_index(owner, geometry.block);
        let whose = if owner == f.thread {
            format!("the reading thread's own slot{slot}")
        } else {
            format!("thread ({}, {}, {})'s slot{slot}", owner[0], owner[1], owner[2])
        };
        s.push_str(&format!(", which in a tile of one slot per thread is {whose}, never stored ({count}). "));
        s.push_str(if edge {
            "This block is on the edge of the grid: if that slot is a ghost cell (a point outside the grid), store 0 in \
             it rather than skip it; if not, that thread's store is skipped (the halo left out?)"
        } else {
            "This block is inside the grid, so its tile has no ghost cells: that thread's store is skipped (the halo \
             left out?)"
        });
    } else if len > threads && index >= threads {
        s.push_str(&format!(
            " ({count}). The array has {len} slots for the block's {threads} threads and this one is past the first \
             {threads}: one store per thread leaves it unloaded; load the rest (the halo) in a second step or a loop"
        ));
    } else {
        let where_ = if edge {
            "this block is on the edge of the grid, where ghost cells are"
        } else {
            "this block is inside the grid, so its tile has no ghost cells"
        };
        s.push_str(&format!(" ({count}): either {NEVER_LOADED}, or {BEYOND}; {where_}"));
    }
    Some(s)
}

/// Whether block `block` is the first or the last of the launch in a dimension the launch
/// uses (of more than one thread or block).
fn on_grid_edge(block: [u32; 3], g: &Geometry) -> bool {
    (0..3).any(|d| (g.block[d] > 1 || g.grid[d] > 1) && (block[d] == 0 || block[d] + 1 == g.grid[d]))
}

/// " [y][x]": the slot as a tile of the block's shape indexes it (the dimensions the block has).
fn shape_index(at: [u32; 3], block: [u32; 3]) -> String {
    match block {
        [_, 1, 1] => format!(" [{}]", at[0]),
        [_, _, 1] => format!(" [{}][{}]", at[1], at[0]),
        _ => format!(" [{}][{}][{}]", at[2], at[1], at[0]),
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
        let a = unwritten_shared(&finding([0, 0, 0], [2, 2, 0], 4, Some((0, 4096)), 400), &g).unwrap();
        assert!(
            a.contains("`N_s` element 1, which in a tile of one slot per thread is thread (1, 0, 0)'s slot [0][1]"),
            "{a}"
        );
        assert!(a.contains("(100 of its 1024 elements are unwritten)"), "{a}");
        assert!(a.contains("on the edge of the grid") && a.contains("store 0 in it"), "{a}");
        // Inside the grid: the halo, no ghost cell.
        let a = unwritten_shared(&finding([1, 2, 0], [2, 2, 0], 4, Some((0, 4096)), 400), &g).unwrap();
        assert!(a.contains("inside the grid, so its tile has no ghost") && a.ends_with("(the halo left out?)"), "{a}");
        // Its own slot.
        let a = unwritten_shared(&finding([1, 2, 0], [1, 0, 0], 4, Some((0, 4096)), 400), &g).unwrap();
        assert!(a.contains("the reading thread's own slot [0][1]"), "{a}");
    }

    #[test]
    fn a_tile_larger_than_the_block_or_a_read_outside_every_array() {
        // 1D: 256 threads, a tile of 258 slots; slot 257 is past what one store per thread fills.
        let g = geometry([4, 1, 1], [256, 1, 1]);
        let a = unwritten_shared(&finding([1, 0, 0], [255, 0, 0], 1028, Some((0, 1032)), 8), &g).unwrap();
        assert!(a.contains("258 slots for the block's 256 threads") && a.contains("second step or a loop"), "{a}");
        // Before the first 256: either cause.
        let a = unwritten_shared(&finding([1, 0, 0], [0, 0, 0], 0, Some((0, 1032)), 8), &g).unwrap();
        assert!(
            a.contains("either part of the tile is never loaded") && a.contains("or the thread reads beyond"),
            "{a}"
        );
        let a = unwritten_shared(&finding([1, 0, 0], [0, 0, 0], 2000, None, 8), &g).unwrap();
        assert!(a.contains("outside every shared array") && a.contains("beyond what was loaded"), "{a}");
        let a = unwritten_shared(&finding([1, 0, 0], [0, 0, 0], 0, Some((0, 1032)), 1032), &g).unwrap();
        assert!(a.contains("no element of `N_s` had been written yet"), "{a}");
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
