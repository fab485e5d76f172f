//! The shadow's records, hazards and settled words, access by access.

use super::*;

fn thread(tid: u16, shadow: &SharedShadow) -> Accessor {
    Accessor { tid, warp_sync: shadow.block_epoch, pc: 1000 + tid }
}

#[test]
fn unwritten_read_then_write_then_read() {
    let mut s = SharedShadow::default();
    s.begin_block(64);
    let t0 = thread(0, &s);
    assert_eq!(s.access(t0, 8, 4, false), Checked { hazard: None, unwritten: 0xf, copy: false });
    assert_eq!(s.access(t0, 8, 4, true), Checked::default());
    assert_eq!(s.access(t0, 8, 4, false), Checked::default());
    assert_eq!(s.unwritten_bytes(0, 64), 60);
    // Another block: unwritten again.
    s.begin_block(64);
    assert_eq!(s.access(t0, 8, 4, false).unwritten, 0xf);
    assert_eq!(s.unwritten_bytes(0, 64), 64);
}

#[test]
fn races_need_a_barrier_between_threads_of_different_warps() {
    let mut s = SharedShadow::default();
    s.begin_block(64);
    let (a, b) = (thread(1, &s), thread(40, &s));
    assert_eq!(s.access(a, 16, 4, true).hazard, None);
    assert_eq!(
        s.access(b, 16, 4, false).hazard,
        Some(Hazard { offset: 16, other: Some(1), other_pc: 1001, what: RaceKind::ReadAfterWrite })
    );
    s.barrier();
    assert_eq!(s.access(b, 16, 4, false).hazard, None);
    assert_eq!(
        s.access(a, 16, 4, true).hazard,
        Some(Hazard { offset: 16, other: Some(40), other_pc: 1040, what: RaceKind::WriteAfterRead })
    );
    s.barrier();
    // Two readers of different warps, then a write: "several threads".
    s.access(a, 16, 4, false);
    s.access(b, 16, 4, false);
    assert_eq!(
        s.access(thread(2, &s), 16, 4, true).hazard,
        Some(Hazard { offset: 16, other: None, other_pc: 1040, what: RaceKind::WriteAfterRead })
    );
    // Two writers: the earlier store's instruction; an atomic's is not known.
    s.barrier();
    s.access(thread(3, &s), 16, 4, true);
    assert_eq!(
        s.access(thread(4, &s), 16, 4, true).hazard,
        Some(Hazard { offset: 16, other: Some(3), other_pc: 1003, what: RaceKind::WriteAfterWrite })
    );
    assert_eq!(pc_of(short_pc(1003), 2000), Some(1003));
    assert_eq!(pc_of(short_pc(70_000), 80_000), None, "a kernel past 16 bits: not known");
    assert_eq!(pc_of(NO_PC, 2000), None);
}

#[test]
fn bytes_of_one_word_written_by_different_threads_do_not_race() {
    let mut s = SharedShadow::default();
    s.begin_block(64);
    for t in 0..4u16 {
        let who = Accessor { tid: t * 32, warp_sync: s.epoch(), pc: 7 };
        assert_eq!(s.access(who, 20 + t as usize, 1, true).hazard, None, "byte {t}");
    }
    // A word read by a fifth thread races with the first byte's writer, reported there.
    assert_eq!(
        s.access(thread(200, &s), 20, 4, false).hazard,
        Some(Hazard { offset: 20, other: Some(0), other_pc: 7, what: RaceKind::ReadAfterWrite })
    );
    s.barrier();
    assert_eq!(s.access(thread(200, &s), 20, 4, false).hazard, None);
    // Half a word written: the other half is still unwritten, and found at its first byte.
    assert_eq!(s.access(thread(3, &s), 32, 2, true).hazard, None);
    s.barrier();
    assert_eq!(s.access(thread(3, &s), 32, 4, false).unwritten, 0b1100);
    // The split ends with the block.
    s.begin_block(64);
    assert_eq!(s.access(thread(0, &s), 20, 4, true).hazard, None);
    assert_eq!(s.access(thread(0, &s), 20, 4, false).hazard, None);
}

