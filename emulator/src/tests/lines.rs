//! Lines for the instructions the compiler gave none (`.loc 1 0`, `decode::lines`): findings and
//! per-line counts land on the nearest line of the code around them, and say so.

use super::*;

/// A launch of 32 threads (a warp) of `body` (PTX with `.loc` lines of file 1, a shared array `sm`, and
/// a per-thread local array `lo`), counting per line.
fn run(body: &str) -> LaunchReport {
    let ptx = format!(
        ".version 8.8\n.target sm_75\n.address_size 64\n.visible .entry k()\n{{\n .local .align 4 .b8 lo[64];\n \
         .shared .align 4 .b8 sm[1024];\n .reg .b32 %r<8>;\n .reg .b64 %rd<8>;\n .reg .pred %p<4>;\n \
         .loc 1 3 0\n mov.u32 %r1, %tid.x;\n{body}\n .loc 1 40 1\n ret;\n}}\n.file 1 \"/t/k.cu\"\n"
    );
    let m = Module::parse(&ptx).unwrap_or_else(|e| panic!("{e}\n{ptx}"));
    let launch_of = Launch {
        kernel: "k",
        config: LaunchConfig { grid: [1, 1, 1], block: [32, 1, 1], dynamic_shared_bytes: 0 },
        args: &[],
        constants: &[],
    };
    let options = Options { threads: 1, traffic_per_line: true, ..Options::default() };
    launch(&m, &launch_of, &mut DeviceMemory::new(), &options).unwrap()
}

/// Each thread stores to its slot, then (no barrier) its neighbour's: a write-after-write race
/// at the second store, whose `.loc` is `placed`.
fn race_at(placed: &str) -> Finding {
    let body = format!(
        " .loc 1 12 5\n mul.wide.u32 %rd1, %r1, 4;\n mov.u64 %rd2, sm;\n add.s64 %rd3, %rd2, %rd1;\n \
         st.shared.u32 [%rd3], %r1;\n .loc 1 14 5\n add.u32 %r2, %r1, 1;\n{placed}\n st.shared.u32 [%rd3+4], %r2;\n \
         .loc 1 15 5\n add.u32 %r3, %r2, 1;"
    );
    let r = run(&body);
    let races: Vec<&Finding> = r.findings.iter().filter(|f| f.kind == FindingKind::Race).collect();
    assert_eq!(races.len(), 1, "{:?}", r.findings);
    races[0].clone()
}

#[test]
fn an_instruction_of_line_0_is_placed_on_the_nearest_line_before_it_in_its_block_and_says_so() {
    let own = race_at(" .loc 1 13 5");
    assert_eq!((own.source.unwrap().line, own.line_inferred), (13, false));
    // NVRTC's store sunk below the arms of an `if`: the line before it.
    let merged = race_at(" .loc 1 0 0");
    assert_eq!((merged.source.unwrap().line, merged.line_inferred), (14, true));
    assert!(merged.called_from.is_empty());
}

#[test]
fn an_instruction_of_line_0_first_in_its_block_takes_the_line_after_it() {
    // clang's address arithmetic at the top of a block, of the load on the line after it.
    let body = " setp.lt.u32 %p1, %r1, 64;\n @%p1 bra $L_in;\n bra.uni $L_out;\n$L_in:\n .loc 1 0 9\n \
        mov.u64 %rd1, lo;\n .loc 1 21 9\n st.local.u32 [%rd1], %r1;\n ld.local.u32 %r2, [%rd1];\n$L_out:\n \
        .loc 1 30 1\n add.u32 %r3, %r1, 1;";
    let r = run(body);
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    let lines: Vec<(u32, bool)> = r.lines.iter().map(|l| (l.line, l.inferred)).collect();
    assert!(!lines.iter().any(|&(l, _)| l == 0), "no line 0 is counted: {lines:?}");
    assert!(lines.contains(&(21, true)), "the mov is counted on line 21: {lines:?}");
    assert!(lines.contains(&(30, false)), "{lines:?}");
    // The line's local memory: 32 threads store and load 4 bytes each.
    let l21 = r.lines.iter().find(|l| l.line == 21).unwrap();
    assert_eq!((l21.local_store_bytes, l21.local_load_bytes), (128, 128));
    assert_eq!((r.metrics.local_store_bytes, r.metrics.local_load_bytes), (128, 128));
}

