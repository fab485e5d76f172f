//! Advice for a finding that fits its evidence and the section's own rules.
//!
//! A read of unwritten shared memory: where the read lies in its array (the emulator names the
//! array and the offset; the element size is the read's), whose slot that is when the array has
//! one slot per thread of the block (or, in the 1D stencil, the section's layout of halo and
//! elements), and whether the block is at the edge of what the section computes, said with the
//! section's boundary rule ([`Boundary`]: ghost cells of an image that hold 0, boundary points of a
//! grid that are not computed, or clamped ends). The layout is guessed from sizes only (a tile of
//! one slot per thread is taken as indexed `[threadIdx.z][threadIdx.y][threadIdx.x]`), so where
//! the evidence cannot tell the causes apart, the advice names both.
//!
//! A race: by its kind. A barrier orders a read and a write (read-after-write,
//! write-after-read); two writes of one slot by the same line need one writer, and two writes
//! by different lines need one writer unless they are phases a barrier should separate.

use ::emulator::{CodeLine, Detail, Finding, FindingKind, RaceKind};
use kernels::exercise::{Case, Geometry};

use crate::i18n::Text;
use crate::text;

/// What a section does at the edge of its data, as its own page says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boundary {
    /// Ghost cells: pixels outside the image, stored in the tile as 0 (7.2-7.5, challenge-2d).
    Image,
    /// Boundary points of the grid keep their input and are not computed; a point outside the
    /// grid is never needed (8.2-8.5, challenge-3d).
    Grid,
    /// The ends of the array are clamped: A[-1] = A[0], A[N] = A[N-1] (1d).
    Clamped,
}

impl Boundary {
    /// The rule of section `id`.
    pub fn of_section(id: &str) -> Boundary {
        match id {
            "1d" => Boundary::Clamped,
            _ if id.starts_with("8.") || id == "challenge-3d" => Boundary::Grid,
            _ => Boundary::Image,
        }
    }
}

/// The advice for finding `f` of a launch of `case` in a section with rule `boundary`, where
/// it has its own; `None`: the kind's general explanation.
pub fn for_finding(f: &Finding, case: &Case, boundary: Boundary) -> Option<Text> {
    match f.kind {
        FindingKind::UninitializedShared => unwritten_shared(f, case, boundary),
        FindingKind::Race => race(f),
        _ => None,
    }
}

/// The advice for a race, by its kind and the lines of its two accesses.
pub fn race(f: &Finding) -> Option<Text> {
    let Detail::Race { race, other_line, .. } = &f.detail else { return None };
    let earlier = || match other_line {
        Some(CodeLine::Source(l)) => text!(judge_race_earlier_at, line = text!(finding_line, line = l.to_string())),
        Some(CodeLine::Ptx(l)) => {
            text!(judge_race_earlier_at, line = text!(finding_ptx_line, line = l.to_string()))
        }
        None => text!(judge_race_earlier),
    };
    Some(match race {
        RaceKind::ReadAfterWrite => text!(judge_race_read_after_write, earlier = earlier()),
        RaceKind::WriteAfterRead => text!(judge_race_write_after_read, earlier = earlier()),
        RaceKind::WriteAfterWrite => {
            // One statement run by two threads: no barrier can come between them.
            let one_line = match (other_line, &f.source) {
                (Some(CodeLine::Source(l)), Some(s)) => *l == s.line,
                (Some(CodeLine::Ptx(l)), None) => *l == f.ptx_line,
                _ => false,
            };
            if one_line {
                text!(judge_race_write_after_write_one_line)
            } else {
                text!(judge_race_write_after_write, earlier = earlier())
            }
        }
    })
}

