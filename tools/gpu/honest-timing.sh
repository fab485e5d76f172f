#!/usr/bin/env bash
# The measurements behind docs/limits.md's "Honest timing" table, on a machine with a GPU and no
# Rust: build here (`cargo build --release -p grader`, and the grader before the change into
# target/base-grader), carry both binaries there, run this with OUT set to a results folder.
set -u
export PMPP_NO_PROGRESS=1
NEW=./target/release/grader
OLD=${OLD:-./target/base-grader}
mkdir -p "$OUT"
# Every step has a timeout: a kernel with a divergent barrier hangs a real GPU.
timeout 200 $NEW time challenge-2d challenge-3d 7.4 8.5 --solutions > "$OUT/time-new.txt" 2>&1
[ -x "$OLD" ] && timeout 100 $OLD time challenge-2d challenge-3d 7.4 8.5 --solutions > "$OUT/time-old.txt" 2>&1
for k in skip-after-first stash-and-copy timing-case-detected; do
    timeout 100 $NEW challenge-2d --kernel grader/hostile/challenge-2d/$k.cu --backend gpu --seed 1 > "$OUT/grade-$k.txt" 2>&1
    [ -x "$OLD" ] && timeout 100 $OLD time challenge-2d --kernel grader/hostile/challenge-2d/$k.cu > "$OUT/time-old-$k.txt" 2>&1
done
timeout 330 $NEW verify --backend gpu > "$OUT/verify-gpu.txt" 2>&1
timeout 200 $NEW time all --solutions --write-docs > "$OUT/time-all.txt" 2>&1 && cp docs/gpu-timing.md "$OUT/"
