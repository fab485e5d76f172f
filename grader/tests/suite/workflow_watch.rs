//! `watch` through the real binary: a student's checkout with the 7.2 stub, saved twice the ways
//! editors save (written in place; written beside and renamed over), each save regraded.

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;

/// Lines of the watch's output up to one holding `text`, or a failure after `secs`.
fn wait_for(lines: &mpsc::Receiver<String>, text: &str, secs: u64, seen: &mut String) {
    let deadline = std::time::Instant::now() + Duration::from_secs(secs);
    while let Some(left) = deadline.checked_duration_since(std::time::Instant::now()) {
        match lines.recv_timeout(left) {
            Ok(line) => {
                seen.push_str(&line);
                seen.push('\n');
                if line.contains(text) {
                    return;
                }
            }
            Err(_) => break,
        }
    }
    panic!("watch never printed {text:?} within {secs} s; it printed:\n{seen}");
}

#[test]
fn watch_regrades_each_save_of_the_sections_kernel() {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let root = std::env::temp_dir().join(format!("grader-watch-{}", std::process::id()));
    let section = root.join("exercises/7.2-basic");
    std::fs::create_dir_all(&section).unwrap();
    std::fs::copy(here.join("Cargo.toml"), root.join("Cargo.toml")).unwrap();
    let stub = crate::common::stub("7.2-basic");
    let solution = std::fs::read_to_string(here.join("solutions/7.2-basic/kernel.cu")).unwrap();
    std::fs::write(section.join("kernel.cu"), stub).unwrap();

    let mut child = crate::common::grader()
        .args(["watch", "7.2", "--seed", "5"])
        .current_dir(&root)
        .env("PMPP_NO_PROGRESS", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (tx, lines) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(|l| l.ok()) {
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    let mut seen = String::new();
    wait_for(&lines, "FAILED", 120, &mut seen);
    wait_for(&lines, "watching for saves", 10, &mut seen);

    // Saved in place, still wrong: graded again and failed again.
    std::fs::write(section.join("kernel.cu"), format!("{stub}\n// tried something\n")).unwrap();
    wait_for(&lines, "grading 7.2", 30, &mut seen);
    wait_for(&lines, "FAILED", 120, &mut seen);
    // Saved the way many editors save: a new file renamed over the old one. It passes, and the
    // watch moves on (7.2 is the first section, 7.3 is next).
    std::fs::write(section.join("kernel.cu.tmp"), &solution).unwrap();
    std::fs::rename(section.join("kernel.cu.tmp"), section.join("kernel.cu")).unwrap();
    wait_for(&lines, "grading 7.2", 30, &mut seen);
    wait_for(&lines, "Section 7.2 passed. Next: 7.3", 120, &mut seen);

    writeln!(child.stdin.take().unwrap(), "q").unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "q ends the watch cleanly:\n{seen}");
    // On Windows the grader's NVRTC workers may still be leaving (their working folder is the
    // checkout, which holds it): cleaning up is best effort.
    for _ in 0..50 {
        if std::fs::remove_dir_all(&root).is_ok() {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}