#[test]
fn copies_of_unwritten_memory_stay_unwritten() {
    let mut s = SharedShadow::default();
    s.begin_block(64);
    let t = thread(5, &s);
    let c = s.access(t, 0, 4, false);
    assert_eq!(c, Checked { hazard: None, unwritten: 0xf, copy: false });
    assert_eq!(s.access(t, 32, 8, true).hazard, None);
    s.mark_copied_unwritten(5, 32, 8);
    assert_eq!(s.access(t, 36, 4, false), Checked { hazard: None, unwritten: 0xf, copy: true });
    // An 8-byte read of a word written again and a copied one: the second half only.
    s.access(t, 32, 4, true);
    assert_eq!(s.access(t, 32, 8, false), Checked { hazard: None, unwritten: 0xf0, copy: true });
    s.atomic(5, 36, 4);
    assert_eq!(s.access(t, 36, 4, false), Checked::default());
}

/// Warp 0 stores words 0..32, then a barrier: the tile is settled.
fn settled_tile() -> SharedShadow {
    let mut s = SharedShadow::default();
    s.begin_block(256);
    for t in 0..32u16 {
        assert_eq!(s.access(thread(t, &s), 4 * t as usize, 4, true).hazard, None);
    }
    s.barrier();
    s
}

#[test]
fn a_settled_row_is_read_by_its_bits_and_its_readers_still_count() {
    let mut s = settled_tile();
    // Warp 1 reads words 2..32 (lanes 2..32): settled, logged.
    assert!(s.try_settled_row((32, 5), !0b11, 2));
    // Thread 70 then writes word 3, read by thread 35 (lane 3) in this interval.
    assert_eq!(
        s.access(thread(70, &s), 12, 4, true).hazard,
        Some(Hazard { offset: 12, other: Some(35), other_pc: 5, what: RaceKind::WriteAfterRead })
    );
    // Word 3 was written in this interval: no longer settled, for any reader.
    assert!(!s.try_settled_row((64, 6), u32::MAX, 0));
    assert!(s.try_settled_row((64, 6), 0b111, 0), "words 0..3 still are");
}

#[test]
fn logged_reads_end_at_a_barrier_and_unwritten_words_are_never_settled() {
    let mut s = settled_tile();
    assert!(s.try_settled_row((32, 5), u32::MAX, 0));
    s.barrier();
    assert_eq!(s.access(thread(70, &s), 12, 4, true).hazard, None);
    // Words 32.. were never written; word 3 is settled again after the next barrier.
    assert!(!s.try_settled_row((0, 7), 0b1, 32));
    assert!(!s.try_settled_row((0, 7), 0b1000, 3), "written in this interval");
    s.barrier();
    assert!(s.try_settled_row((0, 7), u32::MAX, 0));
    // A new block: nothing is settled.
    s.begin_block(256);
    assert!(!s.try_settled_row((0, 7), 0b1, 0));
}

#[test]
fn a_copy_of_unwritten_memory_is_not_settled() {
    let mut s = settled_tile();
    assert!(s.try_settled_row((32, 5), 0b100, 2));
    s.mark_copied_unwritten(2, 8, 4); // no effect: thread 2 wrote word 2 an interval ago
    assert!(s.try_settled_row((32, 5), 0b100, 2));
    s.access(thread(2, &s), 8, 4, true);
    s.mark_copied_unwritten(2, 8, 4);
    s.barrier();
    assert!(!s.try_settled_row((32, 5), 0b100, 2));
    assert_eq!(s.access(thread(33, &s), 8, 4, false).unwritten, 0xf);
}

#[test]
fn lanes_of_one_warp_are_ordered_by_syncwarp() {
    let mut s = SharedShadow::default();
    s.begin_block(64);
    let a = thread(0, &s);
    s.access(a, 0, 4, true);
    let ep = s.warp_sync();
    let b = Accessor { tid: 1, warp_sync: ep, pc: 1 };
    assert_eq!(s.access(b, 0, 4, false).hazard, None);
    let c = Accessor { tid: 33, warp_sync: s.epoch(), pc: 2 };
    assert_eq!(
        s.access(c, 0, 4, false).hazard,
        Some(Hazard { offset: 0, other: Some(0), other_pc: 1000, what: RaceKind::ReadAfterWrite })
    );
}
