//! Extended-precision integer arithmetic (the carry flag), funnel shifts, `sad`, the clocks
//! and the active mask, as PTX snippets against hand-computed values.

use super::instructions::run32;
use super::*;

/// The low 32 bits of %r1 and %r2, as (r1, r2), of lane 0.
fn pair(body: &str) -> (u32, u32) {
    let v = run32(&format!("{body}\n mov.b64 %res, {{%r1, %r2}};"))[0];
    (v as u32, (v >> 32) as u32)
}

#[test]
fn the_carry_flag_starts_at_zero_in_every_block() {
    // Each warp reads the flag first, then leaves a carry: eight blocks of two warps one after
    // another on one runner (one thread), whose warps serve every block; none may inherit it.
    let body = "addc.u32 %r1, 0, 0;\n mov.u32 %r3, -1;\n add.cc.u32 %r2, %r3, 1;\n cvt.u64.u32 %res, %r1;";
    let (v, rep) = super::sregs::run_grid(body, 8, 64, 1);
    assert!(rep.completed, "{:?}", rep.findings);
    assert_eq!(v.len(), 8 * 64);
    assert!(v.iter().all(|&x| x == 0), "a carry came from an earlier block: {:?}", &v[..8]);
}

#[test]
fn a_register_read_before_it_is_written_starts_every_block_at_zero() {
    // `%r1` is read, then written with the thread's number plus 7: a block run after another on
    // the same worker used to read what the earlier one left, so the outputs depended on which
    // block each worker had run before.
    let body = "cvt.u64.u32 %res, %r1;\n add.u32 %r1, %gid, 7;";
    for threads in [1, 2] {
        let (v, rep) = super::sregs::run_grid(body, 16, 64, threads);
        assert!(rep.completed, "{:?}", rep.findings);
        assert_eq!(v.len(), 16 * 64);
        let stale: Vec<usize> = (0..v.len()).filter(|&i| v[i] != 0).take(4).collect();
        assert!(
            stale.is_empty(),
            "{threads} thread(s): threads {stale:?} read {:x?}",
            stale.iter().map(|&i| v[i]).collect::<Vec<_>>()
        );
    }
}

#[test]
fn carries_chain_32_bit_words_into_wider_numbers() {
    // 0x1_ffffffff + 0x0_00000001 = 0x2_00000000.
    let add = "mov.u32 %r3, -1;\n mov.u32 %r4, 1;\n add.cc.u32 %r1, %r3, 1;\n addc.u32 %r2, %r4, 0;";
    assert_eq!(pair(add), (0, 2));
    // Without .cc on the first add, addc sees no carry (the flag starts at 0 in each warp).
    assert_eq!(pair("mov.u32 %r3, -1;\n add.u32 %r1, %r3, 1;\n addc.u32 %r2, 1, 0;"), (0, 1));
    // 0x1_00000000 - 1 = 0x0_ffffffff: the borrow goes into subc.
    assert_eq!(pair("mov.u32 %r3, 0;\n sub.cc.u32 %r1, %r3, 1;\n subc.u32 %r2, 1, 0;"), (u32::MAX, 0));
    // addc.cc passes a carry on: 0xffffffff_ffffffff_ffffffff + 1 carries out of three words.
    let three = "mov.u32 %r3, -1;\n add.cc.u32 %r1, %r3, 1;\n addc.cc.u32 %r2, %r3, 0;\n addc.u32 %r5, 0, 0;\n \
                 mov.b64 %res, {%r2, %r5};";
    assert_eq!(run32(three)[0], 1 << 32, "middle word 0, top word 1");
    // 0xffffffff * 0xffffffff + 0xffffffff_ffffffff through mad.lo.cc / madc.hi: the 64-bit
    // sum 0xfffffffe_00000001 + 0xffffffff_ffffffff = 0x1_fffffffe_00000000.
    let mad = "mov.u32 %r3, -1;\n mad.lo.cc.u32 %r1, %r3, %r3, %r3;\n madc.hi.cc.u32 %r2, %r3, %r3, %r3;";
    assert_eq!(pair(mad), (0, 0xffff_fffe));
    assert_eq!(pair(&format!("{mad}\n addc.u32 %r2, 0, 0;")).1, 1, "and the carry out of the top");
    // 64-bit words: u64::MAX + 1 carries 1.
    let wide = "mov.u64 %rd2, -1;\n add.cc.u64 %rd1, %rd2, 1;\n addc.u64 %res, 0, 0;";
    assert_eq!(run32(wide)[0], 1);
}