#[test]
fn inlined_code_of_line_0_with_no_line_of_its_own_is_the_line_that_called_it() {
    // A helper inlined at line 20 whose instructions all have line 0, and one with a line.
    let body = " mul.wide.u32 %rd1, %r1, 4;\n mov.u64 %rd2, sm;\n add.s64 %rd3, %rd2, %rd1;\n \
        st.shared.u32 [%rd3], %r1;\n .loc 1 20 5\n add.u32 %r2, %r1, 1;\n \
        .loc 1 0 0, function_name $L__info_string0, inlined_at 1 20 5\n st.shared.u32 [%rd3+4], %r2;";
    let r = run(body);
    let race = r.findings.iter().find(|f| f.kind == FindingKind::Race).expect("a race");
    assert_eq!((race.source.as_ref().unwrap().line, race.line_inferred), (20, true));
    assert!(race.called_from.is_empty(), "{race:?}");
    // With a line of its own in the helper (line 5), that line, called from line 20.
    let body = body.replace(
        " st.shared.u32 [%rd3+4]",
        " .loc 1 5 3, function_name $L__info_string0, inlined_at 1 20 5\n add.u32 %r3, %r2, 1;\n \
         .loc 1 0 0, function_name $L__info_string0, inlined_at 1 20 5\n st.shared.u32 [%rd3+4]",
    );
    let r = run(&body);
    let race = r.findings.iter().find(|f| f.kind == FindingKind::Race).expect("a race");
    assert_eq!((race.source.as_ref().unwrap().line, race.line_inferred), (5, true));
    assert_eq!(race.called_from.iter().map(|s| s.line).collect::<Vec<_>>(), vec![20]);
}

#[test]
fn clangs_call_sites_are_read_from_the_comment_of_its_loc() {
    // PTX 7.0 has no `inlined_at`: clang writes the call sites in the `.loc`'s comment, the
    // files by the path it was given (here the end of the `.file`'s), and `.file` at the end.
    let ptx = ".version 7.0\n.target sm_75\n.address_size 64\n.visible .entry k()\n{\n .reg .b32 %r<4>;\n \
        .loc 1 3 0 // k.cu:3:0\n mov.u32 %r1, %tid.x;\n \
        .loc 2 14 13 // h.h:14:13 @[ h.h:78:59 @[ k.cu:10:13 ] ]\n add.u32 %r2, %r1, 1;\n \
        .loc 2 77 37 // h.h:77:37 @[ k.cu:17:9 ]\n trap;\n .loc 1 20 1 // k.cu:20:1\n ret;\n}\n\
        .file 1 \"/t/k.cu\"\n.file 2 \"/tmp/course/h.h\"\n";
    let m = Module::parse(ptx).unwrap();
    let launch_of = Launch {
        kernel: "k",
        config: LaunchConfig { grid: [1, 1, 1], block: [32, 1, 1], dynamic_shared_bytes: 0 },
        args: &[],
        constants: &[],
    };
    let r = launch(&m, &launch_of, &mut DeviceMemory::new(), &Options { threads: 1, ..Options::default() }).unwrap();
    let f = &r.findings[0];
    assert_eq!(f.kind, FindingKind::Assertion);
    assert_eq!(f.source, Some(SourceLocation { file: "/tmp/course/h.h".into(), line: 77 }));
    assert_eq!(f.called_from, vec![SourceLocation { file: "/t/k.cu".into(), line: 17 }]);
    assert!(!f.line_inferred);
}

#[test]
fn a_conflicted_line_names_two_lanes_that_collide_and_their_bank() {
    // Half-warps on different rows of a 32-word-wide tile: lanes l and l + 16 need words 32
    // apart, the same bank (a 16-wide block's layout).
    let body = " .loc 1 12 5\n shr.u32 %r2, %r1, 4;\n and.b32 %r3, %r1, 15;\n shl.b32 %r4, %r2, 5;\n \
        add.u32 %r5, %r4, %r3;\n mul.wide.u32 %rd1, %r5, 4;\n mov.u64 %rd2, sm;\n add.s64 %rd3, %rd2, %rd1;\n \
        .loc 1 13 5\n st.shared.u32 [%rd3], %r1;\n .loc 1 14 5\n mul.wide.u32 %rd4, %r1, 4;\n \
        add.s64 %rd5, %rd2, %rd4;\n ld.shared.u32 %r6, [%rd5];";
    let r = run(body);
    let line = |n: u32| r.lines.iter().find(|l| l.line == n).unwrap();
    assert_eq!(line(13).shared_bank_conflicts, 1);
    let element = |index| Some(ArrayElement { array: "sm".into(), index });
    assert_eq!(
        line(13).bank_conflict,
        Some(BankConflict {
            lanes: [0, 16],
            threads: [[0, 0, 0], [16, 0, 0]],
            offsets: [0, 128],
            elements: [element(0), element(32)],
            bank: 0,
            ways: 2,
            store: true,
        })
    );
    // A conflict-free line has none.
    assert_eq!((line(14).shared_bank_conflicts, &line(14).bank_conflict), (0, &None));
}