/// The advice for an `uninitialized_shared` finding of a launch of `case` in a section with
/// rule `boundary`; `None` for another kind, or without the emulator's evidence.
pub fn unwritten_shared(f: &Finding, case: &Case, boundary: Boundary) -> Option<Text> {
    let read = f.unwritten.as_deref()?;
    let geometry = &case.geometry;
    // Part of the tile never loaded, in general words (the causes of the halo and of what lies
    // past the edge, as the section has it), and a read past what was loaded.
    let never_loaded = || match boundary {
        Boundary::Image => text!(judge_tile_never_loaded_image),
        Boundary::Grid => text!(judge_tile_never_loaded_grid),
        Boundary::Clamped => text!(judge_tile_never_loaded_clamped),
    };
    let beyond = || text!(judge_read_beyond_loaded);
    let Some(array) = &read.array else {
        return Some(text!(judge_unwritten_outside_arrays, offset = read.offset.to_string(), beyond = beyond()));
    };
    let size = read.bytes.max(1);
    let (index, len) = ((read.offset - array.offset) / size, array.bytes / size);
    let unwritten = read.unwritten_bytes.div_ceil(size);
    let name = &array.name;
    let [bx, by, bz] = geometry.block;
    let threads = bx * by * bz;
    let read_at = text!(judge_unwritten_read, name = name, index = index.to_string());
    if unwritten >= len {
        return Some(text!(judge_unwritten_none_written, read = read_at, name = name));
    }
    let count = text!(judge_unwritten_count, unwritten = unwritten.to_string(), len = len.to_string());
    let edge = on_grid_edge(f.block, geometry);
    // The 1D stencil's own layout: slot 0 the left halo, slot tid + 1 thread tid's element, the
    // slot after the block's last element its right halo.
    if boundary == Boundary::Clamped && geometry.block[1] * geometry.block[2] == 1 && len == bx + 2 {
        let n = case.shape[0] as u64;
        let first = f.block[0] as u64 * bx as u64;
        // The block's threads that have an element (at least one: the block was launched).
        let valid = n.saturating_sub(first).clamp(1, bx as u64) as u32;
        let rule = || text!(judge_rule_clamped);
        return Some(if index == 0 {
            text!(judge_unwritten_1d_left_halo, read = read_at, count = count, rule = rule())
        } else if index == valid + 1 && valid < bx {
            text!(
                judge_unwritten_1d_right_halo_partial,
                read = read_at,
                count = count,
                last = (valid - 1).to_string(),
                n = n.to_string(),
                block_last = (bx - 1).to_string(),
                rule = rule()
            )
        } else if index == valid + 1 {
            text!(
                judge_unwritten_1d_right_halo,
                read = read_at,
                count = count,
                last = (bx - 1).to_string(),
                rule = rule()
            )
        } else if index <= valid {
            text!(
                judge_unwritten_1d_own,
                read = read_at,
                count = count,
                thread = (index - 1).to_string(),
                rule = rule()
            )
        } else {
            text!(judge_unwritten_1d_past, read = read_at, count = count, halo = (valid + 1).to_string(), rule = rule())
        });
    }
    Some(if len == threads {
        // One slot per thread: the slot of the thread at the same place in the block.
        let owner = [index % bx, index / bx % by, index / (bx * by)];
        let slot = shape_index(owner, geometry.block);
        let whose = if owner == f.thread {
            text!(judge_slot_own, slot = slot)
        } else {
            text!(
                judge_slot_of_thread,
                x = owner[0].to_string(),
                y = owner[1].to_string(),
                z = owner[2].to_string(),
                slot = slot
            )
        };
        let why = match (boundary, edge) {
            (Boundary::Image, true) => text!(judge_slot_on_edge_image),
            (Boundary::Image, false) => text!(judge_slot_inside_image),
            (Boundary::Grid, true) => text!(judge_slot_on_edge_grid),
            (Boundary::Grid, false) => text!(judge_slot_inside_grid),
            (Boundary::Clamped, true) => text!(judge_slot_on_edge_clamped),
            (Boundary::Clamped, false) => text!(judge_slot_inside_clamped),
        };
        text!(judge_unwritten_slot, read = read_at, whose = whose, count = count, why = why)
    } else if len > threads && index >= threads {
        text!(
            judge_unwritten_past_threads,
            read = read_at,
            count = count,
            len = len.to_string(),
            threads = threads.to_string()
        )
    } else {
        let where_ = match (boundary, edge) {
            (Boundary::Image, true) => text!(judge_block_on_edge_image),
            (Boundary::Image, false) => text!(judge_block_inside_image),
            (Boundary::Grid, true) => text!(judge_block_on_edge_grid),
            (Boundary::Grid, false) => text!(judge_block_inside_grid),
            (Boundary::Clamped, true) => text!(judge_block_on_edge_clamped),
            (Boundary::Clamped, false) => text!(judge_block_inside_clamped),
        };
        text!(
            judge_unwritten_either,
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
    use ::emulator::{SharedArray, UnwrittenRead, ValueUse};

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

    /// A case launched as `g`, its output as large as the threads.
    fn case(g: &Geometry) -> Case {
        let shape = [(g.grid[0] * g.block[0]) as usize, (g.grid[1] * g.block[1]) as usize, 1];
        Case { geometry: *g, shape, ..crate::judge::tests::tiny_case() }
    }

    fn image(f: &Finding, g: &Geometry) -> String {
        unwritten_shared(f, &case(g), Boundary::Image).unwrap().to_string()
    }

    #[test]
    fn a_tile_of_one_slot_per_thread_names_the_thread_that_never_stored() {
        let g = geometry([4, 4, 1], [32, 32, 1]);
        // Thread (2, 2) of block (0, 0) reads N_s[0][1]: thread (1, 0)'s slot, on the grid's edge.
        let a = image(&finding([0, 0, 0], [2, 2, 0], 4, Some((0, 4096)), 400), &g);
        assert!(
            a.contains("`N_s` element 1, which in a tile of one slot per thread is thread (1, 0, 0)'s slot [0][1]"),
            "{a}"
        );
        assert!(a.contains("(100 of its 1024 elements are unwritten)"), "{a}");
        assert!(a.contains("past the edge of the image") && a.contains("a pixel outside the image"), "{a}");
        assert!(a.contains("store 0 in it") && !a.contains("grid"), "{a}");
        // Inside the grid: the halo, no ghost cell.
        let a = image(&finding([1, 2, 0], [2, 2, 0], 4, Some((0, 4096)), 400), &g);
        assert!(a.contains("inside the image, so it has no ghost") && a.ends_with("(the halo left out?)"), "{a}");
        // Its own slot.
        let a = image(&finding([1, 2, 0], [1, 0, 0], 4, Some((0, 4096)), 400), &g);
        assert!(a.contains("the reading thread's own slot [0][1]"), "{a}");
    }

    #[test]
    fn a_tile_larger_than_the_block_or_a_read_outside_every_array() {
        // 1D: 256 threads, a tile of 258 slots; slot 257 is past what one store per thread fills.
        let g = geometry([4, 1, 1], [256, 1, 1]);
        let a = image(&finding([1, 0, 0], [255, 0, 0], 1028, Some((0, 1032)), 8), &g);
        assert!(a.contains("258 slots for the block's 256 threads") && a.contains("second step or a loop"), "{a}");
        // Before the first 256: either cause.
        let a = image(&finding([1, 0, 0], [0, 0, 0], 0, Some((0, 1032)), 8), &g);
        assert!(
            a.contains("either part of the tile is never loaded") && a.contains("or the thread reads beyond"),
            "{a}"
        );
        let a = image(&finding([1, 0, 0], [0, 0, 0], 2000, None, 8), &g);
        assert!(a.contains("outside every shared array") && a.contains("beyond what was loaded"), "{a}");
        let a = image(&finding([1, 0, 0], [0, 0, 0], 0, Some((0, 1032)), 1032), &g);
        assert!(a.contains("no element of `N_s` had been written yet"), "{a}");
    }

    #[test]
    fn the_advice_is_said_in_the_students_language() {
        use crate::i18n::{with_lang, Lang};
        let han = |s: &str| s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
        let g = geometry([4, 4, 1], [32, 32, 1]);
        let advice =
            unwritten_shared(&finding([0, 0, 0], [2, 2, 0], 4, Some((0, 4096)), 400), &case(&g), Boundary::Image)
                .unwrap();
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

    /// Issue 40: the 1D stencil's right halo loaded by thread 255 only. In the last, partial block
    /// (N = 1000: threads 0 to 231 have an element) thread 231 reads slot 233, never written.
    /// The advice names the thread that should have loaded it and the section's clamp, and never
    /// the convolution's zero ghost cells.
    #[test]
    fn the_1d_stencil_is_told_to_clamp_and_which_thread_loads_the_right_halo() {
        let g = geometry([4, 1, 1], [256, 1, 1]);
        let c = Case { shape: [1000, 1, 1], ..case(&g) };
        let advice = |f: &Finding| unwritten_shared(f, &c, Boundary::Clamped).unwrap().to_string();
        let a = advice(&finding([3, 0, 0], [231, 0, 0], 233 * 4, Some((0, 1032)), 100));
        assert!(
            a.contains("the right halo of this block, the last, where only threads 0 to 231 have an element"),
            "{a}"
        );
        assert!(a.contains("thread 231 (gid = N − 1), must load it, clamped to A[N − 1]"), "{a}");
        assert!(a.contains("a load by thread 255 alone never happens here"), "{a}");
        assert!(a.contains("clamps the array's ends") && !a.contains("store 0") && !a.contains("ghost"), "{a}");
        // A full block's right halo, the left halo, a thread's own slot.
        let a = advice(&finding([1, 0, 0], [255, 0, 0], 257 * 4, Some((0, 1032)), 4));
        assert!(a.contains("the block's last thread, 255, loads (A[gid + 1], clamped to A[N − 1])"), "{a}");
        let a = advice(&finding([0, 0, 0], [0, 0, 0], 0, Some((0, 1032)), 4));
        assert!(a.contains("the left halo, slot 0, which thread 0 loads") && a.contains("clamps"), "{a}");
        let a = advice(&finding([0, 0, 0], [9, 0, 0], 11 * 4, Some((0, 1032)), 4));
        assert!(a.contains("thread 10's own slot"), "{a}");
        // In Chinese, the section's terms.
        let hans = crate::i18n::with_lang(crate::i18n::Lang::ZhHans, || {
            unwritten_shared(&finding([3, 0, 0], [231, 0, 0], 233 * 4, Some((0, 1032)), 100), &c, Boundary::Clamped)
                .unwrap()
                .to_string()
        });
        // The course's "halo" term and "clamp", and no "ghost".
        let (halo, clamp, ghost) = ("halo \u{5355}\u{5143}", "\u{94b3}\u{5236}", "\u{5e7d}\u{7075}");
        assert!(hans.contains(halo) && hans.contains(clamp) && !hans.contains(ghost), "{hans}");
    }

    /// Every section's edge advice says that section's rule and no other's: for each section, a
    /// read of an unwritten slot of a block at the edge (a planted mistake of the section's
    /// kind: a ghost cell not stored, a boundary point computed, a halo not loaded).
    #[test]
    fn each_sections_edge_advice_follows_its_own_rule() {
        for id in crate::course::sections::ids() {
            let boundary = Boundary::of_section(id);
            let (g, f) = match boundary {
                Boundary::Clamped => {
                    (geometry([4, 1, 1], [256, 1, 1]), finding([3, 0, 0], [255, 0, 0], 257 * 4, Some((0, 1032)), 4))
                }
                _ => (geometry([4, 4, 1], [32, 32, 1]), finding([0, 0, 0], [2, 2, 0], 4, Some((0, 4096)), 400)),
            };
            let a = unwritten_shared(&f, &case(&g), boundary).unwrap().to_string();
            match boundary {
                Boundary::Image => {
                    assert!(a.contains("ghost cell (a pixel outside the image)") && a.contains("store 0"), "{id}: {a}");
                    assert!(!a.contains("grid") && !a.contains("clamp"), "{id}: {a}");
                }
                Boundary::Grid => {
                    assert!(a.contains("boundary points are not computed in this section"), "{id}: {a}");
                    assert!(!a.contains("store 0") && !a.contains("ghost") && !a.contains("clamp"), "{id}: {a}");
                }
                Boundary::Clamped => {
                    assert!(a.contains("clamps the array's ends"), "{id}: {a}");
                    assert!(!a.contains("store 0") && !a.contains("ghost") && !a.contains("grid"), "{id}: {a}");
                }
            }
        }
        assert_eq!(Boundary::of_section("1d"), Boundary::Clamped);
        assert_eq!(Boundary::of_section("7.4"), Boundary::Image);
        assert_eq!(Boundary::of_section("challenge-2d"), Boundary::Image);
        assert_eq!(Boundary::of_section("8.3"), Boundary::Grid);
        assert_eq!(Boundary::of_section("challenge-3d"), Boundary::Grid);
    }

    fn race_finding(race: RaceKind, line: u32, other_line: Option<CodeLine>) -> Finding {
        Finding {
            kind: FindingKind::Race,
            detail: Detail::Race { race, offset: 0, element: None, other: Some([0, 0, 0]), other_line },
            source: Some(::emulator::SourceLocation { file: "kernel.cu".into(), line }),
            unwritten: None,
            ..finding([0; 3], [1, 0, 0], 0, None, 4)
        }
    }

    /// A barrier fixes a read against a write, not two writers of one slot.
    #[test]
    fn a_race_is_advised_by_its_kind() {
        let say = |f: &Finding| race(f).unwrap().to_string();
        let a = say(&race_finding(RaceKind::ReadAfterWrite, 14, Some(CodeLine::Source(12))));
        assert!(a.contains("wrote at line 12") && a.contains("__syncthreads() is missing"), "{a}");
        let a = say(&race_finding(RaceKind::WriteAfterRead, 14, Some(CodeLine::Source(20))));
        assert!(a.contains("read at line 20") && a.contains("__syncthreads() is missing"), "{a}");
        // The same line twice: one writer, and no barrier said to fix it.
        let a = say(&race_finding(RaceKind::WriteAfterWrite, 14, Some(CodeLine::Source(14))));
        assert!(a.contains("a __syncthreads() does not fix that") && a.contains("one writer"), "{a}");
        assert!(!a.contains("is missing"), "{a}");
        // Two lines: one writer first, the barrier only for two phases.
        let a = say(&race_finding(RaceKind::WriteAfterWrite, 14, Some(CodeLine::Source(9))));
        assert!(a.contains("another thread at line 9 and this one: give each slot one writer"), "{a}");
        let a = say(&race_finding(RaceKind::WriteAfterWrite, 14, None));
        assert!(a.contains("another thread earlier and this one"), "{a}");
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