#[test]
fn funnel_shifts_and_sad() {
    let shf = |inst: &str, n: u32| {
        pair(&format!("mov.u32 %r3, 0x89abcdef;\n mov.u32 %r4, 0x01234567;\n {inst} %r1, %r3, %r4, {n};")).0
    };
    assert_eq!(shf("shf.l.wrap.b32", 8), 0x2345_6789);
    assert_eq!(shf("shf.r.wrap.b32", 8), 0x6789_abcd);
    assert_eq!(shf("shf.l.wrap.b32", 40), 0x2345_6789, "wrap takes the shift modulo 32");
    assert_eq!(shf("shf.l.clamp.b32", 40), 0x89ab_cdef, "clamp stops at 32: the low word moved up");
    assert_eq!(shf("shf.r.clamp.b32", 40), 0x0123_4567);
    assert_eq!(shf("shf.r.wrap.b32", 0), 0x89ab_cdef);
    assert_eq!(pair("mov.u32 %r3, -5;\n sad.s32 %r1, %r3, 7, 100;").0, 112);
    assert_eq!(pair("sad.u32 %r1, 5, 7, 1;").0, 3);
    assert_eq!(pair("mov.u32 %r3, -5;\n sad.u32 %r1, %r3, 7, 0;").0, 0xffff_fff4, "unsigned: -5 is huge");
}

#[test]
fn clocks_grow_and_repeat_and_the_active_mask_names_the_running_lanes() {
    let body = "mov.u64 %rd1, %clock64;\n mov.u32 %r1, 0;\n L1:\n add.u32 %r1, %r1, 1;\n setp.lt.u32 %p1, %r1, 10;\n \
                @%p1 bra L1;\n mov.u64 %rd2, %clock64;\n mov.u64 %rd3, %globaltimer;\n mov.u32 %r2, %clock;\n \
                sub.u64 %res, %rd2, %rd1;\n setp.eq.u64 %p2, %rd3, 0;\n @%p2 mov.u64 %res, 0;";
    // Storing a clock is an `Unportable` finding (a GPU's differ), and only that.
    let timed = || {
        let (v, rep) = super::instructions::run_snippet_cfg(body, "", 32, "", &[], 0);
        assert!(rep.completed && rep.findings.iter().all(|f| f.kind == FindingKind::Unportable), "{:?}", rep.findings);
        v
    };
    let first = timed();
    assert!(first.iter().all(|&t| t >= 30), "ten trips of three instructions between the reads: {first:?}");
    assert_eq!(first, timed(), "the same launch reads the same clocks");
    // Lanes 0-9 in a branch: the mask has their bits only.
    let v = run32("setp.lt.u32 %p1, %tx, 10;\n @!%p1 bra DONE;\n activemask.b32 %r1;\n cvt.u64.u32 %res, %r1;\n DONE:");
    assert!(v[..10].iter().all(|&m| m == 0x3ff) && v[10..].iter().all(|&m| m == 0), "{v:x?}");
}

#[test]
fn a_clock_read_other_than_by_mov_is_refused_with_its_name() {
    let ptx = ".version 8.8\n.target sm_75\n.address_size 64\n.visible .entry t()\n{\n .reg .b64 %rd<3>;\n \
               add.u64 %rd1, %clock64, 1;\n ret;\n}\n";
    let e = Module::parse(ptx).err().expect("refused");
    assert!(e.message.contains("`%clock64` can be read only by a mov"), "{}", e.message);
}
