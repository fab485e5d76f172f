//! The text report of one wrong kernel per kind of mistake, as a student reads it (seed 1, no
//! colours), in snapshots: a change in what a report teaches should be a decision, not an
//! accident. Times are cut, and the numbers that blocks running side by side make differ from run
//! to run (findings' occurrences, the outputs of a launch stopped by a fault) are replaced by
//! `#`. A kernel that never ends is left out: which test runs out of the shared budget first is
//! a race by design. Unix only: the paths are written with '/'.

use std::path::Path;

/// Each kind of mistake once: the section and the kernel.
#[cfg(unix)]
const KERNELS: &[(&str, &str)] = &[
    ("7.2", "grader/wrong/7.2/ghost-cells-read.cu"),
    ("7.2", "grader/wrong/7.2/missing-semicolon.cu"),
    ("7.2", "grader/wrong/7.2/filter-flipped.cu"),
    ("7.4", "grader/wrong/7.4/missing-syncthreads.cu"),
    ("7.4", "grader/wrong/7.4/global-reads-in-loop.cu"),
    ("1d", "grader/wrong/1d/divergent-barrier.cu"),
    ("8.2", "grader/wrong/8.2/c3-c4-swapped.cu"),
    ("8.4", "grader/wrong/8.4/missing-second-barrier.cu"),
    ("8.5", "grader/wrong/8.5/halo-ring-not-stored.cu"),
    ("challenge-2d", "grader/wrong/challenge-2d/local-array.cu"),
    ("challenge-2d", "grader/wrong/challenge-2d/tiled-7.4-style.cu"),
    ("challenge-2d", "grader/wrong/challenge-2d/half-warps-on-two-rows.cu"),
    ("challenge-2d", "grader/wrong/challenge-2d/per-tap-at-timing-size.cu"),
];

/// The report with its run-to-run parts made stable.
fn stable(report: &str) -> String {
    report
        .lines()
        .map(|line| {
            let line = match line.rfind("   (") {
                Some(i) if line.ends_with(" s)") => &line[..i],
                _ => line,
            };
            if ["occurrence", "共出现", "共出現", "次出现", "次出現"].iter().any(|w| line.contains(w)) {
                hide_numbers(line)
            } else if line.contains("stopped by") {
                // A launch stopped by a fault: what the blocks beside the faulting one wrote
                // depends on how far each had run.
                hide_numbers(&line.replace(" (never written)", ""))
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every number of a line (digits with their thousands' commas) as `#`.
fn hide_numbers(line: &str) -> String {
    let mut out = String::new();
    let mut in_number = false;
    let chars: Vec<char> = line.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let digit =
            c.is_ascii_digit() || (c == ',' && in_number && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()));
        if digit {
            if !in_number {
                out.push('#');
            }
            in_number = true;
        } else {
            in_number = false;
            out.push(c);
        }
    }
    out
}

#[cfg(unix)]
#[test]
fn each_kind_of_mistake_reads_as_it_did() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    for (section, kernel) in KERNELS {
        let out = crate::common::grader()
            .args([section, "--kernel", kernel, "--seed", "1", "--backend", "emulator", "--compiler", "nvrtc"])
            .current_dir(root)
            .env("PMPP_NO_PROGRESS", "1")
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{kernel} fails: {}", String::from_utf8_lossy(&out.stderr));
        let name = Path::new(kernel).file_stem().unwrap().to_string_lossy().replace('.', "_");
        insta::assert_snapshot!(
            format!("{}-{name}", section.replace('.', "_")),
            stable(&String::from_utf8_lossy(&out.stdout))
        );
    }
}

/// The same report as a student whose system speaks Chinese reads it: `LANG=zh_CN.UTF-8
/// cargo run -p grader -- 7.4` (Simplified) and its `zh_TW` twin (Traditional), on the kernel
/// that forgot its barrier (findings, their evidence and advice, a wrong output, targets).
#[cfg(unix)]
#[test]
fn the_report_reads_in_the_language_the_locale_names() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    for (locale, name) in [("zh_CN.UTF-8", "zh_CN"), ("zh_TW.UTF-8", "zh_TW")] {
        let out = crate::common::grader()
            .args(["7.4", "--kernel", "grader/wrong/7.4/missing-syncthreads.cu", "--seed", "1"])
            .args(["--backend", "emulator", "--compiler", "nvrtc"])
            .current_dir(root)
            .env("LANG", locale)
            .env("PMPP_NO_PROGRESS", "1")
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{locale}: {}", String::from_utf8_lossy(&out.stderr));
        let report = stable(&String::from_utf8_lossy(&out.stdout));
        insta::assert_snapshot!(format!("7_4-missing-syncthreads-{name}"), report);
    }
}

/// A bank conflict is told by the lanes that collide: two of them, their threads, the elements
/// and the bank; and where the two halves of a warp collide on two rows of a 16-wide block, the
/// advice is about the block's width, not the tile's indexing, which is already right.
#[test]
fn a_bank_conflict_names_the_lanes_that_collide() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let report = |kernel: &str| {
        let out = crate::common::grader()
            .args(["challenge-2d", "--kernel", kernel, "--seed", "1", "--backend", "emulator"])
            .current_dir(root)
            .env("PMPP_NO_PROGRESS", "1")
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{kernel}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let transposed = report("grader/wrong/challenge-2d/bank-conflicts.cu");
    assert!(
        transposed.contains(
            "lanes 0 and 1 of one warp (threads (0, 0, 0) and (1, 0, 0)) read elements 0 and 96 of `N_s` (counted \
             row by row): two different words of bank 0, which serves one word per pass, so the access takes 32 passes"
        ),
        "{transposed}"
    );
    assert!(transposed.contains("→ a warp's shared accesses hit the same bank: index the shared tile [row][column]"));
    let half_warps = report("grader/wrong/challenge-2d/half-warps-on-two-rows.cu");
    assert!(half_warps.contains("lanes 0 and 16 of one warp (threads (0, 0, 0) and (0, 1, 0))"), "{half_warps}");
    assert!(half_warps.contains("→ the two halves of each warp sit on different rows of a block 16 threads wide"));
    assert!(!half_warps.contains("index the shared tile [row][column]"), "{half_warps}");
}

#[test]
fn numbers_next_to_occurrences_are_hidden_and_times_cut() {
    assert_eq!(hide_numbers("2 distinct findings (71,835 occurrences)"), "# distinct findings (# occurrences)");
    assert_eq!(stable("  FAILED — 1 target missed   (2.82 s)"), "  FAILED — 1 target missed");
}
