#!/usr/bin/env bash
# Two gradings side by side (`verify` and `all` on the emulator), measured where the cores are
# quiet: the device's host, pinned to 2 cores like a student's laptop or CI. Two grader binaries
# built here and carried as .gpu/ab/grader-old (before) and .gpu/ab/grader-new (after), stripped;
# run from the repository root with OUT set. Old and new alternate, so that a drift of the
# machine's speed falls on both. Each step has a timeout; the times go to $OUT/times.txt.
# Measured on an H200 host (2026-11-29): all --solutions 16.3/13.3 s old, 9.9/8.0 s new;
# verify --only accepted 73.4 s old, 49.2 s new.
set -u
export PMPP_NO_PROGRESS=1
run() { # <name> <binary> <arguments…>
    local name=$1 bin=$2; shift 2
    local s
    s=$(date +%s%N)
    timeout 280 taskset -c 0,1 ".gpu/ab/$bin" "$@" > "$OUT/$name.out" 2>&1
    local rc=$?
    echo "$name rc=$rc $((($(date +%s%N) - s) / 1000000)) ms" | tee -a "$OUT/times.txt"
}
for i in 1 2; do
    run "all-old-$i" grader-old all --solutions --seed 5 --backend emulator
    run "all-new-$i" grader-new all --solutions --seed 5 --backend emulator
done
run verify-accepted-old grader-old verify --backend emulator --only accepted
run verify-accepted-new grader-new verify --backend emulator --only accepted
