#!/usr/bin/env bash
# `grader all --solutions` on the emulator, grader binaries alternating on 2 cores of the
# device's host (`taskset -c 0,1`, like a student's laptop or CI; its CPU has AVX2): the binary at
# e5f88eb, where issue 41 set its goal of 3x (.gpu/ab/grader-old), the last stop's main
# (.gpu/ab/grader-head) and this one (.gpu/ab/grader-now), each built here in the dev profile,
# stripped and carried. This one runs twice per round: with its build cache (the first round
# fills it: cold; then warm) and with the cache off (PMPP_BUILD_CACHE=off: every kernel compiled,
# as on a first grading). Run from the repository root with OUT set; the times go to
# $OUT/times.txt.
# Measured on an H200 host (2026-11-29), at 3d985ea (the emulator's AVX2 copy):
#   e5f88eb: 12.96, 12.08, 10.80 s (median 12.08); 737bf2f: 7.46 s;
#   3d985ea: 7.00, 6.30, 6.44 s (median 6.44): 1.88x e5f88eb's, 1.16x the last stop's.
# Measured on an H200 host (2026-11-29), at 8b026f8 (host code out of the unoptimised crate, the
# build cache, two-operand loops), three rounds:
#   e5f88eb: 15.75, 13.58, 13.84 s (median 13.84);
#   the last stop's binary: 7.09, 8.29, 8.60 s (median 8.29);
#   8b026f8 with its cache: 4.04 (its first round: cold), 3.66, 4.45 s (median 4.04): 3.43x;
#   8b026f8, cache off: 4.40, 4.36, 5.30 s (median 4.40): 3.15x e5f88eb's, 1.88x the last stop's.
# Measured on an H200 host (2026-11-29), at a7f6503 (findings, reuse, cvt and setp paths; the
# last stop's binary, 8b026f8, as grader-head), three rounds; the host was noisy this time (the
# emulator bench of one binary ranged 0.16-0.32 s between runs):
#   e5f88eb: 15.87, 13.87, 13.93 s (median 13.93);
#   8b026f8: 5.68, 4.36, 4.84 s (median 4.84);
#   a7f6503 with its cache: 5.42, 5.35, 5.68 s (median 5.42): 2.57x; cache off: 5.00, 5.45, 4.54 s
#   (median 5.00): 2.79x. On this repository's 2-core machine the same two binaries, alternating,
#   warm cache, CPU time (perf stat task-clock): 8b026f8 11.0, 14.7, 13.0 s; a7f6503 10.8, 11.7,
#   11.4 s.
set -u
export PMPP_NO_PROGRESS=1
run() { # <name> <binary> <arguments…>
    local name=$1 bin=$2; shift 2
    local s
    s=$(date +%s%N)
    timeout 200 taskset -c 0,1 ".gpu/ab/$bin" "$@" > "$OUT/$name.out" 2>&1
    local rc=$?
    echo "$name rc=$rc $((($(date +%s%N) - s) / 1000000)) ms" | tee -a "$OUT/times.txt"
}
for i in 1 2 3; do
    run "all-old-$i" grader-old all --solutions --seed 5 --backend emulator
    run "all-now-$i" grader-now all --solutions --seed 5 --backend emulator
    export PMPP_BUILD_CACHE=off
    run "all-now-nocache-$i" grader-now all --solutions --seed 5 --backend emulator
    unset PMPP_BUILD_CACHE
    run "all-head-$i" grader-head all --solutions --seed 5 --backend emulator
done
